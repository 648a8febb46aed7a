import TouchBenchSupport

/// A Chrome DevTools Protocol client over any ``DevToolsTransport``: numbered commands,
/// replies matched by id, events kept for whoever waits on them. Commands can be pipelined
/// (``post(_:_:)`` returns at once; the reply is collected later), which input dispatch
/// needs: waiting for each reply costs a round trip through the renderer.
///
/// Every wait has a deadline, so a browser that stops answering is a ``PageReplayError``
/// of kind `timeout`, never a hang.
final class DevToolsClient {
    /// What a command came back with.
    enum Reply: Sendable, Hashable {
        case result(JSONValue)
        case failure(String)
    }

    private let transport: any DevToolsTransport
    /// Named in errors (the browser executable).
    let name: String
    /// The target session commands go to (`nil`: the browser itself).
    var session: String?
    private var nextID = 1
    private var replies: [Int: Reply] = [:]
    private(set) var events: [(method: String, params: JSONValue)] = []
    /// The longest any single command may take to be answered.
    var commandTimeout: Int64 = 15_000_000_000
    /// The page being measured (named in errors), set once it has loaded: from then on a
    /// dialog it opens or a new document in its main frame ends the run with the page's
    /// error (65) at once, not as a browser that stopped answering (69) seconds later.
    var pageUnderMeasurement: String?
    /// The page the target session shows (named in errors), from when it is opened: a page
    /// command that times out while the browser itself still answers is the page's doing.
    var pageName: String?
    /// Whether ``browserAnswers()`` is waiting on the browser.
    private var probing = false

    init(transport: any DevToolsTransport, name: String) {
        self.transport = transport
        self.name = name
    }

    /// A command encoded ahead of the moment it is sent, so that sending it at a deadline
    /// costs only the write.
    struct PreparedCommand {
        let id: Int
        fileprivate let bytes: [UInt8]
    }

    /// Numbers and encodes a command without sending it.
    func prepare(_ method: String, _ params: [(key: String, value: JSONValue)] = [], session: String? = nil) -> PreparedCommand {
        let id = nextID
        nextID += 1
        var members: [(key: String, value: JSONValue)] = [("id", .integer(Int64(id))), ("method", .string(method)),
                                                          ("params", .object(params))]
        if let target = session ?? self.session { members.append(("sessionId", .string(target))) }
        return PreparedCommand(id: id, bytes: Array(JSONWriter.compact(.object(members), escapingSlashes: false).utf8))
    }

    /// Sends a prepared command without waiting for its reply; returns its id.
    @discardableResult
    func send(_ command: PreparedCommand) throws(PageReplayError) -> Int {
        try transport.send(command.bytes, deadline: MonotonicClock.now() &+ commandTimeout)
        return command.id
    }

    /// Sends a command without waiting for its reply; returns its id.
    @discardableResult
    func post(_ method: String, _ params: [(key: String, value: JSONValue)] = [], session: String? = nil) throws(PageReplayError) -> Int {
        try send(prepare(method, params, session: session))
    }

    /// Sends a command and waits for its result; a refused command is a `protocolError`, one
    /// unanswered in time a `timeout`. With `blamingThePage`, a timeout is the page's busy main
    /// thread when the browser itself still answers (``busyPage(what:)``): only for commands
    /// that wait on nothing but the page's main thread (a frame, an evaluation); an input
    /// flush or a navigation waits on more, and its timeout is a timeout for its caller.
    @discardableResult
    func call(_ method: String, _ params: [(key: String, value: JSONValue)] = [], session: String? = nil,
              timeout: Int64? = nil, blamingThePage: Bool = false) throws(PageReplayError) -> JSONValue {
        let id = try post(method, params, session: session)
        let answer: Reply
        do {
            answer = try reply(to: id, deadline: MonotonicClock.now() &+ (timeout ?? commandTimeout), method: method)
        } catch where error.kind == .timeout {
            throw (blamingThePage ? busyPage(what: "answer \(method) within \((timeout ?? commandTimeout) / 1_000_000_000) s") : nil) ?? error
        }
        switch answer {
        case .result(let value): return value
        case .failure(let message):
            throw PageReplayError(.protocolError, file: name, reason: "refused \(method): \(message)")
        }
    }

    /// After the page's session did not `what` in time: the page's error (65) when the
    /// browser itself still answers at once, since then the page's main thread is what is
    /// stuck; `nil` when the browser does not answer either (it stopped).
    func busyPage(what: String) -> PageReplayError? {
        guard let page = pageName, browserAnswers() else { return nil }
        return PageReplayError(.pageMalformed, file: page, reason: "did not \(what) while the browser answered: its main thread is busy or blocked (an endless loop, a task longer than that, or a dialog it opened while handling input)")
    }

