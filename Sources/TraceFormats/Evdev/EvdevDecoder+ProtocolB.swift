import TouchInput

// Multitouch protocol B: the kernel keeps contacts in slots; ABS_MT_SLOT selects the slot
// that following events update, and ABS_MT_TRACKING_ID starts (≥ 0) or ends (−1) the contact
// in it. The kernel sends only values that changed, so a slot keeps its values from one
// contact to the next.
extension EvdevDecoder {
    /// What a slot reports about its contact. The kernel sends only values that changed, so
    /// a new contact in the slot starts from the values of the one before.
    struct SlotValues: Sendable {
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = 0
        var major: Int32 = 0
        var toolType: Int32 = 0
        var sawPressure = false
        var sawMajor = false
    }

    struct Slot: Sendable {
        var trackingID: Int32 = -1
        /// The sample id of the live contact (the kernel's tracking id).
        var id: UInt32?
        var values = SlotValues()
        // Frame flags.
        var changed = false
        var began = false
        /// A contact that ended in this frame: whether it was cancelled (slot reused without a
        /// lift) rather than lifted, and its values when it ended. A slot can end one contact
        /// and begin the next in one frame; what follows the new tracking id belongs to the
        /// new contact (multi-touch-protocol.rst), so the ended one keeps its own position.
        var ended: (id: UInt32, cancelled: Bool, values: SlotValues)?

        mutating func clearFrame() {
            changed = false
            began = false
            ended = nil
        }
    }

    mutating func slotAbsolute(_ code: UInt16, _ value: Int32) {
        if code == EvdevCode.absMTSlot {
            guard value >= 0, Int(value) < Self.contactLimit else {
                statistics.ignoredContacts += 1
                currentSlot = -1
                return
            }
            currentSlot = Int(value)
            if currentSlot >= slots.count {
                slots.append(contentsOf: repeatElement(Slot(), count: currentSlot + 1 - slots.count))
            }
            return
        }
        guard slots.indices.contains(currentSlot) else { return }
        // Updated in place (one access to the array), not copied out and back.
        Self.update(&slots[currentSlot], code, value)
    }

    @inline(__always)
    private static func update(_ slot: inout Slot, _ code: UInt16, _ value: Int32) {
        switch code {
        case EvdevCode.absMTTrackingID: track(&slot, value)
        case EvdevCode.absMTPositionX: slot.values.x = value; slot.changed = true
        case EvdevCode.absMTPositionY: slot.values.y = value; slot.changed = true
        case EvdevCode.absMTPressure: slot.values.pressure = value; slot.values.sawPressure = true; slot.changed = true
        case EvdevCode.absMTTouchMajor: slot.values.major = value; slot.values.sawMajor = true; slot.changed = true
        case EvdevCode.absMTToolType: slot.values.toolType = value; slot.changed = true
        default: break
        }
    }

    private static func track(_ slot: inout Slot, _ value: Int32) {
        if value < 0 {
            guard let id = slot.id else { return }
            // A contact that began and ended inside one frame was never seen: drop it.
            if !slot.began { slot.ended = (id, false, slot.values) }
            slot.id = nil
            slot.began = false
            slot.trackingID = -1
            return
        }
        if let id = slot.id {
            guard value != slot.trackingID else { return }
            if !slot.began { slot.ended = (id, true, slot.values) }
        }
        slot.trackingID = value
        slot.id = UInt32(value)
        slot.began = true
        slot.changed = true
    }

    mutating func emitSlots(at time: Int64, emit: (InputSample) -> Void) {
        for index in slots.indices {
            // A slot untouched in this frame emits nothing and has nothing to clear.
            guard slots[index].changed || slots[index].began || slots[index].ended != nil else { continue }
            let slot = slots[index]
            if let ended = slot.ended {
                emit(contactSample(ended.values, id: ended.id, phase: ended.cancelled ? .cancelled : .ended, at: time))
            }
            if let id = slot.id, slot.began || slot.changed {
                emit(contactSample(slot.values, id: id, phase: slot.began ? .began : .moved, at: time))
            }
            slots[index].clearFrame()
        }
    }

    private func contactSample(_ values: SlotValues, id: UInt32, phase: SamplePhase, at time: Int64) -> InputSample {
        // Built from its storage (the fields it has, zero for the others), as the optional
        // setters would leave it.
        var fields: SampleFields = .location
        if !modifiers.isEmpty { fields.insert(.modifiers) }
        var force = 0.0
        if values.sawPressure || axes.mtPressure != nil, let normalised = normalised(values.pressure, axis: axes.mtPressure) {
            force = normalised
            fields.insert(.force)
        }
        var radius = 0.0
        if values.sawMajor || axes.mtTouchMajor != nil {
            // ABS_MT_TOUCH_MAJOR is a diameter in position units.
            radius = Double(values.major) / 2 * mapping.scaleX
            fields.insert(.majorRadius)
        }
        return InputSample(time: time, kind: values.toolType == EvdevCode.mtToolPen ? .pencil : .touch, phase: phase, id: id,
                           fields: fields, x: mapping.x(values.x), y: mapping.y(values.y), force: force, majorRadius: radius,
                           majorRadiusTolerance: 0, altitude: 0, azimuth: 0, roll: 0, dx: 0, dy: 0, buttons: 0, key: 0,
                           modifiers: modifiers, flags: [], label: .none)
    }
}
