import Testing
@testable import TouchInput

/// Labels of any length and script read back as written; a long label is interned once, so
/// equal texts are equal labels whichever sample made them first.
@Suite struct MarkerLabelTests {
    @Test("labels read back as written", arguments: [
        "", "a", "redirect", "exactly15bytes!", "sixteen bytes ab", "pause → redirect → release",
        "é", String(repeating: "ü", count: 8), String(repeating: "label ", count: 2000), "tab\tand\nnewline and \u{0}",
    ])
    func readsBack(text: String) {
        #expect(MarkerLabel(text).text == text)
        #expect(MarkerLabel(text) == MarkerLabel(text))
    }

    @Test func longLabelsAreInternedOnceEach() {
        // Enough distinct labels to grow the table's index several times, each made twice.
        let texts = (0..<5_000).map { "a long marker label number \($0) of a dense trace" }
        let first = texts.map(MarkerLabel.init)
        let again = texts.reversed().map(MarkerLabel.init).reversed()
        #expect(Array(again) == first)
        #expect(Set(first).count == texts.count)
        #expect(first.map(\.text) == texts)
        // Labels that share a prefix, or differ only in length, stay apart.
        #expect(MarkerLabel("a long marker label number 1") != MarkerLabel("a long marker label number 10"))
        #expect(MarkerLabel("a long marker label number 1 of a dense trace").text == texts[1])
    }
}
