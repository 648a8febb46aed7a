import Testing
@testable import PageReplay

@Suite struct PageAddressTests {
    @Test func localhostURLsAreAccepted() throws {
        for url in ["http://localhost:8080/app", "https://127.0.0.1/", "http://[::1]:3000/x?y=1", "http://user@localhost"] {
            #expect(try PageAddress(url).url == url)
        }
    }

    @Test func anyOtherHostIsRefused() {
        for url in ["http://example.com/", "https://localhost.evil.com/", "http://10.0.0.1/", "ftp://localhost/", "http://localhost@evil.com/",
                    // Chromium reads the backslash as a slash: host 1.1.1.1.
                    #"http://1.1.1.1\@localhost/"#, #"http://localhost\@1.1.1.1/"#] {
            #expect(throws: PageReplayError.self) { try PageAddress(url) }
            do { _ = try PageAddress(url) } catch { #expect(error.kind == .pageNotLocal, "\(url)") }
        }
    }

    @Test func filesBecomeFileURLs() throws {
        let address = try PageAddress("Pages/scroller.html")
        #expect(address.url.hasPrefix("file:///"))
        #expect(address.url.hasSuffix("/Pages/scroller.html"))
    }

    @Test func aMissingFileCannotBeOpened() {
        do {
            _ = try PageAddress("Pages/no-such-page.html")
            Issue.record("a missing page was accepted")
        } catch {
            #expect(error.kind == .pageUnavailable)
            #expect(error.description == "Pages/no-such-page.html: cannot be opened (no such readable file).")
        }
    }

    @Test func aDirectoryIsNotAPage() {
        #expect(throws: PageReplayError.self) { try PageAddress("Pages") }
    }

    @Test func viewportArguments() {
        #expect(PageViewport(argument: "390x844") == PageViewport(width: 390, height: 844))
        #expect(PageViewport(argument: "1024X768") == PageViewport(width: 1024, height: 768))
        for bad in ["390", "0x10", "10x", "x10", "-1x5", "20000x10", "axb"] { #expect(PageViewport(argument: bad) == nil, "\(bad)") }
    }

    @Test func pacingArguments() throws {
        #expect(PagePacing(argument: "1") == .realTime)
        #expect(PagePacing(argument: "max-safe") == .maxSafe)
        #expect(PagePacing(argument: "4") == nil)
        #expect(PagePacing(argument: "max") == .virtualClock)
        #expect(PagePacing(argument: "maximum") == nil)
        // The page clock is the default: exact frames, for bench and CI.
        #expect(PageReplaySettings(page: try PageAddress("Pages/scroller.html")).pacing == .virtualClock)
    }
}
