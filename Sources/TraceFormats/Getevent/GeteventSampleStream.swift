import TouchInput
import TouchTrace

/// A getevent log read as a stream of samples in two passes, never held whole. The first reads
/// every line as ``GeteventImporter`` does (its errors, with the same words and lines), keeping
/// per device node only what the device choice and the observed codes and ranges need, and
/// TouchBench's comments, and parks each event parsed in a scratch file (``ScratchSpool``: the
/// text is not parsed twice); the second reads the events back and decodes the chosen
/// device's as they come (``EvdevSampleStream``). It yields the whole import's samples and
/// metadata.
///
/// It streams logs that carry TouchBench's metadata comment before their first event (every
/// getevent export): the whole import's own metadata (the rate, the frame counts) is known only
/// after the last event. ``open(path:options:)`` answers `nil` for any other log (at its first
/// event line), for one with more than
/// ``GeteventImporter/Log/maximumSurveyedNodes`` device nodes, and for metadata the whole
/// import refuses (its error then comes from the whole import, in its order).
enum GeteventSampleStream {
    static func open(path: String, options: ImportOptions) throws -> EvdevSampleStream<SpooledEvents>? {
        var log = GeteventImporter.Log(keeping: .survey)
        var comments = TouchBenchComments()
        guard let spool = try? ScratchSpool<SpooledEvent>() else { return nil }
        let lines = try ByteLines.Reader(path: path)
        while let line = try lines.next() {
            try GeteventImporter.readLine(line, number: lines.number, path: path, log: &log, comments: &comments)
            if let (event, node) = log.takeSurveyed() {
                // TouchBench writes its metadata before the first event: a log without it by
                // then is imported whole, without a survey of every line first.
                guard comments.metadata != nil else { return nil }
                try spool.append(SpooledEvent(event: event, device: node))
            }
            if log.tooManyNodes { return nil }
        }
        guard let restored = comments.metadata, restored.problem == nil else { return nil }
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
        let events = SpooledEvents(spool: try spool.reader(), device: eventNodes.firstIndex(of: node) ?? -1)
        return EvdevSampleStream(path: path, format: .getevent, metadata: restored, decoder: decoder, reader: events,
                                 markers: comments.markers)
    }

}
