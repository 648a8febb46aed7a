import Foundation
import Testing
import TouchInput
import TouchTrace
import TraceFormats

/// Hostile report 16 M6: JSON Lines holds times before the epoch (negative), the CSV export
/// writes them, and the CSV import must read back what the export wrote.
@Suite("CSV times before the epoch")
struct CSVNegativeTimeTests {
    @Test("negative times round-trip through CSV exactly", arguments: [Int64(-5), Int64(-1_000_000_007), -SampleTime.limit])
    func negativeTimes(first: Int64) throws {
        let samples = [InputSample(time: first, kind: .touch, phase: .began, id: 1, x: 1, y: 2),
                       InputSample(time: first + 1000, kind: .touch, phase: .ended, id: 1, x: 1, y: 2)]
        let text = try CSVExporter.export(samples: samples)
        #expect(text.contains("\n\(first),touch,began,1,"))
        let back = try CSVImporter.parse(text, path: "negative.csv").samples
        #expect(back.map(\.time) == [first, first + 1000])
        #expect(back.map(\.phase) == [.began, .ended])
    }

    @Test("a time that is not a number to the nanosecond is still refused naming its line")
    func badTime() throws {
        let error = try #require(throws: TraceFormatError.self) {
            try CSVImporter.parse("t_ns,kind,phase,id,x_pt,y_pt\n--5,touch,began,1,1,2\n", path: "bad.csv")
        }
        #expect(error.line == 2)
        #expect(error.reason == #"t "--5" is not a time to the nanosecond."#)
    }

    /// Hostile report 16 L4: a first row beyond the time range was reported as the capture
    /// "declaring an epochNanoseconds", with no line, though a CSV declares no such thing.
    @Test("a time beyond the range is refused naming its row, by the whole import and the stream alike",
          arguments: [SampleTime.limit + 1, Int64.max])
    func epochBeyondTheRange(time: Int64) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tb-epoch-\(getpid())-\(time).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "\u{FEFF}t,kind,id,x,y\r\n# a comment\r\n\(time),touch,1,1,1\r\n".write(toFile: path, atomically: false, encoding: .utf8)
        let expected = "the row has a time of \(time) ns, outside the accepted ±(2^62 − 1) ns (about ±146 years)."
        let whole = try #require(throws: TraceFormatError.self) { try CSVImporter.read(contentsOf: path) }
        #expect(whole.line == 3)
        #expect(whole.reason == expected)
        let stream = try #require(throws: TraceFormatError.self) { _ = try TraceInput(path: path, form: .foreign(.csv)) }
        #expect(stream.line == 3)
        #expect(stream.reason == expected)
        // A later row far before a wall-clock first row is refused naming it, by both alike (it
        // trapped the whole import's shift to the epoch: review of 3 December).
        try "t,kind,id,x,y\n100000000000000000,touch,1,1,1\n-9223372036854775807,touch,1,2,2\n".write(toFile: path, atomically: false, encoding: .utf8)
        let late = try #require(throws: TraceFormatError.self) { try CSVImporter.read(contentsOf: path) }
        #expect(late.line == 3 && late.reason.hasPrefix("the row has a time of -9223372036854775807 ns, outside"))
        let lateStream = try #require(throws: (any Error).self) {
            let input = try TraceInput(path: path, form: .foreign(.csv))
            while try input.source.nextSample() != nil {}
        }
        #expect("\(lateStream)".contains(":3: the row has a time of -9223372036854775807 ns, outside"), "\(lateStream)")
        // The largest time that fits is an epoch like any other.
        try "t,kind,id,x,y\n\(SampleTime.limit),touch,1,1,1\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try CSVImporter.read(contentsOf: path).metadata.epochNanoseconds == SampleTime.limit)
    }
}
