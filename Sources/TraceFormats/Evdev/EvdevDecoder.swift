import TouchInput

/// Turns a stream of kernel input events into samples.
///
/// Feed it events in order with ``feed(_:emit:)``; at each `SYN_REPORT` it emits one sample
/// per contact, pen, pointer or key that changed in that frame, in a fixed order: keys in the
/// order they arrived, then multitouch contacts (by slot, or by age for protocol A), then the
/// single-touch contact or pen, then the pointer, then scrolling. Every sample carries the
/// time of its frame's `SYN_REPORT`.
///
/// It understands multitouch protocol B (slots and tracking ids; the kernel's tracking id is
/// the sample id), protocol A (`SYN_MT_REPORT`; contacts are matched frame to frame by nearest
/// distance and given fresh ids), single-touch screens (`BTN_TOUCH` with `ABS_X`/`ABS_Y`),
/// pens (`BTN_TOOL_PEN` and friends, with pressure, tilt and hover), mice (`REL_*` and
/// buttons) and keyboards (Linux key codes become HID usages; modifiers are tracked).
///
/// `SYN_DROPPED` is handled as the kernel documents: every event up to and including the next
/// `SYN_REPORT` is discarded. A recording cannot query the device for its state afterwards,
/// so the decoder keeps its last known state, re-emits every live contact at the next frame,
/// and cancels a contact whose slot is reused without a lift (the lift was lost in the drop).
/// ``statistics`` counts the drops.
///
/// Every count it keeps is bounded (slots, protocol A contacts per frame), so hostile input
/// cannot make it allocate without limit.
public struct EvdevDecoder: Sendable {
    /// What the decoder saw besides samples.
    public struct Statistics: Sendable, Hashable {
        /// `SYN_REPORT` frames processed.
        public var frames = 0
        /// `SYN_DROPPED` events seen.
        public var droppedFrames = 0
        /// Events discarded while recovering from `SYN_DROPPED`.
        public var discardedEvents = 0
        /// Time of the first `SYN_DROPPED`, when any.
        public var firstDropTime: Int64?
        /// Key events with no HID usage, and auto-repeats (neither become samples).
        public var skippedKeyEvents = 0
        /// Protocol A contacts beyond the per-frame limit, and slots beyond the slot limit.
        public var ignoredContacts = 0
    }

    /// The most slots (protocol B) or contacts per frame (protocol A) tracked.
    public static let contactLimit = 64
    /// Points scrolled by one wheel detent.
    public static let wheelDetentPoints = 10.0

    /// The device whose events are decoded.
    public let device: EvdevDevice
    /// How positions become points.
    public let mapping: EvdevMapping
    /// Counts of what happened so far.
    public internal(set) var statistics = Statistics()

    enum ContactProtocol { case none, slots, anonymous }

    var contactProtocol: ContactProtocol
    var dropping = false
    var resyncPending = false
    var nextID: UInt32 = 1
    var modifiers: ModifierFlags = []

    // Protocol B.
    var slots: [Slot] = []
    var currentSlot = 0
    // Protocol A.
    var anonymous = AnonymousState()
    // Single touch and pens.
    var tool = ToolState()
    // Mice.
    var pointer: PointerState
    // Keys of the current frame: (code, value).
    var frameKeys: [(UInt16, Int32)] = []
    /// The axes read for every sample, looked up once: a dictionary lookup per sample (with
    /// the retain and release of the device's storage it costs) was a tenth of an import.
    let axes: Axes

    struct Axes: Sendable {
        var mtPressure: EvdevDevice.Axis?
        var mtTouchMajor: EvdevDevice.Axis?
        var pressure: EvdevDevice.Axis?
        var tiltX: EvdevDevice.Axis?
        var tiltY: EvdevDevice.Axis?

        init(_ device: EvdevDevice) {
            mtPressure = device.axes[EvdevCode.absMTPressure]
            mtTouchMajor = device.axes[EvdevCode.absMTTouchMajor]
            pressure = device.axes[EvdevCode.absPressure]
            tiltX = device.axes[EvdevCode.absTiltX]
            tiltY = device.axes[EvdevCode.absTiltY]
        }
    }

