import Testing
@testable import TouchBenchSupport

@Suite("Trimming spaces and tabs")
struct TrimmingTests {
    @Test("keeps a multi-byte character next to the spaces, and what lies between", arguments: [
        ("  é\t ", "é", "é\t ", "  é"),
        ("\t a b \t", "a b", "a b \t", "\t a b"),
        ("日本 ", "日本", "日本 ", "日本"),
        ("e\u{301} ", "e\u{301}", "e\u{301} ", "e\u{301}"),
        ("   ", "", "", ""),
        ("", "", "", ""),
        ("x", "x", "x", "x"),
    ])
    func trims(text: String, both: String, leading: String, trailing: String) {
        let substring = text[...]
        #expect(substring.trimmingSpaces() == both[...])
        #expect(substring.trimmingLeadingSpaces() == leading[...])
        #expect(substring.trimmingTrailingSpaces() == trailing[...])
    }

    @Test("a slice of a longer string trims within its own bounds")
    func slice() {
        let text = "ab  cd  ef"
        let middle = text[text.index(text.startIndex, offsetBy: 2)..<text.index(text.startIndex, offsetBy: 8)]
        #expect(middle.trimmingSpaces() == "cd")
        #expect(middle.trimmingTrailingSpaces() == "  cd")
    }
}
