import TouchInput

/// How an evdev text form renders a device and its events: the part the evemu, libinput
/// record and getevent exporters do not share.
protocol EvdevTextRenderer {
    /// The text before the first event: the device description and TouchBench's comments.
    mutating func header(plan: EvdevExportPlan, metadata: TraceMetadata, comments: TouchBenchComments, into out: inout TextBuffer)
    /// One frame of events (the last a `SYN_REPORT`), times relative to the trace start.
    mutating func frame(_ events: [EvdevEvent], into out: inout TextBuffer)
    /// A marker between frames, for forms that keep markers where they happen.
    mutating func marker(_ sample: InputSample, into out: inout TextBuffer)
    /// The text after the last event.
    mutating func footer(into out: inout TextBuffer)
}

/// Drives an ``EvdevTextRenderer``: groups samples into frames, encodes each as kernel
/// events, and hands the text to `flush` each time it exceeds a chunk, so that memory stays
/// bounded by a chunk of text whatever the trace's length.
enum EvdevTextExport {
    static let chunkBytes = 1 << 18

    static func run<R: EvdevTextRenderer>(
        _ renderer: inout R, metadata: TraceMetadata, samples: [InputSample],
        flush: (inout TextBuffer) throws -> Void
    ) throws {
        try checkTimes(metadata: metadata, samples: samples)
        let plan = EvdevExportPlan(metadata: metadata, samples: samples)
        var encoder = EvdevEncoder(plan: plan, screen: metadata.screen, samples: samples)
        var out = TextBuffer(capacity: chunkBytes + 4096)
        let comments = TouchBenchComments(metadata: metadata, mapping: plan.mapping, samples: samples)
        renderer.header(plan: plan, metadata: metadata, comments: comments, into: &out)
        if let first = samples.first(where: { $0.kind != .marker }), first.time != 0 {
            // The importers count time from the first event: an empty frame marks zero.
            encoder.syn(at: 0)
            renderer.frame(encoder.events, into: &out)
            encoder.events.removeAll(keepingCapacity: true)
        }
        var frame: [(InputSample, Bool)] = []
        var ids = Set<UInt64>()
        var index = 0
        var previousTime: Int64 = 0
        while index < samples.count {
            let time = samples[index].time
            guard time >= previousTime else {
                throw TraceFormatError("sample \(index + 1) is earlier than the one before it.")
            }
            previousTime = time
            if samples[index].kind == .marker {
                renderer.marker(samples[index], into: &out)
                index += 1
                continue
            }
            frame.removeAll(keepingCapacity: true)
            ids.removeAll(keepingCapacity: true)
            while index < samples.count, samples[index].time == time {
                let sample = samples[index]
                // A marker ends the frame, so that it keeps its place among the samples.
                if sample.kind == .marker { break }
                if sample.kind.isContact {
                    let key = UInt64(sample.kind.rawValue) << 32 | UInt64(sample.id)
                    if ids.contains(key) { break }
                    ids.insert(key)
                }
                frame.append((sample, sample.kind == .pencil && penLeaves(after: index, in: samples)))
                index += 1
            }
            try encoder.write(frame: frame, at: time)
            renderer.frame(encoder.events, into: &out)
            encoder.events.removeAll(keepingCapacity: true)
            if out.count >= chunkBytes { try flush(&out) }
        }
        renderer.footer(into: &out)
        try flush(&out)
    }

    /// Whether the pen of pencil sample `index` leaves proximity after it: it lifts and is
    /// not seen hovering or touching again under the same id.
    static func penLeaves(after index: Int, in samples: [InputSample]) -> Bool {
        let sample = samples[index]
        guard sample.kind == .pencil else { return false }
        if sample.phase == .hoverExited { return true }
        guard sample.phase.isTerminal else { return false }
        var next = index + 1
        while next < samples.count, samples[next].kind != .pencil { next += 1 }
        guard next < samples.count else { return true }
        return samples[next].id != sample.id || ![.hoverEntered, .hoverMoved, .began].contains(samples[next].phase)
    }

    /// The whole text as a string (for tests and small traces).
    static func string<R: EvdevTextRenderer>(_ renderer: inout R, metadata: TraceMetadata, samples: [InputSample]) throws -> String {
        var all: [UInt8] = []
        try run(&renderer, metadata: metadata, samples: samples) { buffer in
            all.append(contentsOf: buffer.bytes)
            buffer.removeAll()
        }
        return String(decoding: all, as: UTF8.self)
    }

    /// evdev timestamps are unsigned seconds counted from the trace's zero (the importers take
    /// the first event as zero), so a time before zero, or before 1970 once the epoch is added,
    /// cannot be written; nor can an epoch plus a time that overflows.
    private static func checkTimes(metadata: TraceMetadata, samples: [InputSample]) throws {
        let epoch = metadata.epochNanoseconds ?? 0
        guard epoch >= 0 else {
            throw TraceFormatError("the trace's epoch (\(epoch) ns) lies before 1970, which evdev timestamps cannot express.")
        }
        for sample in samples {
            guard sample.time >= 0 else {
                throw TraceFormatError("the trace has a sample at \(sample.time) ns, before its zero, which evdev timestamps cannot express.")
            }
            guard Checked.sum(epoch, sample.time) != nil else {
                throw TraceFormatError("the trace's epoch plus the sample time \(sample.time) ns overflows a timestamp.")
            }
        }
    }
}
