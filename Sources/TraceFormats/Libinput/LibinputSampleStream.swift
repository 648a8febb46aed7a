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
/// ``open(path:options:)`` answers `nil` for anything else — several devices, `libinput` or
/// `hid` entries among the events, an empty frame, an
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
        var header = 0
        while let line = try lines.next() {
            _ = try comments.readIfComment(line, number: lines.number, path: path)
            try parser.addBytes(line, number: lines.number)
            if ByteCursor.equal(line, "  events:") {
                header = lines.number
                break
            }
        }
        guard header > 0 else { return nil }
        var counts = EvdevDeviceChoice.Counts()
        let spool = try ScratchSpool<SpooledEvent>()
        // Whether the last line was a frame (which needs an event), and whether one was seen.
        var frameOpen = false, inFrame = false
        var stamp = LineStamp()
        while let bytes = try lines.next() {
            switch classify(bytes, stamp: &stamp) {
            case .other: return nil
            case .blank: continue
            case .comment: _ = try comments.readIfComment(bytes, number: lines.number, path: path)
            case .frame:
                guard !frameOpen else { return nil }
                frameOpen = true
                inFrame = true
            case .event(let event):
                guard inFrame else { return nil }
                counts.count(event)
                try spool.append(SpooledEvent(event: event, device: 0))
                frameOpen = false
            }
        }
        guard !frameOpen, counts.events > 0, comments.metadata?.problem == nil else { return nil }
        let root = try parser.document()
        let recordings = try LibinputRecordImporter.recordings(RecordYAML.Document(root: root, events: []))
        guard recordings.count == 1 else { return nil }
        let device = recordings[0].device
        let candidate = EvdevDeviceChoice.Candidate(node: device.node ?? "", name: device.name, eventCount: counts.events,
                                                    touchCount: counts.touch, penCount: counts.pen)
        _ = try EvdevDeviceChoice.choose([candidate], wanted: options.device)
        let screen = options.screen ?? comments.metadata?.screen
        let mapping = EvdevMapping.choose(for: device, screen: screen, explicit: comments.mapping)
        let decoder = EvdevTraceDecoder(device: device, mapping: mapping, screen: screen)
        let metadata: TraceMetadata
        if let restored = comments.metadata {
            metadata = restored
        } else {
            // A device's own recording states no rate or frame counts: they are what decoding
            // its events tells, as the whole import describes it (``LibinputRecordImporter``).
            var survey = SpooledEvents(spool: try spool.reader(), device: 0)
            metadata = try EvdevRecording.metadata(of: &survey, device: device, deviceIsObserved: false, mapping: mapping, decoder: decoder,
                                                   source: "libinput", options: options, extra: LibinputRecordImporter.extra(root))
        }
        let events = SpooledEvents(spool: try spool.reader(), device: 0)
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
        var index = 0
        while index < end, base.load(fromByteOffset: index, as: UInt8.self) == 0x20 { index &+= 1 }
        if index == end { return .blank }
        return base.load(fromByteOffset: index, as: UInt8.self) == UInt8(ascii: "#") ? .comment : .other
    }
}
