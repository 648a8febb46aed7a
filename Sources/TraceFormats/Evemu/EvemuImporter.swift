import Foundation
import TouchInput

/// Reads `evemu-record` output.
///
/// Both dialects occur: 1.2 and 1.3 (`# EVEMU 1.x` headers, `A:` lines with or without the
/// resolution column) and older files with neither header nor resolution, whose events
/// carry wall-clock timestamps (times become relative to the first event and the first
/// becomes the metadata epoch). Values may have leading zeros and signs (`-001`).
///
/// The description (`N:`, `I:`, `P:`, `B:`, `A:` lines) is either at the top of the file
/// (`.evemu`) or in a separate `.desc`; for `NAME.gesture.events` the importer finds the
/// `.desc` whose name is the longest prefix (`NAME.desc`), unless one is given; a recording
/// that holds its own description (one declaring its axes or codes: `A:` or `B:` lines) keeps
/// it, and a description given beside it is ignored; `N:`, `I:` or `P:` lines alone with a
/// description beside them are refused, and alone they only name the observed device.
/// Without any description the device is built from the events observed and positions map 1:1 (or onto
/// the screen given).
///
/// A comment `# TouchBench: {json}` (written by ``EvemuExporter``) restores the original
/// trace metadata, including the position scale, so that export then import is lossless.
public enum EvemuImporter {
    /// The recording's own lines a trace keeps as extra metadata: its evemu version and the
    /// name of the description file it was read with.
    static func extra(version: String?, description: String?) -> [String: String] {
        var extra: [String: String] = [:]
        if let version { extra["evemu.version"] = version }
        if let description { extra["evemu.description"] = URL(fileURLWithPath: description).lastPathComponent }
        return extra
    }

    /// Reads the events at `path` with the description beside them (or the one in options).
    public static func read(contentsOf path: String, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        // Streamed twice (is there a description? then the lines), never held whole.
        let lines = TextLines.file(path)
        let own = try ownDescription(lines, path: path)
        var description: (lines: TextLines, path: String)?
        if own != .whole {
            if let explicit = options.descriptionPath {
                description = (.file(explicit), explicit)
            } else if let found = findDescription(forEventsAt: path) {
                description = (.file(found), found)
            }
        }
        return try parse(lines: lines, path: path, description: description, own: own, options: options)
    }

    /// The device an evemu description declares (`N:`, `I:`, `P:`, `B:`, `A:` lines): how a
    /// capture from a file of kernel records, which has no ioctls to ask, learns its device.
    /// Only a whole description will do, as for the import (``OwnDescription``): `N:`, `I:`
    /// or `P:` lines without an `A:` or `B:` line declare no axis to map.
    public static func readDescription(contentsOf path: String) throws -> EvdevDevice {
        var reader = Reader()
        try reader.read(lines: .file(path), path: path, allowEvents: false)
        switch try ownDescription(.file(path), path: path) {
        case .whole: return reader.device
        case .partial(let line):
            throw TraceFormatError("holds a partial device description (N:, I: or P: lines but no A: or B: line declaring its axes "
                + "and event codes); give the whole description, as evemu-describe writes it.", path: path, line: line)
        case .none:
            throw TraceFormatError("holds no evemu device description (N:, I:, P:, B:, A: lines).", path: path)
        }
    }

    /// Parses evemu text; `description` supplies the device when the text has none.
    public static func parse(
        _ text: String, path: String? = nil, description: (text: String, path: String)? = nil,
        options: ImportOptions = ImportOptions()
    ) throws -> ImportedTrace {
        try parse(lines: .text(text), path: path, description: description.map { (.text($0.text), $0.path) }, options: options)
    }

