import Foundation
import TouchBenchSupport
import TouchInput
import TouchTrace

/// What evdev text forms cannot say, kept in comment lines that the programs reading those
/// forms skip: the trace's metadata (`# TouchBench: {json}`), the exact position mapping
/// (`# TouchBench-mapping: scaleX scaleY originX originY quantum`) and markers
/// (`# TouchBench-marker: nanoseconds label`). evemu keeps markers among its events; libinput
/// record and getevent exports list them in the header, and the importers put each back after
/// the samples of its time.
struct TouchBenchComments {
    static let metadataPrefix = "# TouchBench: "
    static let mappingPrefix = "# TouchBench-mapping: "
    static let markerPrefix = "# TouchBench-marker: "

    var metadata: TraceMetadata?
    var mapping: EvdevMapping?
    var markers: [InputSample] = []

    init(metadata: TraceMetadata, mapping: EvdevMapping, markers: [InputSample]) {
        self.metadata = metadata
        self.mapping = mapping
        self.markers = markers
    }

    init() {}

    /// The metadata line (without a newline); `nil` when the metadata cannot be encoded.
    var metadataLine: String? {
        guard let metadata else { return nil }
        let value = metadata.jsonValue
        guard value.isFinite else { return nil }
        return Self.metadataPrefix + Self.escapingLineBreaks(JSONWriter.compact(value, escapingSlashes: false))
    }

    /// The characters besides the line feed and carriage return that YAML 1.1 (PyYAML, which
    /// `libinput replay` uses) reads as line breaks: NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
    /// TraceText keeps the last two in a label or a metadata string (NEL is a C1 control it
    /// refuses); written raw in a `#` comment they would end it, and the rest of the comment
    /// would be read as YAML (hostile report 4, finding 06).
    static func isYAMLLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// JSON text with every ``isYAMLLineBreak(_:)`` character written as its `\uXXXX` escape
    /// (they can only be inside its strings), which every JSON reader reads back to the same
    /// character; `json` itself when it holds none (every ordinary trace: the same bytes as before).
    static func escapingLineBreaks(_ json: String) -> String {
        JSONWriter.escaping(json, where: isYAMLLineBreak)
    }

    var mappingLine: String? { mapping.map { Self.mappingPrefix + $0.serialized } }

    /// `# TouchBench-marker: nanoseconds label`, the label as it is; or, when the label holds
    /// a character YAML reads as a line break (``isYAMLLineBreak(_:)``), the nanoseconds, a tab
    /// and the label as a JSON string with that character escaped
    /// (`# TouchBench-marker: 5\t"a\u2028b"`). A label cannot hold a tab (TraceText), so the
    /// tab tells the two apart, and a file written before reads as it did.
    static func markerLine(_ sample: InputSample) -> String {
        // Every label follows TraceText's rule (readers refuse a line feed), so it fits a line.
        let label = sample.label ?? ""
        guard label.unicodeScalars.contains(where: isYAMLLineBreak) else { return markerPrefix + "\(sample.time) \(label)" }
        return markerPrefix + "\(sample.time)\t" + escapingLineBreaks(JSONWriter.quoted(label))
    }

    /// Reads one comment line (leading spaces and `#` included); other comments are ignored.
    mutating func read(_ line: Substring) throws {
        let text = line.drop { $0 == " " || $0 == "\t" }
        guard text.hasPrefix("# TouchBench") else { return }
        if text.hasPrefix(Self.metadataPrefix) {
            metadata = try Self.metadata(text.dropFirst(Self.metadataPrefix.count))
        } else if text.hasPrefix(Self.mappingPrefix) {
            mapping = try Self.mapping(text.dropFirst(Self.mappingPrefix.count))
        } else if text.hasPrefix(Self.markerPrefix) {
            markers.append(try Self.marker(text.dropFirst(Self.markerPrefix.count)))
        }
    }

    /// The JSON of a metadata comment.
    static func metadata(_ json: Substring) throws -> TraceMetadata {
        do {
            return try TraceMetadata(json: JSONValue.parse(json))
        } catch {
            throw TraceFormatError("the TouchBench metadata comment is not valid JSON metadata.")
        }
    }

