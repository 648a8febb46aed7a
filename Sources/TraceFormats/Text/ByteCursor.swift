import Foundation

/// A position in one line's bytes, for the importers' fast paths: numbers and names read
/// straight from the bytes with no `String`.
///
/// Every reader answers `nil` for anything it is not sure of (a sign where none is expected,
/// too many digits, a prefix it does not know); the importer then hands the line to its
/// general parser, which accepts the same text the same way or words the error. So a fast path
/// only ever accepts a subset of what the general path accepts, with the same result.
struct ByteCursor {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    /// The byte at the position, or 0 at the end (lines hold no NUL).
    @inline(__always)
    var current: UInt8 { position < bytes.count ? bytes[position] : 0 }

    @inline(__always)
    mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    @inline(__always)
    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Whether the bytes at the position are `text`; moves past them when they are.
    @inline(__always)
    mutating func take(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        let start = text.utf8Start
        for index in 0..<count where bytes[position + index] != start[index] { return false }
        position += count
        return true
    }

    /// Whether two byte strings are equal, by `memcmp`.
    @inline(__always)
    static func same(_ first: [UInt8], _ second: UnsafeRawBufferPointer) -> Bool {
        guard first.count == second.count else { return false }
        guard !first.isEmpty, let base = second.baseAddress else { return true }
        return first.withUnsafeBytes { memcmp($0.baseAddress!, base, second.count) == 0 }
    }

    /// Whether `bytes` are exactly `text`.
    @inline(__always)
    static func equal(_ bytes: UnsafeRawBufferPointer, _ text: StaticString) -> Bool {
        var cursor = ByteCursor(bytes)
        return cursor.take(text) && cursor.atEnd
    }

    /// Whether the position is at the end or at a space or tab.
    @inline(__always)
    var atSeparator: Bool { position >= bytes.count || bytes[position] == 0x20 || bytes[position] == 0x09 }

    /// Unsigned decimal digits (1 to 18), as a number.
    @inline(__always)
    mutating func digits() -> Int64? {
        let start = position
        var value: Int64 = 0
        while position < bytes.count, case let digit = bytes[position] &- 0x30, digit < 10 {
            value = value &* 10 &+ Int64(digit)
            position += 1
        }
        let count = position - start
        return count > 0 && count <= 18 ? value : nil
    }

    /// A decimal integer with an optional `-` (what `Int(text, radix: 10)` reads, without a `+`).
    @inline(__always)
    mutating func decimal() -> Int64? {
        let negative = take(0x2D)
        guard let magnitude = digits() else { return nil }
        return negative ? -magnitude : magnitude
    }

