import Testing
@testable import PageReplay

/// The host's steal, read from `/proc/stat`: what tells a late dispatch on a busy virtual
/// machine from a late dispatcher.
struct HostStealTests {
    @Test func readsTheStealColumnOfTheAggregateLine() {
        let text = "cpu  1603218 487555 209868 158378 3600 0 2878 21445 0 0\ncpu0 743804 272996 111709 102697 1659 0 108 10253 0 0\n"
        #expect(HostSteal.parse(Substring(text), ticksPerSecond: 100) == 214_450)
        #expect(HostSteal.parse(Substring(text), ticksPerSecond: 1000) == 21_445)
    }

    @Test(arguments: [
        "",                                     // empty
        "cpu0 1 2 3 4 5 6 7 8\n",               // no aggregate line first
        "cpu  1 2 3 4 5 6 7\n",                 // a kernel too old to report steal
        "cpu  1 2 3 4 5 6 7 -8\n",              // not a count
        "cpu  1 2 3 4 5 6 7 99999999999999999999999\n", // beyond UInt64
    ])
    func saysNothingWhereTheLineCarriesNoSteal(_ text: String) {
        #expect(HostSteal.parse(Substring(text), ticksPerSecond: 100) == nil)
    }

    @Test func saysNothingWithoutATickRate() {
        #expect(HostSteal.parse("cpu  1 2 3 4 5 6 7 8\n", ticksPerSecond: 0) == nil)
    }

    @Test func readsThisMachinesCountersWhereLinuxHasThem() throws {
        #if os(Linux)
        let first = try #require(HostSteal.total())
        let second = try #require(HostSteal.total())
        #expect(first >= 0 && second >= first)
        #endif
    }
}
