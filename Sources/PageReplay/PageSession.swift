import TouchBenchSupport

/// One page open in the browser: a target attached over a flat session, with the viewport,
/// touch emulation and our observer set before the page loads.
struct PageSession {
    let client: DevToolsClient
    let page: PageAddress
    /// The element followed when the page does not call the hook (checked to parse).
    let selector: String?
    /// The page's `performance.timeOrigin`, Unix milliseconds: page times are relative to it.
    private(set) var timeOrigin = 0.0
    /// The begin time of a recent frame (page ms) and the refresh period (ms): the page's
    /// vsync grid, to which a run's start is aligned.
    private(set) var frameGrid = (begin: 0.0, period: 1000.0 / 60)

    /// Opens `page` in a new target of `browser` at `viewport` CSS pixels; with `clock`, the
    /// page draws only the frames the clock sends (the browser must have been started with
    /// begin-frame control).
    init(browser: Browser, page: PageAddress, viewport: PageViewport, selector: String?, clock: PageFrameClock? = nil,
         loadTimeout: Int64 = 20_000_000_000) throws(PageReplayError) {
        client = browser.client
        self.page = page
        self.selector = selector
        var created: [(key: String, value: JSONValue)] = [("url", .string("about:blank"))]
        if clock != nil { created.append(("enableBeginFrameControl", .bool(true))) }
        let target = try client.call("Target.createTarget", created)
        guard let targetID = target["targetId"]?.stringValue else {
            throw PageReplayError(.protocolError, file: client.name, reason: "created a target without an id")
        }
        let attached = try client.call("Target.attachToTarget", [("targetId", .string(targetID)), ("flatten", .bool(true))])
        guard let session = attached["sessionId"]?.stringValue else {
            throw PageReplayError(.protocolError, file: client.name, reason: "attached to a target without a session id")
        }
        client.session = session
        client.pageName = page.argument
        if clock != nil { try client.call("HeadlessExperimental.enable") }
        try client.call("Page.enable")
        try client.call("Emulation.setDeviceMetricsOverride", [
            ("width", .integer(Int64(viewport.width))), ("height", .integer(Int64(viewport.height))),
            ("deviceScaleFactor", .integer(1)), ("mobile", .bool(true)),
        ])
        try client.call("Emulation.setTouchEmulationEnabled", [("enabled", .bool(true)), ("maxTouchPoints", .integer(10))])
        try client.call("Page.addScriptToEvaluateOnNewDocument", [("source", .string(PageObserverScript.source(selector: selector)))])
        client.clearEvents()
        let navigation: JSONValue
        do {
            navigation = try client.call("Page.navigate", [("url", .string(page.url))], timeout: loadTimeout)
        } catch where error.kind == .timeout {
            // A server that accepts the connection and never answers: the page cannot be loaded.
            throw PageReplayError(.pageUnavailable, file: page.argument, reason: "did not load within \(loadTimeout / 1_000_000_000) s (the server never answered)")
        }
        if let failure = navigation["errorText"]?.stringValue, !failure.isEmpty {
            throw PageReplayError(.pageUnavailable, file: page.argument, reason: "did not load (\(failure))")
        }
        if let clock {
            try Self.load(clock: clock, client: client, deadline: MonotonicClock.now() &+ loadTimeout)
            timeOrigin = try evaluate("performance.timeOrigin").doubleValue ?? 0
            frameGrid = (0, clock.periodMs)
            guard timeOrigin.isFinite, timeOrigin > 0 else {
                throw PageReplayError(.pageMalformed, file: page.argument, reason: "has no usable performance.timeOrigin")
            }
            try checkObserver()
            return
        }
        do {
            _ = try client.awaitEvent("Page.loadEventFired", deadline: MonotonicClock.now() &+ loadTimeout)
        } catch where error.kind == .timeout && client.browserAnswers() {
            throw Self.neverLoaded(page.argument)
        }
        // A dozen frames, so that layout, fonts and the page's first animation frames are done,
        // and their begin times give the vsync grid.
        let grid = try evaluate("""
            new Promise((r) => { const t = []; const f = (s) => { t.push(s); if (t.length < 12) requestAnimationFrame(f); \
            else r([performance.timeOrigin, ...t]); }; requestAnimationFrame(f); })
            """)
        guard let values = grid.arrayValue?.compactMap(\.doubleValue), values.count == 13, values[0].isFinite, values[0] > 0 else {
            throw PageReplayError(.pageMalformed, file: page.argument, reason: "has no usable performance.timeOrigin or frame times")
        }
        timeOrigin = values[0]
        var gaps = zip(values.dropFirst(2), values.dropFirst()).map { $0 - $1 }.filter { $0 > 0.5 }
        gaps.sort()
        let period = gaps.isEmpty ? 1000.0 / 60 : gaps[gaps.count / 2]
        frameGrid = (values[12], period)
        try checkObserver()
    }

