/// The Linux input event types and codes the decoder understands (linux/input-event-codes.h).
///
/// Codes are plain integers so that any code a file carries can be represented; these
/// constants name the ones that change how samples are made.
public enum EvdevCode {
    // Event types.
    public static let evSyn: UInt16 = 0x00
    public static let evKey: UInt16 = 0x01
    public static let evRel: UInt16 = 0x02
    public static let evAbs: UInt16 = 0x03
    public static let evMsc: UInt16 = 0x04
    /// The largest event type the kernel defines.
    public static let evMax: UInt16 = 0x1f

    // EV_SYN codes.
    public static let synReport: UInt16 = 0
    public static let synConfig: UInt16 = 1
    public static let synMTReport: UInt16 = 2
    public static let synDropped: UInt16 = 3

    // EV_KEY buttons.
    public static let btnMisc: UInt16 = 0x100
    public static let btnLeft: UInt16 = 0x110
    public static let btnRight: UInt16 = 0x111
    public static let btnMiddle: UInt16 = 0x112
    public static let btnToolPen: UInt16 = 0x140
    public static let btnToolRubber: UInt16 = 0x141
    public static let btnToolBrush: UInt16 = 0x142
    public static let btnToolPencil: UInt16 = 0x143
    public static let btnToolAirbrush: UInt16 = 0x144
    public static let btnToolFinger: UInt16 = 0x145
    public static let btnTouch: UInt16 = 0x14a
    public static let btnStylus: UInt16 = 0x14b
    public static let btnStylus2: UInt16 = 0x14c
    public static let keyFn: UInt16 = 0x1d0
    /// The largest key code the kernel defines.
    public static let keyMax: UInt16 = 0x2ff

    // EV_REL codes.
    public static let relX: UInt16 = 0x00
    public static let relY: UInt16 = 0x01
    public static let relHWheel: UInt16 = 0x06
    public static let relWheel: UInt16 = 0x08

    // EV_ABS codes.
    public static let absX: UInt16 = 0x00
    public static let absY: UInt16 = 0x01
    public static let absPressure: UInt16 = 0x18
    public static let absDistance: UInt16 = 0x19
    public static let absTiltX: UInt16 = 0x1a
    public static let absTiltY: UInt16 = 0x1b
    public static let absMTSlot: UInt16 = 0x2f
    public static let absMTTouchMajor: UInt16 = 0x30
    public static let absMTTouchMinor: UInt16 = 0x31
    public static let absMTOrientation: UInt16 = 0x34
    public static let absMTPositionX: UInt16 = 0x35
    public static let absMTPositionY: UInt16 = 0x36
    public static let absMTToolType: UInt16 = 0x37
    public static let absMTTrackingID: UInt16 = 0x39
    public static let absMTPressure: UInt16 = 0x3a
    public static let absMTDistance: UInt16 = 0x3b
    /// The largest absolute axis code the kernel defines.
    public static let absMax: UInt16 = 0x3f

    /// ABS_MT_TOOL_TYPE value of a stylus.
    public static let mtToolPen: Int32 = 1

    /// The largest code any type may carry; larger codes are rejected as malformed.
    public static let codeMax: UInt16 = 0x2ff
}
