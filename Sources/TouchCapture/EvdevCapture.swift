import TouchInput
import TouchTrace
import TraceFormats

/// Captures a Linux input device into a `.touchtrace` file as its events arrive.
///
/// The input is an evdev node (`/dev/input/event5`: described through its ioctls and asked
/// for CLOCK_MONOTONIC timestamps), a FIFO or a regular file of `input_event` records (how
/// tests and replays drive it; those need an evemu description, since a file has no ioctls).
/// Events go through the same ``EvdevDecoder`` and mapping as the importers, so a capture and
/// an import of the same events give the same samples, times relative to the first event.
///
/// The trace is written as it goes with each chunk forced to storage, and the chunk being
/// filled is also written whenever input pauses, so that a capture killed outright loses at
/// most what arrived since the last pause or full chunk; ``run(shouldStop:progress:)``
/// returning (stopped, duration reached, or end of input) finishes the file with its index.
public final class EvdevCapture {
    /// What the caller chooses.
    public struct Options: Sendable {
        /// An evemu description of the device; required for files and FIFOs, and used
        /// instead of the ioctls for a live node when given.
        public var descriptionPath: String?
        /// The screen onto which units map when the device declares no resolution.
        public var screen: TraceMetadata.Screen?
        /// Wall-clock nanoseconds after which the capture ends by itself.
        public var duration: Int64?
        /// How long input must pause before the chunk being filled is written.
        public var idleFlushInterval: Int64 = 500_000_000
        /// How long one wait for input lasts, so that a stop request is seen within it.
        public var pollIntervalMilliseconds: Int32 = 100
        /// Whether the records of a FIFO or file carry CLOCK_MONOTONIC times of this machine
        /// (a feeder that stamps them so), as a live node's do: it makes the delivery latency
        /// measurable and the epoch known.
        public var timestampsAreMonotonic = false
        /// How the trace is written; live capture forces each chunk to storage.
        public var writer: TraceWriter.Options = {
            var options = TraceWriter.Options()
            options.synchronizesEachChunk = true
            options.writesNewFileInPlace = true
            return options
        }()

        /// Options with a description, a screen and a duration; the rest keep their defaults.
        public init(descriptionPath: String? = nil, screen: TraceMetadata.Screen? = nil, duration: Int64? = nil) {
            self.descriptionPath = descriptionPath
            self.screen = screen
            self.duration = duration
        }
    }

    /// Counts of what was captured.
    public struct Statistics: Sendable, Hashable {
        /// Kernel events read.
        public var events = 0
        /// Samples written.
        public var samples = 0
        /// `SYN_REPORT` frames decoded.
        public var frames = 0
        /// `SYN_DROPPED` events: the kernel's buffer overflowed because reading fell behind
        /// (the finished file keeps the count as the imports do, `evdev.synDropped`).
        public var droppedFrames = 0
        /// Events whose time went back (wall-clock stamps); they were given the previous time
        /// (``EvdevTraceDecoder/heldBackEvents``, as the imports hold them), and the finished
        /// file's metadata counts them as the imports' do (`evdev.timeRegressions`).
        public var timeRegressions = 0
        /// Wall-clock time spent decoding and writing, from each read's return to the last
        /// sample of its batch being handed to the writer.
        public var processingNanoseconds: Int64 = 0

        /// Events whose delivery latency was measured (monotonic timestamps only).
        public var latencyCount = 0
        /// Sum and maximum of the delivery latency: from the kernel's timestamp of an event to
        /// the return of the read that delivered it.
        public var latencyTotalNanoseconds: Int64 = 0
        public var latencyMaximumNanoseconds: Int64 = 0

        /// The mean delivery latency, when timestamps were monotonic.
        public var meanLatencyNanoseconds: Double? {
            latencyCount > 0 ? Double(latencyTotalNanoseconds) / Double(latencyCount) : nil
        }

        /// The average cost of one event between the read and the writer, in nanoseconds.
        public var nanosecondsPerEvent: Double? {
            events > 0 ? Double(processingNanoseconds) / Double(events) : nil
        }
    }

    /// Why a capture ended.
    public enum Ending: Sendable, Hashable {
        /// `shouldStop` said so (Ctrl-C, SIGTERM).
        case stopped
        /// ``Options/duration`` passed.
        case durationReached
        /// The file ended, or the FIFO's writer closed it.
        case endOfInput
    }

    /// What a finished capture did.
    public struct Result: Sendable, Hashable {
        /// Counts and costs of the capture.
        public var statistics: Statistics
        /// Why it ended.
        public var ending: Ending
        /// What the finished file holds.
        public var trace: TraceWriter.Summary
    }

