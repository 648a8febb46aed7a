import Foundation

/// Reading text files and numbers with the checks every importer needs.
enum TextInput {
    /// The largest file an importer reads (the whole file is held in memory).
    static let maximumFileSize = 1 << 30

    /// The contents of `path` as UTF-8 text.
    static func read(_ path: String) throws -> String {
        let url = URL(fileURLWithPath: path)
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw TraceFormatError("the file cannot be opened.", path: path, kind: .unreadable)
        }
        if let size = attributes[.size] as? NSNumber, size.intValue > maximumFileSize {
            throw TraceFormatError("the file is larger than the 1 GiB an importer reads.", path: path)
        }
        guard let data = try? Data(contentsOf: url) else {
            throw TraceFormatError("the file cannot be read.", path: path, kind: .unreadable)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TraceFormatError("the file is not UTF-8 text.", path: path)
        }
        return text
    }

    /// Calls `body` with each line (without its terminator) and its 1-based number.
    static func forEachLine(_ text: String, _ body: (Int, Substring) throws -> Void) rethrows {
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            try body(number, line)
        }
    }

    /// Splits on runs of spaces and tabs.
    static func fields(_ line: Substring) -> [Substring] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }

    /// A decimal integer that fits `T` (leading zeros and a sign allowed: `-001`).
    static func integer<T: FixedWidthInteger>(_ text: Substring, as: T.Type = T.self) -> T? {
        guard !text.isEmpty, text.count <= 40 else { return nil }
        return T(text, radix: 10)
    }

    /// A hexadecimal integer that fits `T` (an optional `0x` prefix allowed).
    static func hex<T: FixedWidthInteger>(_ text: Substring, as: T.Type = T.self) -> T? {
        let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? text.dropFirst(2) : text
        guard !digits.isEmpty, digits.count <= 40 else { return nil }
        return T(digits, radix: 16)
    }

    /// `seconds.fraction` as a whole number of nanoseconds, exactly (at most 9 fraction
    /// digits; `12.5` is 12.5 s). `nil` when malformed or beyond ±292 years.
    static func nanoseconds(fromSeconds text: Substring) -> Int64? {
        decimal(text, scale: 9)
    }

    /// A decimal number times 10^scale, exactly, as an integer: `1.25` at scale 3 is 1250.
    /// `nil` when it has more fraction digits than `scale`, is malformed or overflows.
    static func decimal(_ text: Substring, scale: Int) -> Int64? {
        var body = text
        var negative = false
        if body.first == "-" { negative = true; body = body.dropFirst() } else if body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let wholeText = parts.first, wholeText.count <= 20 else { return nil }
        let fraction = parts.count > 1 ? parts[1] : ""
        guard !(wholeText.isEmpty && fraction.isEmpty), fraction.count <= scale,
              wholeText.allSatisfy(\.isASCIIDigit), fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        let whole = wholeText.isEmpty ? 0 : Int64(wholeText) ?? -1
        guard whole >= 0 else { return nil }
        var multiplier: Int64 = 1
        for _ in 0..<scale { multiplier *= 10 }
        var fractionValue: Int64 = 0
        var fractionMultiplier = multiplier
        for digit in fraction {
            fractionMultiplier /= 10
            fractionValue += Int64((digit.asciiValue ?? 48) - 48) * fractionMultiplier
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: multiplier)
        guard !overflow else { return nil }
        let (total, overflow2) = scaled.addingReportingOverflow(fractionValue)
        guard !overflow2 else { return nil }
        return negative ? -total : total
    }
}

extension Character {
    var isASCIIDigit: Bool { asciiValue.map { $0 >= 48 && $0 <= 57 } ?? false }
}
