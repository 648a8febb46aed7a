import TouchInput
import TouchTrace

/// A libinput recording read as a stream of samples in two passes over its lines, never held
/// whole. It streams the layout TouchBench writes: one device whose `events:` list comes last,
/// as `  events:` then frames `  - evdev:` each followed by its kernel events
/// `    - [sec, usec, type, code, value]` (within the kernel's ranges), with or without
/// TouchBench's comments in the header, and comment lines among the events (`libinput record`
/// writes `# Current time is …` every so often; the parser skips them, and TouchBench's are read
/// wherever they are, as the whole import reads them). The first pass parses the header as
/// ``LibinputRecordImporter`` does and checks that every later line is a frame or an event,
/// counting the events and parking them in a scratch file (``ScratchSpool``: the text is not
/// parsed twice); the second reads them back and decodes them as they come
/// (``EvdevSampleStream``). A recording TouchBench wrote states its metadata in a comment; a
/// device's own (`libinput record`) does not, and its metadata (the rate, the frame counts) is
/// found by decoding the parked events once, without keeping a sample, before the second pass.
/// It yields the whole import's samples and metadata.
///
/// `libinput` and `hid` entries among the frames (`--with-libinput`, `--with-hidraw`), which the
/// whole import skips, are parsed on their own (``SkippedEntry``) and skipped too. A recording
/// with comments or entries among its events (read whole before) has its events decoded once,
/// checked, before the stream: one with a sample out of range is left to the whole import,
/// which names the sample by its number.
///
/// ``open(path:options:)`` answers `nil` for anything else — several devices, an entry that
/// does not parse or holds an `evdev` key, an empty frame, an
/// event out of range, metadata the whole import refuses, and any error — and the file is
/// imported whole, which reads it or names its problem exactly as before.
enum LibinputSampleStream {
    static func open(path: String, options: ImportOptions) throws -> EvdevSampleStream? {
        do {
            return try stream(path: path, options: options)
        } catch {
            return nil
        }
    }

    private static func stream(path: String, options: ImportOptions) throws -> EvdevSampleStream? {
        let lines = try ByteLines.Reader(path: path, cutting: .libinput)
        var parser = RecordYAML.Parser()
        var comments = TouchBenchComments()
        /// Reads a device's header (the file's, for the first) through `  events:`; false at the end.
        func header() throws -> Bool {
            while let line = try lines.next() {
                _ = try comments.readIfComment(line, number: lines.number, path: path)
                try parser.addBytes(line, number: lines.number)
                if ByteCursor.equal(line, "  events:") { return true }
            }
            return false
        }
        guard try header() else { return nil }
        // Per device (`libinput record --all` writes several, each header before its events).
        var counts = [EvdevDeviceChoice.Counts()]
        let spool = try ScratchSpool<SpooledEvent>()
        // Whether the last line was a frame (which needs an event), and whether one was seen.
        var frameOpen = false, inFrame = false
        // The lines of a `libinput` or `hid` entry, parsed on their own (``SkippedEntry``).
        var entry: SkippedEntry?
        // Whether a comment or an entry came among the events (what TouchBench never writes).
        var beyondWritten = false
        var stamp = LineStamp()
        while let bytes = try lines.next() {
            let line = classify(bytes, stamp: &stamp)
            switch line {
            case .blank: continue
            case .comment:
                _ = try comments.readIfComment(bytes, number: lines.number, path: path)
                beyondWritten = true
                continue
            case .frame, .entry:
                guard !frameOpen, try entry?.finish() ?? true else { return nil }
                entry = nil
                if case .entry = line {
                    entry = try SkippedEntry(bytes, number: lines.number)
                    beyondWritten = true
                    inFrame = false
                } else {
                    frameOpen = true
                    inFrame = true
                }
            case .event(let event):
                if let skipped = entry {
                    try skipped.add(bytes, number: lines.number)
                    continue
                }
                guard inFrame else { return nil }
                counts[counts.count - 1].count(event)
                try spool.append(SpooledEvent(event: event, device: counts.count - 1))
                frameOpen = false
            case .other:
                if let skipped = entry, SkippedEntry.isInside(bytes) {
                    try skipped.add(bytes, number: lines.number)
                    continue
                }
                // `- ` at the margin: the next device, its header, then its events.
                guard bytes.count > 1, bytes[0] == UInt8(ascii: "-"), bytes[1] == 0x20, !frameOpen, try entry?.finish() ?? true else {
                    return nil
                }
                entry = nil
                inFrame = false
                try parser.addBytes(bytes, number: lines.number)
                guard try header() else { return nil }
                counts.append(EvdevDeviceChoice.Counts())
            }
        }
        guard !frameOpen, try entry?.finish() ?? true, comments.metadata?.problem == nil else { return nil }
        let root = try parser.document()
        let recordings = try LibinputRecordImporter.recordings(RecordYAML.Document(root: root, events: []))
        guard recordings.count == counts.count else { return nil }
        let candidates = zip(recordings, counts).map { recording, counts in
            EvdevDeviceChoice.Candidate(node: recording.device.node ?? "", name: recording.device.name, eventCount: counts.events,
                                        touchCount: counts.touch, penCount: counts.pen)
        }
        let chosen = try EvdevDeviceChoice.choose(candidates, wanted: options.device, cutLine: lines.cutLine)
        guard counts[chosen].events > 0 else { return nil }
        let device = recordings[chosen].device
        // Several devices were read whole before (as were comments and entries among the events).
        beyondWritten = beyondWritten || counts.count > 1
        let screen = options.screen ?? comments.metadata?.screen
        let mapping = EvdevMapping.choose(for: device, screen: screen, explicit: comments.mapping)
        let decoder = EvdevTraceDecoder(device: device, mapping: mapping, screen: screen)
        let metadata: TraceMetadata
        if beyondWritten {
            // Comments and entries among the events sent a recording to the whole import, which
            // names a sample out of range by its number: such a recording is checked first.
            var survey = SpooledEvents(spool: try spool.reader(), device: chosen)
            guard let checked = try EvdevRecording.checkedMetadata(
                of: &survey, device: device, deviceIsObserved: false, mapping: mapping, decoder: decoder, source: "libinput",
                options: options, extra: LibinputRecordImporter.extra(root), restored: comments.metadata,
                markers: comments.markers) else { return nil }
            metadata = checked
        } else if let restored = comments.metadata {
            metadata = restored
        } else {
            // A device's own recording states no rate or frame counts: they are what decoding
            // its events tells, as the whole import describes it (``LibinputRecordImporter``).
            var survey = SpooledEvents(spool: try spool.reader(), device: chosen)
            metadata = try EvdevRecording.metadata(of: &survey, device: device, deviceIsObserved: false, mapping: mapping, decoder: decoder,
                                                   source: "libinput", options: options, extra: LibinputRecordImporter.extra(root))
        }
        // Metadata out of range (a --screen far too small for the device) is the whole
        // import's to name, as for every form.
        guard metadata.problem == nil else { return nil }
        let events = SpooledEvents(spool: try spool.reader(), device: chosen)
        return EvdevSampleStream(path: path, format: .libinput, metadata: metadata, decoder: decoder, reader: events,
                                 markers: comments.headerMarkers, cutLine: lines.cutLine)
    }

