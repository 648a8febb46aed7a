import TouchInput

// Mice and keyboards. A mouse moves a pointer by REL_X/REL_Y, one point per count, starting
// at the centre of the screen when its size is known (and kept inside it), else at the
// origin. Its phases follow its buttons: hoverEntered on first motion, hoverMoved without
// buttons, began / moved / ended while a button is held. Wheel detents become scroll samples
// of ``EvdevDecoder/wheelDetentPoints`` each, positive dy scrolling down (as W3C deltaY), at
// the pointer's location. Keys become key samples (began on press, ended on release;
// auto-repeats are skipped) carrying HID usages and the modifiers held after the event.
extension EvdevDecoder {
    /// The id of the mouse pointer (there is one per device).
    static let pointerID: UInt32 = 0

    struct PointerState: Sendable {
        var screen: TraceMetadata.Screen?
        var x: Double
        var y: Double
        var buttons: UInt32 = 0
        var seen = false
        var wasDown = false
        var needsHoverEnter = false
        var moved = false
        var buttonsChanged = false
        var wheelX = 0.0
        var wheelY = 0.0
        var usesHighResolutionWheel = false

        init(screen: TraceMetadata.Screen?) {
            self.screen = screen
            x = (screen?.width ?? 0) / 2
            y = (screen?.height ?? 0) / 2
        }

        mutating func clearFrame() {
            moved = false
            buttonsChanged = false
            wheelX = 0
            wheelY = 0
        }
    }

    mutating func relative(_ code: UInt16, _ value: Int32) {
        let detent = Self.wheelDetentPoints
        switch code {
        case EvdevCode.relX: pointer.x += Double(value); pointer.moved = true
        case EvdevCode.relY: pointer.y += Double(value); pointer.moved = true
        case EvdevCode.relWheel where !pointer.usesHighResolutionWheel: pointer.wheelY -= Double(value) * detent
        case EvdevCode.relHWheel where !pointer.usesHighResolutionWheel: pointer.wheelX += Double(value) * detent
        case 0x0b:
            // REL_WHEEL_HI_RES (120 per detent) duplicates REL_WHEEL with finer steps: prefer it.
            pointer.usesHighResolutionWheel = true
            pointer.wheelY -= Double(value) / 120 * detent
        case 0x0c:
            pointer.usesHighResolutionWheel = true
            pointer.wheelX += Double(value) / 120 * detent
        default: break
        }
        if let screen = pointer.screen { (pointer.x, pointer.y) = Self.keepOnScreen(pointer.x, pointer.y, screen) }
    }

    /// Where the pointer stands on `screen` for a position: kept within it, as the decoder
    /// keeps it after every move (and the encoder, which writes the moves, follows).
    static func keepOnScreen(_ x: Double, _ y: Double, _ screen: TraceMetadata.Screen) -> (x: Double, y: Double) {
        (Swift.min(Swift.max(x, 0), screen.width), Swift.min(Swift.max(y, 0), screen.height))
    }

    mutating func pointerButton(_ code: UInt16, _ value: Int32) {
        let bit = UInt32(1) << UInt32(code - EvdevCode.btnLeft)
        pointer.buttons = value != 0 ? pointer.buttons | bit : pointer.buttons & ~bit
        pointer.buttonsChanged = true
    }

    mutating func emitPointer(at time: Int64, emit: (InputSample) -> Void) {
        defer { pointer.clearFrame() }
        if pointer.moved || pointer.buttonsChanged {
            let wasDown = pointer.seen && pointer.wasDown
            let isDown = pointer.buttons != 0
            let phase: SamplePhase
            switch (pointer.seen, wasDown, isDown) {
            case (false, _, false): phase = .hoverEntered
            case (false, _, true), (true, false, true): phase = .began
            case (true, true, true): phase = .moved
            case (true, true, false): phase = .ended
            case (true, false, false): phase = pointer.needsHoverEnter ? .hoverEntered : .hoverMoved
            }
            pointer.needsHoverEnter = phase == .ended
            pointer.seen = true
            pointer.wasDown = isDown
            emit(InputSample(time: time, kind: .pointer, phase: phase, id: Self.pointerID,
                             x: pointer.x, y: pointer.y, buttons: pointer.buttons, modifiers: modifiers))
        }
        if pointer.wheelX != 0 || pointer.wheelY != 0 {
            emit(InputSample(time: time, kind: .scroll, phase: .moved, x: pointer.x, y: pointer.y,
                             modifiers: modifiers, scrollDelta: (pointer.wheelX, pointer.wheelY)))
        }
    }

    mutating func emitKeys(at time: Int64, emit: (InputSample) -> Void) {
        for (code, value) in frameKeys {
            if value == 2 {
                statistics.skippedKeyEvents += 1
                continue
            }
            if let held = EvdevKeyUsage.heldModifier(forKeyCode: code) {
                if value != 0 { modifiers.insert(held) } else { modifiers.remove(held) }
            } else if code == EvdevKeyUsage.capsLockCode, value != 0 {
                modifiers.formSymmetricDifference(.capsLock)
            }
            guard let usage = EvdevKeyUsage.usage(forKeyCode: code) else {
                if code != EvdevCode.keyFn { statistics.skippedKeyEvents += 1 }
                continue
            }
            emit(InputSample(time: time, kind: .key, phase: value != 0 ? .began : .ended,
                             modifiers: modifiers, key: usage))
        }
        frameKeys.removeAll(keepingCapacity: true)
    }
}
