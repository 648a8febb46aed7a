import TouchInput
import TouchTrace

/// A CSV file read as a stream of samples, row by row from one block buffer: memory stays
/// bounded by a block and a line whatever the file's length, where ``CSVImporter`` returns the
/// whole trace. It yields exactly the samples and metadata of ``TraceFormat/importTrace(from:format:options:)``
/// and fails where it fails, with the same words; only an error found after the first
/// samples arrives from ``nextSample()``, as a ``TraceFileError`` naming the same line.
///
/// A file without a `phase` column is read in two passes instead (a contact's last row is
/// known only at the end of the file): ``open(path:options:)`` answers a
/// ``PhaselessCSVStream`` for it.
final class CSVSampleStream: SampleSource {
    let metadata: TraceMetadata
    private let lines: ByteLines.Reader
    private var rows: CSVImporter.Rows
    /// The first sample, read ahead to learn the epoch, until it is returned.
    private var first: InputSample?
    /// Each row's time moved to the first row's epoch, and checked not to go backwards.
    private var timeline: CSVTimeline

    /// The stream of the CSV file at `path`.
    static func open(path: String, options: ImportOptions) throws -> any SampleSource {
        let lines = try ByteLines.Reader(path: path)
        let sidecar = try CSVImporter.sidecarMetadata(forCSVAt: path)
        var rows = CSVImporter.Rows(path: path, quanta: sidecar?.quanta ?? .standard)
        var first: InputSample?
        var firstLine = 0
        while first == nil, let bytes = try lines.next() {
            first = try rows.read(bytes, number: lines.number)
            firstLine = lines.number
        }
        guard !rows.columns.isEmpty else { throw TraceFormatError("the file has no header row.", path: path) }
        guard let first else {
            throw TraceFormatError("the file holds no input samples that touchbench can read as csv.", path: path)
        }
        var metadata = TraceMetadata(screen: options.screen, source: "csv")
        if let sidecar { metadata = sidecar }
        let timeline = CSVTimeline(first: first)
        if let epoch = timeline.epochNanoseconds { metadata.epochNanoseconds = epoch }
        if let problem = metadata.problem { throw TraceFormatError("the capture \(problem).", path: path) }
        guard rows.columns.contains(.phase) else {
            return try PhaselessCSVStream(metadata: metadata, lines: lines, rows: rows, first: first, firstLine: firstLine, timeline: timeline)
        }
        return CSVSampleStream(metadata: metadata, lines: lines, rows: rows, first: first, timeline: timeline)
    }

    private init(metadata: TraceMetadata, lines: ByteLines.Reader, rows: CSVImporter.Rows, first: InputSample, timeline: CSVTimeline) {
        self.metadata = metadata
        self.lines = lines
        self.rows = rows
        self.timeline = timeline
        self.first = timeline.placedFirst(first)
    }

    func nextSample() throws(TraceFileError) -> InputSample? {
        if let sample = first {
            first = nil
            return try StreamedSample.checked(sample, path: lines.path, quanta: metadata.quanta, line: nil)
        }
        return try StreamedSample.next(path: lines.path, quanta: metadata.quanta, line: { lines.number }) {
            while let bytes = try lines.next() {
                guard var sample = try rows.read(bytes, number: lines.number) else { continue }
                guard timeline.place(&sample) else {
                    throw TraceFormatError("the time goes backwards.", path: lines.path, line: lines.number)
                }
                return sample
            }
            return nil
        }
    }
}
