import Foundation
import TouchInput

/// Turns each frame of samples into the kernel events that make ``EvdevDecoder`` emit them
/// again, for the device of an ``EvdevExportPlan``: what the evemu, libinput record and
/// getevent exporters share (each only renders the events as its text).
struct EvdevEncoder {
    /// What the events cannot carry, counted as it happens (``ExportLosses`` reports it).
    struct Losses: Sendable, Hashable {
        /// Contact samples that found every slot taken (more contacts at once than the
        /// device's slots, at most ``EvdevDecoder/contactLimit``): not written.
        var contactsWithoutSlot = 0
        /// Contact and pen positions beyond the 32-bit axis units, and pointer moves beyond the
        /// 32-bit relative units: written at the range's end.
        var clampedPositions = 0
        /// Pencil samples lying flatter than the tilt axes can say (altitude 0): written at the
        /// flattest tilt they hold.
        var flattenedTilts = 0
        /// Pointer samples off the screen, which the importer keeps the pointer on: written at
        /// its edge.
        var pointersOffScreen = 0
        /// Scroll samples away from the last pointer sample (or, before one, the screen's
        /// centre): wheel events carry no position, and the importer reads a scroll at the
        /// pointer's.
        var scrollsAwayFromPointer = 0
        /// Pointer samples at whole points that the moves cannot reach: the pointer starts at
        /// the screen's centre, which lies between whole points on a screen of odd size, and
        /// moves by whole points (a position with a fraction is counted per sample, by
        /// ``ExportLosses``).
        var pointersBetweenPoints = 0
        /// Pencil hover exits after the pen's lift left proximity (a lift not followed by the
        /// same pen hovering or touching): not written.
        var exitsAfterLeaving = 0
        /// Pencil hover moves right after a lift: read back as hoverEntered, as the decoder
        /// begins the hover after a lift anew.
        var hoverMovesAfterLift = 0
        /// Pencil samples leaving proximity at position unit 0, 0, which reads as a tablet
        /// zeroing its axes: read back with the values of the pen's sample before.
        var exitsAtOrigin = 0
    }

    let plan: EvdevExportPlan
    var losses = Losses()
    /// The events of the frame being encoded; the exporter renders and clears them.
    var events: [EvdevEvent] = []
    // Multitouch. A contact's slot is found by a search of ``slotIDs`` (at most
    // ``EvdevDecoder/contactLimit`` slots, a handful in use): a dictionary from id to slot, and
    // one from slot to position, hashed a key several times per sample.
    var slotIDs: [UInt32?]
    var currentSlot = 0
    var touchDown = false
    var mirrored: (Int32, Int32)?
    /// The position last written in each slot in use.
    var slotUnits: [(Int32, Int32)?]
    /// Contacts that found every slot taken when they began: their later samples are not
    /// written either (a slot freed meanwhile would make them a contact of one frame).
    var slotless = Set<UInt32>()
    // Pen.
    var penInProximity = false
    var penButtons: UInt32 = 0
    /// The phase of the pen's last sample while in proximity (nil once it left).
    var lastPenPhase: SamplePhase?
    // Pointer.
    /// Where the importer will have the pointer, and the last pointer sample's own position.
    var pointerX: Double
    var pointerY: Double
    var pointerSampleX: Double
    var pointerSampleY: Double
    var pointerButtons: UInt32 = 0
    var highResolutionWheel: Bool
    /// The screen the importer keeps the pointer on, when the trace has one.
    let screen: TraceMetadata.Screen?
    /// The device's axes the samples are written on, looked up once rather than per sample.
    private let axes: Axes

    private struct Axes {
        let mtPressure: EvdevDevice.Axis?
        let hasMTTouchMajor: Bool
        let hasMTToolType: Bool
        let pressure: EvdevDevice.Axis?
        let tiltX: EvdevDevice.Axis?
        let tiltY: EvdevDevice.Axis?