    /// `scaleX scaleY originX originY quantum` of a mapping comment.
    static func mapping(_ body: Substring) throws -> EvdevMapping {
        guard let parsed = EvdevMapping(serialized: body) else {
            // A scale of 1e-300 pt per unit put every contact on one point, silently.
            throw TraceFormatError("the TouchBench mapping comment is not: scaleX scaleY originX originY quantum, the scales and quantum in points within 1e-12…100.")
        }
        return parsed
    }

    /// `nanoseconds label` of a marker comment.
    static func marker(_ body: Substring) throws -> InputSample {
        let time = body.prefix { $0 != " " && $0 != "\t" }
        guard let nanoseconds = TextInput.integer(time, as: Int64.self), nanoseconds >= 0 else {
            throw TraceFormatError("the TouchBench marker comment is not: nanoseconds label.")
        }
        let rest = body.dropFirst(time.count)
        let label: String
        if rest.first == "\t" {
            // The escaped form (``markerLine(_:)``): one JSON string.
            guard case .string(let text)? = try? JSONValue.parse(rest.dropFirst()) else {
                throw TraceFormatError("the TouchBench marker comment is not: nanoseconds, a tab and the label as a JSON string.")
            }
            label = text
        } else {
            label = String(rest.dropFirst())
        }
        if let problem = TraceText.problem(label) { throw TraceFormatError("the TouchBench marker's label \(problem).") }
        return .marker(label, at: nanoseconds)
    }

    /// Reads every TouchBench comment of `text` (only lines that start with `#`, after spaces).
    static func scan(_ text: String, path: String?) throws -> TouchBenchComments {
        guard text.contains("# TouchBench") else { return TouchBenchComments() }
        return try scan(lines: .text(text), path: path)
    }

    /// The comments of `lines`, streamed (a file is read block by block).
    static func scan(lines: TextLines, path: String?) throws -> TouchBenchComments {
        var comments = TouchBenchComments()
        try lines.forEachBytes(path: path) { number, line in _ = try comments.readIfComment(line, number: number, path: path) }
        return comments
    }

    /// Whether the bytes at `cursor` open one of these comments (`# TouchBench`, the test
    /// every importer applies to a line).
    @inline(__always)
    static func opens(_ cursor: ByteCursor) -> Bool {
        var cursor = cursor
        return cursor.take("# TouchBench")
    }

    /// Reads `line` when it starts (after spaces) with `# TouchBench`, as the importers' own
    /// pass over the lines meets it (a second pass over the file just for these comments cost
    /// a sixth of an import); whether it did.
    @inline(__always)
    mutating func readIfComment(_ line: UnsafeRawBufferPointer, number: Int, path: String?) throws -> Bool {
        var cursor = ByteCursor(line)
        cursor.skipSpaces()
        guard Self.opens(cursor) else { return false }
        do {
            try read(ByteLines.substring(line))
        } catch let error as TraceFormatError {
            throw TraceFormatError(error.reason, path: path, line: number)
        }
        return true
    }

    /// `samples` with `markers` put back in time order, each after the samples of its time.
    static func merge(_ markers: [InputSample], into samples: [InputSample]) -> [InputSample] {
        guard !markers.isEmpty else { return samples }
        var merged: [InputSample] = []
        merged.reserveCapacity(samples.count + markers.count)
        var next = 0
        for sample in samples {
            while next < markers.count, markers[next].time < sample.time {
                merged.append(markers[next])
                next += 1
            }
            merged.append(sample)
        }
        merged.append(contentsOf: markers[next...])
        return merged
    }

    /// The markers as a stream places them (``EvdevSampleStream``): after the samples of their
    /// time, as ``merge(_:into:)`` does, whatever their place among the events.
    var headerMarkers: [(eventIndex: Int, sample: InputSample)] { markers.map { (Int.max, $0) } }

    /// Applies restored metadata and markers to an imported trace.
    func restore(into trace: inout ImportedTrace) {
        trace.samples = Self.merge(markers, into: trace.samples)
        if let metadata { trace.metadata = metadata }
    }
}
