import TouchInput
import TouchTrace

/// A getevent log read as a stream of samples in two passes over its lines, never held whole.
/// The first reads every line as ``GeteventImporter`` does (its errors, with the same words and
/// lines), keeping per device node only what the device choice and the observed codes and
/// ranges need, and TouchBench's comments; the second reads the lines again and decodes the
/// chosen device's events as they come (``EvdevSampleStream``). It yields the whole import's
/// samples and metadata.
///
/// It streams logs that carry TouchBench's metadata comment (every getevent export): the whole
/// import's own metadata (the rate, the frame counts) is known only after the last event.
/// ``open(path:options:)`` answers `nil` for any other log, for one with more than
/// ``GeteventImporter/Log/maximumSurveyedNodes`` device nodes, and for metadata the whole
/// import refuses (its error then comes from the whole import, in its order).
enum GeteventSampleStream {
    static func open(path: String, options: ImportOptions) throws -> EvdevSampleStream<Events>? {
        var log = GeteventImporter.Log(keeping: .survey)
        var comments = TouchBenchComments()
        try ByteLines.forEach(inFile: path) { number, line in
            try GeteventImporter.readLine(line, number: number, path: path, log: &log, comments: &comments)
        }
        guard !log.tooManyNodes, let restored = comments.metadata, restored.problem == nil else { return nil }
        let eventNodes = log.eventNodes
        let nodes = Array(Set(eventNodes).union(log.devices.keys)).sorted()
        let candidates = nodes.map { node in
            let counts = eventNodes.firstIndex(of: node).map { log.surveys[$0].counts } ?? EvdevDeviceChoice.Counts()
            return EvdevDeviceChoice.Candidate(node: node, name: log.devices[node]?.name ?? "", eventCount: counts.events,
                                               touchCount: counts.touch, penCount: counts.pen)
        }
        let node: String
        do {
            node = nodes[try EvdevDeviceChoice.choose(candidates, wanted: options.device)]
        } catch let error as TraceFormatError {
            throw error.inFile(path)
        }
        // The device as the whole import makes it (``EvdevRecording/declareObservedCodes()``).
        var device = log.devices[node] ?? EvdevDevice(name: node)
        if device.name.isEmpty { device.name = node }
        if let index = eventNodes.firstIndex(of: node) { log.surveys[index].observed.declare(into: &device) }
        let screen = options.screen ?? restored.screen
        let mapping = EvdevMapping.choose(for: device, screen: screen, explicit: comments.mapping)
        let decoder = EvdevDecoder(device: device, mapping: mapping, screen: screen)
        let events = Events(lines: try ByteLines.Reader(path: path), log: GeteventImporter.Log(keeping: .node(node)))
        return EvdevSampleStream(path: path, format: .getevent, metadata: restored, decoder: decoder, reader: events,
                                 markers: comments.markers)
    }

    /// The second pass: the chosen node's events, line by line.
    struct Events: EvdevEventReader {
        let lines: ByteLines.Reader
        var log: GeteventImporter.Log

        mutating func nextEvent() throws -> EvdevEvent? {
            while let line = try lines.next() {
                if log.readEvent(line) {
                    if let event = log.takeKept() { return event }
                    continue
                }
                // TouchBench's comments were read (and checked) in the first pass.
                var cursor = ByteCursor(line)
                cursor.skipSpaces()
                if cursor.take("# TouchBench") { continue }
                do {
                    try log.read(ByteLines.substring(line))
                } catch let error as TraceFormatError {
                    throw TraceFormatError(error.reason, path: lines.path, line: lines.number)
                }
                if let event = log.takeKept() { return event }
            }
            return nil
        }
    }
}
