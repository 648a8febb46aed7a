import Foundation
import TouchInput

/// The fast path of the JSON Lines reader: one sample line parsed straight from its bytes
/// into an ``InputSample``, with no JSON tree, no dictionary and no strings for keys.
///
/// It accepts only what the general path (``JSONValue`` and the reader's checks) accepts and
/// builds the identical sample; anything it is not sure of — an escape in a string, an
/// unknown or repeated key, a number it cannot convert exactly, a missing field, an
/// out-of-order time — makes it answer `nil`, and the reader parses the line the general
/// way, which also words the error. Numbers are converted exactly: integers digit by digit,
/// decimals whose digits fit 53 bits with a power of ten up to 10²² by one correctly rounded
/// multiplication or division of two exact doubles (Clinger's fast path), which is the
/// correctly rounded value `Double(text)` gives; other numbers take the general path.
struct JSONLinesSampleParser {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    private init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The sample on `line`, or `nil` when the general path must decide. `notBefore` is the
    /// previous sample's time.
    static func sample(_ line: UnsafeRawBufferPointer, notBefore: Int64) -> InputSample? {
        var parser = JSONLinesSampleParser(line)
        return parser.parse(notBefore: notBefore)
    }

    private enum Key: Int {
        case t, kind, phase, id, x, y, force, majorRadius, majorRadiusTolerance, altitude, azimuth, roll
        case buttons, modifiers, flags, dx, dy, key, label
    }

    /// The name of `key` as it is written between quotes.
    @inline(__always)
    private static func name(of key: Key) -> StaticString {
        switch key {
        case .t: "t"
        case .kind: "kind"
        case .phase: "phase"
        case .id: "id"
        case .x: "x"
        case .y: "y"
        case .force: "force"
        case .majorRadius: "majorRadius"
        case .majorRadiusTolerance: "majorRadiusTolerance"
        case .altitude: "altitude"
        case .azimuth: "azimuth"
        case .roll: "roll"
        case .buttons: "buttons"
        case .modifiers: "modifiers"
        case .flags: "flags"
        case .dx: "dx"
        case .dy: "dy"
        case .key: "key"
        case .label: "label"
        }
    }

    /// The key at the current position, quotes included: its first two bytes choose the one
    /// candidate, whose name and closing quote must then follow. A key that is not exactly a
    /// known name (or holds an escape) answers `nil`, as a string read to its closing quote
    /// and looked up did (scanning each key byte by byte cost a tenth of an import).
    @inline(__always)
    private mutating func nextKey() -> Key? {
        guard position + 2 < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let second = bytes[position + 2]
        let candidate: Key
        switch bytes[position + 1] {
        case UInt8(ascii: "t"): candidate = .t
        case UInt8(ascii: "x"): candidate = .x
        case UInt8(ascii: "y"): candidate = .y
        case UInt8(ascii: "i"): candidate = .id
        case UInt8(ascii: "d"): candidate = second == UInt8(ascii: "x") ? .dx : .dy
        case UInt8(ascii: "k"): candidate = second == UInt8(ascii: "e") ? .key : .kind
        case UInt8(ascii: "p"): candidate = .phase
        case UInt8(ascii: "l"): candidate = .label
        case UInt8(ascii: "f"): candidate = second == UInt8(ascii: "o") ? .force : .flags
        case UInt8(ascii: "a"): candidate = second == UInt8(ascii: "l") ? .altitude : .azimuth
        case UInt8(ascii: "r"): candidate = .roll
        case UInt8(ascii: "b"): candidate = .buttons
        case UInt8(ascii: "m"):
            guard second == UInt8(ascii: "a") else { candidate = .modifiers; break }
            // "majorRadius" or "majorRadiusTolerance": the byte after the shorter name decides.
            candidate = position + 12 < bytes.count && bytes[position + 12] == UInt8(ascii: "\"") ? .majorRadius : .majorRadiusTolerance
        default: return nil
        }
        let name = Self.name(of: candidate)
        let count = name.utf8CodeUnitCount
        let close = position + 1 + count
        guard close < bytes.count, bytes[close] == UInt8(ascii: "\""), let base = bytes.baseAddress,
              Self.equal(base + position + 1, UnsafeRawPointer(name.utf8Start), count) else { return nil }
        position = close + 1
        return candidate
    }

