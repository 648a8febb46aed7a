import Foundation
import Testing
import TouchBenchSupport
import TouchInput
import TraceSynthesis
@testable import TouchTrace

/// The byte writers of the text forms produce exactly the text the field-by-field `String`
/// code produced before them (kept here as the reference), for every kind of sample and for
/// numbers on and off the quantum grids.
@Suite struct SampleTextTests {
    /// Swift's shortest round-trip text, with integral values below 10¹⁵ as integers: the
    /// definition of a number in the text forms.
    static func referenceNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    static func referenceLine(_ sample: InputSample) -> String {
        let number = referenceNumber
        var line = "{\"t\":\(sample.time),\"kind\":\"\(sample.kind.name)\""
        let fields = sample.fields
        if sample.kind != .marker || sample.phase != .began { line += ",\"phase\":\"\(sample.phase.name)\"" }
        if sample.kind.isContact || sample.id != 0 { line += ",\"id\":\(sample.id)" }
        if let location = sample.location { line += ",\"x\":\(number(location.x)),\"y\":\(number(location.y))" }
        if let value = sample.force { line += ",\"force\":\(number(value))" }
        if let value = sample.majorRadius { line += ",\"majorRadius\":\(number(value))" }
        if let value = sample.majorRadiusTolerance { line += ",\"majorRadiusTolerance\":\(number(value))" }
        if let value = sample.altitude { line += ",\"altitude\":\(number(value))" }
        if let value = sample.azimuth { line += ",\"azimuth\":\(number(value))" }
        if let value = sample.roll { line += ",\"roll\":\(number(value))" }
        if let value = sample.buttons { line += ",\"buttons\":\(value)" }
        if fields.contains(.modifiers) { line += ",\"modifiers\":[\(sample.modifiers.names.map { "\"\($0)\"" }.joined(separator: ","))]" }
        if fields.contains(.flags) { line += ",\"flags\":[\(sample.flags.names.map { "\"\($0)\"" }.joined(separator: ","))]" }
        if let delta = sample.scrollDelta { line += ",\"dx\":\(number(delta.dx)),\"dy\":\(number(delta.dy))" }
        if let key = sample.key { line += ",\"key\":\(key)" }
        if let label = sample.label { line += ",\"label\":\(JSONWriter.quoted(label))" }
        return line + "}"
    }

    static func referenceRow(_ sample: InputSample) -> String {
        func text(_ value: Double?) -> String { value.map(referenceNumber) ?? "" }
        let location = sample.location, delta = sample.scrollDelta
        var cells: [String] = [String(sample.time), sample.kind.name, sample.phase.name, String(sample.id)]
        cells += [text(location?.x), text(location?.y), text(sample.force), text(sample.majorRadius)]
        cells += [text(sample.majorRadiusTolerance), text(sample.altitude), text(sample.azimuth), text(sample.roll)]
        cells.append(String(sample.buttons ?? 0))
        cells.append(sample.modifiers.names.joined(separator: "|"))
        cells.append(sample.flags.names.joined(separator: "|"))
        cells += [text(delta?.dx), text(delta?.dy)]
        cells.append(String(sample.key ?? 0))
        cells.append(sample.label.map { SampleText.csvQuoted($0) } ?? "")
        return cells.joined(separator: ",")
    }

    static func text(_ value: Double) -> String {
        var bytes: [UInt8] = []
        SampleText.appendNumber(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func numbersOnEveryGridMatchTheShortestText() {
        var random = TestRandom(seed: 11)
        var checked = 0
        let grids: [Double] = [1, 2, 256, 4096, 65536, 1_048_576, 1_073_741_824]
        let magnitudes: [Double] = [1e-6, 1e-3, 1, 1e3, 1e6, 1e9, 1e13]
        for steps in grids {
            for _ in 0..<20_000 {
                let magnitude: Double = magnitudes[Int(random.next() % 7)]
                let unit: Double = random.unit() * 2 - 1
                let value: Double = (unit * magnitude * steps).rounded() / steps
                #expect(Self.text(value) == Self.referenceNumber(value), "\(value)")
                checked += 1
            }
        }
        var edges: [Double] = [0, -0.0, 0.5, -0.5, 1e-4, 0.0001220703125, 0.00006103515625, 1.0 / 65536]
        edges += [999_999_999.5, 1e9 + 0.5, 123_456_789.123_456_78, 1e15 - 0.5, 1e15, 1e16, .pi, 0.1]
        edges += [1.0 / 3, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 4_294_967_295.25, 1_234_567_890.000_015_258_789_062_5]
        for value in edges + edges.map({ -$0 }) { #expect(Self.text(value) == Self.referenceNumber(value), "\(value)") }
        #expect(checked == 140_000)
    }

    /// Every fraction on the 2⁻¹⁶ grid, beside whole parts of every length the exact path
    /// takes (its decimal count comes from the fraction's trailing zero bits, its leading zeros
    /// and the 15-digit limit from the whole part).
    @Test func everySixteenthBinaryFractionMatchesTheShortestText() {
        var mismatches: [Double] = []
        var checked = 0
        for whole in [0, 1, 9, 10, 99, 100, 12_345, 999_999, 1_000_000, 123_456_789, 999_999_999] as [Double] {
            for bits in 1..<65536 {
                let value = whole + Double(bits) / 65536
                for signed in [value, -value] where Self.text(signed) != Self.referenceNumber(signed) {
                    if mismatches.count < 5 { mismatches.append(signed) }
                }
                checked += 2
            }
        }
        #expect(mismatches == [])
        #expect(checked == 11 * 65535 * 2)
    }

    @Test func linesAndRowsMatchTheFieldByFieldText() {
        var samples = Array(MixedSession(seed: 8, duration: 60))
        samples.append(InputSample(time: -5, kind: .touch, phase: .cancelled, id: .max, x: -0.1, y: 1e20,
                                   roll: 0.3, buttons: 7, modifiers: [.shift, .function], flags: [.predicted, .synthetic]))
        samples.append(.marker("a \"quoted\", label\n", at: 9_000_000_000_000_000_000))
        samples.append(InputSample(time: 3, kind: .marker, phase: .ended, id: 4, label: "x"))
        #expect(Set(samples.map(\.kind)).count == SampleKind.allCases.count)
        for sample in samples {
            #expect(JSONLines.line(for: sample) == Self.referenceLine(sample))
            var row: [UInt8] = []
            SampleText.appendCSVRow(sample, to: &row)
            #expect(String(decoding: row, as: UTF8.self) == Self.referenceRow(sample))
        }
    }

    /// The writers store through memory sized by ``SampleText/lineBound`` plus the quoted
    /// label: the longest line without a label — every field, the longest numbers, every
    /// modifier and flag, the largest integers — stays within it.
    @Test func theLongestLineFitsTheBound() {
        let longest = -2.2250738585072014e-308
        #expect(Self.text(longest).utf8.count == 24)
        let sample = InputSample(time: -SampleTime.limit, kind: .pointer, phase: .hoverExited, id: .max, x: longest, y: longest,
                                 force: longest, majorRadius: longest, majorRadiusTolerance: longest, altitude: longest,
                                 azimuth: longest, roll: longest, buttons: .max, modifiers: ModifierFlags(rawValue: .max),
                                 flags: SampleFlags(rawValue: .max), scrollDelta: (longest, longest), key: .max)
        let line = JSONLines.line(for: sample)
        var row: [UInt8] = []
        SampleText.appendCSVRow(sample, to: &row)
        #expect(line.utf8.count > 400)
        #expect(line.utf8.count < SampleText.lineBound)
        #expect(row.count < SampleText.lineBound)
        #expect(line == Self.referenceLine(sample))
    }

    @Test func digitCountsMatchTheDecimalText() {
        var values: [UInt64] = [0, 1, 9, 10, 11, 99, 100, .max, .max - 1, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999]
        var power: UInt64 = 1
        for _ in 0..<19 {
            power *= 10
            values += [power - 1, power, power + 1]
        }
        for value in values { #expect(DecimalDigits.count(value) == String(value).count, "\(value)") }
    }

    @Test func textOutputWritesTheSameBytesAsLines() throws {
        let scratch = ScratchDirectory()
        let samples = Array(MixedSession(seed: 2, duration: 20))
        let jsonl = try TextOutput(path: scratch.path("a.jsonl")), csv = try TextOutput(path: scratch.path("a.csv"))
        for sample in samples {
            try jsonl.writeJSONLine(sample)
            try csv.writeCSVRow(sample)
        }
        try jsonl.close()
        try csv.close()
        let expectedJSONL = samples.map { Self.referenceLine($0) + "\n" }.joined()
        let expectedCSV = samples.map { Self.referenceRow($0) + "\n" }.joined()
        #expect(try String(contentsOfFile: scratch.path("a.jsonl"), encoding: .utf8) == expectedJSONL)
        #expect(try String(contentsOfFile: scratch.path("a.csv"), encoding: .utf8) == expectedCSV)
    }

    /// An output to standard output, a device or a FIFO that is dropped without `close()` (a
    /// command failing part way, as `gestures` does on a damaged chunk) still hands over what
    /// it held: here 100 lines, well under the 64 KiB it buffers before writing. (A regular
    /// file is written under a temporary name and never finished, so the previous file stays.)
    @Test func textOutputDroppedUnclosedHandsOverWhatItHeld() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let samples = Array(MixedSession(seed: 2, duration: 20).prefix(100))
        do {
            let output = try TextOutput(path: path)
            for sample in samples { try output.writeJSONLine(sample) }
        }
        let expected = samples.map { Self.referenceLine($0) + "\n" }.joined()
        #expect(expected.utf8.count < 1 << 16)
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reader, &bytes, bytes.count)
        #expect(String(decoding: bytes.prefix(max(0, count)), as: UTF8.self) == expected)
    }
}
