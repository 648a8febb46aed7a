/// The one JSON writer. Its canonical style: keys sorted at every level, numbers with at most
/// six decimals and never an exponent, integers exact, two-space indentation, and objects or
/// arrays whose members are all scalars kept on one line. Equal values are therefore equal
/// bytes on every machine; result files, reports and the JSON Lines form all write through it.
///
/// Other layouts are styles of the same writer (``Style``), not other writers: the compact
/// bytes of the `.touchtrace` header and the pretty layout of the CLI's small reports, both
/// kept byte for byte as Foundation wrote them before Foundation's JSON left the package.
package enum JSONWriter {
    /// `value` as text followed by a newline, in the canonical style.
    package static func document(_ value: JSONValue) -> String {
        text(value, style: .canonical) + "\n"
    }

    /// `value` on one line, keys sorted, `", "` and `": "` between members.
    package static func line(_ value: JSONValue) -> String {
        text(value, style: .canonicalLine)
    }

    /// `value` in `style`, with no newline after it.
    package static func text(_ value: JSONValue, style: Style) -> String {
        var output = ""
        write(value, style: style, indent: "", into: &output)
        return output
    }

    /// Appends `value` in the canonical style, its nested lines indented by `indent` plus
    /// two spaces (for writers that stream a document around it).
    package static func write(_ value: JSONValue, indent: String, into output: inout String) {
        write(value, style: .canonical, indent: indent, into: &output)
    }

    package static func write(_ value: JSONValue, style: Style, indent: String, into output: inout String) {
        // Containers go on one line in a one-line style, or when the style keeps containers of
        // scalars together; an empty one as `{}` unless the style spreads even that.
        let multiline: Bool
        switch value {
        case .array(let elements):
            multiline = style.indented && (elements.isEmpty ? style.emptyContainersSpread
                                                            : !(style.scalarContainersInline && elements.allSatisfy(\.isScalar)))
        case .object(let members):
            multiline = style.indented && (members.isEmpty ? style.emptyContainersSpread
                                                           : !(style.scalarContainersInline && members.allSatisfy { $0.value.isScalar }))
        default:
            multiline = false
        }
        let inner = indent + "  "
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .integer(let integer): output += String(integer)
        case .number(let number): output += style.shortestNumbers ? shortest(number) : format(number)
        case .string(let text): output += quoted(text, escapingSlashes: style.escapesSlashes, namingControls: style.namesControls)
        case .array(let elements):
            output += multiline ? "[\n" : "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += multiline ? ",\n" : style.memberSeparator }
                if multiline { output += inner }
                write(element, style: style, indent: inner, into: &output)
            }
            if multiline { output += "\n" + indent }
            output += "]"
        case .object(let members):
            output += multiline ? "{\n" : "{"
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output += multiline ? ",\n" : style.memberSeparator }
                if multiline { output += inner }
                output += quoted(member.key, escapingSlashes: style.escapesSlashes, namingControls: style.namesControls)
                output += style.keySeparator
                write(member.value, style: style, indent: inner, into: &output)
            }
            if multiline { output += "\n" + indent }
            output += "}"
        }
    }

    /// `value` rounded to `decimals` places (0…19), trailing zeros dropped (`12.5`, `3`,
    /// `-0.25`), never an exponent, never `-0`; `null` for NaN and infinities.
    package static func format(_ value: Double, decimals: Int = 6) -> String {
        precondition((0...19).contains(decimals), "a JSON number has 0 to 19 decimals")
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        // Beyond Int64 the value has no fractional digits worth writing.
        guard abs(scaled) < 9.0e18 else { return integerDigits(value.rounded(.toNearestOrEven)) }
        let integer = Int64(scaled)
        return decimalText(units: integer.magnitude, negative: integer < 0, decimals: decimals)
    }

    /// The canonical text of `units` 10^−`decimals` (`decimals` 0…19), negated when
    /// `negative`: ``format(_:decimals:)``'s digits for a value already scaled and rounded —
    /// trailing zeros dropped, no point for a whole number, `0` (never `-0`) for none.
    /// Written straight into the string's storage: the quotient's and remainder's own
    /// strings, their padding and a removal per trailing zero were a third of writing an
    /// hour's trace events.
    package static func decimalText(units: UInt64, negative: Bool, decimals: Int) -> String {
        guard units != 0 else { return "0" }
        let divisor = DecimalDigits.powerOfTen(decimals)
        let whole = units / divisor
        var fraction = units % divisor
        // The fraction's trailing zeros dropped; `places` of its digits are left.
        var places = fraction == 0 ? 0 : decimals
        while places > 0 && fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        return DecimalDigits.fixedPointText(negative: negative, whole: whole, fraction: fraction, places: places)
    }

    /// The shortest decimal that reads back to `value` (Swift's own), without a `.0` on an
    /// integral value; `null` for NaN and infinities, which JSON cannot hold.
    package static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// The exact decimal digits of an integral, finite `value` (what `%.0f` prints): the
    /// significand doubled once per binary exponent step, in base 10⁹ limbs.
    static func integerDigits(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return "0" }
        var limbs: [UInt64] = [value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)]
        let shift = Int(value.exponent) - 52
        if shift < 0 {
            limbs[0] >>= UInt64(-shift)
        }
        // Split the 53-bit start into base-10⁹ limbs, least significant first.
        let base: UInt64 = 1_000_000_000
        limbs = [limbs[0] % base, (limbs[0] / base) % base, limbs[0] / (base * base)]
        for _ in 0..<max(0, shift) {
            var carry: UInt64 = 0
            for index in limbs.indices {
                let doubled = limbs[index] * 2 + carry
                limbs[index] = doubled % base
                carry = doubled / base
            }
            if carry > 0 { limbs.append(carry) }
        }
        while limbs.count > 1 && limbs.last == 0 { limbs.removeLast() }
        var text = String(limbs.last ?? 0)
        for limb in limbs.dropLast().reversed() {
            let digits = String(limb)
            text += String(repeating: "0", count: 9 - digits.count) + digits
        }
        return value < 0 ? "-" + text : text
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped
    /// (`\n`, `\r`, `\t`, and `\b`, `\f` when `namingControls`, else `\u00XX`); `/` as `\/`
    /// when `escapingSlashes`. Every string of every style goes through here.
    package static func quoted(_ text: String, escapingSlashes: Bool = false, namingControls: Bool = false) -> String {
        var result = ""
        appendQuoted(text, to: &result, escapingSlashes: escapingSlashes, namingControls: namingControls)
        return result
    }

    /// Appends ``quoted(_:escapingSlashes:namingControls:)`` of `text` to `output`: writers that
    /// stream many small values (trace events) build no string per value.
    package static func appendQuoted(_ text: String, to output: inout String, escapingSlashes: Bool = false,
                                     namingControls: Bool = false) {
        // Most strings (every metric name and key) need no escape: one copy, not one append
        // per scalar (a third of writing a large result).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || (escapingSlashes && $0 == 0x2F) }) {
            output += "\""
            output += text
            output += "\""
            return
        }
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/" where escapingSlashes: output += "\\/"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}" where namingControls: output += "\\b"
            case "\u{0C}" where namingControls: output += "\\f"
            case _ where scalar.value < 0x20: output += unicodeEscape(scalar)
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// `scalar` (below U+10000) as JSON's `\u` escape with four lowercase hex digits: `\u001b`.
    package static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` with every scalar `escaped` picks (each below U+10000) written as its
    /// ``unicodeEscape(_:)``; `text` itself when it holds none.
    package static func escaping(_ text: String, where escaped: (Unicode.Scalar) -> Bool) -> String {
        guard text.unicodeScalars.contains(where: escaped) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if escaped(scalar) {
                result += unicodeEscape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
