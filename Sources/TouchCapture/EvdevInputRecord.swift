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
        /// The timeval is negative, too large, or has a microsecond field of a second or more.
        case time(seconds: Int64, microseconds: Int64)
        /// The type is above `EV_MAX` or the code above `KEY_MAX`.
        case typeOrCode(type: UInt16, code: UInt16)

        public var description: String {
            switch self {
            case let .time(seconds, micros):
                "the record's time \(seconds) s \(micros) µs is not a valid timeval (negative, or 1 000 000 µs or more)"
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
        // 9.2e9 s keeps seconds × 10⁹ inside Int64.
        guard seconds >= 0, seconds < 9_200_000_000, micros >= 0, micros < 1_000_000 else {
            throw .time(seconds: seconds, microseconds: micros)
        }
        guard type <= EvdevCode.evMax, code <= EvdevCode.codeMax else { throw .typeOrCode(type: type, code: code) }
        return EvdevEvent(time: seconds * 1_000_000_000 + micros * 1000, type: type, code: code, value: value)
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: UnsafeRawBufferPointer, _ offset: Int) -> T {
        T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }
}
