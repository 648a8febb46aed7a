import Foundation
import TouchTrace

/// Where an importer's lines come from: text already in memory, or a file read block by
/// block (what `read(contentsOf:)` uses, so memory does not grow with the file).
enum TextLines {
    case text(String)
    case file(String)

    /// Calls `body` with each line as a `Substring` and its 1-based number, for the general
    /// parsers: the one line reader (``ByteLines``, its rules and limits) with a string made
    /// per line.
    func forEach(path: String?, _ body: (Int, Substring) throws -> Void) throws {
        try forEachBytes(path: path) { number, line in try body(number, ByteLines.substring(line)) }
    }

    /// Calls `body` with each line's bytes and its 1-based number (see ``ByteLines``): what
    /// the importers' fast paths read, with no string per line.
    /// With `cutting`, a file's cut last event line is not handed over; its number is returned
    /// (``ByteLines/EventLines``). Text already in memory (the `parse` APIs: a string a program
    /// made, not a file a writer died writing) is read whole, its last line complete.
    @discardableResult
    func forEachBytes(path: String?, cutting events: ByteLines.EventLines? = nil,
                      _ body: (Int, UnsafeRawBufferPointer) throws -> Void) throws -> Int? {
        switch self {
        case .text(let text):
            try ByteLines.forEach(inText: text, path: path, body)
            return nil
        case .file(let file): return try ByteLines.forEach(inFile: file, cutting: events, body)
        }
    }
}

/// Reading text files and numbers with the checks every importer needs.
enum TextInput {
    /// The largest file an importer reads (the whole text is held in memory).
    static let maximumFileSize = 1 << 30
    /// The longest line an importer reads; a longer one is refused as soon as it is seen,
    /// before the rest of the file is read (docs/FORMAT.md, "Limits").
    static let maximumLineLength = LineReader.maximumLineLength
    private static let blockSize = 1 << 16

    /// The contents of `path` as UTF-8 text, read in blocks through ``SystemFile`` (so a
    /// FIFO is refused rather than waited on) with the size and line limits checked as the
    /// bytes arrive.
    static func read(_ path: String) throws -> String {
        let bytes = try readBytes(path, checkingLines: true)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TraceFormatError("the file is not UTF-8 text.", path: path)
        }
        return text
    }

    /// The first 64 KiB of `path` as text (for guessing a form; invalid UTF-8 repaired).
    static func head(_ path: String) throws -> String {
        do {
            let file = try SystemFile.openForReading(path)
            var bytes: [UInt8] = []
            try file.read(min(blockSize, try file.size()), at: 0, into: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        } catch {
            throw TraceFormatError("the file \(error.reason).", path: path, kind: .unreadable)
        }
    }

    /// The bytes of `path`, within ``maximumFileSize`` and, when `checkingLines`, with no
    /// line longer than ``maximumLineLength``.
    static func readBytes(_ path: String, checkingLines: Bool) throws -> [UInt8] {
        let file: SystemFile
        let size: Int
        do {
            file = try SystemFile.openForReading(path)
            size = try file.size()
        } catch {
            throw TraceFormatError("the file \(error.reason).", path: path, kind: .unreadable)
        }
        guard size <= maximumFileSize else {
            throw TraceFormatError("the file is larger than the 1 GiB an importer reads.", path: path)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var block: [UInt8] = []
        var line = 1, lineLength = 0
        while bytes.count < size {
            let count = min(blockSize, size - bytes.count)
            do {
                try file.read(count, at: bytes.count, into: &block)
            } catch {
                throw TraceFormatError("the file \(error.reason).", path: path, kind: error.kind == .io ? .unreadable : .malformed)
            }
            if checkingLines {
                for byte in block {
                    if byte == 0x0A {
                        line += 1
                        lineLength = 0
                    } else {
                        lineLength += 1
                        if lineLength > maximumLineLength {
                            throw TraceFormatError("the line is longer than \(maximumLineLength) bytes.", path: path, line: line)
                        }
                    }
                }
            }
            bytes.append(contentsOf: block)
        }
        return bytes
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
