import TouchInput

// The per-pointer state that turns event types into phases.
extension PointerEventsImporter {
    struct PointerState {
        var down = Set<UInt64>()
        var hovering = Set<UInt64>()
        var lifted = Set<UInt64>()

        mutating func convert(_ event: PointerEventsDocument.Event, origin: Double, screenHeight: Double, into samples: inout [InputSample]) throws {
            if event.type == "wheel" {
                samples.append(try scroll(event, origin: origin, screenHeight: screenHeight))
                return
            }
            if Self.ignored.contains(event.type) { return }
            let (kind, id) = try Self.pointer(of: event)
            let key = ContactKey(kind: kind, id: id).packed
            let phase: SamplePhase
            switch event.type {
            case "pointerdown":
                // Two downs with no end between would be two beginnings of one contact.
                guard !down.contains(key) else {
                    throw TraceFormatError("pointerdown of pointerId \(id), which is already down (no pointerup or pointercancel since its last pointerdown).")
                }
                phase = .began
                down.insert(key)
                hovering.remove(key)
            case "pointermove":
                if down.contains(key) || kind == .touch {
                    phase = .moved
                } else {
                    phase = hovering.contains(key) && !lifted.contains(key) ? .hoverMoved : .hoverEntered
                    hovering.insert(key)
                    lifted.remove(key)
                }
            case "pointerup", "pointercancel":
                phase = event.type == "pointerup" ? .ended : .cancelled
                down.remove(key)
                if kind != .touch { lifted.insert(key) }
            case "pointerover":
                guard kind != .touch, !down.contains(key), !hovering.contains(key) || lifted.contains(key) else { return }
                phase = .hoverEntered
                hovering.insert(key)
                lifted.remove(key)
            case "pointerout":
                guard kind != .touch, !down.contains(key), hovering.contains(key) else { return }
                phase = .hoverExited
                hovering.remove(key)
                lifted.remove(key)
            default:
                throw TraceFormatError("unknown event type \(quoted(event.type)).")
            }
            if event.type == "pointermove", event.coalescedEvents.count > 1 {
                for child in event.coalescedEvents.dropLast() {
                    samples.append(try sample(child, kind: kind, id: id, phase: phase, flags: .coalesced, origin: origin))
                }
            }
            samples.append(try sample(event, kind: kind, id: id, phase: phase, flags: [], origin: origin))
            if !phase.isTerminal && phase != .hoverExited {
                let predictedPhase: SamplePhase = phase.isInContact ? .moved : .hoverMoved
                for child in event.predictedEvents {
                    samples.append(try sample(child, kind: kind, id: id, phase: predictedPhase, flags: .predicted, origin: origin))
                }
            }
        }

        /// Event types that carry nothing a sample keeps (enter and leave repeat over and out).
        static let ignored: Set<String> = ["pointerenter", "pointerleave", "pointerrawupdate", "gotpointercapture", "lostpointercapture"]

        /// The sample kind and id of a pointer event.
        static func pointer(of event: PointerEventsDocument.Event) throws -> (kind: SampleKind, id: UInt32) {
            let kind: SampleKind
            switch event.pointerType {
            case "touch": kind = .touch
            case "pen": kind = .pencil
            case "mouse": kind = .pointer
            default: throw TraceFormatError("pointerType \(quoted(event.pointerType ?? "(none)")) is not touch, pen or mouse.")
            }
            guard let rawID = event.pointerId, let id = UInt32(exactly: rawID) else {
                throw TraceFormatError("pointerId is missing or not a 32-bit unsigned integer.")
            }
            return (kind, id)
        }

        /// The key of the pointer `event` is about, when it is a pointer event a sample keeps
        /// and names a valid pointer (`nil` otherwise: ``convert(_:origin:screenHeight:into:)``
        /// then skips it or words its error).
        static func key(of event: PointerEventsDocument.Event) -> UInt64? {
            guard event.type != "wheel", !ignored.contains(event.type), let pointer = try? pointer(of: event) else { return nil }
            return ContactKey(kind: pointer.kind, id: pointer.id).packed
        }

