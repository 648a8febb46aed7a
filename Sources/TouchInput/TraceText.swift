/// The one rule for text a trace carries — marker labels, the device name, the source and
/// the free metadata keys and values (docs/FORMATS.md, "Text"): no control character (Unicode
/// category Cc: U+0000–U+001F, U+007F–U+009F) and no noncharacter (U+FDD0–U+FDEF and the last
/// two code points of every plane, such as U+FFFE).
///
/// Every reader and importer refuses such text with an error naming the file and line (or
/// byte offset), and ``TraceWriter`` will not write it, so no output form needs to escape it:
/// a line feed in a label would otherwise split an evemu comment or a CSV row, and XML 1.0
/// (JUnit reports) cannot carry U+0000–U+0008 or U+FFFE at all.
public enum TraceText {
    /// Why `text` cannot be carried (a fragment such as `holds the control character U+000A`),
    /// or `nil` when every character is allowed. Empty text and spaces are allowed.
    public static func problem(_ text: String) -> String? {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x20 || (0x7F...0x9F).contains(value) {
                return "holds the control character \(codePoint(value))"
            }
            if (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE {
                return "holds the noncharacter \(codePoint(value))"
            }
        }
        return nil
    }

    /// `U+000A`: a code point as Unicode writes it (at least four hexadecimal digits).
    public static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
