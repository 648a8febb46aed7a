import TouchInput
import TouchTrace

/// Any readable input opened as a sample source: the container, JSON Lines, CSV, evemu
/// recordings whose device is described (at their top or in a `.desc`), getevent logs and
/// libinput recordings (in the layout of frames and kernel events that TouchBench and
/// `libinput record` write), with or without TouchBench's metadata, stream (memory bounded by
/// a block of text); the rest, and pointer events, are imported whole (docs/FORMATS.md,
/// "Reading: streamed or whole"). What `cat`, `info`, `replay`, `gestures` and `convert` open.
///
/// ```swift
/// let input = try TraceInput(path: "capture.events")   // form from the extension or content
/// while let sample = try input.source.nextSample() { … }
/// ```
public struct TraceInput {
    /// The file opened.
    public let path: String
    /// Its form.
    public let form: TraceForm
    /// The files read with ``path``: an evemu events file's device description (given in the
    /// options, or found beside it) and a CSV file's metadata. A command's outputs must be
    /// none of them, or writing one destroys what describes the input.
    public let companionFiles: [String]
    /// Its samples in time order (within the window asked for).
    public let source: any SampleSource
    /// The container's reader when the input is a `.touchtrace` file: its index, chunks and
    /// ``TraceReader/damage`` (a file whose writer died is read up to its last whole chunk).
    public let reader: TraceReader?
    private let heldBack: () -> Int
    private let cut: () -> TraceFileError?

    /// Events of an evdev capture whose time stepped back and were held at the time before
    /// them (``ImportedTrace/heldBackEvents``), counted so far (all of them once ``source``
    /// is read to its end); 0 for the other forms, which refuse backward times.
    public var heldBackEvents: Int { heldBack() }

    /// A text input's cut last line, not read (a writer that died), known once ``source`` is
    /// read to its end: JSON Lines' ``JSONLinesReader/damage``, and the evdev text forms' cut
    /// event line (``ImportedTrace/cutLine``); `nil` for the container, whose damage its
    /// ``reader`` reports, and for a file that ends whole.
    public var cutLineDamage: TraceFileError? { cut() }

    /// The trace's metadata.
    public var metadata: TraceMetadata { source.metadata }

    /// Opens `path` as `form` (default: ``TraceForm/of(inputAt:)``), yielding only the samples
    /// with `window.lowerBound <= t < window.upperBound` when a window is given; a container
    /// seeks to it through its index.
    public init(path: String, form: TraceForm? = nil, options: ImportOptions = ImportOptions(), window: Range<Int64>? = nil) throws {
        let form = try form ?? TraceForm.of(inputAt: path)
        self.path = path
        self.form = form
        companionFiles = Self.companionFiles(of: path, form: form, options: options)
        var heldBack: () -> Int = { 0 }
        var cut: () -> TraceFileError? = { nil }
        switch form {
        case .touchtrace:
            let reader = try TraceReader(path: path)
            self.reader = reader
            source = TraceSampleSource(reader: reader, window: window)
        case .jsonl:
            reader = nil
            let lines = try JSONLinesReader(path: path)
            // An import that yields nothing is an error in every text form (issue 15): an empty
            // trace converted with exit 0 could be exported to forms that cannot read it back.
            guard try lines.holdsSamples() else {
                throw TraceFileError(.malformed, path: path, line: lines.damage?.line,
                                     reason: "holds no input samples that touchbench can read as jsonl" + (lines.damage == nil ? ""
                                         : lines.trailingNULBytes > 0 ? " (its text ends in \(lines.trailingNULBytes) NUL bytes)" : " (its only sample line is cut)"))
            }
            source = window.map { WindowedSource(lines, window: $0) } ?? lines
            cut = { lines.damage }
        case .foreign(let format):
            guard format.canImport else {
                throw TraceFormatError("\(format.rawValue) can be written but not read", kind: .unsupported)
            }
            // A container under a text form's name (`synth -o x.csv` once wrote one) would be
            // refused as text that is not UTF-8; say what it is, as JSON Lines does.
            if try Self.startsWithContainerMagic(path) {
                throw TraceFormatError("is a .touchtrace file, not \(format.rawValue): rename it .touchtrace.", path: path, offset: 0)
            }
            reader = nil
            let streamed: (any SampleSource)? = switch format {
            case .csv: try CSVSampleStream.open(path: path, options: options)
            case .evemu: try EvemuSampleStream.open(path: path, options: options)
            case .getevent: try GeteventSampleStream.open(path: path, options: options)
            case .libinput: try LibinputSampleStream.open(path: path, options: options)
            default: nil
            }
            let samples: any SampleSource
            if let streamed {
                samples = streamed
                if let report = streamed as? EvdevStreamReport {
                    heldBack = { report.heldBackEvents }
                    cut = { report.cutLine.map { ByteLines.cutLineDamage(path: path, line: $0) } }
                }
            } else {
                let trace = try TraceFormat.importTrace(from: path, format: format, options: options)
                samples = SampleArraySource(metadata: trace.metadata, samples: trace.samples)
                heldBack = { trace.heldBackEvents }
                cut = { trace.cutLine.map { ByteLines.cutLineDamage(path: path, line: $0) } }
            }
            source = window.map { WindowedSource(samples, window: $0) } ?? samples
        }
        self.heldBack = heldBack
        self.cut = cut
    }

    /// Counts, duration, rates and sizes; the container's chunks and quantisation too when the
    /// input is one. A container is read again from its start; other forms are counted from
    /// ``source``, which this consumes.
    public func statistics() throws -> TraceStatistics {
        if let reader { return try TraceStatistics(reader: reader) }
        return try TraceStatistics(source: source, byteCount: Self.byteCount(of: path))
    }

    private static func companionFiles(of path: String, form: TraceForm, options: ImportOptions) -> [String] {
        switch form {
        case .foreign(.evemu):
            // The found description counts even where the events hold their own (which wins):
            // overwriting it would still lose the file.
            return [options.descriptionPath ?? EvemuImporter.findDescription(forEventsAt: path)].compactMap { $0 }
        case .foreign(.csv):
            return [CSVWriter.metadataPath(forCSVAt: path)]
        default:
            return []
        }
    }

    private static func startsWithContainerMagic(_ path: String) throws -> Bool {
        let file = try SystemFile.openForReading(path)
        return try ContainerFormat.startsWithMagic(file, size: try file.size())
    }

    private static func byteCount(of path: String) -> Int {
        guard let file = try? SystemFile.openForReading(path) else { return 0 }
        return (try? file.size()) ?? 0
    }
}