        private func sample(_ event: PointerEventsDocument.Event, kind: SampleKind, id: UInt32, phase: SamplePhase,
                            flags: SampleFlags, origin: Double) throws -> InputSample {
            guard let x = event.clientX, let y = event.clientY, x.isFinite, y.isFinite else {
                throw TraceFormatError("clientX and clientY are needed.")
            }
            var sample = InputSample(time: try time(event.timeStamp, origin), kind: kind, phase: phase, id: id, x: x, y: y,
                                     modifiers: modifiers(event), flags: flags)
            // Out of range is refused, not clamped, as every importer refuses a value outside the
            // model's ranges (docs/FORMATS.md, "Ranges"): the spec's pressure is 0…1, buttons a mask.
            if let buttons = event.buttons {
                guard let mask = UInt32(exactly: buttons) else { throw TraceFormatError("buttons \(buttons) is not a button mask from 0 to 4294967295.") }
                sample.buttons = mask
            }
            if let pressure = event.pressure {
                guard pressure >= 0, pressure <= 1 else { throw TraceFormatError("pressure \(pressure) is outside 0…1.") }
                if kind != .pointer { sample.force = pressure }
            }
            if kind == .touch, let width = event.width, let height = event.height, width.isFinite, height.isFinite {
                sample.majorRadius = Swift.max(width, height) / 2
            }
            if kind == .pencil {
                if let altitude = event.altitudeAngle, let azimuth = event.azimuthAngle, altitude.isFinite, azimuth.isFinite {
                    sample.altitude = altitude
                    sample.azimuth = azimuth
                } else if let tiltX = event.tiltX, let tiltY = event.tiltY, tiltX.isFinite, tiltY.isFinite {
                    let angles = EvdevDecoder.altitudeAzimuth(tiltX: tiltX * .pi / 180, tiltY: tiltY * .pi / 180)
                    sample.altitude = angles.altitude
                    sample.azimuth = angles.azimuth
                }
                if let twist = event.twist, twist.isFinite { sample.roll = twist * .pi / 180 }
            }
            return sample
        }

        private func scroll(_ event: PointerEventsDocument.Event, origin: Double, screenHeight: Double) throws -> InputSample {
            let unit: Double = switch event.deltaMode ?? 0 { case 1: 16; case 2: screenHeight; default: 1 }
            let dx = (event.deltaX ?? 0) * unit, dy = (event.deltaY ?? 0) * unit
            guard dx.isFinite, dy.isFinite else { throw TraceFormatError("the wheel deltas are not finite.") }
            return InputSample(time: try time(event.timeStamp, origin), kind: .scroll, phase: .moved,
                               x: event.clientX ?? 0, y: event.clientY ?? 0, modifiers: modifiers(event), scrollDelta: (dx, dy))
        }

        /// The time from the earliest timeStamp `origin`; every timeStamp is already known to
        /// lie within ±(2^62 − 1) ns (``PointerEventsImporter``), so only the span can be too long.
        private func time(_ stamp: Double, _ origin: Double) throws -> Int64 {
            let nanoseconds = Self.nanoseconds(stamp, origin: origin)
            guard nanoseconds >= 0, nanoseconds <= Double(SampleTime.limit) else {
                throw TraceFormatError("timeStamp \(stamp) ms lies more than 2^62 − 1 ns (about 146 years) after the earliest timeStamp, \(origin) ms.")
            }
            return Int64(nanoseconds)
        }

        /// The nanoseconds from `origin` to `stamp` (both in ms), rounded as sample times are.
        static func nanoseconds(_ stamp: Double, origin: Double) -> Double {
            ((stamp - origin) * 1e6).rounded()
        }

        private func modifiers(_ event: PointerEventsDocument.Event) -> ModifierFlags {
            var flags = ModifierFlags()
            if event.shiftKey == true { flags.insert(.shift) }
            if event.ctrlKey == true { flags.insert(.control) }
            if event.altKey == true { flags.insert(.option) }
            if event.metaKey == true { flags.insert(.command) }
            return flags
        }
    }
}
