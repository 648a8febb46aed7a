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
    /// Subtracted from every time: the first row's when times are wall-clock, else 0.
    private let origin: Int64
    private var previousTime: Int64

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
        var origin: Int64 = 0
        if first.time >= EvdevRecording.epochThresholdSeconds * 1_000_000_000 {
            metadata.epochNanoseconds = first.time
            origin = first.time
        }
        if let problem = metadata.problem { throw TraceFormatError("the capture \(problem).", path: path) }
        guard rows.columns.contains(.phase) else {
            var shifted = first
            shifted.time -= origin
            return try PhaselessCSVStream(metadata: metadata, lines: lines, rows: rows, first: shifted, firstLine: firstLine, origin: origin)
        }
        return CSVSampleStream(metadata: metadata, lines: lines, rows: rows, first: first, origin: origin)
    }

    private init(metadata: TraceMetadata, lines: ByteLines.Reader, rows: CSVImporter.Rows, first: InputSample, origin: Int64) {
        self.metadata = metadata
        self.lines = lines
        self.rows = rows
        self.origin = origin
        var shifted = first
        shifted.time -= origin
        self.first = shifted
        previousTime = shifted.time
    }

    func nextSample() throws(TraceFileError) -> InputSample? {
        if let sample = first {
            first = nil
            return try StreamedSample.checked(sample, path: lines.path, quanta: metadata.quanta, line: nil)
        }
        return try StreamedSample.next(path: lines.path, quanta: metadata.quanta, line: { lines.number }) {
            while let bytes = try lines.next() {
                guard var sample = try rows.read(bytes, number: lines.number) else { continue }
                // The same subtraction and order check as the whole import, row by row.
                sample.time &-= origin
                guard sample.time >= previousTime else {
                    throw TraceFormatError("the time goes backwards.", path: lines.path, line: lines.number)
                }
                previousTime = sample.time
                return sample
            }
            return nil
        }
    }
}
