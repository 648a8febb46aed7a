/// One kernel input event (`struct input_event`) with its time already made relative to the
/// start of the recording.
public struct EvdevEvent: Sendable, Hashable {
    /// Nanoseconds since the start of the recording.
    public var time: Int64
    /// `EV_*` type, `*_` code and value, as in `struct input_event`.
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Int64, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
