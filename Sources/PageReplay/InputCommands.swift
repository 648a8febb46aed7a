import TouchBenchSupport
import TouchInput

/// Turns trace samples into DevTools `Input.dispatch*Event` commands: touches and pencils
/// into `dispatchTouchEvent` (every contact on the glass in each event, as the protocol
/// wants), a pointer into `dispatchMouseEvent` (pressed, moved, released; hovering moves
/// with no button), scrolls into `mouseWheel`, keys into `dispatchKeyEvent`. Positions are
/// scaled from the trace's screen to the viewport; each carries its deadline as the event
/// timestamp (Unix seconds), so the page's `event.timeStamp` is the sample's time.
struct InputCommands {
    /// Trace points to CSS pixels.
    let scaleX: Double, scaleY: Double
    /// The contacts on the glass, each with the id the protocol knows it by: its own, unless
    /// a contact of another kind down now has that id (a pencil and a finger may share one),
    /// then the first free one past every trace id.
    private var touches: [(key: ContactKey, protocolID: Int64, x: Double, y: Double, force: Double?, radius: Double?)] = []

    init(scaleX: Double, scaleY: Double) {
        self.scaleX = scaleX
        self.scaleY = scaleY
    }

    /// The command for `sample` sent with timestamp `epoch` (Unix ns), or `nil` for a marker
    /// or a sample the protocol cannot express.
    mutating func command(for sample: InputSample, epoch: Int64) -> (method: String, params: [(key: String, value: JSONValue)])? {
        let timestamp = Self.timestamp(epoch)
        let x = sample.x * scaleX, y = sample.y * scaleY
        switch sample.kind {
        case .touch, .pencil:
            guard sample.phase.isInContact else { return nil }
            let index = touches.firstIndex { $0.key == sample.contact }
            let type: String
            if sample.phase.isTerminal {
                guard let index else { return nil }
                touches.remove(at: index)
                // Lifting one of several fingers: the others stay, and the missing one is released.
                type = touches.isEmpty ? (sample.phase == .cancelled ? "touchCancel" : "touchEnd") : "touchMove"
            } else {
                let radius = sample.majorRadius.map { $0 * scaleX }
                if let index {
                    touches[index].x = x; touches[index].y = y
                    touches[index].force = sample.force; touches[index].radius = radius
                } else {
                    var protocolID = Int64(sample.id)
                    if touches.contains(where: { $0.protocolID == protocolID }) {
                        protocolID = Int64(UInt32.max) + 1
                        while touches.contains(where: { $0.protocolID == protocolID }) { protocolID += 1 }
                    }
                    touches.append((sample.contact, protocolID, x, y, sample.force, radius))
                }
                type = index == nil ? "touchStart" : "touchMove"
            }
            let points: [JSONValue] = type == "touchEnd" || type == "touchCancel" ? [] : touches.map { touch in
                var members: [(key: String, value: JSONValue)] = [("x", .number(touch.x)), ("y", .number(touch.y)),
                                                                  ("id", .integer(touch.protocolID))]
                if let force = touch.force { members.append(("force", .number(force))) }
                if let radius = touch.radius { members.append(("radiusX", .number(radius))); members.append(("radiusY", .number(radius))) }
                return .object(members)
            }
            return ("Input.dispatchTouchEvent", [("type", .string(type)), ("touchPoints", .array(points)),
                                                 ("modifiers", .integer(Self.modifiers(sample.modifiers))), timestamp])
        case .pointer:
            let type: String, button: String, buttons: Int64
            switch sample.phase {
            case .began: (type, button, buttons) = ("mousePressed", "left", 1)
            case .moved, .stationary: (type, button, buttons) = ("mouseMoved", "left", 1)
            case .ended, .cancelled: (type, button, buttons) = ("mouseReleased", "left", 0)
            case .hoverEntered, .hoverMoved, .hoverExited: (type, button, buttons) = ("mouseMoved", "none", 0)
            }
            var params: [(key: String, value: JSONValue)] = [("type", .string(type)), ("x", .number(x)), ("y", .number(y)),
                                                             ("button", .string(button)), ("buttons", .integer(buttons)),
                                                             ("modifiers", .integer(Self.modifiers(sample.modifiers))), timestamp]
            if type != "mouseMoved" { params.append(("clickCount", .integer(1))) }
            return ("Input.dispatchMouseEvent", params)
        case .scroll:
            let delta = sample.scrollDelta ?? (0, 0)
            return ("Input.dispatchMouseEvent", [("type", .string("mouseWheel")), ("x", .number(x)), ("y", .number(y)),
                                                 ("deltaX", .number(delta.dx * scaleX)), ("deltaY", .number(delta.dy * scaleY)),
                                                 ("modifiers", .integer(Self.modifiers(sample.modifiers))), timestamp])
        case .key:
            guard let usage = sample.key, sample.phase == .began || sample.phase.isTerminal else { return nil }
            let key = KeyNames.name(usage: usage)
            var params: [(key: String, value: JSONValue)] = [("type", .string(sample.phase == .began ? "keyDown" : "keyUp")),
                                                             ("key", .string(key.key)), ("code", .string(key.code)),
                                                             ("windowsVirtualKeyCode", .integer(key.virtualKey)),
                                                             ("modifiers", .integer(Self.modifiers(sample.modifiers))), timestamp]
            if sample.phase == .began, key.key.count == 1 { params.append(("text", .string(key.key))) }
            return ("Input.dispatchKeyEvent", params)
        case .marker:
            return nil
        }
    }

