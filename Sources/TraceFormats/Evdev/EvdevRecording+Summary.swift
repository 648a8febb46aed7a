import TouchInput

extension EvdevRecording {
    /// Event times as a trace keeps them: relative to the first event, never stepping back
    /// (clocks of old recordings could). The one rule of the whole import, of the streamed
    /// imports and of their surveys.
    struct Clock: Sendable {
        /// The first event's time, which every time is taken from.
        private(set) var origin: Int64?
        private var previous: Int64 = 0
        /// Events whose time stepped back and was held at the one before.
        private(set) var regressions = 0

        @inline(__always)
        mutating func shift(_ event: inout EvdevEvent) {
            let origin = self.origin ?? event.time
            self.origin = origin
            event.time = event.time &- origin
            if event.time < previous {
                event.time = previous
                regressions += 1
            }
            previous = event.time
        }
    }

    /// The digitizer's rate as an import states it: the median interval between successive
    /// contact samples (of any contact, in time order) as a rate. Intervals are counted in a
    /// histogram, so memory is bounded by the distinct intervals (microsecond times: a few
    /// hundred in a real capture), not by the trace.
    struct DigitizerRate: Sendable {
        private var last: Int64?
        private var histogram: [Int64: Int] = [:]
        private var total = 0

        @inline(__always)
        mutating func add(_ sample: InputSample) {
            guard sample.kind.isContact else { return }
            if let last, sample.time > last {
                histogram[sample.time - last, default: 0] += 1
                total += 1
            }
            last = sample.time
        }

        /// Samples per second at the median interval (the element a sort would put at
        /// index count / 2), rounded to a whole rate from 10 Hz up (a digitizer's 120 Hz reads
        /// 120.005 from its microsecond times); `nil` without intervals. Slower rates (a finger
        /// held still sends nothing) are kept as they are: rounded, a median interval over 2 s
        /// gave 0, which no trace may declare, and the import was refused, and 2 s gave 1 Hz.
        var hertz: Double? {
            guard total > 0 else { return nil }
            let rank = total / 2
            var seen = 0
            for interval in histogram.keys.sorted() {
                seen += histogram[interval] ?? 0
                if seen > rank {
                    let rate = 1e9 / Double(interval)
                    return rate >= 10 ? rate.rounded() : rate
                }
            }
            return nil
        }
    }

    /// What only the decoded events tell, added to ``initialMetadata(device:deviceIsObserved:mapping:source:options:origin:extra:)``:
    /// the rate and the frame count, and what ``noteLosses(_:regressions:in:)`` keeps.
    static func complete(_ metadata: inout TraceMetadata, rate: DigitizerRate, statistics: EvdevDecoder.Statistics, regressions: Int) {
        metadata.digitizerHz = rate.hertz
        metadata.extra["evdev.frames"] = String(statistics.frames)
        noteLosses(statistics, regressions: regressions, in: &metadata)
    }

    /// Keeps in `metadata` what the decoding dropped, skipped, ignored or held, as every evdev
    /// import and `record` keep it, each key absent when nothing happened: `evdev.synDropped`
    /// (with `.discardedEvents` and `.firstTime`), `evdev.skippedKeyEvents`,
    /// `evdev.ignoredContacts`, and `evdev.timeRegressions` (events whose time went back,
    /// held at the time of the event before: ``Clock``).
    public static func noteLosses(_ statistics: EvdevDecoder.Statistics, regressions: Int, in metadata: inout TraceMetadata) {
        var info = metadata.extra
        if statistics.droppedFrames > 0 {
            info["evdev.synDropped"] = String(statistics.droppedFrames)
            info["evdev.synDropped.discardedEvents"] = String(statistics.discardedEvents)
            if let first = statistics.firstDropTime { info["evdev.synDropped.firstTime"] = String(first) }
        }
        if statistics.skippedKeyEvents > 0 { info["evdev.skippedKeyEvents"] = String(statistics.skippedKeyEvents) }
        if statistics.ignoredContacts > 0 { info["evdev.ignoredContacts"] = String(statistics.ignoredContacts) }
        if regressions > 0 { info["evdev.timeRegressions"] = String(regressions) }
        metadata.extra = info
    }
}

extension EvdevRecording {
    /// The metadata ``makeTrace(source:options:explicitMapping:markers:extra:)`` gives the
    /// events `reader` yields, found by decoding them once without keeping a sample: for a
    /// streamed import of a capture that does not state its own metadata.
    static func metadata(
        of reader: inout some EvdevEventReader, device: EvdevDevice, deviceIsObserved: Bool, mapping: EvdevMapping,
        decoder: EvdevTraceDecoder, source: String, options: ImportOptions, extra: [String: String]
    ) throws -> TraceMetadata {
        try survey(&reader, device: device, deviceIsObserved: deviceIsObserved, mapping: mapping, decoder: decoder, source: source,
                   options: options, extra: extra, checking: nil).metadata
    }

    /// As ``metadata(of:device:deviceIsObserved:mapping:decoder:source:options:extra:)`` (or
    /// `restored`, the metadata the file states), or `nil` when a sample or one of `markers`
    /// lies outside the model's ranges for that metadata's quanta: the whole import, which names such a sample
    /// by its number (``TraceFormat/importTrace(from:format:options:)``), must then read the
    /// file, so that a file streamed where it used to be read whole is refused in its words.
    static func checkedMetadata(
        of reader: inout some EvdevEventReader, device: EvdevDevice, deviceIsObserved: Bool, mapping: EvdevMapping,
        decoder: EvdevTraceDecoder, source: String, options: ImportOptions, extra: [String: String], restored: TraceMetadata?,
        markers: [InputSample]
    ) throws -> TraceMetadata? {
        // The quanta do not depend on the origin, which only the first event tells.
        let quanta = restored?.quanta ?? initialMetadata(device: device, deviceIsObserved: deviceIsObserved, mapping: mapping,
                                                         source: source, options: options, origin: 0).quanta
        let found = try survey(&reader, device: device, deviceIsObserved: deviceIsObserved, mapping: mapping, decoder: decoder,
                               source: source, options: options, extra: extra, checking: quanta)
        let metadata = restored ?? found.metadata
        let markersFit = markers.allSatisfy { SampleTime.isValid($0.time) && $0.problem(quanta: quanta) == nil }
        return found.refused || !markersFit || metadata.problem != nil ? nil : metadata
    }

    /// Decodes the events once, stopping at the first sample outside the ranges of `checking`
    /// (then `refused`; its metadata is not the file's).
    private static func survey(
        _ reader: inout some EvdevEventReader, device: EvdevDevice, deviceIsObserved: Bool, mapping: EvdevMapping,
        decoder: EvdevTraceDecoder, source: String, options: ImportOptions, extra: [String: String], checking: FieldQuanta?
    ) throws -> (metadata: TraceMetadata, refused: Bool) {
        var decoder = decoder
        var rate = DigitizerRate()
        var refused = false
        while !refused, let event = try reader.nextEvent() {
            decoder.feed(event) { sample in
                rate.add(sample)
                if let checking, sample.problem(quanta: checking) != nil { refused = true }
            }
        }
        var metadata = initialMetadata(device: device, deviceIsObserved: deviceIsObserved, mapping: mapping,
                                       source: source, options: options, origin: decoder.origin ?? 0, extra: extra)
        complete(&metadata, rate: rate, statistics: decoder.decoder.statistics, regressions: decoder.heldBackEvents)
        return (metadata, refused)
    }
}
