import Testing
import TouchBenchSupport
@testable import PageReplay

/// How the client tells a stuck page from a stopped browser, and a page's own interruptions
/// (a dialog, another document) from a browser fault.
@Suite struct DevToolsClientTests {
    /// Answers browser-level commands at once, page-session ones never (or not at all), and
    /// delivers `events` after the first page command.
    final class StuckPageTransport: DevToolsTransport {
        let browserAnswers: Bool
        var inbox: [[UInt8]] = []
        var events: [String] = []
        var sent: [String] = []

        init(browserAnswers: Bool, events: [String] = []) {
            self.browserAnswers = browserAnswers
            self.events = events
        }

        func send(_ message: [UInt8], deadline: Int64) throws(PageReplayError) {
            let text = String(decoding: message, as: UTF8.self)
            sent.append(text)
            guard let value = try? JSONValue.parse(text), let id = value["id"]?.integerValue else { return }
            if value["sessionId"] == nil {
                if browserAnswers { inbox.append(Array("{\"id\":\(id),\"result\":{\"product\":\"HeadlessChrome\"}}".utf8)) }
            } else {
                inbox += events.map { Array($0.utf8) }
                events = []
            }
        }

        func receive(deadline: Int64) throws(PageReplayError) -> [UInt8]? {
            inbox.isEmpty ? nil : inbox.removeFirst()
        }
    }

    private func client(_ transport: StuckPageTransport) -> DevToolsClient {
        let client = DevToolsClient(transport: transport, name: "chromium")
        client.session = "S"
        client.pageName = "page.html"
        client.commandTimeout = 1_000_000
        return client
    }

    @Test func aPageCommandUnansweredWhileTheBrowserAnswersIsTheBusyPage() {
        let transport = StuckPageTransport(browserAnswers: true)
        let client = client(transport)
        #expect {
            try client.call("HeadlessExperimental.beginFrame", blamingThePage: true)
        } throws: { error in
            let error = error as? PageReplayError
            return error?.kind == .pageMalformed && error?.file == "page.html"
                && error?.description.contains("main thread is busy") == true
        }
        // The probe went to the browser itself, not to the page's session.
        #expect(transport.sent.last?.contains("Browser.getVersion") == true && transport.sent.last?.contains("sessionId") == false)
        #expect(client.session == "S")
    }

    /// An input flush (or a navigation) waits on more than the page's main thread: its timeout
    /// stays a timeout for its caller, which makes the run again (a flush blamed on the page
    /// turned a routine missed frame of `parity` through pip.html into exit 65).
    @Test func aCommandThatDoesNotBlameThePageTimesOutAsATimeout() {
        let transport = StuckPageTransport(browserAnswers: true)
        let client = client(transport)
        #expect {
            try client.call("Input.insertText", [("text", .string(""))])
        } throws: { error in
            (error as? PageReplayError)?.kind == .timeout
        }
        #expect(!transport.sent.contains { $0.contains("Browser.getVersion") })
    }

    @Test func aBrowserThatAnswersNothingIsABrowserFaultAndIsProbedOnce() {
        let transport = StuckPageTransport(browserAnswers: false)
        let client = client(transport)
        #expect {
            try client.call("HeadlessExperimental.beginFrame", blamingThePage: true)
        } throws: { error in
            (error as? PageReplayError)?.kind == .timeout
        }
        // One page command, one probe: the probe's own timeout does not probe again.
        #expect(transport.sent.count == 2)
    }

    @Test(arguments: [
        (#"{"method":"Page.javascriptDialogOpening","params":{"type":"alert","message":"hi"}}"#, "opened a dialog (alert: \"hi\")"),
        (#"{"method":"Page.frameNavigated","params":{"frame":{"id":"F","url":"https://example.com/"}}}"#, "navigated to https://example.com/"),
    ])
    func aDialogOrANewDocumentDuringARunIsThePagesError(event: String, message: String) {
        let transport = StuckPageTransport(browserAnswers: true, events: [event])
        let client = client(transport)
        client.pageUnderMeasurement = "page.html"
        #expect {
            try client.call("Runtime.evaluate", blamingThePage: true)
        } throws: { error in
            let error = error as? PageReplayError
            return error?.kind == .pageMalformed && error?.description.contains(message) == true
        }
    }

    @Test func aChildFrameNavigatingDoesNotEndTheRun() throws {
        let child = #"{"method":"Page.frameNavigated","params":{"frame":{"id":"C","parentId":"F","url":"about:blank"}}}"#
        let transport = StuckPageTransport(browserAnswers: true, events: [child])
        let client = client(transport)
        client.pageUnderMeasurement = "page.html"
        // The child frame's navigation is read while waiting; the command then times out as a busy page.
        #expect(throws: PageReplayError.self) { try client.call("Runtime.evaluate", blamingThePage: true) }
        #expect(transport.sent.contains { $0.contains("Browser.getVersion") })
    }
}