    /// `own` is the recording's own description when the caller has already looked for it
    /// (``ownDescription(_:path:)``), so that the file is scanned for it once.
    static func parse(
        lines: TextLines, path: String?, description: (lines: TextLines, path: String)?, own known: OwnDescription? = nil,
        options: ImportOptions
    ) throws -> ImportedTrace {
        var reader = Reader()
        // A recording that carries its own description (an `.evemu` file) describes the
        // device it was recorded on, so it wins over one given beside it: reading both would
        // declare every property and axis twice.
        let own = try known ?? ownDescription(lines, path: path)
        let description = own == .whole ? nil : description
        if case .partial(let line) = own, let beside = description?.path {
            // Taking either for the device would be a guess: the partial one hides every axis
            // of the other; merging them names the other's device after this one, or reads
            // two property masks.
            throw TraceFormatError("the recording holds a partial device description (N:, I: or P: lines but no A: or B: line declaring "
                + "its axes and event codes) and \(beside) is given beside it; remove these lines to use \(beside), or give the whole "
                + "description (as evemu-describe writes it) in the recording (docs/FORMATS.md, \"Descriptions and YAML\").",
                path: path, line: line)
        }
        if let description {
            try reader.read(lines: description.lines, path: description.path, allowEvents: false)
        }
        try reader.read(lines: lines, path: path, allowEvents: true)
        var recording = EvdevRecording(device: reader.device, events: reader.events)
        // A name without axes declares none: the events tell them, as for no description.
        if !reader.sawDescription || own != .whole && description == nil { recording.declareObservedCodes() }
        let extra = Self.extra(version: reader.version, description: description?.path)
        var options = options
        if options.screen == nil, let restored = reader.touchBenchMetadata { options.screen = restored.screen }
        var trace = recording.makeTrace(source: "evemu", options: options, explicitMapping: reader.mapping,
                                        markers: reader.markers, extra: extra)
        // The exporter's metadata describes the trace as it was; the decoder's own counts
        // (such as frames) would only describe this rendering of it.
        if let restored = reader.touchBenchMetadata { trace.metadata = restored }
        trace.cutLine = reader.cutLine
        return trace
    }

    /// The `.desc` beside `eventsPath` whose name is the longest prefix of the events file's
    /// name followed by a dot (`EP0430M09.2-finger-scroll-down.events` → `EP0430M09.desc`).
    public static func findDescription(forEventsAt eventsPath: String) -> String? {
        let url = URL(fileURLWithPath: eventsPath)
        let directory = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        let best = entries
            .filter { $0.hasSuffix(".desc") && name.hasPrefix(String($0.dropLast(5)) + ".") }
            .max { ($0.count, $1) < ($1.count, $0) }
        return best.map { directory.appendingPathComponent($0).path }
    }

    /// Whether `text` holds a description of its own (``containsDescription(_:path:)``).
    static func containsDescription(_ text: String) -> Bool {
        (try? containsDescription(.text(text), path: nil)) ?? false
    }

    /// Whether the lines hold a description of their own, which then wins over one given
    /// beside them (``ownDescription(_:path:)``).
    static func containsDescription(_ lines: TextLines, path: String?) throws -> Bool {
        try ownDescription(lines, path: path) == .whole
    }

    /// What description a recording carries itself.
    enum OwnDescription: Equatable {
        /// No description line.
        case none
        /// One that declares the device's axes or event codes (an `A:` or `B:` line;
        /// evemu-record writes both): it describes the device and wins over one beside it.
        case whole
        /// `N:`, `I:` or `P:` lines only (a lone name, hostile report L8), the first at `line`:
        /// they declare no axis, so they cannot stand for a description given beside them.
        case partial(line: Int)
    }

    /// The recording's own description, reading only as far as its first `A:` or `B:` line.
    static func ownDescription(_ lines: TextLines, path: String?) throws -> OwnDescription {
        struct Found: Error {}
        var partial: Int?
        do {
            try lines.forEachBytes(path: path) { number, line in
                // Leading blanks trimmed as the reader trims them (``Reader``): an indented
                // `A:` line is a description line to both.
                let text = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
                guard let tag = text.first, text.dropFirst().first == UInt8(ascii: ":") else { return }
                switch tag {
                case UInt8(ascii: "A"), UInt8(ascii: "B"): throw Found()
                case UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "P"): if partial == nil { partial = number }
                default: break
                }
            }
        } catch is Found {
            return .whole
        }
        return partial.map { .partial(line: $0) } ?? .none
    }
}