    /// The device, as its ioctls or its description declare it.
    public let device: EvdevDevice
    /// How its units become points.
    public let mapping: EvdevMapping
    /// Whether the input is a live device node (rather than a file or FIFO of records).
    public var isLive: Bool { source.kind == .device }
    /// Whether event times come from CLOCK_MONOTONIC (a live node that accepted EVIOCSCLOCKID,
    /// or a feeder declared by ``Options/timestampsAreMonotonic``).
    public let usesMonotonicClock: Bool
    /// The `.touchtrace` file being written.
    public let outputPath: String

    private let options: Options
    private let source: EvdevEventSource
    /// Wall clock minus monotonic clock when the capture started: the epoch of monotonic stamps.
    private let wallClockOffset: Int64

    /// Opens the input, learns its device, and checks that `output` can be created.
    public init(input: String, output: String, options: Options = Options()) throws {
        let source = try EvdevEventSource(path: input)
        if let description = options.descriptionPath {
            var device = try EvemuImporter.readDescription(contentsOf: description)
            if source.kind == .device { device.node = input }
            self.device = device
        } else if source.kind == .device {
            device = try source.describeDevice()
        } else {
            throw EvdevCaptureError(.unsupported, path: input,
                                    reason: "is a file, not a device, so it cannot describe itself; give its evemu description with --desc")
        }
        self.source = source
        self.options = options
        outputPath = output
        mapping = EvdevMapping.choose(for: device, screen: options.screen)
        usesMonotonicClock = source.useMonotonicClock() || (source.kind != .device && options.timestampsAreMonotonic)
        wallClockOffset = SystemCall.wallClockNanoseconds() - SystemCall.monotonicNanoseconds()
        // Fail now rather than at the first touch. The probe is a temporary file beside the
        // output, removed unfinished, so an existing output stays untouched until the end.
        _ = try SystemFile.create(output)
    }

    /// Reads, decodes and writes until `shouldStop` says so, the duration passes or the input
    /// ends; then finishes the file. `progress` is called about ten times a second.
    ///
    /// An input that fails mid-way (a malformed record, an unplugged device) still leaves a
    /// finished file of what came before; the error then says so.
    public func run(shouldStop: () -> Bool, progress: (Statistics) -> Void = { _ in }) throws -> Result {
        var session = Session(capture: self)
        let start = SystemCall.monotonicNanoseconds()
        var lastProgress = start
        var lastInput = start
        var events: [EvdevEvent] = []
        var ending = Ending.endOfInput
        do {
            loop: while true {
                if shouldStop() {
                    try drain(into: &session)
                    ending = .stopped
                    break loop
                }
                let now = SystemCall.monotonicNanoseconds()
                if let duration = options.duration, now - start >= duration {
                    ending = .durationReached
                    break loop
                }
                events.removeAll(keepingCapacity: true)
                switch try source.read(timeout: options.pollIntervalMilliseconds, into: &events) {
                case .end: break loop
                case .events:
                    try session.consume(events)
                    lastInput = SystemCall.monotonicNanoseconds()
                case .idle:
                    if now - lastInput >= options.idleFlushInterval { try session.flush() }
                }
                if now - lastProgress >= 100_000_000 {
                    progress(session.statistics)
                    lastProgress = now
                }
            }
        } catch let error as EvdevCaptureError {
            // Recorded data is never lost: samples captured before the failure are kept; a
            // capture that failed before its first sample writes nothing, so the previous
            // output (if any) stays as it was.
            var kept = error
            if session.statistics.samples == 0 {
                session.abandon()
                kept.reason += "; no sample was captured, so \(outputPath) was not written"
            } else {
                let trace = try session.finish()
                kept.reason += "; the \(trace.sampleCount) samples captured before it are kept in \(outputPath)"
            }
            throw kept
        }
        // As every import refuses a non-empty file that yields nothing (issue 15): records
        // that decode into no sample (a slot beyond the limit, a wrong description) are not
        // a capture, and leave the previous output as it was. A live device may be stopped
        // before it is touched.
        // An input with no record at all is no capture either (an empty file replaced the
        // previous output with an empty trace: hostile report 17).
        if ending == .endOfInput, !isLive, session.statistics.samples == 0 {
            session.abandon()
            if session.statistics.events == 0 {
                throw EvdevCaptureError(.malformed, path: source.path, reason: "holds no input_event records (\(outputPath) was not written)")
            }
            throw EvdevCaptureError(.malformed, path: source.path, reason: EvdevTraceDecoder.noSamplesProblem(form: "input_event records")
                + " (\(session.statistics.events) records, \(session.statistics.frames) frames; \(outputPath) was not written)")
        }
        let trace = try session.finish()
        progress(session.statistics)
        return Result(statistics: session.statistics, ending: ending, trace: trace)
    }