    /// Waits for the page's load event while sending it frames (a page under the page clock
    /// draws none by itself, and some loads wait for one), then sends frames until the page
    /// has been still for 3 of them (its first layout, fonts and animations done): at least
    /// 12, at most 5 s of page time.
    private static func load(clock: PageFrameClock, client: DevToolsClient, deadline: Int64) throws(PageReplayError) {
        while try client.takeEvent("Page.loadEventFired") == nil {
            guard MonotonicClock.now() < deadline else {
                guard let page = client.pageName, client.browserAnswers() else {
                    throw PageReplayError(.timeout, file: client.name, reason: "did not send Page.loadEventFired in time")
                }
                throw neverLoaded(page)
            }
            clock.catchUp()
            try clock.next()
            MonotonicClock.sleep(until: MonotonicClock.now() &+ 5_000_000)
        }
        clock.catchUp()
        try clock.settle(quietFrames: 3, minimum: 12, limit: Int(5000 / clock.periodMs))
    }

    /// A load event that never came while the browser answered: the page's load is what never ends.
    private static func neverLoaded(_ page: String) -> PageReplayError {
        PageReplayError(.pageUnavailable, file: page, reason: "did not finish loading in time (its load event never fired: a resource still loading, or a script that never returns)")
    }

    private func checkObserver() throws(PageReplayError) {
        guard try evaluate("typeof window.__touchbench === 'object'") == .bool(true) else {
            throw PageReplayError(.pageMalformed, file: page.argument, reason: "does not run TouchBench's observer script (a Content-Security-Policy may block it)")
        }
        client.pageUnderMeasurement = page.argument
        // A selector the browser cannot parse would follow nothing, silently, in every frame.
        if let selector {
            let valid = try evaluate("(() => { try { document.querySelector(\(JSONWriter.quoted(selector))); return true; } catch (e) { return false; } })()")
            guard valid == .bool(true) else {
                throw PageReplayError(.invalidSetting, reason: "--selector '\(selector)' is not a CSS selector the browser can parse")
            }
        }
    }

    /// Evaluates `expression` in the page (awaiting a promise) and returns its value.
    @discardableResult
    func evaluate(_ expression: String, timeout: Int64? = nil) throws(PageReplayError) -> JSONValue {
        let reply = try client.call("Runtime.evaluate", [
            ("expression", .string(expression)), ("awaitPromise", .bool(true)), ("returnByValue", .bool(true)),
        ], timeout: timeout, blamingThePage: true)
        if let exception = reply["exceptionDetails"] {
            let text = exception["exception"]?["description"]?.stringValue ?? exception["text"]?.stringValue ?? "an exception"
            throw PageReplayError(.pageMalformed, file: page.argument, reason: "threw while TouchBench read it: \(text.prefix(200))")
        }
        return reply["result"]?["value"] ?? .null
    }

    /// The page's clock now, in page milliseconds.
    func now() throws(PageReplayError) -> Double {
        try evaluate("performance.now()").doubleValue ?? 0
    }
}
