import TouchInput
import TouchTrace

/// A CSV file without a `phase` column read as a stream: a contact's first row begins it and
/// its last ends it (as ``CSVImporter`` infers them), and the last row is known only at the
/// end of the file, so a first pass parses every row into a scratch file and notes each
/// contact's last row, and the second reads the rows back with their phases. Memory holds a
/// block of rows and one entry per contact, not the file.
///
/// It fails where the whole import fails, with the same words: a row's error at once, a time
/// that goes backwards once every row has parsed (the whole import orders after parsing).
final class PhaselessCSVStream: SampleSource {
    /// A parsed row parked between the passes, with its line for the errors of the second.
    struct Row: BitwiseCopyable {
        var sample: InputSample
        var line: Int
    }

    let metadata: TraceMetadata
    private let path: String
    private let rows: ScratchSpool<Row>.Reader
    /// The index of each contact's last row, by ``ContactKey/packed``.
    private let lastRow: [UInt64: Int]
    /// Contacts whose first row has been handed out.
    private var begun: Set<UInt64> = []
    private var index = 0

    /// Reads the rest of `lines` after `first` (the first row, read with the header by
    /// `rows`, before any shift), every time placed on `timeline`.
    init(metadata: TraceMetadata, lines: ByteLines.Reader, rows parser: CSVImporter.Rows, first: InputSample,
         firstLine: Int, timeline: CSVTimeline) throws {
        var timeline = timeline
        var parser = parser
        let spool = try ScratchSpool<Row>()
        var lastRow: [UInt64: Int] = [:]
        var count = 0
        var backwards: Int?
        func park(_ sample: InputSample, line: Int) throws {
            if sample.kind.isContact { lastRow[sample.contact.packed] = count }
            try spool.append(Row(sample: sample, line: line))
            count += 1
        }
        try park(timeline.placedFirst(first), line: firstLine)
        while let bytes = try lines.next() {
            guard var sample = try parser.read(bytes, number: lines.number) else { continue }
            if !timeline.place(&sample), backwards == nil { backwards = lines.number }
            try park(sample, line: lines.number)
        }
        if let backwards { throw TraceFormatError("the time goes backwards.", path: lines.path, line: backwards) }
        self.metadata = metadata
        path = lines.path
        rows = try spool.reader()
        self.lastRow = lastRow
    }

    func nextSample() throws(TraceFileError) -> InputSample? {
        guard let row = try rows.next() else { return nil }
        var sample = row.sample
        if sample.kind.isContact {
            let key = sample.contact.packed
            if begun.insert(key).inserted {
                sample.phase = .began
            } else {
                sample.phase = lastRow[key] == index ? .ended : .moved
            }
        }
        index += 1
        return try StreamedSample.checked(sample, path: path, quanta: metadata.quanta, line: row.line)
    }
}
