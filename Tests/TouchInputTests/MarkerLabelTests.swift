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

    /// Labels are their bytes: forms that Unicode calls equivalent stay apart, short or long
    /// (a `String`-keyed table merged the long ones: hostile report 19).
    @Test func equivalentUnicodeFormsStayApart() {
        let composed = "caf\u{E9} au lait, a long label", decomposed = "cafe\u{301} au lait, a long label"
        #expect(composed == decomposed)  // equal as Swift strings
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let labels = [MarkerLabel(composed), MarkerLabel(decomposed)]
        #expect(labels[0] != labels[1])
        #expect(Array(labels[0].text.utf8) == Array(composed.utf8))
        #expect(Array(labels[1].text.utf8) == Array(decomposed.utf8))
        #expect(MarkerLabel("caf\u{E9}") != MarkerLabel("cafe\u{301}"))
    }

    /// Labels larger than an eighth of a block get one of their own; small ones after them
    /// still go into shared blocks, and every one reads back.
    @Test func largeAndSmallLabelsShareTheTable() {
        let texts = (0..<40).map { index in
            index % 5 == 0 ? String(repeating: "\(index % 10)", count: 200_000 + index) : "block label \(index) of a mixed table"
        }
        let labels = texts.map(MarkerLabel.init)
        #expect(labels.map(\.text) == texts)
        #expect(texts.map(MarkerLabel.init) == labels)
    }
}
