import TouchInput

/// A recording of one evdev device: its description and its events with their original
/// timestamps. evemu, libinput record and getevent importers all produce one and let it
/// make the trace, so that every evdev source is decoded and described the same way.
public struct EvdevRecording: Sendable {
    /// The device description, declared or observed.
    public var device: EvdevDevice
    /// Events with timestamps as recorded (nanoseconds; absolute or relative).
    public var events: [EvdevEvent]
    /// Whether ``device`` was declared by the source or built from the events observed.
    public var deviceIsObserved: Bool

    public init(device: EvdevDevice, events: [EvdevEvent], deviceIsObserved: Bool = false) {
        self.device = device
        self.events = events
        self.deviceIsObserved = deviceIsObserved
    }

    /// Timestamps from this many seconds on are wall-clock (since 1970) rather than
    /// relative to the start of a recording or to boot.
    static let epochThresholdSeconds: Int64 = 100_000_000

    /// Fills in the codes and axis ranges the events show (minimum 0 or the smallest value
    /// seen, maximum the largest), for sources that carry no description.
    public mutating func declareObservedCodes() {
        var observed = EvdevObservedCodes()
        for event in events { observed.observe(event) }
        observed.declare(into: &device)
        deviceIsObserved = true
    }

    /// Decodes the events into a trace. Times become relative to the first event; when they
    /// were wall-clock times the first one becomes the metadata epoch.
    /// `markers` (with the number of events before each) are merged among the samples by time.
    public func makeTrace(source: String, options: ImportOptions, explicitMapping: EvdevMapping? = nil,
                          markers: [(eventIndex: Int, sample: InputSample)] = [],
                          extra: [String: String] = [:]) -> ImportedTrace {
        let mapping = EvdevMapping.choose(for: device, screen: options.screen, explicit: explicitMapping)
        var decoder = EvdevTraceDecoder(device: device, mapping: mapping, screen: options.screen)
        var samples: [InputSample] = []
        var rate = DigitizerRate()
        var nextMarker = 0
        for (index, event) in events.enumerated() {
            decoder.feed(event) { sample in
                // Markers go back where they were written (``precedes(_:_:decodedAt:)``).
                while nextMarker < markers.count, Self.precedes(markers[nextMarker], sample, decodedAt: index) {
                    samples.append(markers[nextMarker].sample)
                    nextMarker += 1
                }
                samples.append(sample)
                rate.add(sample)
            }
        }
        samples.append(contentsOf: markers[nextMarker...].map(\.sample))

        var metadata = Self.initialMetadata(device: device, deviceIsObserved: deviceIsObserved, mapping: mapping,
                                            source: source, options: options, origin: events.first?.time ?? 0, extra: extra)
        Self.complete(&metadata, rate: rate, statistics: decoder.decoder.statistics, regressions: decoder.heldBackEvents)
        var trace = ImportedTrace(metadata: metadata, samples: samples)
        trace.heldBackEvents = decoder.heldBackEvents
        return trace
    }

    /// Markers go back among the samples where they were written, unless that breaks time
    /// order: events carry microseconds and markers nanoseconds, so a marker written before a
    /// frame can be later than the frame's rounded time. One linear merge by time as the
    /// samples are decoded, ties broken by the place in the file:
    /// whether `marker` goes before `sample`, decoded at event `decodedAt`: it is earlier, or
    /// at the same time and written before that event.
    @inline(__always)
    static func precedes(_ marker: (eventIndex: Int, sample: InputSample), _ sample: InputSample, decodedAt: Int) -> Bool {
        marker.sample.time < sample.time || (marker.sample.time == sample.time && marker.eventIndex <= decodedAt)
    }

    /// What a trace of `device` says about itself before any event is decoded: the device,
    /// the mapping, the quanta and (when `origin` is a wall-clock time) the epoch. Live
    /// capture writes this as the file header (and adds what the decoding lost or held once it
    /// ends, ``noteLosses(_:regressions:in:)``); ``makeTrace(source:options:explicitMapping:markers:extra:)``
    /// adds what only the decoded events tell (rate, frame and drop counts).
    public static func initialMetadata(
        device: EvdevDevice, deviceIsObserved: Bool, mapping: EvdevMapping, source: String,
        options: ImportOptions, origin: Int64, extra: [String: String] = [:]
    ) -> TraceMetadata {
        var metadata = TraceMetadata(device: device.name, source: source)
        metadata.screen = options.screen ?? screen(of: device, observed: deviceIsObserved, mapping: mapping)
        if origin >= Self.epochThresholdSeconds * 1_000_000_000 { metadata.epochNanoseconds = origin }
        var quanta = FieldQuanta.standard
        quanta.position = mapping.positionQuantum
        // Radii are half a touch-major unit of the x axis, a multiple of half the position quantum.
        quanta.radius = mapping.positionQuantum / 2
        if let pressure = device.axes[EvdevCode.absMTPressure] ?? device.axes[EvdevCode.absPressure] {
            metadata.forceMaximum = Double(pressure.maximum)
            if pressure.span > 0 && pressure.span <= 1 << 24 { quanta.force = 1 / Double(pressure.span) }
        }
        metadata.quanta = quanta
        var info = extra
        device.record(into: &info)
        mapping.record(into: &info)
        info["evdev.description"] = deviceIsObserved ? "observed" : "declared"
        metadata.extra = info
        return metadata
    }

    /// The screen a direct device covers, in points.
    private static func screen(of device: EvdevDevice, observed: Bool, mapping: EvdevMapping) -> TraceMetadata.Screen? {
        guard device.isDirect, mapping.method != .identity || !observed else { return nil }
        let mt = device.axes[EvdevCode.absMTPositionX] != nil
        guard let ax = device.axes[mt ? EvdevCode.absMTPositionX : EvdevCode.absX],
              let ay = device.axes[mt ? EvdevCode.absMTPositionY : EvdevCode.absY] else { return nil }
        return TraceMetadata.Screen(width: Double(ax.span + 1) * mapping.scaleX, height: Double(ay.span + 1) * mapping.scaleY)
    }
}
