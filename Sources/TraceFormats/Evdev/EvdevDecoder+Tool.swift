import Foundation
import TouchInput

// The single contact of a device without multitouch: a pen (BTN_TOOL_PEN and friends, with
// pressure, tilt and hover) or a single-touch screen (BTN_TOUCH with ABS_X/ABS_Y).
//
// A pen is in proximity while a tool key is down; touching while BTN_TOUCH is down, hovering
// otherwise. Its id is allocated when it comes into proximity and kept until it leaves, so
// the hover before a stroke, the stroke and the hover after share one id:
// hoverEntered, hoverMoved…, began, moved…, ended, hoverEntered, hoverMoved…, hoverExited.
extension EvdevDecoder {
    enum ToolPhase: Sendable { case out, hovering, touching }

    struct ToolState: Sendable {
        var isPenDevice = false
        var x: Int32 = 0
        var y: Int32 = 0
        var pressure: Int32 = 0
        var tiltX: Int32 = 0
        var tiltY: Int32 = 0
        var sawPressure = false
        var sawTilt = false
        var toolsDown: Set<UInt16> = []
        var touch = false
        var touchReleasedThisFrame = false
        var stylusButtons: UInt32 = 0
        var state: ToolPhase = .out
        var id: UInt32 = 0
        var needsHoverEnter = false
        var changed = false
        /// Whether this frame wrote ABS_X or ABS_Y.
        var positionWritten = false
        /// The last sample emitted, whose values a leaving pen keeps: tablets zero their
        /// axes in the frame the tool leaves proximity.
        var last: InputSample?
    }

    mutating func toolAbsolute(_ code: UInt16, _ value: Int32) {
        switch code {
        case EvdevCode.absX: tool.x = value; tool.positionWritten = true
        case EvdevCode.absY: tool.y = value; tool.positionWritten = true
        case EvdevCode.absPressure: tool.pressure = value; tool.sawPressure = true
        case EvdevCode.absTiltX: tool.tiltX = value; tool.sawTilt = true
        case EvdevCode.absTiltY: tool.tiltY = value; tool.sawTilt = true
        case EvdevCode.absDistance: break
        default: return
        }
        tool.changed = true
    }

    mutating func toolKey(_ code: UInt16, _ value: Int32) {
        switch code {
        case EvdevCode.btnToolPen...EvdevCode.btnToolAirbrush:
            tool.isPenDevice = true
            if value != 0 { tool.toolsDown.insert(code) } else { tool.toolsDown.remove(code) }
        case EvdevCode.btnTouch:
            if tool.touch && value == 0 { tool.touchReleasedThisFrame = true }
            tool.touch = value != 0
        case EvdevCode.btnStylus:
            tool.stylusButtons = value != 0 ? tool.stylusButtons | 2 : tool.stylusButtons & ~2
        case EvdevCode.btnStylus2:
            tool.stylusButtons = value != 0 ? tool.stylusButtons | 4 : tool.stylusButtons & ~4
        default: return
        }
        tool.changed = true
    }

