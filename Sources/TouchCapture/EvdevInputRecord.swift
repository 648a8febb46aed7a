import TouchInput
import TraceFormats

/// The kernel's `struct input_event` as 64-bit Linux (x86_64, aarch64) lays it out: a
/// `struct timeval` of two 64-bit fields, then `u16 type`, `u16 code`, `s32 value`, 24
/// bytes, little-endian. Reading a device node or a file of its records goes through here,
/// and tests use ``encode(_:into:)`` to write such files.
public enum EvdevInputRecord {
    /// Bytes in one record.
    public static let size = 24

    /// Appends `event` (its time in nanoseconds, non-negative, truncated to microseconds) to `bytes`.
    public static func encode(_ event: EvdevEvent, into bytes: inout [UInt8]) {
        let seconds = event.time / 1_000_000_000
        let micros = (event.time % 1_000_000_000) / 1000
        append(UInt64(bitPattern: seconds), to: &bytes)
        append(UInt64(bitPattern: micros), to: &bytes)
        append(event.type, to: &bytes)
        append(event.code, to: &bytes)
        append(UInt32(bitPattern: event.value), to: &bytes)
    }

    /// The records of `events`, back to back.
    public static func encode(_ events: some Sequence<EvdevEvent>) -> [UInt8] {
        var bytes: [UInt8] = []
        for event in events { encode(event, into: &bytes) }
        return bytes
    }

    /// What is wrong with one record.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The timeval's seconds are negative: before 1970 (or a boot clock), which no kernel writes.
        case negativeSeconds(Int64)
        /// The timeval lies beyond the ±(2^62 − 1) ns every trace keeps (the imports refuse the same).
        case lateTime(seconds: Int64, microseconds: Int64)
        /// The microsecond field is negative or a second or more.
        case microseconds(Int64)
        /// The type is above `EV_MAX` or the code above `KEY_MAX`.
        case typeOrCode(type: UInt16, code: UInt16)

        public var description: String {
            switch self {
            case let .negativeSeconds(seconds):
                "the record's time has \(seconds) seconds; a timeval's seconds are never negative"
            case let .lateTime(seconds, micros):
                "the record's time \(seconds) s \(micros) µs lies outside the accepted ±(2^62 − 1) ns (about ±146 years) from 1970"
            case let .microseconds(micros):
                "the record's microsecond field is \(micros), outside 0…999 999"
            case let .typeOrCode(type, code):
                "the record's event type \(type) or code \(code) is beyond what the kernel defines"
            }
        }
    }

    /// Decodes the record at `offset` of `bytes` (which must hold ``size`` bytes from there).
    /// A record the kernel could not have written is refused, so that a file of something
    /// else is reported rather than decoded into nonsense.
    public static func decode(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws(Problem) -> EvdevEvent {
        let seconds = Int64(bitPattern: load(UInt64.self, bytes, offset))
        let micros = Int64(bitPattern: load(UInt64.self, bytes, offset + 8))
        let type = load(UInt16.self, bytes, offset + 16)
        let code = load(UInt16.self, bytes, offset + 18)
        let value = Int32(bitPattern: load(UInt32.self, bytes, offset + 20))
        guard seconds >= 0 else { throw .negativeSeconds(seconds) }
        guard micros >= 0, micros < 1_000_000 else { throw .microseconds(micros) }
        // The range the evdev imports keep (EvdevEvent.latestTime); checked before the
        // multiplication, which it keeps inside Int64.
        guard seconds <= SampleTime.limit / 1_000_000_000,
              case let time = seconds * 1_000_000_000 + micros * 1000, time <= SampleTime.limit else {
            throw .lateTime(seconds: seconds, microseconds: micros)
        }
        guard type <= EvdevCode.evMax, code <= EvdevCode.codeMax else { throw .typeOrCode(type: type, code: code) }
        return EvdevEvent(time: time, type: type, code: code, value: value)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: UnsafeRawBufferPointer, _ offset: Int) -> T {
        T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
