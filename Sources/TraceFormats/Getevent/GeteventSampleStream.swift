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
/// file for it before they are decoded again as the stream. A log of many device nodes keeps
/// counts per node; the codes and ranges of a node after the first
/// ``GeteventImporter/Log/maximumObservedNodes`` are observed from the scratch file once it
/// is chosen, and its events are decoded once, checked, before the stream (such a log was read
/// whole before, which names a sample out of range by its number). ``open(path:options:)``
/// answers `nil` (the caller imports the log whole) for TouchBench's markers or mapping
/// without its metadata, for metadata the whole import refuses, and for a log of many nodes
/// with a sample out of range (its error then comes from the whole import, in its order).
enum GeteventSampleStream {
    static func open(path: String, options: ImportOptions) throws -> EvdevSampleStream? {
        var log = GeteventImporter.Log(keeping: .survey)
        var comments = TouchBenchComments()
        guard let spool = try? ScratchSpool<SpooledEvent>() else { return nil }
        let lines = try ByteLines.Reader(path: path, cutting: .getevent)
        while let line = try lines.next() {
            try GeteventImporter.readLine(line, number: lines.number, path: path, log: &log, comments: &comments)
            if let (event, node) = log.takeSurveyed() { try spool.append(SpooledEvent(event: event, device: node)) }
        }
        if let restored = comments.metadata {
            guard restored.problem == nil else { return nil }
        } else if !comments.markers.isEmpty || comments.mapping != nil {
            return nil
        }
        let eventNodes = log.eventNodes
        let nodes = Array(Set(eventNodes).union(log.devices.keys)).sorted()
        let candidates = nodes.map { node in
            let counts = log.index(ofNode: node).map { log.counts(ofNode: $0) } ?? EvdevDeviceChoice.Counts()
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
        let index = log.index(ofNode: node)
        if let index {
            let observed = try log.observedCodes(ofNode: index) ?? Self.observedCodes(in: spool, device: index)
            observed.declare(into: &device)
        }
        let screen = options.screen ?? comments.metadata?.screen
        let mapping = EvdevMapping.choose(for: device, screen: screen, explicit: comments.mapping)
        let decoder = EvdevTraceDecoder(device: device, mapping: mapping, screen: screen)
        // As ``GeteventImporter`` describes a log of its own.
        var extra = ["getevent.form": log.labelled ? "labelled (-lt)" : "raw (-t)"]
        if !node.isEmpty { extra["getevent.device"] = node }
        if !declared { extra["evdev.axisRanges"] = "observed (no -p axis information in the log)" }
        var survey = SpooledEvents(spool: try spool.reader(), device: index ?? -1)
        let metadata: TraceMetadata
        if eventNodes.count > GeteventImporter.Log.maximumObservedNodes {
            guard let checked = try EvdevRecording.checkedMetadata(
                of: &survey, device: device, deviceIsObserved: !declared, mapping: mapping, decoder: decoder, source: "getevent",
                options: options, extra: extra, restored: comments.metadata, markers: comments.markers) else { return nil }
            metadata = checked
        } else if let restored = comments.metadata {
            metadata = restored
        } else {
            metadata = try EvdevRecording.metadata(of: &survey, device: device, deviceIsObserved: !declared, mapping: mapping,
                                                   decoder: decoder, source: "getevent", options: options, extra: extra)
        }
        // Metadata out of range (a --screen far too small for the device) is the whole
        // import's to name, as for every form.
        guard metadata.problem == nil else { return nil }
        let events = SpooledEvents(spool: try spool.reader(), device: index ?? -1)
        return EvdevSampleStream(path: path, format: .getevent, metadata: metadata, decoder: decoder, reader: events,
                                 markers: comments.headerMarkers, cutLine: lines.cutLine)
    }

    /// The codes and ranges of one device's events, read back from the spool.
    private static func observedCodes(in spool: ScratchSpool<SpooledEvent>, device: Int) throws -> EvdevObservedCodes {
        var observed = EvdevObservedCodes()
        var events = SpooledEvents(spool: try spool.reader(), device: device)
        while let event = try events.nextEvent() { observed.observe(event) }
        return observed
    }
}