    /// Hexadecimal digits (1 to 8, either case, no prefix), as a number.
    @inline(__always)
    mutating func hex() -> UInt32? {
        let start = position
        var value: UInt32 = 0
        while position < bytes.count {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x61...0x66: digit = byte - 0x57
            case 0x41...0x46: digit = byte - 0x37
            default: digit = 0xFF
            }
            if digit == 0xFF { break }
            value = value &<< 4 | UInt32(digit)
            position += 1
        }
        let count = position - start
        return count > 0 && count <= 8 ? value : nil
    }

    /// `seconds.fraction` as exact nanoseconds (1 to 9 fraction digits), as
    /// ``TextInput/nanoseconds(fromSeconds:)`` reads it, without a sign; `nil` past
    /// `latest` too, so that the general path names the line.
    @inline(__always)
    mutating func secondsAsNanoseconds(latest: Int64) -> Int64? {
        guard let whole = digits(), whole < 9_000_000_000, take(0x2E) else { return nil }
        let start = position
        guard var fraction = digits() else { return nil }
        let places = position - start
        guard places <= 9 else { return nil }
        for _ in places..<9 { fraction &*= 10 }
        let time = whole &* 1_000_000_000 &+ fraction
        return time <= latest ? time : nil
    }

    /// A decimal number times 10^scale (scale at most 9), exactly, when it is plain
    /// (`digits[.digits]`, at most `scale` fraction digits, no sign): what
    /// ``TextInput/decimal(_:scale:)`` gives for it.
    @inline(__always)
    mutating func scaledDecimal(scale: Int) -> Int64? {
        guard let whole = digits() else { return nil }
        var fraction: Int64 = 0, places = 0
        if take(0x2E) {
            let start = position
            guard let value = digits() else { return nil }
            places = position - start
            guard places <= scale else { return nil }
            fraction = value
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: Self.powersOfTen[scale])
        guard !overflow else { return nil }
        let (total, overflow2) = scaled.addingReportingOverflow(fraction &* Self.powersOfTen[scale - places])
        return overflow2 ? nil : total
    }

    private static let powersOfTen: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]
    private static let doublePowersOfTen: [Double] = (0...22).map { power in
        var value = 1.0
        for _ in 0..<power { value *= 10 }  // every power up to 10²² is exact in a double
        return value
    }

    /// A decimal number (`-12.5`, `3e-2`) when it converts exactly by Clinger's fast path:
    /// its significant digits fit 53 bits and its power of ten is at most 22 either way, so
    /// one correctly rounded multiplication or division of two exact doubles gives the
    /// correctly rounded value `Double(text)` gives. `nil` for anything else.
    @inline(__always)
    mutating func double() -> Double? {
        let negative = take(0x2D)
        var mantissa: UInt64 = 0, significant = 0, exponent = 0
        let start = position
        while position < bytes.count, case let digit = bytes[position] &- 0x30, digit < 10 {
            if mantissa != 0 || digit != 0 { significant += 1 }
            guard significant <= 19 else { return nil }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            position += 1
        }
        guard position > start else { return nil }
        if take(0x2E) {
            let fractionStart = position
            while position < bytes.count, case let digit = bytes[position] &- 0x30, digit < 10 {
                if mantissa != 0 || digit != 0 { significant += 1 }
                guard significant <= 19 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                exponent -= 1
                position += 1
            }
            guard position > fractionStart else { return nil }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            let exponentNegative = take(0x2D)
            if !exponentNegative { _ = take(0x2B) }
            guard let power = digits(), power < 10_000 else { return nil }
            exponent += exponentNegative ? -Int(power) : Int(power)
        }
        guard mantissa < 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        let magnitude = exponent < 0
            ? Double(mantissa) / Self.doublePowersOfTen[-exponent]
            : Double(mantissa) * Self.doublePowersOfTen[exponent]
        return negative ? -magnitude : magnitude
    }

    /// Whether `bytes` spell a decimal number as docs/FORMATS.md allows (`-12.5`, `+.5`,
    /// `3e-2`): `Double(String)` also reads `0x10`, `0x1p3`, `inf` and `nan`, which a
    /// decimal column must refuse rather than read as 16.
    static func isDecimal<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        var digits = 0, exponentDigits = 0
        var state = 0  // 0 sign, 1 whole, 2 fraction, 3 exponent sign, 4 exponent
        for byte in bytes {
            let isDigit = byte &- 0x30 < 10
            switch state {
            case 0 where byte == 0x2B || byte == 0x2D: state = 1
            case 0, 1, 2:
                if isDigit { digits += 1; state = max(state, 1) }
                else if byte == 0x2E, state < 2 { state = 2 }
                else if byte | 0x20 == UInt8(ascii: "e"), digits > 0 { state = 3 }
                else { return false }
            case 3 where byte == 0x2B || byte == 0x2D: state = 4
            default:
                guard isDigit else { return false }
                exponentDigits += 1
                state = 4
            }
        }
        return digits > 0 && (state < 3 || exponentDigits > 0)
    }

    /// The bytes up to the next space, tab or end.
    @inline(__always)
    mutating func word() -> UnsafeRawBufferPointer {
        let start = position
        while position < bytes.count, bytes[position] != 0x20, bytes[position] != 0x09 { position += 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<position])
    }

    /// The bytes from the position to the end.
    var rest: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[Swift.min(position, bytes.count)...]) }
}

/// A number that fits `T`, or `nil`.
@inline(__always)
func exactly<T: FixedWidthInteger>(_ value: Int64?, as: T.Type = T.self) -> T? {
    guard let value else { return nil }
    return T(exactly: value)
}