        init(_ device: EvdevDevice) {
            mtPressure = device.axes[EvdevCode.absMTPressure]
            hasMTTouchMajor = device.axes[EvdevCode.absMTTouchMajor] != nil
            hasMTToolType = device.axes[EvdevCode.absMTToolType] != nil
            pressure = device.axes[EvdevCode.absPressure]
            tiltX = device.axes[EvdevCode.absTiltX]
            tiltY = device.axes[EvdevCode.absTiltY]
        }
    }

    init(plan: EvdevExportPlan, screen: TraceMetadata.Screen?, highResolutionWheel: Bool) {
        self.plan = plan
        let slots = plan.device.axes[EvdevCode.absMTSlot].map { Int(clamping: $0.span + 1) } ?? 1
        slotIDs = Array(repeating: nil, count: Swift.max(1, Swift.min(slots, EvdevDecoder.contactLimit)))
        slotUnits = Array(repeating: nil, count: slotIDs.count)
        axes = Axes(plan.device)
        pointerX = (screen?.width ?? 0) / 2
        pointerY = (screen?.height ?? 0) / 2
        pointerSampleX = pointerX
        pointerSampleY = pointerY
        self.screen = screen
        self.highResolutionWheel = highResolutionWheel
    }

    mutating func syn(at time: Int64) {
        event(time, EvdevCode.evSyn, EvdevCode.synReport, 0)
    }

    mutating func write(frame: [(InputSample, Bool)], at time: Int64) throws {
        for (sample, leaves) in frame {
            switch sample.kind {
            case .key: key(sample, at: time)
            case .touch: try contact(sample, at: time)
            case .pencil: if plan.penTool { pen(sample, leaves: leaves, at: time) } else { try contact(sample, at: time) }
            case .pointer: pointer(sample, at: time)
            case .scroll: scroll(sample, at: time)
            case .marker: break
            }
        }
        if !plan.penTool { touchSummary(at: time) }
        syn(at: time)
    }

    private mutating func key(_ sample: InputSample, at time: Int64) {
        guard let usage = sample.key, let code = EvdevKeyUsage.keyCode(forUsage: usage) else { return }
        event(time, EvdevCode.evKey, code, sample.phase == .ended || sample.phase == .cancelled ? 0 : 1)
    }

    private mutating func contact(_ sample: InputSample, at time: Int64) throws {
        guard sample.phase.isInContact else { return }
        if !slotless.isEmpty, slotless.contains(sample.id) {
            if sample.phase == .began {
                slotless.remove(sample.id)
            } else {
                losses.contactsWithoutSlot += 1
                if sample.phase.isTerminal { slotless.remove(sample.id) }
                return
            }
        }
        var slot = slotIDs.firstIndex(of: sample.id)
        if slot == nil || sample.phase == .began {
            guard let free = slot ?? slotIDs.firstIndex(where: { $0 == nil }) else {
                losses.contactsWithoutSlot += 1
                if !sample.phase.isTerminal { slotless.insert(sample.id) }
                return
            }
            if let problem = ExportLimits.trackingIDProblem(sample.id) {
                throw TraceFormatError("the \(problem) so it cannot be written (a \(sample.kind == .touch ? "touch" : "pencil contact") at \(sample.time) ns).")
            }
            slot = free
            selectSlot(free, at: time)
            slotIDs[free] = sample.id
            event(time, EvdevCode.evAbs, EvdevCode.absMTTrackingID, Int32(sample.id))
            if axes.hasMTToolType {
                event(time, EvdevCode.evAbs, EvdevCode.absMTToolType, sample.kind == .pencil ? EvdevCode.mtToolPen : 0)
            }
        }
        guard let slot else { return }
        selectSlot(slot, at: time)
        let units = positionUnits(sample)
        event(time, EvdevCode.evAbs, EvdevCode.absMTPositionX, units.0)
        event(time, EvdevCode.evAbs, EvdevCode.absMTPositionY, units.1)
        slotUnits[slot] = units
        if let axis = axes.mtPressure, let force = sample.force {
            event(time, EvdevCode.evAbs, EvdevCode.absMTPressure, Self.units(force, axis))
        }
        if axes.hasMTTouchMajor, let radius = sample.majorRadius {
            event(time, EvdevCode.evAbs, EvdevCode.absMTTouchMajor, EvdevMapping.clamp(2 * radius / plan.mapping.scaleX))
        }
        if sample.phase.isTerminal {
            event(time, EvdevCode.evAbs, EvdevCode.absMTTrackingID, -1)
            slotIDs[slot] = nil
            slotUnits[slot] = nil
        }
    }

