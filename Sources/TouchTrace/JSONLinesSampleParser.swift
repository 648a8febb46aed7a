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

    private static let keys: [(bytes: [UInt8], key: Key)] = {
        let names: [(String, Key)] = [
            ("t", .t), ("kind", .kind), ("phase", .phase), ("id", .id), ("x", .x), ("y", .y), ("force", .force),
            ("majorRadius", .majorRadius), ("majorRadiusTolerance", .majorRadiusTolerance), ("altitude", .altitude),
            ("azimuth", .azimuth), ("roll", .roll), ("buttons", .buttons), ("modifiers", .modifiers), ("flags", .flags),
            ("dx", .dx), ("dy", .dy), ("key", .key), ("label", .label),
        ]
        return names.map { (Array($0.0.utf8), $0.1) }
    }()

    /// The key `text` names: its length and first byte choose the one candidate, whose bytes
    /// must then match (a search of the table compared most keys of a line with every name).
    @inline(__always)
    private static func key(_ text: UnsafeRawBufferPointer) -> Key? {
        guard let first = text.first else { return nil }
        let candidate: Key? = switch (text.count, first) {
        case (1, UInt8(ascii: "t")): .t
        case (1, UInt8(ascii: "x")): .x
        case (1, UInt8(ascii: "y")): .y
        case (2, UInt8(ascii: "i")): .id
        case (2, UInt8(ascii: "d")): text[1] == UInt8(ascii: "x") ? .dx : .dy
        case (3, _): .key
        case (4, UInt8(ascii: "k")): .kind
        case (4, UInt8(ascii: "r")): .roll
        case (5, UInt8(ascii: "p")): .phase
        case (5, UInt8(ascii: "l")): .label
        case (5, UInt8(ascii: "f")): text[1] == UInt8(ascii: "o") ? .force : .flags
        case (7, UInt8(ascii: "a")): .azimuth
        case (7, UInt8(ascii: "b")): .buttons
        case (8, _): .altitude
        case (9, _): .modifiers
        case (11, _): .majorRadius
        case (20, _): .majorRadiusTolerance
        default: nil
        }
        guard let candidate, same(keys[candidate.rawValue].bytes, text) else { return nil }
        return candidate
    }

    /// Whether `name` and `text` hold the same bytes (lengths first: most names differ in length).
    @inline(__always)
    private static func same(_ name: [UInt8], _ text: UnsafeRawBufferPointer) -> Bool {
        guard name.count == text.count else { return false }
        return name.withUnsafeBytes { stored in
            guard let a = stored.baseAddress, let b = text.baseAddress else { return true }
            return memcmp(a, b, text.count) == 0
        }
    }

    private static let kinds: [([UInt8], SampleKind)] = SampleKind.allCases.map { (Array($0.name.utf8), $0) }
    private static let phases: [([UInt8], SamplePhase)] = SamplePhase.allCases.map { (Array($0.name.utf8), $0) }
    private static let modifierNames: [([UInt8], UInt32)] = ModifierFlags.named.map { (Array($0.name.utf8), UInt32($0.flag.rawValue)) }
    private static let flagNames: [([UInt8], UInt32)] = SampleFlags.named.map { (Array($0.name.utf8), UInt32($0.flag.rawValue)) }

    private mutating func parse(notBefore: Int64) -> InputSample? {
        var time: Int64?, kind: SampleKind?, phase: SamplePhase?, id: UInt32?
        var x: Double?, y: Double?, force: Double?, radius: Double?, tolerance: Double?
        var altitude: Double?, azimuth: Double?, roll: Double?, dx: Double?, dy: Double?
        var buttons: UInt32?, key: UInt32?, modifiers: ModifierFlags?, flags: SampleFlags?, label: String?
        var seen: UInt32 = 0
        skipSpaces()
        guard take(UInt8(ascii: "{")) else { return nil }
        skipSpaces()
        if !take(UInt8(ascii: "}")) {
            while true {
                skipSpaces()
                guard let keyText = plainString(), let field = Self.key(keyText) else { return nil }
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
                    label = string
                }
                skipSpaces()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        skipSpaces()
        guard position == bytes.count, let kind, let time, SampleTime.isValid(time), time >= notBefore else { return nil }
        guard let phase = phase ?? (kind == .marker ? .began : nil) else { return nil }
        var sample = InputSample(time: time, kind: kind, phase: phase)
        if let id { sample.id = id } else if kind.isContact { return nil }
        if x != nil || y != nil {
            guard let x, let y else { return nil }
            sample.location = (x, y)
        }
        sample.force = force
        sample.majorRadius = radius
        sample.majorRadiusTolerance = tolerance
        sample.altitude = altitude
        sample.azimuth = azimuth
        sample.roll = roll
        sample.buttons = buttons
        if let modifiers { sample.modifiers = modifiers }
        if let flags { sample.flags = flags }
        if dx != nil || dy != nil { sample.scrollDelta = (dx ?? 0, dy ?? 0) }
        sample.key = key
        sample.label = label
        switch kind {
        case .touch, .pencil, .pointer: guard sample.location != nil else { return nil }
        case .scroll: guard sample.location != nil, sample.scrollDelta != nil else { return nil }
        case .key: guard key != nil, phase == .began || phase == .ended else { return nil }
        case .marker: guard label != nil else { return nil }
        }
        return sample
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
        var mantissa: UInt64 = 0, digits = 0, exponent = 0
        while position < bytes.count, case let d = bytes[position] &- 0x30, d < 10 {
            if mantissa != 0 || d != 0 { digits += 1 }
            guard digits <= 19 else { return nil }
            mantissa = mantissa &* 10 &+ UInt64(d)
            position += 1
        }
        guard position > digitsStart, !(bytes[digitsStart] == 0x30 && position - digitsStart > 1) else { return nil }
        var isInteger = true
        if take(UInt8(ascii: ".")) {
            isInteger = false
            let fractionStart = position
            while position < bytes.count, case let d = bytes[position] &- 0x30, d < 10 {
                if mantissa != 0 || d != 0 { digits += 1 }
                guard digits <= 19 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(d)
                exponent -= 1
                position += 1
            }
            guard position > fractionStart else { return nil }
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