    /// Whether the browser itself answers a command within 2 s.
    func browserAnswers() -> Bool {
        // The probe's own timeout must not probe again.
        guard !probing else { return false }
        probing = true
        let target = session
        session = nil
        defer { session = target; probing = false }
        return (try? call("Browser.getVersion", timeout: 2_000_000_000)) != nil
    }

    /// Waits for the reply to command `id` by `deadline`.
    func reply(to id: Int, deadline: Int64, method: String = "a command") throws(PageReplayError) -> Reply {
        while true {
            if let reply = replies.removeValue(forKey: id) { return reply }
            guard try readOne(deadline: deadline) else {
                throw PageReplayError(.timeout, file: name, reason: "did not answer \(method) in time")
            }
        }
    }

    /// The reply to `id` if it has arrived (reading only what is already waiting).
    func takeReply(to id: Int) throws(PageReplayError) -> Reply? {
        try drain()
        return replies.removeValue(forKey: id)
    }

    /// Reads every message already waiting, without blocking; with `limit` (monotonic ns),
    /// stops once that time has come, having read at least two (when waiting) so that a
    /// sender with no time to spare still takes the replies off the channel faster than one
    /// a command, and the browser never blocks on a full channel.
    func drain(until limit: Int64 = .max) throws(PageReplayError) {
        var read = 0
        while read < 2 || MonotonicClock.now() < limit, try readOne(deadline: 0) { read += 1 }
    }

    /// Waits for the event `method` (for the current session) by `deadline`; returns its params.
    func awaitEvent(_ method: String, deadline: Int64) throws(PageReplayError) -> JSONValue {
        while true {
            if let index = events.firstIndex(where: { $0.method == method }) {
                return events.remove(at: index).params
            }
            guard try readOne(deadline: deadline) else {
                throw PageReplayError(.timeout, file: name, reason: "did not send \(method) in time")
            }
        }
    }

    /// The event `method` if it has arrived (reading only what is already waiting); its params.
    func takeEvent(_ method: String) throws(PageReplayError) -> JSONValue? {
        try drain()
        guard let index = events.firstIndex(where: { $0.method == method }) else { return nil }
        return events.remove(at: index).params
    }

    /// Forgets the events received so far.
    func clearEvents() { events.removeAll() }

    /// Reads one message; `false` when none came by `deadline`.
    private func readOne(deadline: Int64) throws(PageReplayError) -> Bool {
        guard var bytes = try transport.receive(deadline: deadline) else { return false }
        let message: JSONValue
        do {
            message = try JSONValue.parse(bytes: &bytes)
        } catch {
            throw PageReplayError(.protocolError, file: name, reason: "sent a message that is not JSON (\(error.reason) at byte \(error.offset))")
        }
        if let id = message["id"]?.integerValue {
            if let error = message["error"] {
                replies[Int(id)] = .failure(error["message"]?.stringValue ?? "error \(error["code"]?.integerValue ?? 0)")
            } else {
                replies[Int(id)] = .result(message["result"] ?? .object([]))
            }
        } else if let method = message["method"]?.stringValue {
            if method == "Inspector.targetCrashed" {
                throw PageReplayError(.browserFailed, file: name, reason: "lost the page: its renderer crashed")
            }
            if let page = pageUnderMeasurement {
                let params = message["params"] ?? .object([])
                if method == "Page.javascriptDialogOpening" {
                    // A dialog blocks the page's main thread until someone answers it.
                    let kind = params["type"]?.stringValue ?? "dialog"
                    throw PageReplayError(.pageMalformed, file: page, reason: "opened a dialog (\(kind): \"\(params["message"]?.stringValue?.prefix(80) ?? "")\") during the run, which blocks it; a measured page must not")
                }
                if method == "Page.frameNavigated", params["frame"]?["parentId"] == nil {
                    let url = params["frame"]?["url"]?.stringValue ?? "another document"
                    throw PageReplayError(.pageMalformed, file: page, reason: "navigated to \(url.prefix(120)) during the run (a link, a reload or location.assign), so the page measured is gone")
                }
            }
            // Only what someone waits on is kept; the rest (console, network) would grow unbounded.
            if Self.keptEvents.contains(method) { events.append((method, message["params"] ?? .object([]))) }
        } else {
            throw PageReplayError(.protocolError, file: name, reason: "sent a message with neither an id nor a method")
        }
        return true
    }

    static let keptEvents: Set<String> = ["Page.loadEventFired", "Runtime.exceptionThrown", "Target.attachedToTarget",
                                          "Tracing.dataCollected", "Tracing.tracingComplete"]
}