    /// The `timestamp` member of a command sent at `epoch` (Unix ns): Unix seconds.
    static func timestamp(_ epoch: Int64) -> (key: String, value: JSONValue) {
        ("timestamp", .number(Double(epoch) / 1e9))
    }

    /// `params` with its timestamp made `epoch` (Unix ns) instead.
    static func restamped(_ params: [(key: String, value: JSONValue)], epoch: Int64) -> [(key: String, value: JSONValue)] {
        params.map { $0.key == "timestamp" ? timestamp(epoch) : $0 }
    }

    /// The protocol's modifier mask: Alt 1, Control 2, Meta 4, Shift 8.
    static func modifiers(_ flags: ModifierFlags) -> Int64 {
        var mask: Int64 = 0
        if flags.contains(.option) { mask |= 1 }
        if flags.contains(.control) { mask |= 2 }
        if flags.contains(.command) { mask |= 4 }
        if flags.contains(.shift) { mask |= 8 }
        return mask
    }
}

/// HID keyboard usages (the trace's key codes) as DOM `key`, `code` and Windows virtual keys.
enum KeyNames {
    static func name(usage: UInt32) -> (key: String, code: String, virtualKey: Int64) {
        switch usage {
        case 4...29:
            let letter = Character(Unicode.Scalar(UInt8(97 + usage - 4)))
            return (String(letter), "Key" + String(letter).uppercased(), Int64(65 + usage - 4))
        case 30...38:
            let digit = String(usage - 29)
            return (digit, "Digit" + digit, Int64(48 + usage - 29))
        case 39: return ("0", "Digit0", 48)
        case 40: return ("Enter", "Enter", 13)
        case 41: return ("Escape", "Escape", 27)
        case 42: return ("Backspace", "Backspace", 8)
        case 43: return ("Tab", "Tab", 9)
        case 44: return (" ", "Space", 32)
        case 79: return ("ArrowRight", "ArrowRight", 39)
        case 80: return ("ArrowLeft", "ArrowLeft", 37)
        case 81: return ("ArrowDown", "ArrowDown", 40)
        case 82: return ("ArrowUp", "ArrowUp", 38)
        default: return ("Unidentified", "", 0)
        }
    }
}
