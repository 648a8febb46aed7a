import Testing
@testable import PageReplay

/// What a page reports is user code's number: its conversion to a whole number must refuse,
/// with the page's typed error, what `Int(_:)` would trap on.
struct PageReportedNumberTests {
    @Test(arguments: [1e300, -1e300, Double.nan, Double.infinity, -Double.infinity, 9.3e18, -9.3e18])
    func refusesWhatHasNoWholeValueInRange(_ value: Double) {
        #expect(throws: PageReplayError.self) {
            _ = try PageReportedNumber.rounded(value, page: "page.html", what: "frame")
        }
        do {
            _ = try PageReportedNumber.rounded(value, as: Int64.self, page: "page.html", what: "frame")
            Issue.record("\(value) converted")
        } catch {
            #expect(error.kind == .pageMalformed)
            #expect(error.file == "page.html")
            #expect(error.description.hasPrefix("page.html: reported times out of any usable range (frame: "))
        }
    }

    @Test func roundsWhatFits() throws {
        #expect(try PageReportedNumber.rounded(2.5, page: "p", what: "frame") == 3)
        #expect(try PageReportedNumber.rounded(-2.4, page: "p", what: "frame") == -2)
        #expect(try PageReportedNumber.rounded(1.7e15, as: Int64.self, page: "p", what: "start") == 1_700_000_000_000_000)
        #expect(try PageReportedNumber.rounded(-9.2e18, as: Int64.self, page: "p", what: "start") == -9_200_000_000_000_000_000)
        #expect(throws: PageReplayError.self) { _ = try PageReportedNumber.rounded(70_000, as: Int16.self, page: "p", what: "x") }
    }
}
