import TouchBenchSupport
import TouchInput

/// What an evdev export must know of the whole trace before it writes its first line,
/// gathered in one pass as the samples arrive: the device description is derived from every
/// contact (ranges, concurrent fingers, pressure, tilt, keys), the header lists the markers,
/// and whether a pen leaves proximity after a lift depends on the next pencil sample. With
/// it the text is written in a second pass over the same samples, so that neither pass holds
/// the trace (``ExportingSink`` parks the samples on disk in between).
///
/// It also refuses what evdev timestamps cannot express, before anything is written: a time
/// before the trace's zero, an epoch before 1970, an epoch plus a time that overflows, and
/// samples out of time order; and a metadata comment or a marker line longer than the
/// importers' line limit (``ExportLimits``), which would write a file touchbench cannot read back.
struct EvdevExportSurvey {
    private let epoch: Int64
    private let format: TraceFormat
    /// Samples seen, markers included (the index the write pass counts).
    private(set) var count = 0
    /// The kinds of the samples seen.
    var kinds: Set<SampleKind> { Set(SampleKind.allCases.filter { kindBits & 1 << $0.rawValue != 0 }) }
    /// One bit per kind seen, by raw value (a set hashed each sample's kind).
    private var kindBits: UInt32 = 0
    /// The time of the first sample that is not a marker.
    private(set) var firstEventTime: Int64?
    /// The extent of touch and pencil positions, from the origin and at least 1 × 1 point.
    private(set) var minX = 0.0, minY = 0.0, maxX = 1.0, maxY = 1.0
    /// The most touches down at once (at least 1, at most the decoder's contact limit).
    var maximumConcurrentTouches: Int { Swift.min(mostTouches, EvdevDecoder.contactLimit) }
    private(set) var largestTouchID: UInt32 = 0
    private(set) var touchHasForce = false
    private(set) var largestTouchRadius: Double?
    private(set) var pencilHasForce = false
    private(set) var pencilHasAltitude = false
    /// The key codes the key samples use.
    private(set) var keyCodes: Set<UInt16> = []
    /// Whether a scroll moves by fractions of a wheel detent (written as high-resolution wheel events).
    private(set) var highResolutionWheel = false
    private(set) var markers: [InputSample] = []
    /// The indices of the pencil samples after which the pen leaves proximity: a hover exit,
    /// or a lift not followed by the same pen hovering or touching again; in increasing order
    /// (each is the pencil sample before the one being added, or that one), so that the write
    /// pass finds them with a cursor (``PenLeaves``) rather than a set.
    private(set) var penLeaves: [Int] = []

    /// Whether a sample other than a marker writes events that read back as a sample: a
    /// touch in contact (a touch hover writes none), a pencil, a pointer, a key with a Linux
    /// key code, a scroll step of at least one wheel unit.
    private(set) var carriesSample = false

    /// The latest epoch plus event time that, rounded to the microsecond as the evdev forms
    /// write it, stays within ``EvdevEvent/latestTime``.
    static let latestEventTime = EvdevEvent.latestTime / 1000 * 1000 + 499

    private var liveTouches = ContactIDs()
    private var mostTouches = 1
    private var lift: (index: Int, id: UInt32)?
    private var previousTime: Int64 = 0

    /// The survey of a trace described by `metadata`, written as `format`.
    init(metadata: TraceMetadata, format: TraceFormat) throws {
        epoch = metadata.epochNanoseconds ?? 0
        self.format = format
        guard epoch >= 0 else {
            throw TraceFormatError("the trace's epoch (\(epoch) ns) lies before 1970, which evdev timestamps cannot express.")
        }
        if let problem = ExportLimits.metadataProblem(metadata, form: .foreign(format)) { throw TraceFormatError("the trace's " + problem.dropFirst("its ".count) + ".") }
    }

    /// The survey of a whole array of samples.
    init(metadata: TraceMetadata, format: TraceFormat, samples: [InputSample]) throws {
        try self.init(metadata: metadata, format: format)
        for sample in samples { try add(sample) }
        finish()
    }

