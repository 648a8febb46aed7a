import TouchInput

/// How an evdev text form renders a device and its events: the part the evemu, libinput
/// record and getevent exporters do not share.
protocol EvdevTextRenderer {
    /// The form it writes.
    static var format: TraceFormat { get }
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
/// bounded by a chunk of text whatever the trace's length. The samples are read twice: once
/// for the ``EvdevExportSurvey`` the header needs, then again to be written.
enum EvdevTextExport {
    static let chunkBytes = 1 << 18

    /// Writes `samples` (an array: both passes read it).
    @discardableResult
    static func run<R: EvdevTextRenderer>(
        _ renderer: inout R, metadata: TraceMetadata, samples: [InputSample],
        flush: (inout TextBuffer) throws -> Void
    ) throws -> EvdevEncoder.Losses {
        let survey = try EvdevExportSurvey(metadata: metadata, format: R.format, samples: samples)
        var iterator = samples.makeIterator()
        return try run(&renderer, metadata: metadata, survey: survey, next: { iterator.next() }, flush: flush)
    }

    /// Writes the samples `next` yields, which must be those `survey` was made from, in the
    /// same order; what the events could not carry.
    @discardableResult
    static func run<R: EvdevTextRenderer>(
        _ renderer: inout R, metadata: TraceMetadata, survey: EvdevExportSurvey,
        next: () throws -> InputSample?, flush: (inout TextBuffer) throws -> Void
    ) throws -> EvdevEncoder.Losses {
        // Before the first byte: the output keeps what it held (a file is written under a
        // temporary name), as for every other refusal of the survey.
        if let problem = survey.carriedSampleProblem { throw TraceFormatError(problem + ".") }
        let plan = EvdevExportPlan(metadata: metadata, survey: survey)
        var encoder = EvdevEncoder(plan: plan, screen: metadata.screen, highResolutionWheel: survey.highResolutionWheel)
        var out = TextBuffer(capacity: chunkBytes + 4096)
        let comments = TouchBenchComments(metadata: metadata, mapping: plan.mapping, markers: survey.markers)
        renderer.header(plan: plan, metadata: metadata, comments: comments, into: &out)
        if let first = survey.firstEventTime, first != 0 {
            // The importers count time from the first event: an empty frame marks zero.
            encoder.syn(at: 0)
            renderer.frame(encoder.events, into: &out)
            encoder.events.removeAll(keepingCapacity: true)
        }
        var frame: [(InputSample, Bool)] = []
        var ids = FrameContacts()
        var penLeaves = PenLeaves(survey.penLeaves)
        var index = 0
        var pending = try next()
        while let head = pending {
            let time = head.time
            if head.kind == .marker {
                renderer.marker(head, into: &out)
                index += 1
                pending = try next()
                continue
            }
            frame.removeAll(keepingCapacity: true)
            ids.removeAll()
            while let sample = pending, sample.time == time {
                // A marker ends the frame, so that it keeps its place among the samples.
                if sample.kind == .marker { break }
                if sample.kind.isContact {
                    let key = sample.contact.packed
                    if !ids.insert(key) { break }
                }
                frame.append((sample, sample.kind == .pencil && penLeaves.contains(index)))
                index += 1
                pending = try next()
            }
            try encoder.write(frame: frame, at: time)
            renderer.frame(encoder.events, into: &out)
            encoder.events.removeAll(keepingCapacity: true)
            if out.count >= chunkBytes { try flush(&out) }
        }
        guard index == survey.count else {
            throw TraceFormatError("the samples changed between the survey of the trace and its writing.")
        }
        renderer.footer(into: &out)
        try flush(&out)
        return encoder.losses
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
}

extension LineCursor {
    /// `EV_ABS / ABS_MT_POSITION_X 512` and the line feed: what evemu and libinput record write
    /// in the comment after an event.
    @inline(__always)
    mutating func appendEventNames(type: UnsafeRawBufferPointer, code: UnsafeRawBufferPointer, value: Int32) {
        append(bytes: type)
        append(" / ")
        append(bytes: code)
        append(byte: 0x20)
        append(decimal: Int64(value))
        append(byte: 0x0a)
    }
}

/// The contacts of the frame being gathered: a short array searched in place while the frame
/// is small (every frame of a real trace: a hand has five fingers), a set past that, so that a
/// hostile frame of thousands of contacts costs no more than before. The set hashed each
/// contact, which cost more per sample than writing its position.
struct FrameContacts {
    private static let arrayLimit = 16
    private var small: [UInt64] = []
    private var large = Set<UInt64>()

    /// Adds `key`; false when the frame already holds it.
    @inline(__always)
    mutating func insert(_ key: UInt64) -> Bool {
        if small.count < Self.arrayLimit {
            if small.contains(key) { return false }
            small.append(key)
            return true
        }
        if small.contains(key) { return false }
        return large.insert(key).inserted
    }

    mutating func removeAll() {
        small.removeAll(keepingCapacity: true)
        if !large.isEmpty { large.removeAll(keepingCapacity: true) }
    }
}
