import Testing
import TouchInput
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
}