    /// A line after `events:`.
    enum Line {
        /// Empty or spaces only (the parser skips it; so does the line reader's last, empty line).
        case blank
        /// Spaces, then a `#`: a YAML comment.
        case comment
        case frame
        /// `  - libinput:` or `  - hid:`, an entry the import skips.
        case entry
        case event(EvdevEvent)
        case other
    }

    /// `  - evdev:`, or an event item indented by four spaces that the parser's fast path reads
    /// (``RecordYAML/Parser/event(_:from:end:stamp:)``, with the previous event line's time
    /// stamp), read from the bytes by hand.
    @inline(__always)
    static func classify(_ line: UnsafeRawBufferPointer, stamp: inout LineStamp) -> Line {
        guard let base = line.baseAddress else { return .blank }
        let end = line.count
        if end > 4, base.loadUnaligned(as: UInt32.self) == 0x2020_2020,
           let event = RecordYAML.Parser.event(base, from: 4, end: end, stamp: &stamp) { return .event(event) }
        if ByteCursor.equal(line, "  - evdev:") { return .frame }
        if ByteCursor.equal(line, "  - libinput:") || ByteCursor.equal(line, "  - hid:") { return .entry }
        var index = 0
        while index < end, base.load(fromByteOffset: index, as: UInt8.self) == 0x20 { index &+= 1 }
        if index == end { return .blank }
        return base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "#") ? .comment : .other
    }
}

/// A `libinput` or `hid` entry of a recording's events (`  - libinput:` and the lines indented
/// under it), which the whole import parses and skips: its lines go through a parser of their
/// own, so that the stream takes the entry only when the whole import would parse it, and
/// only when it is skipped (no `evdev` key among its own, whose events the import would read).
/// Memory: the lines of one entry.
final class SkippedEntry {
    private var parser = RecordYAML.Parser()

    init(_ line: UnsafeRawBufferPointer, number: Int) throws {
        // In the whole document the entry lies a few levels down (the root, the devices, a
        // device, its events); starting deeper than that, an entry nested near the parser's
        // limit is refused here (and left to the whole import), never taken where it refuses it.
        parser.depth = 8
        try parser.addBytes(line, number: number)
    }

    /// Whether `line` is indented by four spaces or more, under the entry's `- ` (a line indented
    /// less would belong to the structure around it).
    static func isInside(_ line: UnsafeRawBufferPointer) -> Bool {
        line.count > 4 && line.prefix(4).allSatisfy { $0 == 0x20 }
    }

    func add(_ line: UnsafeRawBufferPointer, number: Int) throws {
        try parser.addBytes(line, number: number)
    }

    /// Whether the entry parses as one item without an `evdev` key.
    func finish() throws -> Bool {
        let root = try parser.document()
        guard let items = root.items, items.count == 1 else { return false }
        return items[0]["evdev"] == nil
    }
}
