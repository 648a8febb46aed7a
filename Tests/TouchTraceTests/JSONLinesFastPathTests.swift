import Foundation
import Testing
import TouchInput
import TraceSynthesis
@testable import TouchTrace

/// The reader's fast path gives the same samples as the general JSON path, or leaves the
/// line to it: never a different sample, never a line it wrongly accepts.
@Suite struct JSONLinesFastPathTests {
    func fast(_ line: String) -> InputSample? {
        Array(line.utf8).withUnsafeBytes { JSONLinesSampleParser.sample($0, notBefore: .min) }
    }

    func read(_ text: String) throws -> [InputSample] {
        let scratch = ScratchDirectory()
        let path = scratch.path("in.jsonl")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let reader = try JSONLinesReader(path: path)
        var samples: [InputSample] = []
        while let sample = try reader.next() { samples.append(sample) }
        return samples
    }

    @Test func everyWrittenLineTakesTheFastPathAndReadsBackExactly() throws {
        let samples = Array(MixedSession(seed: 6, duration: 60))
        for sample in samples { #expect(fast(JSONLines.line(for: sample)) == sample) }
        let text = samples.map { JSONLines.line(for: $0) + "\n" }.joined()
        #expect(try read(text) == samples)
    }

    @Test("other spellings of the same sample give it, by either path", arguments: [
        "{ \"y\" : 2.5 , \"x\":1e0,\"id\":7,\"phase\":\"moved\",\"kind\":\"touch\",\"t\":10 }",
        "{\"t\":10,\"kind\":\"touch\",\"phase\":\"moved\",\"id\":7,\"x\":1.000,\"y\":25e-1}",
        "{\"t\":10,\"kind\":\"touch\",\"phase\":\"moved\",\"id\":7,\"x\":0.1e1,\"y\":2.50000000000000000000000}",
        "{\"t\":10,\"kind\":\"touch\",\"phase\":\"moved\",\"id\":7,\"x\":1,\"y\":2.5}\r",
        "{\"t\":10,\"kind\":\"touch\",\"phase\":\"moved\",\"id\":7,\"x\":100000000000000000000e-20,\"y\":2.5}",
    ])
    func equivalentSpellings(line: String) throws {
        let expected = InputSample(time: 10, kind: .touch, phase: .moved, id: 7, x: 1, y: 2.5)
        if let sample = fast(line) { #expect(sample == expected) }
        #expect(try read(line + "\n") == [expected])
    }

    @Test func numbersConvertAsDoubleParsingDoes() {
        var state: UInt64 = 99
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let mantissa = state >> 20, scale = Int(state % 30) - 5
            let text = scale <= 0 ? "\(mantissa)" : "\(mantissa)e-\(scale)"
            let line = "{\"t\":0,\"kind\":\"touch\",\"phase\":\"moved\",\"id\":1,\"x\":\(text),\"y\":-\(text)}"
            guard let sample = fast(line) else { continue }
            let expected = Double(text).map { Int64(text).map(Double.init) ?? $0 }
            #expect(sample.x == expected)
            #expect(sample.y == expected.map { -$0 })
        }
        // Exact for nanosecond integers: the whole Int64 range of times.
        for time in [SampleTime.limit, -SampleTime.limit, 1_700_000_000_123_456_789, -1] {
            #expect(fast("{\"t\":\(time),\"kind\":\"marker\",\"label\":\"a\"}")?.time == time)
        }
        // Beyond ±(2⁶² − 1) ns the general path words the error.
        for time in [Int64.max, SampleTime.limit + 1, Int64.min + 1] {
            #expect(fast("{\"t\":\(time),\"kind\":\"marker\",\"label\":\"a\"}") == nil)
        }
    }

    @Test("lines the fast path leaves to the general one", arguments: [
        "{\"t\":1,\"kind\":\"marker\",\"label\":\"a\\nb\"}",
        "{\"t\":1,\"kind\":\"marker\",\"label\":\"a\",\"label\":\"b\"}",
        "{\"t\":1,\"kind\":\"marker\",\"label\":\"a\",\"colour\":1}",
        "{\"t\":1.0,\"kind\":\"marker\",\"label\":\"a\"}",
        "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1}",
        "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":-1,\"x\":1,\"y\":1}",
        "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":01,\"y\":1}",
        "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":0.1234567890123456789,\"y\":1}",
        "{\"t\":1,\"kind\":\"key\",\"phase\":\"moved\",\"key\":4}",
        "{\"t\":1,\"kind\":\"key\",\"phase\":\"began\",\"key\":4,\"modifiers\":[\"hyper\"]}",
        "{\"t\":1,\"kind\":\"marker\",\"label\":\"a\"} x",
        // Keys one byte off a known name: the name and its closing quote must both match.
        "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":1,\"majorRadiusT\":1}",
        "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":1,\"majorRadiusTolerances\":1}",
        "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":1,\"majorRadiu\":1}",
        "{\"t\":1,\"kinds\":\"marker\",\"label\":\"a\"}",
        "{\"t\":1,\"kind\":\"key\",\"phase\":\"began\",\"ke\":4}",
        "{\"t\":1,\"kind\":\"key\",\"phase\":\"began\",\"keys\":4}",
        "{\"tt\":1,\"kind\":\"marker\",\"label\":\"a\"}",
        "{\"\":1,\"t\":1,\"kind\":\"marker\",\"label\":\"a\"}",
        "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":1,\"d\":1}",
        "{\"t\":1,\"kind\":\"touch\",\"phase\":\"began\",\"id\":1,\"x\":1,\"y\":1,\"fo\\u0072ce\":1}",
        "{\"touchtrace\":1,\"metadata\":{}}",
        "",
    ])
    func leftToTheGeneralPath(line: String) {
        #expect(fast(line) == nil)
    }

    /// Digit runs read eight bytes at a time: every run length, leading and trailing zeros, and
    /// the 19-significant-digit limit on either side of a word boundary.
    @Test func digitRunsOfEveryLengthReadAsDoubleParsingDoes() {
        var state: UInt64 = 7
        var fastCount = 0
        for _ in 0..<40_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let wholeDigits = Int(state >> 59) % 22, zeros = Int(state >> 54) % 18, fractionDigits = Int(state >> 49) % 22
            var digitState = state
            func digits(_ count: Int) -> String {
                String((0..<count).map { _ -> Character in
                    digitState = digitState &* 2_862_933_555_777_941_757 &+ 3_037_000_493
                    return Character(String(digitState >> 60 % 10 == 0 ? 0 : (digitState >> 33) % 10))
                })
            }
            let trimmed = digits(wholeDigits).drop { $0 == "0" }
            let whole = trimmed.isEmpty ? "0" : String(trimmed)
            let fraction = String(repeating: "0", count: zeros) + digits(fractionDigits)
            let text = fraction.isEmpty ? whole : whole + "." + fraction
            let line = "{\"t\":0,\"kind\":\"touch\",\"phase\":\"moved\",\"id\":1,\"x\":\(text),\"y\":-\(text)}"
            guard let sample = fast(line) else {
                // Left to the general path only for more than 19 significant digits or an
                // exponent beyond the exact powers of ten.
                let significant = (whole == "0" ? "" : whole) + fraction
                let kept = significant.drop { $0 == "0" }
                #expect(kept.count > 15 || fraction.count > 22 || whole.count > 15, "\(text)")
                continue
            }
            fastCount += 1
            let expected = fraction.isEmpty ? Int64(text).map(Double.init) : Double(text)
            #expect(sample.x == expected, "\(text)")
            #expect(sample.y == expected.map { -$0 }, "\(text)")
        }
        #expect(fastCount > 5_000)
    }

    @Test func anEarlierTimeIsLeftToTheGeneralPath() {
        let line = Array("{\"t\":4,\"kind\":\"marker\",\"label\":\"b\"}".utf8)
        #expect(line.withUnsafeBytes { JSONLinesSampleParser.sample($0, notBefore: 5) } == nil)
        #expect(line.withUnsafeBytes { JSONLinesSampleParser.sample($0, notBefore: 4) }?.time == 4)
    }
}
