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
/// A log TouchBench wrote carries its metadata in a comment. A device's own capture (`adb shell
/// getevent -lt`) does not: the whole import's metadata (the rate, the frame counts) is known
/// only after the last event, so the chosen device's events are decoded once from the scratch
/// file for it before they are decoded again as the stream. ``open(path:options:)`` answers
/// `nil` (the caller imports the log whole) for one with more than
/// ``GeteventImporter/Log/maximumSurveyedNodes`` device nodes, for TouchBench's markers or
/// mapping without its metadata, and for metadata the whole import refuses (its error then
/// comes from the whole import, in its order).
enum GeteventSampleStream {
    static func open(path: String, options: ImportOptions) throws -> EvdevSampleStream? {
        var log = GeteventImporter.Log(keeping: .survey)
        var comments = TouchBenchComments()
        guard let spool = try? ScratchSpool<SpooledEvent>() else { return nil }
        let lines = try ByteLines.Reader(path: path, cutting: .getevent)
        while let line = try lines.next() {
            try GeteventImporter.readLine(line, number: lines.number, path: path, log: &log, comments: &comments)
            if let (event, node) = log.takeSurveyed() { try spool.append(SpooledEvent(event: event, device: node)) }
            if log.tooManyNodes { return nil }
        }
        if let restored = comments.metadata {
            guard restored.problem == nil else { return nil }
        } else if !comments.markers.isEmpty || comments.mapping != nil {
            return nil
        }
        let eventNodes = log.eventNodes
        let nodes = Array(Set(eventNodes).union(log.devices.keys)).sorted()
        let candidates = nodes.map { node in
            let counts = eventNodes.firstIndex(of: node).map { log.surveys[$0].counts } ?? EvdevDeviceChoice.Counts()
            return EvdevDeviceChoice.Candidate(node: node, name: log.devices[node]?.name ?? "", eventCount: counts.events,
                                               touchCount: counts.touch, penCount: counts.pen)
        }
        let node: String
        do {
            node = nodes[try EvdevDeviceChoice.choose(candidates, wanted: options.device, cutLine: lines.cutLine)]
        } catch let error as TraceFormatError {
            throw error.inFile(path)
        }
        // The device as the whole import makes it (``EvdevRecording/declareObservedCodes()``).
        var device = log.devices[node] ?? EvdevDevice(name: node)
        if device.name.isEmpty { device.name = node }
        let declared = !device.axes.isEmpty
        let index = eventNodes.firstIndex(of: node)
        if let index { log.surveys[index].observed.declare(into: &device) }
        let screen = options.screen ?? comments.metadata?.screen
        let mapping = EvdevMapping.choose(for: device, screen: screen, explicit: comments.mapping)
        let decoder = EvdevTraceDecoder(device: device, mapping: mapping, screen: screen)
        let metadata: TraceMetadata
        if let restored = comments.metadata {
            metadata = restored
        } else {
            // As ``GeteventImporter`` describes a log of its own.
            var extra = ["getevent.form": log.labelled ? "labelled (-lt)" : "raw (-t)"]
            if !node.isEmpty { extra["getevent.device"] = node }
            if !declared { extra["evdev.axisRanges"] = "observed (no -p axis information in the log)" }
            var survey = SpooledEvents(spool: try spool.reader(), device: index ?? -1)
            metadata = try EvdevRecording.metadata(of: &survey, device: device, deviceIsObserved: !declared, mapping: mapping,
                                                   decoder: decoder, source: "getevent", options: options, extra: extra)
        }
        let events = SpooledEvents(spool: try spool.reader(), device: index ?? -1)
        return EvdevSampleStream(path: path, format: .getevent, metadata: metadata, decoder: decoder, reader: events,
                                 markers: comments.markers, cutLine: lines.cutLine)
    }
}