    /// Reads what is already waiting (a stop must not lose events the kernel has delivered).
    private func drain(into session: inout Session) throws {
        var events: [EvdevEvent] = []
        for _ in 0..<1024 {
            events.removeAll(keepingCapacity: true)
            guard try source.read(timeout: 0, into: &events) == .events else { return }
            try session.consume(events)
        }
    }

    /// The metadata of a trace whose first event is at `origin`.
    fileprivate func metadata(origin: Int64) -> TraceMetadata {
        var extra: [String: String] = [:]
        extra["capture.input"] = isLive ? "device" : (source.kind == .file ? "file" : "stream")
        extra["capture.clock"] = usesMonotonicClock ? "monotonic" : (isLive ? "realtime" : "as recorded")
        if let description = options.descriptionPath { extra["capture.description"] = description }
        var metadata = EvdevRecording.initialMetadata(
            device: device, deviceIsObserved: false, mapping: mapping, source: "evdev",
            options: ImportOptions(descriptionPath: options.descriptionPath, screen: options.screen),
            origin: origin, extra: extra)
        if usesMonotonicClock { metadata.epochNanoseconds = wallClockOffset + origin }
        return metadata
    }

    /// The decoder and the writer; the writer is created at the first event, whose time is
    /// the trace's origin and (for wall-clock or monotonic stamps) its epoch.
    private struct Session {
        let capture: EvdevCapture
        var decoder: EvdevTraceDecoder
        var writer: TraceWriter?
        var statistics = Statistics()
        var samples: [InputSample] = []
        /// The trace's quanta, which bound the ranges a sample is checked against.
        let quanta: FieldQuanta

        init(capture: EvdevCapture) {
            self.capture = capture
            quanta = capture.metadata(origin: 0).quanta
            decoder = EvdevTraceDecoder(device: capture.device, mapping: capture.mapping, screen: capture.options.screen)
        }

        mutating func consume(_ events: [EvdevEvent]) throws {
            guard let first = events.first else { return }
            let started = SystemCall.monotonicNanoseconds()
            let writer = try self.writer ?? {
                let created = try TraceWriter(path: capture.outputPath, metadata: capture.metadata(origin: first.time),
                                              options: capture.options.writer)
                self.writer = created
                return created
            }()
            samples.removeAll(keepingCapacity: true)
            if capture.usesMonotonicClock {
                for event in events {
                    let latency = started - event.time
                    statistics.latencyCount += 1
                    statistics.latencyTotalNanoseconds += latency
                    statistics.latencyMaximumNanoseconds = Swift.max(statistics.latencyMaximumNanoseconds, latency)
                }
            }
            // The imports' decoding and checks (a wall clock stepping back is held, a sample
            // outside the model's ranges refused), so record and convert agree on the same events.
            for (index, event) in events.enumerated() {
                let before = samples.count
                decoder.feed(event) { samples.append($0) }
                for sample in samples[before...] {
                    if let problem = EvdevTraceDecoder.problem(sample, quanta: quanta) {
                        try writer.append(contentsOf: samples[..<before])
                        statistics.samples += before
                        throw EvdevCaptureError(.malformed, path: capture.source.path,
                                                offset: (statistics.events + index) * EvdevInputRecord.size, reason: problem)
                    }
                }
            }
            try writer.append(contentsOf: samples)
            statistics.events += events.count
            statistics.samples += samples.count
            statistics.timeRegressions = decoder.heldBackEvents
            statistics.frames = decoder.decoder.statistics.frames
            statistics.droppedFrames = decoder.decoder.statistics.droppedFrames
            statistics.processingNanoseconds += SystemCall.monotonicNanoseconds() - started
        }

        func flush() throws {
            try writer?.flush()
        }

        /// Removes what was written, leaving the output's previous file as it was.
        mutating func abandon() {
            writer?.abandon()
            writer = nil
        }

        /// Finishes the file; a capture that saw no event still leaves a valid, empty trace.
        /// The metadata then says what the imports of the same events say that only the end
        /// tells: events held because their time went back, and frames the kernel dropped, key
        /// events skipped and contacts ignored (the file is written anew for any of them).
        mutating func finish() throws -> TraceWriter.Summary {
            let writer = try self.writer ?? TraceWriter(path: capture.outputPath, metadata: capture.metadata(origin: 0),
                                                        options: capture.options.writer)
            self.writer = nil
            var metadata = writer.metadata
            EvdevRecording.noteLosses(decoder.decoder.statistics, regressions: statistics.timeRegressions, in: &metadata)
            return try writer.finish(metadata: metadata)
        }
    }
}