    mutating func emitTool(at time: Int64, emit: (InputSample) -> Void) {
        defer {
            tool.changed = false
            tool.touchReleasedThisFrame = false
            tool.positionWritten = false
        }
        // A multitouch device repeats its first contact on ABS_X/ABS_Y and BTN_TOUCH for old
        // clients; those are not a second contact.
        if !tool.isPenDevice && contactProtocol != .none { return }
        let next: ToolPhase
        if tool.isPenDevice {
            next = tool.toolsDown.isEmpty && !tool.touch ? .out : (tool.touch ? .touching : .hovering)
        } else {
            next = tool.touch ? .touching : .out
        }
        let previous = tool.state
        tool.state = next
        let phase: SamplePhase
        switch (previous, next) {
        case (.out, .out):
            return
        case (.out, .hovering):
            tool.id = allocateID()
            phase = .hoverEntered
        case (.out, .touching):
            tool.id = allocateID()
            phase = .began
        case (.hovering, .hovering):
            guard tool.changed else { return }
            phase = tool.needsHoverEnter ? .hoverEntered : .hoverMoved
            tool.needsHoverEnter = false
        case (.hovering, .touching):
            phase = .began
        case (.hovering, .out):
            // After a lift the pen may leave before it hovered again: nothing left to end.
            if tool.needsHoverEnter { tool.needsHoverEnter = false; return }
            phase = .hoverExited
        case (.touching, .touching):
            guard tool.changed else { return }
            phase = .moved
        case (.touching, .hovering):
            tool.needsHoverEnter = true
            phase = .ended
        case (.touching, .out):
            phase = .ended
        }
        var sample = toolSample(phase: phase, at: time)
        // A pen leaving proximity with a position in the frame (TouchBench's exporters write
        // the leaving sample's values with the tool's release) is read with that frame's
        // values; a tablet zeroing its axes as the tool leaves (ABS_X and ABS_Y 0), or one
        // writing no position, keeps the values of the sample before.
        let leavesWithValues = tool.isPenDevice && tool.positionWritten && (tool.x != 0 || tool.y != 0)
        if next == .out, !leavesWithValues, let last = tool.last {
            sample = last
            sample.time = time
            sample.phase = phase
            if sample.force != nil { sample.force = 0 }
        }
        tool.last = next == .out ? nil : sample
        emit(sample)
    }

    private func toolSample(phase: SamplePhase, at time: Int64) -> InputSample {
        var sample = InputSample(
            time: time, kind: tool.isPenDevice ? .pencil : .touch, phase: phase, id: tool.id,
            x: mapping.x(tool.x), y: mapping.y(tool.y), modifiers: modifiers)
        if tool.sawPressure || axes.pressure != nil {
            sample.force = phase.isInContact ? normalised(tool.pressure, axis: axes.pressure) : 0
        }
        if tool.isPenDevice, tool.sawTilt || axes.tiltX != nil {
            let angles = Self.altitudeAzimuth(tiltX: tiltRadians(tool.tiltX, axes.tiltX),
                                              tiltY: tiltRadians(tool.tiltY, axes.tiltY))
            sample.altitude = angles.altitude
            sample.azimuth = angles.azimuth
        }
        if tool.isPenDevice, tool.stylusButtons != 0 { sample.buttons = tool.stylusButtons }
        return sample
    }

    /// Tilt axes declare units per radian; without a resolution a unit is taken to be a degree
    /// (what Wacom tablets report, and what libinput assumes).
    func tiltRadians(_ value: Int32, _ axis: EvdevDevice.Axis?) -> Double {
        let resolution = axis?.resolution ?? 0
        return resolution > 0 ? Double(value) / Double(resolution) : Double(value) * .pi / 180
    }

    /// The W3C conversion from the two tilt planes to altitude (π/2 = perpendicular) and
    /// azimuth (0 along +x, increasing towards +y, in 0..<2π).
    static func altitudeAzimuth(tiltX: Double, tiltY: Double) -> (altitude: Double, azimuth: Double) {
        if tiltX == 0 && tiltY == 0 { return (.pi / 2, 0) }
        let tx = tan(tiltX), ty = tan(tiltY)
        var azimuth = atan2(ty, tx)
        if azimuth < 0 { azimuth += 2 * .pi }
        let altitude = atan(1 / (tx * tx + ty * ty).squareRoot())
        return (altitude, azimuth)
    }

    /// The inverse of ``altitudeAzimuth(tiltX:tiltY:)``.
    static func tilt(altitude: Double, azimuth: Double) -> (x: Double, y: Double) {
        let t = tan(altitude)
        guard t.isFinite, abs(t) > 1e-12 else { return (0, 0) }
        return (atan(cos(azimuth) / t), atan(sin(azimuth) / t))
    }
}
