import TouchInput

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

extension EvdevEvent {
    /// The largest recorded time an import keeps, in nanoseconds: a capture's times (and the
    /// epoch its first wall-clock time becomes) lie within ±(2⁶² − 1) ns, as every trace's do
    /// (docs/FORMAT.md, "Limits"); later ones are refused naming the line, as CSV refuses them.
    static let latestTime = SampleTime.limit

    /// The nanoseconds of a recorded `seconds.fraction` time (`what`: how the form calls it), or
    /// an error saying why there are none: not such a number, or outside the range.
    static func time(seconds text: Substring, what: String) throws -> Int64 {
        guard let time = TextInput.nanoseconds(fromSeconds: text), time >= 0 else {
            if let seconds = Double(text), seconds * 1e9 > Double(latestTime) { throw outOfRange(what, text) }
            throw TraceFormatError("the \(what) \(quoted(text)) is not seconds.microseconds.")
        }
        guard time <= latestTime else { throw outOfRange(what, text) }
        return time
    }

    /// The error for a recorded time after ``latestTime``.
    static func outOfRange(_ what: String, _ text: some StringProtocol) -> TraceFormatError {
        TraceFormatError("the \(what) \(quoted(text)) s lies outside the accepted ±(2^62 − 1) ns (about ±146 years) from 1970.")
    }
}