    /// Whether the `count` bytes at `a` and `b` are the same, compared inline (a `memcmp` call
    /// per key cost more than the comparison): eight bytes at a time, the last word overlapping
    /// the one before it, so nothing past either end is read.
    @inline(__always)
    private static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        guard count >= 8 else {
            for offset in 0..<count where a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
                return false
            }
            return true
        }
        var offset = 0
        while offset &+ 8 < count {
            guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else { return false }
            offset &+= 8
        }
        return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }

    /// Whether `name` and `text` hold the same bytes (lengths first: most names differ in length).
    @inline(__always)
    private static func same(_ name: [UInt8], _ text: UnsafeRawBufferPointer) -> Bool {
        guard name.count == text.count else { return false }
        return name.withUnsafeBytes { stored in
            guard let a = stored.baseAddress, let b = text.baseAddress else { return true }
            return equal(a, b, text.count)
        }
    }

    private static let kinds: [([UInt8], SampleKind)] = SampleKind.allCases.map { (Array($0.name.utf8), $0) }
    private static let phases: [([UInt8], SamplePhase)] = SamplePhase.allCases.map { (Array($0.name.utf8), $0) }
    private static let modifierNames: [([UInt8], UInt32)] = ModifierFlags.named.map { (Array($0.name.utf8), UInt32($0.flag.rawValue)) }
    private static let flagNames: [([UInt8], UInt32)] = SampleFlags.named.map { (Array($0.name.utf8), UInt32($0.flag.rawValue)) }

    private mutating func parse(notBefore: Int64) -> InputSample? {
        // Plain values and a bit per key seen, stored at the end in one initialisation: an
        // optional per field, each set on the sample through its setter, cost a fifth of
        // the parse.
        var time: Int64 = 0, kind = SampleKind.touch, phase = SamplePhase.moved, id: UInt32 = 0
        var x = 0.0, y = 0.0, force = 0.0, radius = 0.0, tolerance = 0.0
        var altitude = 0.0, azimuth = 0.0, roll = 0.0, dx = 0.0, dy = 0.0
        var buttons: UInt32 = 0, key: UInt32 = 0, modifiers = ModifierFlags(), flags = SampleFlags(), label = MarkerLabel.none
        var seen: UInt32 = 0
        skipSpaces()
        guard take(UInt8(ascii: "{")) else { return nil }
        skipSpaces()
        if !take(UInt8(ascii: "}")) {
            while true {
                skipSpaces()
                guard let field = nextKey() else { return nil }
                let bit = UInt32(1) << UInt32(field.rawValue)
                guard seen & bit == 0 else { return nil }
                seen |= bit
                skipSpaces()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpaces()
                switch field {
                case .t: guard let value = integer() else { return nil }; time = value
                case .kind: guard let value = name(in: Self.kinds) else { return nil }; kind = value
                case .phase: guard let value = name(in: Self.phases) else { return nil }; phase = value
                case .id: guard let value = unsigned32() else { return nil }; id = value
                case .buttons: guard let value = unsigned32() else { return nil }; buttons = value
                case .key: guard let value = unsigned32() else { return nil }; key = value
                case .x: guard let value = number() else { return nil }; x = value
                case .y: guard let value = number() else { return nil }; y = value
                case .force: guard let value = number() else { return nil }; force = value
                case .majorRadius: guard let value = number() else { return nil }; radius = value
                case .majorRadiusTolerance: guard let value = number() else { return nil }; tolerance = value
                case .altitude: guard let value = number() else { return nil }; altitude = value
                case .azimuth: guard let value = number() else { return nil }; azimuth = value
                case .roll: guard let value = number() else { return nil }; roll = value
                case .dx: guard let value = number() else { return nil }; dx = value
                case .dy: guard let value = number() else { return nil }; dy = value
                case .modifiers: guard let raw = nameSet(Self.modifierNames) else { return nil }; modifiers = ModifierFlags(rawValue: UInt8(raw))
                case .flags: guard let raw = nameSet(Self.flagNames) else { return nil }; flags = SampleFlags(rawValue: UInt8(raw))
                case .label:
                    guard let text = plainString(), let string = String(validating: text, as: UTF8.self) else { return nil }
                    label = MarkerLabel(string)
                }
                skipSpaces()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        skipSpaces()
        // A closure capturing `seen` would box it, with an exclusivity check at every use.
        let has = { [seen] (key: Key) -> Bool in seen & UInt32(1) << UInt32(key.rawValue) != 0 }
        guard position == bytes.count, has(.kind), has(.t), SampleTime.isValid(time), time >= notBefore else { return nil }
        if !has(.phase) {
            guard kind == .marker else { return nil }
            phase = .began
        }
        guard has(.id) || !kind.isContact else { return nil }
        var fields = SampleFields()
        if has(.x) || has(.y) {
            guard has(.x), has(.y) else { return nil }
            fields.insert(.location)
        }
        if has(.force) { fields.insert(.force) }
        if has(.majorRadius) { fields.insert(.majorRadius) }
        if has(.majorRadiusTolerance) { fields.insert(.majorRadiusTolerance) }
        if has(.altitude) { fields.insert(.altitude) }
        if has(.azimuth) { fields.insert(.azimuth) }
        if has(.roll) { fields.insert(.roll) }
        if has(.buttons) { fields.insert(.buttons) }
        if !modifiers.isEmpty { fields.insert(.modifiers) }
        if !flags.isEmpty { fields.insert(.flags) }
        if has(.dx) || has(.dy) { fields.insert(.scrollDelta) }
        if has(.key) { fields.insert(.key) }
        if has(.label) { fields.insert(.label) }
        switch kind {
        case .touch, .pencil, .pointer: guard fields.contains(.location) else { return nil }
        case .scroll: guard fields.contains(.location), fields.contains(.scrollDelta) else { return nil }
        case .key: guard has(.key), phase == .began || phase == .ended else { return nil }
        case .marker: guard has(.label) else { return nil }
        }
        return InputSample(time: time, kind: kind, phase: phase, id: id, fields: fields,
                           x: x, y: y, force: force, majorRadius: radius, majorRadiusTolerance: tolerance,
                           altitude: altitude, azimuth: azimuth, roll: roll, dx: dx, dy: dy,
                           buttons: buttons, key: key, modifiers: modifiers, flags: flags, label: label)
    }

    // MARK: Tokens

    @inline(__always)
    private mutating func skipSpaces() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    @inline(__always)
    private mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// A string with no escapes and no control characters, without its quotes.
    private mutating func plainString() -> UnsafeRawBufferPointer? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return UnsafeRawBufferPointer(rebasing: bytes[start..<(position - 1)])
            }
            guard byte != UInt8(ascii: "\\"), byte >= 0x20 else { return nil }
            position += 1
        }
        return nil
    }

    private mutating func name<Value>(in table: [([UInt8], Value)]) -> Value? {
        guard let text = plainString() else { return nil }
        return table.first { Self.same($0.0, text) }?.1
    }

    /// `["a","b"]` as the union of the names' bits; `nil` for an unknown name.
    private mutating func nameSet(_ table: [([UInt8], UInt32)]) -> UInt32? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var bits: UInt32 = 0
        skipSpaces()
        if take(UInt8(ascii: "]")) { return bits }
        while true {
            skipSpaces()
            guard let bit = name(in: table) else { return nil }
            bits |= bit
            skipSpaces()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? bits : nil
        }
    }

    /// The digits of a JSON number: sign, integer digits, fraction digits and exponent, or
    /// `nil` when it is not a JSON number or has more than 19 significant digits (they fit 64 bits).
    private mutating func numberParts() -> (negative: Bool, mantissa: UInt64, digits: Int, exponent: Int, isInteger: Bool)? {
        let negative = take(UInt8(ascii: "-"))
        let digitsStart = position
        var mantissa: UInt64 = 0, digits = 0
        guard digitRun(&mantissa, &digits) else { return nil }
        guard position > digitsStart, !(bytes[digitsStart] == 0x30 && position - digitsStart > 1) else { return nil }
        var exponent = 0
        var isInteger = true
        if take(UInt8(ascii: ".")) {
            isInteger = false
            let fractionStart = position
            guard digitRun(&mantissa, &digits) else { return nil }
            guard position > fractionStart else { return nil }
            exponent = fractionStart - position
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            let exponentNegative = take(UInt8(ascii: "-"))
            if !exponentNegative { _ = take(UInt8(ascii: "+")) }
            let start = position
            var value = 0
            while position < bytes.count, case let d = bytes[position] &- 0x30, d < 10 {
                guard value < 10_000 else { return nil }
                value = value * 10 + Int(d)
                position += 1
            }
            guard position > start else { return nil }
            exponent += exponentNegative ? -value : value
        }
        return (negative, mantissa, digits, exponent, isInteger)
    }

    /// Reads the decimal digits at the position into `mantissa` (times ten per digit, plus the
    /// digit), counting in `digits` those from the first non-zero digit on; `false` when that
    /// count passes 19. Eight bytes at a time where the line has them (the run's length from
    /// one word's non-digit bytes, its value by three multiplications), then byte by byte.
    @inline(__always)
    private mutating func digitRun(_ mantissa: inout UInt64, _ digits: inout Int) -> Bool {
        while position + 8 <= bytes.count, let base = bytes.baseAddress {
            let word = UInt64(littleEndian: (base + position).loadUnaligned(as: UInt64.self)) ^ 0x3030_3030_3030_3030
            // A byte is a digit when it is 0…9 after the xor: the high bit of each byte of
            // `nonDigits` is set where (byte & 0x7F) + 0x76 carries into it, or the byte had it.
            let nonDigits = ((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676 | word) & 0x8080_8080_8080_8080
            let run = nonDigits == 0 ? 8 : nonDigits.trailingZeroBitCount >> 3
            guard run > 0 else { return true }
            // The run's digits moved to the top bytes, zeros (leading zero digits) below.
            let value = Self.eightDigits(word << (8 * UInt64(8 - run)) )
            let significant = mantissa != 0 ? run : (value == 0 ? 0 : Self.digitCount(value))
            digits += significant
            guard digits <= 19 else { return false }
            mantissa = mantissa &* Self.powersOfTenInteger[run] &+ value
            position += run
            if run < 8 { return true }
        }
        while position < bytes.count, case let d = bytes[position] &- 0x30, d < 10 {
            if mantissa != 0 || d != 0 { digits += 1 }
            guard digits <= 19 else { return false }
            mantissa = mantissa &* 10 &+ UInt64(d)
            position += 1
        }
        return true
    }

    /// The value of eight digits 0…9 held one per byte, the first in the lowest byte.
    @inline(__always)
    private static func eightDigits(_ word: UInt64) -> UInt64 {
        let pairs = word &* 10 &+ (word >> 8)  // each even byte: two digits' value
        let mask: UInt64 = 0x0000_00FF_0000_00FF
        return ((pairs & mask) &* (100 + (1_000_000 << 32)) &+ ((pairs >> 16) & mask) &* (1 + (10_000 << 32))) >> 32
    }

    /// How many digits `value` (below 10⁸, not zero) has.
    @inline(__always)
    private static func digitCount(_ value: UInt64) -> Int {
        var count = 1
        var bound: UInt64 = 10
        while value >= bound {
            count += 1
            bound &*= 10
        }
        return count
    }

    private static let powersOfTenInteger: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]

    /// An integer token (the general path's `.integer`).
    private mutating func integer() -> Int64? {
        guard let parts = numberParts(), parts.isInteger, parts.mantissa <= UInt64(Int64.max) else { return nil }
        return parts.negative ? -Int64(parts.mantissa) : Int64(parts.mantissa)
    }

    private mutating func unsigned32() -> UInt32? {
        guard let parts = numberParts(), parts.isInteger, parts.mantissa <= UInt64(UInt32.max) else { return nil }
        guard !parts.negative || parts.mantissa == 0 else { return nil }
        return UInt32(parts.mantissa)
    }

    /// 10⁰ … 10²², every one exact in a double. Written as literals so the optimizer lays the
    /// table out as constant data: a computed table costs a lazy-initialisation check on every
    /// number read (9 % of an import).
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// A number as the general path converts it: an integer token exactly through `Int64`,
    /// a decimal by the correctly rounded fast path when it applies.
    private mutating func number() -> Double? {
        guard let parts = numberParts() else { return nil }
        if parts.isInteger {
            guard parts.mantissa <= UInt64(Int64.max) else { return nil }
            return Double(parts.negative ? -Int64(parts.mantissa) : Int64(parts.mantissa))
        }
        guard parts.mantissa < 1 << 53, parts.exponent >= -22, parts.exponent <= 22 else { return nil }
        let magnitude = parts.exponent < 0
            ? Double(parts.mantissa) / Self.powersOfTen[-parts.exponent]
            : Double(parts.mantissa) * Self.powersOfTen[parts.exponent]
        guard magnitude.isFinite else { return nil }
        return parts.negative ? -magnitude : magnitude
    }
}