    /// The axis units of a sample's position, counting one that had to be clamped.
    private mutating func positionUnits(_ sample: InputSample) -> (Int32, Int32) {
        let units = plan.mapping.units(x: sample.x, y: sample.y)
        if units.clamped { losses.clampedPositions += 1 }
        return (units.x, units.y)
    }

    private mutating func selectSlot(_ slot: Int, at time: Int64) {
        guard slot != currentSlot else { return }
        currentSlot = slot
        event(time, EvdevCode.evAbs, EvdevCode.absMTSlot, Int32(slot))
    }

    /// BTN_TOUCH and the single-touch position of the oldest slot, for older clients.
    private mutating func touchSummary(at time: Int64) {
        let first = slotIDs.firstIndex { $0 != nil }
        let active = first != nil
        if let first, let units = slotUnits[first],
           mirrored.map({ $0 != units }) ?? true {
            event(time, EvdevCode.evAbs, EvdevCode.absX, units.0)
            event(time, EvdevCode.evAbs, EvdevCode.absY, units.1)
            mirrored = units
        }
        if active != touchDown {
            touchDown = active
            event(time, EvdevCode.evKey, EvdevCode.btnTouch, active ? 1 : 0)
        }
    }

    private mutating func pen(_ sample: InputSample, leaves: Bool, at time: Int64) {
        if sample.phase == .hoverExited && !penInProximity {
            // The pen already left with its lift (the survey leaves at a lift the same pen
            // does not hover or touch again after): an exit of a pen out of proximity is no
            // event, and writing it in and out at once would read back as nothing.
            losses.exitsAfterLeaving += 1
            return
        }
        if !penInProximity {
            penInProximity = true
            event(time, EvdevCode.evKey, EvdevCode.btnToolPen, 1)
        }
        let leaving = sample.phase == .hoverExited || (sample.phase.isTerminal && leaves)
        if lastPenPhase?.isTerminal == true, sample.phase == .hoverMoved {
            // The pen stayed in proximity after its lift: the decoder begins the hover after a
            // lift anew, with hoverEntered.
            losses.hoverMovesAfterLift += 1
        }
        lastPenPhase = leaving ? nil : sample.phase
        // A pen leaving proximity writes its values with the tool's release, as the decoder
        // reads them (``EvdevDecoder/emitTool(at:emit:)``), unless they are the device's
        // origin, which reads as a tablet zeroing its axes and takes the previous values.
        let units = positionUnits(sample)
        if leaving, units == (0, 0) { losses.exitsAtOrigin += 1 }
        event(time, EvdevCode.evAbs, EvdevCode.absX, units.0)
        event(time, EvdevCode.evAbs, EvdevCode.absY, units.1)
        if let axis = axes.pressure, sample.phase.isInContact, let force = sample.force {
            event(time, EvdevCode.evAbs, EvdevCode.absPressure, Self.units(force, axis))
        }
        if axes.tiltX != nil, let altitude = sample.altitude {
            let tilt = tiltUnits(altitude: altitude, azimuth: sample.azimuth ?? 0)
            if tilt.flattened { losses.flattenedTilts += 1 }
            event(time, EvdevCode.evAbs, EvdevCode.absTiltX, tilt.x)
            event(time, EvdevCode.evAbs, EvdevCode.absTiltY, tilt.y)
        }
        let buttons = sample.buttons ?? 0
        if (buttons ^ penButtons) & 2 != 0 { event(time, EvdevCode.evKey, EvdevCode.btnStylus, buttons & 2 != 0 ? 1 : 0) }
        if (buttons ^ penButtons) & 4 != 0 { event(time, EvdevCode.evKey, EvdevCode.btnStylus2, buttons & 4 != 0 ? 1 : 0) }
        penButtons = buttons
        if sample.phase == .began { event(time, EvdevCode.evKey, EvdevCode.btnTouch, 1) }
        if sample.phase.isTerminal { event(time, EvdevCode.evKey, EvdevCode.btnTouch, 0) }
        if leaving {
            penInProximity = false
            event(time, EvdevCode.evKey, EvdevCode.btnToolPen, 0)
        }
    }

