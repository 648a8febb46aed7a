import Testing
import TouchBenchSupport
@testable import PageReplay

/// The pipe boundary and the protocol client against stand-ins for a browser: shell
/// commands that echo fd 3 to fd 4, hang, or exit at once.
@Suite struct BrowserProcessTests {
    private func shell(_ script: String) throws -> BrowserProcess {
        try BrowserProcess(executable: "/bin/sh", arguments: ["-c", script], logPath: "/dev/null")
    }

    @Test func messagesGoOutOnFd3AndComeBackOnFd4() throws {
        let process = try shell("exec cat <&3 >&4")
        defer { process.terminate() }
        let deadline = MonotonicClock.now() + 5_000_000_000
        try process.send(Array(#"{"id":1}"#.utf8), deadline: deadline)
        try process.send(Array(#"{"id":2,"method":"x"}"#.utf8), deadline: deadline)
        #expect(try process.receive(deadline: deadline).map { String(decoding: $0, as: UTF8.self) } == #"{"id":1}"#)
        #expect(try process.receive(deadline: deadline).map { String(decoding: $0, as: UTF8.self) } == #"{"id":2,"method":"x"}"#)
    }

    @Test func theClientMatchesRepliesByIdAndReportsRefusals() throws {
        let transport = ScriptedTransport()
        let client = DevToolsClient(transport: transport, name: "fake")
        let first = try client.post("A.a")
        let second = try client.post("B.b")
        #expect(try client.reply(to: second, deadline: MonotonicClock.now() + 5_000_000_000) == .failure("no"))
        #expect(try client.reply(to: first, deadline: MonotonicClock.now() + 5_000_000_000) == .result(.object([("n", .integer(1))])))
        #expect(try client.call("C.c")["n"] == .integer(3))
        _ = try client.awaitEvent("Page.loadEventFired", deadline: MonotonicClock.now() + 1_000_000_000)
        do {
            try client.call("D.d")
            Issue.record("a refused command returned")
        } catch {
            #expect(error.kind == .protocolError)
            #expect(error.description == "fake: refused D.d: no.")
        }
        #expect(transport.sent.first == #"{"id":1,"method":"A.a","params":{}}"#)
    }

    @Test func aMessageThatIsNotJSONIsAProtocolError() throws {
        let transport = ScriptedTransport()
        transport.inbox.append(Array("{\"id\":1,".utf8))
        let client = DevToolsClient(transport: transport, name: "fake")
        do {
            try client.call("A.a")
            Issue.record("accepted a broken message")
        } catch {
            #expect(error.kind == .protocolError)
        }
    }

    @Test func aSilentBrowserTimesOutAndIsReaped() throws {
        let process = try shell("exec sleep 60")
        let client = DevToolsClient(transport: process, name: "silent")
        let start = MonotonicClock.now()
        do {
            try client.call("Browser.getVersion", timeout: 300_000_000)
            Issue.record("a silent browser answered")
        } catch {
            #expect(error.kind == .timeout)
            #expect(error.description == "silent: did not answer Browser.getVersion in time.")
        }
        #expect(MonotonicClock.now() - start < 2_000_000_000)
        process.terminate(grace: 100_000_000)
        #expect(process.hasExited)
        #expect(kill(process.pid, 0) != 0)
    }

    @Test func aBrowserThatExitsIsAFailureNotAHang() throws {
        let process = try shell("exit 3")
        defer { process.terminate() }
        let client = DevToolsClient(transport: process, name: "gone")
        do {
            try client.call("Browser.getVersion", timeout: 5_000_000_000)
            Issue.record("an exited browser answered")
        } catch {
            #expect(error.kind == .browserFailed || error.kind == .timeout)
        }
    }

    @Test func aMissingBrowserNamesWhatToInstall() {
        do {
            _ = try BrowserLocator.locate(environment: ["PATH": "/nonexistent"], fixedPaths: [])
            Issue.record("found a browser on an empty PATH")
        } catch {
            #expect(error.kind == .browserMissing)
            #expect(error.description.contains("apt-get install chromium-headless-shell"))
        }
        do {
            _ = try BrowserLocator.locate(environment: ["TOUCHBENCH_CHROMIUM": "/nonexistent/chrome"])
            Issue.record("accepted a missing TOUCHBENCH_CHROMIUM")
        } catch {
            #expect(error.kind == .browserMissing)
            #expect(error.file == "/nonexistent/chrome")
        }
    }
}

/// A browser in memory: answers each command with its id as `{"n": id}`, refuses even ids
/// and sends an event after the first reply.
final class ScriptedTransport: DevToolsTransport {
    var inbox: [[UInt8]] = []
    var sent: [String] = []

    func send(_ message: [UInt8], deadline: Int64) throws(PageReplayError) {
        let text = String(decoding: message, as: UTF8.self)
        sent.append(text)
        guard let value = try? JSONValue.parse(text), let id = value["id"]?.integerValue else { return }
        if id % 2 == 0 {
            inbox.append(Array("{\"id\":\(id),\"error\":{\"code\":-32000,\"message\":\"no\"}}".utf8))
        } else {
            inbox.append(Array("{\"id\":\(id),\"result\":{\"n\":\(id)}}".utf8))
            if id == 1 { inbox.append(Array("{\"method\":\"Page.loadEventFired\",\"params\":{}}".utf8)) }
        }
    }

    func receive(deadline: Int64) throws(PageReplayError) -> [UInt8]? {
        inbox.isEmpty ? nil : inbox.removeFirst()
    }
}