    mutating func add(_ sample: InputSample) throws {
        let index = count
        count += 1
        guard sample.time >= 0 else {
            throw TraceFormatError("the trace has a sample at \(sample.time) ns, before its zero, which evdev timestamps cannot express.")
        }
        guard let absolute = Checked.sum(epoch, sample.time), absolute <= EvdevEvent.latestTime else {
            // A later time would be written, and refused by the evdev importers (±(2^62 − 1) ns).
            throw TraceFormatError("the trace's epoch plus the sample time \(sample.time) ns lies beyond 2^62 − 1 ns, which evdev imports refuse.")
        }
        if sample.kind != .marker, absolute > Self.latestEventTime {
            // Events are written to the microsecond, rounded: 2^62 − 1 ns became
            // 4611686018.427388 s, which the importers refuse (markers keep their nanoseconds).
            throw TraceFormatError("the trace's epoch plus the time of sample \(count), \(sample.time) ns, rounded to the microsecond \(format.rawValue) writes, lies beyond 2^62 − 1 ns, which evdev imports refuse.")
        }
        guard sample.time >= previousTime else { throw TraceFormatError("sample \(index + 1) is earlier than the one before it.") }
        previousTime = sample.time
        kindBits |= 1 << sample.kind.rawValue
        if let problem = ExportLimits.sampleProblem(sample, number: count, form: .foreign(format)) {
            throw TraceFormatError(problem + ".")
        }
        switch sample.kind {
        case .marker:
            markers.append(sample)
            return
        case .touch:
            if sample.phase.isInContact { carriesSample = true }
            addContact(sample)
            if sample.phase.isTerminal || sample.phase == .hoverExited { liveTouches.remove(sample.id) } else { liveTouches.insert(sample.id) }
            mostTouches = Swift.max(mostTouches, liveTouches.count)
            largestTouchID = Swift.max(largestTouchID, sample.id)
            if sample.force != nil { touchHasForce = true }
            if let radius = sample.majorRadius { largestTouchRadius = Swift.max(largestTouchRadius ?? radius, radius) }
        case .pencil:
            carriesSample = true
            addContact(sample)
            if sample.force != nil { pencilHasForce = true }
            if sample.altitude != nil { pencilHasAltitude = true }
            addPencilPhase(sample, at: index)
        case .key:
            if let usage = sample.key, let code = EvdevKeyUsage.keyCode(forUsage: usage) {
                keyCodes.insert(code)
                carriesSample = true
            }
        case .scroll:
            if !carriesSample, let delta = sample.scrollDelta, EvdevEncoder.isWritable(scroll: delta) { carriesSample = true }
            if !highResolutionWheel, let delta = sample.scrollDelta {
                let dx = delta.dx / EvdevDecoder.wheelDetentPoints, dy = delta.dy / EvdevDecoder.wheelDetentPoints
                highResolutionWheel = dx != dx.rounded() || dy != dy.rounded()
            }
        case .pointer:
            carriesSample = true
        }
        if firstEventTime == nil { firstEventTime = sample.time }
    }

    /// Why the file would be one touchbench cannot read back, for want of a sample the form
    /// can carry (hostile report 4, finding 10), or `nil`: the libinput record and getevent
    /// imports need an event and a sample or marker (their markers are header comments), the
    /// evemu import a sample or a marker. An empty trace is refused before (``ExportLimits``).
    var carriedSampleProblem: String? {
        guard count > 0, !carriesSample else { return nil }
        if !markers.isEmpty, format == .evemu || firstEventTime != nil { return nil }
        return "the trace has no sample that \(format.rawValue) can carry (markers alone, keys without a Linux key code, touch hovers and scroll steps under a wheel unit write no input event), so touchbench could not read the file back; none is written"
    }

    /// Settles what only the end of the trace tells: a pen lifted for the last time leaves.
    mutating func finish() {
        if let lift { penLeaves.append(lift.index) }
        lift = nil
    }

    private mutating func addContact(_ sample: InputSample) {
        minX = Swift.min(minX, sample.x); maxX = Swift.max(maxX, sample.x)
        minY = Swift.min(minY, sample.y); maxY = Swift.max(maxY, sample.y)
    }

    /// A lift leaves proximity unless the next pencil sample is the same pen hovering or touching again.
    private mutating func addPencilPhase(_ sample: InputSample, at index: Int) {
        if let lift {
            let returns = sample.id == lift.id && (sample.phase == .hoverEntered || sample.phase == .hoverMoved || sample.phase == .began)
            if !returns { penLeaves.append(lift.index) }
            self.lift = nil
        }
        if sample.phase == .hoverExited {
            penLeaves.append(index)
        } else if sample.phase.isTerminal {
            lift = (index, sample.id)
        }
    }
}

/// Whether each pencil sample, by index in increasing order, is one after which the pen
/// leaves proximity (``EvdevExportSurvey/penLeaves``): a cursor into the sorted indices.
struct PenLeaves {
    private let indices: [Int]
    private var next = 0

    init(_ indices: [Int]) { self.indices = indices }

    /// Whether `index` is one; `index` must not decrease from one call to the next.
    @inline(__always)
    mutating func contains(_ index: Int) -> Bool {
        while next < indices.count, indices[next] < index { next += 1 }
        return next < indices.count && indices[next] == index
    }
}

/// The ids of the touches down, as a set: a short array searched in place while it is
/// small (every real trace: a hand has five fingers), a set once it has held more, so that a
/// hostile trace of thousands of touches costs no more than before. The set hashed each id
/// twice per touch sample.
struct ContactIDs {
    private static let arrayLimit = 16
    private var small: [UInt32] = []
    private var large: Set<UInt32>?

    var count: Int { large?.count ?? small.count }

    @inline(__always)
    mutating func insert(_ id: UInt32) {
        if large != nil {
            large?.insert(id)
        } else if !small.contains(id) {
            if small.count < Self.arrayLimit {
                small.append(id)
            } else {
                large = Set(small + [id])
                small = []
            }
        }
    }

    @inline(__always)
    mutating func remove(_ id: UInt32) {
        if large != nil {
            large?.remove(id)
        } else if let index = small.firstIndex(of: id) {
            small.remove(at: index)
        }
    }
}