    /// The tilt units of a pen's altitude and azimuth. A pen lying flat (altitude 0, or so
    /// near it that a tilt plane rounds to π/2 or past it, where the tangent the decoder takes
    /// has no value or the wrong sign) tilts π/2 in each plane its azimuth leans into: it is
    /// written one unit short of that, the flattest the axes can say (read back as an altitude
    /// of about one unit, its azimuth kept only to the quadrant), and `flattened`, so that the
    /// export counts it (hostile report L4) rather than writing 0/0, which reads back upright.
    /// A tilt past the axis's declared minimum or maximum is written at that end and counted
    /// the same way.
    private func tiltUnits(altitude: Double, azimuth: Double) -> (x: Int32, y: Int32, flattened: Bool) {
        let perRadian = plan.tiltResolution > 0 ? Double(plan.tiltResolution) : 180 / .pi
        let limit = (Double.pi / 2 * perRadian).rounded(.up) - 1
        func flat(_ component: Double) -> Double { abs(component) < 1e-12 ? 0 : component > 0 ? .pi / 2 : -.pi / 2 }
        // An upright pen (altitude π/2, or up to a quantum above it where rounding to the
        // trace's angle grid lands π/2: 1.570801 on the 1/4096 rad grid) tilts 0/0; past π/2
        // the tangent turns negative and would otherwise read as lying flat.
        let tilt = altitude >= .pi / 2 ? (x: 0.0, y: 0.0)
            : tan(altitude) > 1e-12 ? EvdevDecoder.tilt(altitude: altitude, azimuth: azimuth) : (x: flat(cos(azimuth)), y: flat(sin(azimuth)))
        let x = (tilt.x * perRadian).rounded(), y = (tilt.y * perRadian).rounded()
        // Within the axis's declared range too: a recorded device's may be narrower than
        // π/2 (a Cintiq's is −64…63 at 57 units per radian, π/2 being 90 units).
        func bounded(_ units: Double, _ axis: EvdevDevice.Axis?) -> Double {
            let low = Swift.max(-limit, axis.map { Double($0.minimum) } ?? -limit)
            let high = Swift.min(limit, axis.map { Double($0.maximum) } ?? limit)
            return Swift.max(low, Swift.min(high, units))
        }
        let boundedX = bounded(x, axes.tiltX), boundedY = bounded(y, axes.tiltY)
        return (EvdevMapping.clamp(boundedX), EvdevMapping.clamp(boundedY), boundedX != x || boundedY != y)
    }

