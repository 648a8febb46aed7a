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
        return Self.metadataPrefix + JSONWriter.compact(value, escapingSlashes: false)
    }

    var mappingLine: String? { mapping.map { Self.mappingPrefix + $0.serialized } }

    static func markerLine(_ sample: InputSample) -> String {
        // Every label follows TraceText's rule (readers refuse a line feed), so it fits a line.
        markerPrefix + "\(sample.time) \(sample.label ?? "")"
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
        let time = body.prefix { $0 != " " }
        guard let nanoseconds = TextInput.integer(time, as: Int64.self), nanoseconds >= 0 else {
            throw TraceFormatError("the TouchBench marker comment is not: nanoseconds label.")
        }
        let label = String(body.dropFirst(time.count + 1))
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