    /// A decoder for `device`, mapping positions with `mapping`.
    public init(device: EvdevDevice, mapping: EvdevMapping, screen: TraceMetadata.Screen? = nil) {
        self.device = device
        self.mapping = mapping
        axes = Axes(device)
        if device.supports(type: EvdevCode.evAbs, code: EvdevCode.absMTSlot) {
            contactProtocol = .slots
        } else if device.isMultitouch {
            contactProtocol = device.supports(type: EvdevCode.evAbs, code: EvdevCode.absMTTrackingID)
                && !device.supports(type: EvdevCode.evSyn, code: EvdevCode.synMTReport) ? .slots : .anonymous
        } else {
            contactProtocol = .none
        }
        pointer = PointerState(screen: screen)
        tool.isPenDevice = device.hasPen
        let slotCount = device.axes[EvdevCode.absMTSlot].map { Int(clamping: $0.span + 1) } ?? 1
        slots = Array(repeating: Slot(), count: Swift.max(1, Swift.min(slotCount, Self.contactLimit)))
    }

    /// Feeds one event; samples completed by it (at `SYN_REPORT`) go to `emit`.
    public mutating func feed(_ event: EvdevEvent, emit: (InputSample) -> Void) {
        if dropping {
            statistics.discardedEvents += 1
            if event.type == EvdevCode.evSyn && event.code == EvdevCode.synReport {
                dropping = false
                resyncPending = true
                frameKeys.removeAll()
                clearFrameFlags()
            }
            return
        }
        switch event.type {
        case EvdevCode.evSyn:
            switch event.code {
            case EvdevCode.synReport: endFrame(at: event.time, emit: emit)
            case EvdevCode.synMTReport: finishAnonymousContact()
            case EvdevCode.synDropped:
                dropping = true
                statistics.droppedFrames += 1
                if statistics.firstDropTime == nil { statistics.firstDropTime = event.time }
            default: break
            }
        case EvdevCode.evAbs: absolute(event.code, event.value)
        case EvdevCode.evKey: key(event.code, event.value)
        case EvdevCode.evRel: relative(event.code, event.value)
        default: break
        }
    }

    private mutating func absolute(_ code: UInt16, _ value: Int32) {
        if code >= EvdevCode.absMTSlot && code <= EvdevCode.absMTDistance + 2 {
            switch contactProtocol {
            case .none:
                // A log without a description: the first multitouch event tells the protocol.
                contactProtocol = code == EvdevCode.absMTSlot || code == EvdevCode.absMTTrackingID ? .slots : .anonymous
            case .anonymous where code == EvdevCode.absMTSlot:
                contactProtocol = .slots
            default: break
            }
            if contactProtocol == .slots { slotAbsolute(code, value) } else { anonymousAbsolute(code, value) }
        } else {
            toolAbsolute(code, value)
        }
    }

    private mutating func key(_ code: UInt16, _ value: Int32) {
        switch code {
        case EvdevCode.btnLeft...EvdevCode.btnLeft + 7:
            pointerButton(code, value)
        case EvdevCode.btnMisc..<0x160:
            toolKey(code, value)
        default:
            if frameKeys.count < 256 { frameKeys.append((code, value)) } else { statistics.skippedKeyEvents += 1 }
        }
    }

    private mutating func endFrame(at time: Int64, emit: (InputSample) -> Void) {
        statistics.frames += 1
        if resyncPending {
            resyncPending = false
            markEverythingChanged()
        }
        emitKeys(at: time, emit: emit)
        switch contactProtocol {
        case .slots: emitSlots(at: time, emit: emit)
        case .anonymous: emitAnonymous(at: time, emit: emit)
        case .none: break
        }
        emitTool(at: time, emit: emit)
        emitPointer(at: time, emit: emit)
    }

    private mutating func clearFrameFlags() {
        for index in slots.indices { slots[index].clearFrame() }
        anonymous.clearFrame()
        tool.changed = false
        tool.positionWritten = false
        pointer.clearFrame()
    }

    private mutating func markEverythingChanged() {
        for index in slots.indices where slots[index].id != nil { slots[index].changed = true }
        if tool.state != .out { tool.changed = true }
    }

    mutating func allocateID() -> UInt32 {
        defer { nextID &+= 1 }
        return nextID
    }

    /// A normalised value on `axis` (0…1), or `nil` when the device has no such axis.
    @inline(__always)
    func normalised(_ value: Int32, axis: EvdevDevice.Axis?) -> Double? {
        guard let axis, axis.span > 0 else { return nil }
        return Swift.min(1, Swift.max(0, Double(Int64(value) - Int64(axis.minimum)) / Double(axis.span)))
    }
}
