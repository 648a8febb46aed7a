import Testing
import TouchBenchSupport

/// Every library error is a `LocatedError` of its layer's kind; the layer's style decides
/// only how the place is written.
@Suite("One error shape")
struct LocatedErrorTests {
    enum Lined: LocatedErrorKind {
        case bad
        static let style = LocatedErrorStyle(endsSentence: true, unnamedFile: nil)
    }

    enum Colon: LocatedErrorKind {
        case bad
        static let style = LocatedErrorStyle(endsSentence: false, unnamedFile: "input")
    }

    @Test("the sentence names the file, the line, the byte and the reason")
    func sentences() {
        #expect(LocatedError(Lined.bad, path: "a.json", offset: 12, line: 3, reason: "is odd").description
                == "a.json:3 at byte 12: is odd.")
        #expect(LocatedError(Lined.bad, reason: "no suite here").description == "no suite here.")
        #expect(LocatedError(Colon.bad, path: "b.evemu", line: 7, reason: "bad event.").description == "b.evemu:7: bad event.")
        #expect(LocatedError(Colon.bad, offset: 4, reason: "junk").description == "input at byte 4: junk")
    }

    @Test("inFile names a file only where none was named")
    func inFile() {
        let error = LocatedError(Colon.bad, line: 2, reason: "x")
        #expect(error.inFile("c.txt").path == "c.txt")
        #expect(error.inFile("c.txt").inFile("d.txt").path == "c.txt")
        #expect(error.kind == .bad)
    }
}
