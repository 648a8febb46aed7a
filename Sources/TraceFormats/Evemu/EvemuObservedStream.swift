import TouchInput
import TouchTrace

/// An evemu recording without a device description (none in it, none given or found beside
/// it; or `N:`, `I:` or `P:` lines alone) read as a stream of samples in two passes, never held
/// whole. Its device is what the events show (``EvdevRecording/declareObservedCodes()``), known
/// only after the last event, so the first pass reads every line as ``EvemuImporter`` does
/// (its errors, with the same words and lines, before any sample), observing the codes and
/// ranges and parking each event (24 bytes) in a scratch file (``ScratchSpool``); the events
/// are then decoded once from it, for the metadata and to check every sample, and again as
/// the stream (``EvdevSampleStream``). It yields the whole import's samples and metadata.
///
/// TouchBench's markers go back among the samples by time and, at one time, by their place
/// among the events, as the whole import puts them. ``open(path:options:)`` answers `nil` (the
/// caller imports the recording whole) for metadata the whole import refuses and for a sample
/// out of range: the whole import names such a sample by its number, so its error comes from
/// it, in its words.
enum EvemuObservedStream {
    static func open(path: String, options: ImportOptions) throws -> EvdevSampleStream? {
        guard let spool = try? ScratchSpool<SpooledEvent>() else { return nil }
        var reader = EvemuImporter.Reader()
        var observed = EvdevObservedCodes()
        let lines = try ByteLines.Reader(path: path, cutting: .evemu)
        // Markers with the number of events before each, as the whole import counts them
        // (the reader counts the events it keeps, and a stream keeps none).
        var markers: [(eventIndex: Int, sample: InputSample)] = []
        while let bytes = try lines.next() {
            guard let event = try reader.streamLine(bytes, number: lines.number, path: path) else {
                if let marker = reader.markers.popLast() { markers.append((spool.count, marker.sample)) }
                continue
            }
            observed.observe(event)
            try spool.append(SpooledEvent(event: event, device: 0))
        }
        // The device as the whole import makes it: what the lines named, and the codes and
        // ranges the events show.
        var device = reader.device
        observed.declare(into: &device)
        let extra = EvemuImporter.extra(version: reader.version, description: nil)
        var options = options
        if options.screen == nil, let restored = reader.touchBenchMetadata { options.screen = restored.screen }
        let mapping = EvdevMapping.choose(for: device, screen: options.screen, explicit: reader.mapping)
        let decoder = EvdevTraceDecoder(device: device, mapping: mapping, screen: options.screen)
        var survey = SpooledEvents(spool: try spool.reader(), device: 0)
        guard let metadata = try EvdevRecording.checkedMetadata(
            of: &survey, device: device, deviceIsObserved: true, mapping: mapping, decoder: decoder, source: "evemu",
            options: options, extra: extra, restored: reader.touchBenchMetadata,
            markers: markers.map(\.sample)) else { return nil }
        let events = SpooledEvents(spool: try spool.reader(), device: 0)
        return EvdevSampleStream(path: path, format: .evemu, metadata: metadata, decoder: decoder, reader: events, markers: markers,
                                 cutLine: lines.cutLine)
    }
}