    private mutating func pointer(_ sample: InputSample, at time: Int64) {
        // The importer keeps the pointer on the screen (``EvdevDecoder/relative(_:_:)``): a
        // position off it is moved to its edge, the moves written reach that edge (not the
        // position, which would shift every later sample by what the importer cut off), and
        // the sample is counted as off the screen (hostile report 4, finding 3).
        let (targetX, targetY) = screen.map { EvdevDecoder.keepOnScreen(sample.x, sample.y, $0) } ?? (sample.x, sample.y)
        // A move beyond the 32-bit REL_X/REL_Y range is written at its end and counted, as a
        // contact's clamped position is; the pointer then stands where the events leave it.
        let dx = EvdevMapping.clamp(targetX - pointerX), dy = EvdevMapping.clamp(targetY - pointerY)
        let offScreen = targetX != sample.x || targetY != sample.y
        let beyondUnits = Double(dx) != (targetX - pointerX).rounded() || Double(dy) != (targetY - pointerY).rounded()
        if offScreen {
            losses.pointersOffScreen += 1
        } else if beyondUnits {
            losses.clampedPositions += 1
        }
        let buttons = sample.buttons ?? 0
        if dx != 0 || dy != 0 || buttons == pointerButtons {
            event(time, EvdevCode.evRel, EvdevCode.relX, dx)
            if dy != 0 { event(time, EvdevCode.evRel, EvdevCode.relY, dy) }
        }
        // Where the importer has it: moved, then kept on the screen as it keeps it (a move
        // from a half point to the edge rounds past it).
        pointerX += Double(dx)
        pointerY += Double(dy)
        if let screen { (pointerX, pointerY) = EvdevDecoder.keepOnScreen(pointerX, pointerY, screen) }
        if !offScreen, !beyondUnits, sample.x == sample.x.rounded(), sample.y == sample.y.rounded(),
           pointerX != sample.x || pointerY != sample.y {
            losses.pointersBetweenPoints += 1
        }
        pointerSampleX = sample.x
        pointerSampleY = sample.y
        for bit in 0..<3 where (buttons ^ pointerButtons) & (1 << bit) != 0 {
            event(time, EvdevCode.evKey, EvdevCode.btnLeft + UInt16(bit), buttons & (1 << bit) != 0 ? 1 : 0)
        }
        pointerButtons = buttons
    }

    private mutating func scroll(_ sample: InputSample, at time: Int64) {
        guard let delta = sample.scrollDelta else { return }
        // Wheel events carry no position: the importer puts a scroll where the pointer stands.
        if sample.x != pointerSampleX || sample.y != pointerSampleY { losses.scrollsAwayFromPointer += 1 }
        // The survey picks whole detents only when every step is one; otherwise 1/120 units.
        let perDetent = highResolutionWheel ? 120.0 : 1
        let vertical = Self.wheelUnits(-delta.dy, perDetent: perDetent)
        let horizontal = Self.wheelUnits(delta.dx, perDetent: perDetent)
        if vertical != 0 { event(time, EvdevCode.evRel, highResolutionWheel ? 0x0b : EvdevCode.relWheel, vertical) }
        if horizontal != 0 { event(time, EvdevCode.evRel, highResolutionWheel ? 0x0c : EvdevCode.relHWheel, horizontal) }
    }

    /// Whether a scroll step moves a wheel by at least one unit of its finest resolution
    /// (REL_WHEEL_HI_RES: 1/120 of a detent): a finer one (a trackpad's first, empty step, or
    /// a drift of 0.02 pt) writes no event and cannot come back, so the export counts it as lost.
    /// The encoder skips exactly these steps' axes, by the same rounding.
    static func isWritable(scroll delta: (dx: Double, dy: Double)) -> Bool {
        wheelUnits(delta.dy, perDetent: 120) != 0 || wheelUnits(delta.dx, perDetent: 120) != 0
    }

    private static func wheelUnits(_ points: Double, perDetent: Double) -> Int32 {
        EvdevMapping.clamp(points / EvdevDecoder.wheelDetentPoints * perDetent)
    }

    static func units(_ normalised: Double, _ axis: EvdevDevice.Axis) -> Int32 {
        EvdevMapping.clamp(normalised * Double(axis.span) + Double(axis.minimum))
    }

    private mutating func event(_ time: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) {
        events.append(EvdevEvent(time: time, type: type, code: code, value: value))
    }
}
