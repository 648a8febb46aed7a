/// Symbolic names of event types and codes, as `getevent -l`, evemu comments and libinput
/// print them.
enum EvdevNames {
    static let types: [UInt16: String] = [
        0: "EV_SYN", 1: "EV_KEY", 2: "EV_REL", 3: "EV_ABS", 4: "EV_MSC", 5: "EV_SW",
        0x11: "EV_LED", 0x12: "EV_SND", 0x14: "EV_REP", 0x15: "EV_FF", 0x16: "EV_PWR",
        0x17: "EV_FF_STATUS",
    ]

    static let syn: [UInt16: String] = [0: "SYN_REPORT", 1: "SYN_CONFIG", 2: "SYN_MT_REPORT", 3: "SYN_DROPPED"]

    static let rel: [UInt16: String] = [
        0: "REL_X", 1: "REL_Y", 2: "REL_Z", 3: "REL_RX", 4: "REL_RY", 5: "REL_RZ", 6: "REL_HWHEEL",
        7: "REL_DIAL", 8: "REL_WHEEL", 9: "REL_MISC", 0x0b: "REL_WHEEL_HI_RES", 0x0c: "REL_HWHEEL_HI_RES",
    ]

    static let abs: [UInt16: String] = [
        0x00: "ABS_X", 0x01: "ABS_Y", 0x02: "ABS_Z", 0x03: "ABS_RX", 0x04: "ABS_RY", 0x05: "ABS_RZ",
        0x06: "ABS_THROTTLE", 0x07: "ABS_RUDDER", 0x08: "ABS_WHEEL", 0x09: "ABS_GAS", 0x0a: "ABS_BRAKE",
        0x10: "ABS_HAT0X", 0x11: "ABS_HAT0Y", 0x18: "ABS_PRESSURE", 0x19: "ABS_DISTANCE",
        0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y", 0x1c: "ABS_TOOL_WIDTH", 0x20: "ABS_VOLUME",
        0x28: "ABS_MISC", 0x2f: "ABS_MT_SLOT", 0x30: "ABS_MT_TOUCH_MAJOR", 0x31: "ABS_MT_TOUCH_MINOR",
        0x32: "ABS_MT_WIDTH_MAJOR", 0x33: "ABS_MT_WIDTH_MINOR", 0x34: "ABS_MT_ORIENTATION",
        0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y", 0x37: "ABS_MT_TOOL_TYPE",
        0x38: "ABS_MT_BLOB_ID", 0x39: "ABS_MT_TRACKING_ID", 0x3a: "ABS_MT_PRESSURE",
        0x3b: "ABS_MT_DISTANCE", 0x3c: "ABS_MT_TOOL_X", 0x3d: "ABS_MT_TOOL_Y",
    ]

    static let msc: [UInt16: String] = [0: "MSC_SERIAL", 1: "MSC_PULSELED", 2: "MSC_GESTURE", 3: "MSC_RAW", 4: "MSC_SCAN", 5: "MSC_TIMESTAMP"]

    static let buttons: [UInt16: String] = [
        0x110: "BTN_LEFT", 0x111: "BTN_RIGHT", 0x112: "BTN_MIDDLE", 0x113: "BTN_SIDE", 0x114: "BTN_EXTRA",
        0x140: "BTN_TOOL_PEN", 0x141: "BTN_TOOL_RUBBER", 0x142: "BTN_TOOL_BRUSH", 0x143: "BTN_TOOL_PENCIL",
        0x144: "BTN_TOOL_AIRBRUSH", 0x145: "BTN_TOOL_FINGER", 0x146: "BTN_TOOL_MOUSE", 0x147: "BTN_TOOL_LENS",
        0x148: "BTN_TOOL_QUINTTAP", 0x149: "BTN_STYLUS3", 0x14a: "BTN_TOUCH", 0x14b: "BTN_STYLUS",
        0x14c: "BTN_STYLUS2", 0x14d: "BTN_TOOL_DOUBLETAP", 0x14e: "BTN_TOOL_TRIPLETAP", 0x14f: "BTN_TOOL_QUADTAP",
        0x1d0: "KEY_FN",
    ]

    /// The name of a code of a type, when known.
    static func codeName(type: UInt16, code: UInt16) -> String? {
        switch type {
        case EvdevCode.evSyn: syn[code]
        case EvdevCode.evRel: rel[code]
        case EvdevCode.evAbs: abs[code]
        case EvdevCode.evMsc: msc[code]
        case EvdevCode.evKey: buttons[code] ?? EvdevKeyUsage.keyNamesByCode[code]
        default: nil
        }
    }

    /// The type named `name` (`EV_ABS`).
    static func type(named name: String) -> UInt16? { typesByName[name] }

    /// The code named `name` for `type` (`ABS_MT_SLOT`), including `BTN_*` and `KEY_*`.
    static func code(named name: String, type: UInt16) -> UInt16? {
        switch type {
        case EvdevCode.evSyn: synByName[name]
        case EvdevCode.evRel: relByName[name]
        case EvdevCode.evAbs: absByName[name]
        case EvdevCode.evMsc: mscByName[name]
        case EvdevCode.evKey: buttonsByName[name] ?? EvdevKeyUsage.keyCodesByName[name]
        default: nil
        }
    }

    private static func inverted(_ table: [UInt16: String]) -> [String: UInt16] {
        Dictionary(table.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })
    }

    private static let typesByName = inverted(types)
    private static let synByName = inverted(syn)
    private static let relByName = inverted(rel)
    private static let absByName = inverted(abs)
    private static let mscByName = inverted(msc)
    private static let buttonsByName = inverted(buttons)
}
