import TouchInput

/// Translation between Linux key codes (`KEY_*`) and USB HID usages of the keyboard page
/// (0x07), which is what key samples carry.
///
/// The table covers the keys of a full-size keyboard; other key codes have no usage and are
/// skipped by the decoder (and counted in the metadata).
public enum EvdevKeyUsage {
    /// The HID usage of a Linux key code, or `nil` when the key has none in the keyboard page.
    public static func usage(forKeyCode code: UInt16) -> UInt32? { usageByCode[code] }

    /// The Linux key code of a HID usage, or `nil`.
    public static func keyCode(forUsage usage: UInt32) -> UInt16? { codeByUsage[usage] }

    /// The modifier a key code holds while down (`KEY_LEFTSHIFT` → shift), if any.
    /// Caps Lock is not here: it toggles rather than being held.
    public static func heldModifier(forKeyCode code: UInt16) -> ModifierFlags? {
        switch code {
        case 42, 54: .shift
        case 29, 97: .control
        case 56, 100: .option
        case 125, 126: .command
        case EvdevCode.keyFn: .function
        default: nil
        }
    }

    /// Linux `KEY_CAPSLOCK`.
    public static let capsLockCode: UInt16 = 58

    // (Linux code, name, HID usage).
    private static let table: [(UInt16, String, UInt32)] = [
        (1, "KEY_ESC", 0x29), (2, "KEY_1", 0x1e), (3, "KEY_2", 0x1f), (4, "KEY_3", 0x20),
        (5, "KEY_4", 0x21), (6, "KEY_5", 0x22), (7, "KEY_6", 0x23), (8, "KEY_7", 0x24),
        (9, "KEY_8", 0x25), (10, "KEY_9", 0x26), (11, "KEY_0", 0x27), (12, "KEY_MINUS", 0x2d),
        (13, "KEY_EQUAL", 0x2e), (14, "KEY_BACKSPACE", 0x2a), (15, "KEY_TAB", 0x2b), (16, "KEY_Q", 0x14),
        (17, "KEY_W", 0x1a), (18, "KEY_E", 0x08), (19, "KEY_R", 0x15), (20, "KEY_T", 0x17),
        (21, "KEY_Y", 0x1c), (22, "KEY_U", 0x18), (23, "KEY_I", 0x0c), (24, "KEY_O", 0x12),
        (25, "KEY_P", 0x13), (26, "KEY_LEFTBRACE", 0x2f), (27, "KEY_RIGHTBRACE", 0x30), (28, "KEY_ENTER", 0x28),
        (29, "KEY_LEFTCTRL", 0xe0), (30, "KEY_A", 0x04), (31, "KEY_S", 0x16), (32, "KEY_D", 0x07),
        (33, "KEY_F", 0x09), (34, "KEY_G", 0x0a), (35, "KEY_H", 0x0b), (36, "KEY_J", 0x0d),
        (37, "KEY_K", 0x0e), (38, "KEY_L", 0x0f), (39, "KEY_SEMICOLON", 0x33), (40, "KEY_APOSTROPHE", 0x34),
        (41, "KEY_GRAVE", 0x35), (42, "KEY_LEFTSHIFT", 0xe1), (43, "KEY_BACKSLASH", 0x31), (44, "KEY_Z", 0x1d),
        (45, "KEY_X", 0x1b), (46, "KEY_C", 0x06), (47, "KEY_V", 0x19), (48, "KEY_B", 0x05),
        (49, "KEY_N", 0x11), (50, "KEY_M", 0x10), (51, "KEY_COMMA", 0x36), (52, "KEY_DOT", 0x37),
        (53, "KEY_SLASH", 0x38), (54, "KEY_RIGHTSHIFT", 0xe5), (55, "KEY_KPASTERISK", 0x55), (56, "KEY_LEFTALT", 0xe2),
        (57, "KEY_SPACE", 0x2c), (58, "KEY_CAPSLOCK", 0x39), (59, "KEY_F1", 0x3a), (60, "KEY_F2", 0x3b),
        (61, "KEY_F3", 0x3c), (62, "KEY_F4", 0x3d), (63, "KEY_F5", 0x3e), (64, "KEY_F6", 0x3f),
        (65, "KEY_F7", 0x40), (66, "KEY_F8", 0x41), (67, "KEY_F9", 0x42), (68, "KEY_F10", 0x43),
        (69, "KEY_NUMLOCK", 0x53), (70, "KEY_SCROLLLOCK", 0x47), (71, "KEY_KP7", 0x5f), (72, "KEY_KP8", 0x60),
        (73, "KEY_KP9", 0x61), (74, "KEY_KPMINUS", 0x56), (75, "KEY_KP4", 0x5c), (76, "KEY_KP5", 0x5d),
        (77, "KEY_KP6", 0x5e), (78, "KEY_KPPLUS", 0x57), (79, "KEY_KP1", 0x59), (80, "KEY_KP2", 0x5a),
        (81, "KEY_KP3", 0x5b), (82, "KEY_KP0", 0x62), (83, "KEY_KPDOT", 0x63), (86, "KEY_102ND", 0x64),
        (87, "KEY_F11", 0x44), (88, "KEY_F12", 0x45), (96, "KEY_KPENTER", 0x58), (97, "KEY_RIGHTCTRL", 0xe4),
        (98, "KEY_KPSLASH", 0x54), (99, "KEY_SYSRQ", 0x46), (100, "KEY_RIGHTALT", 0xe6), (102, "KEY_HOME", 0x4a),
        (103, "KEY_UP", 0x52), (104, "KEY_PAGEUP", 0x4b), (105, "KEY_LEFT", 0x50), (106, "KEY_RIGHT", 0x4f),
        (107, "KEY_END", 0x4d), (108, "KEY_DOWN", 0x51), (109, "KEY_PAGEDOWN", 0x4e), (110, "KEY_INSERT", 0x49),
        (111, "KEY_DELETE", 0x4c), (113, "KEY_MUTE", 0x7f), (114, "KEY_VOLUMEDOWN", 0x81), (115, "KEY_VOLUMEUP", 0x80),
        (116, "KEY_POWER", 0x66), (117, "KEY_KPEQUAL", 0x67), (119, "KEY_PAUSE", 0x48), (121, "KEY_KPCOMMA", 0x85),
        (125, "KEY_LEFTMETA", 0xe3), (126, "KEY_RIGHTMETA", 0xe7), (127, "KEY_COMPOSE", 0x65),
        (183, "KEY_F13", 0x68), (184, "KEY_F14", 0x69), (185, "KEY_F15", 0x6a), (186, "KEY_F16", 0x6b),
        (187, "KEY_F17", 0x6c), (188, "KEY_F18", 0x6d), (189, "KEY_F19", 0x6e), (190, "KEY_F20", 0x6f),
        (191, "KEY_F21", 0x70), (192, "KEY_F22", 0x71), (193, "KEY_F23", 0x72), (194, "KEY_F24", 0x73),
    ]

    private static let usageByCode = Dictionary(table.map { ($0.0, $0.2) }, uniquingKeysWith: { a, _ in a })
    private static let codeByUsage = Dictionary(table.map { ($0.2, $0.0) }, uniquingKeysWith: { a, _ in a })
    static let keyNamesByCode = Dictionary(table.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    static let keyCodesByName = Dictionary(table.map { ($0.1, $0.0) }, uniquingKeysWith: { a, _ in a })
}
