import TouchBenchSupport
import TouchInput
import TouchReplay
import TouchTrace

/// What a page replay gives: the run record (the same `touchbench.run/1` a scene gives,
/// every probe metric a timing one, the page's counts exact) and how dispatch went.
public struct PageRun: Sendable {
    public var record: RunRecord
    /// Commands sent, refused by the browser, and the first refusal's message.
    public var sent: Int
    public var refused: Int
    public var firstRefusal: String?
    /// Dispatch lateness after each sample's deadline, ms: median, 99th percentile, worst.
    public var latenessP50Ms: Double
    public var latenessP99Ms: Double
    public var latenessMaxMs: Double
    /// Whether the dispatching thread ran at a real-time priority (SCHED_FIFO), which keeps
    /// it on time on a busy machine; where refused, the lateness shows what that cost.
    public var realtimeDispatch: Bool
    /// CPU time the host took from this virtual machine while the samples were dispatched,
    /// ms: lateness beyond a millisecond with steal is the host's doing, not the dispatcher's
    /// (`nil` where the system does not report steal, or on the page clock).
    public var hostStealMs: Double?
    /// Whether the page called `touchbench.report` (else the selector's element was followed).
    public var usedHook: Bool
    /// The browser that ran it (its version string).
    public var browser: String
    /// On the page clock: how long each frame's inputs were given to reach the renderer
    /// (real ms; longer when a first attempt saw one miss its frame); `nil` on the wall clock.
    public var inputSettleMs: Double?
    /// On the page clock: why each attempt before the last was made again (one line each).
    public var misses: [String] = []
    /// On the page clock: the runs it took (more than 1 when a sample missed its frame and
    /// the run was made again with a longer input settle).
    public var attempts: Int { misses.count + 1 }
    /// On the page clock: whether the page read every frame time (its `requestAnimationFrame`
    /// timestamps) exactly as sent (``PageTimeGrid``).
    public var exactFrameTimes = false
    /// On the page clock: whether it read every frame time and every event timestamp exactly
    /// as sent: its own arithmetic on them was then what it is in any such run.
    public var exactTimes = false
    /// On the page clock: how many times a frame's inputs were still unacknowledged 5 ms after
    /// it and the renderer's input queue was flushed (a blocking touch move waits there for
    /// the next frame otherwise; docs/PAGES.md).
    public var inputFlushes = 0
    /// On the page clock: how the page read the run's event timestamps (`nil` where DevTools
    /// did not report its time origin).
    public var eventTimes: PageEventTimes?
    /// On the page clock: where the page's event timestamps count from, as measured
    /// (``PageEventZero``); `nil` where DevTools did not report its time origin.
    public var eventZero: PageEventZero?
}

/// How a page read the event timestamps of a run on the page clock, each sent on its 100 µs
/// grid (``PageTimeGrid``): exactly, or one step late or early (the browser's conversion of
/// the Unix timestamp DevTools takes is off by some µs, differently in every launch).
public struct PageEventTimes: Sendable, Hashable {
    /// The events of the run the page recorded (a coalesced pointer move is one).
    public var read = 0
    /// Read as sent.
    public var exact = 0
    /// Read one 100 µs step later, or earlier, than sent.
    public var late = 0
    public var early = 0

    public init() {}

    /// Read more than one step off what was sent.
    public var furtherOff: Int { read - exact - late - early }

    /// The counts of two runs together.
    public static func + (lhs: PageEventTimes, rhs: PageEventTimes) -> PageEventTimes {
        var sum = lhs
        sum.read += rhs.read
        sum.exact += rhs.exact
        sum.late += rhs.late
        sum.early += rhs.early
        return sum
    }
}

/// Replays traces into a web page in headless Chromium: the library entry point behind
/// `touchbench replay TRACE --page URL|FILE`.
///
/// ```swift
/// let page = try PageAddress("Pages/scroller.html")
/// let run = try PageReplayer.replay(reader: try TraceReader(path: "Traces/flick.touchtrace"),
///                                   settings: PageReplaySettings(page: page))
/// print(run.record.jsonText, run.latenessP99Ms)
/// ```
///
/// The browser is started for the run and always stopped and reaped, whatever happens.
public enum PageReplayer {
    /// Where on the page's vsync grid the first sample goes, ms after a frame begins: away
    /// from the frame boundary, so a sample's frame does not depend on a fraction of a
    /// millisecond of scheduling.
    static let vsyncPhase = 4.0

    /// Replays the whole trace `reader` reads into the page of `settings`.
    public static func replay(reader: TraceReader, settings: PageReplaySettings, traceName: String? = nil) throws -> PageRun {
        var samples: [InputSample] = []
        var cursor = reader.makeCursor()
        try cursor.forEachBatch { batch in samples.append(contentsOf: batch) }
        return try replay(samples: samples, metadata: reader.metadata, settings: settings, traceName: traceName ?? reader.path)
    }

    /// Replays time-ordered `samples` (markers included, as ground truth) into the page;
    /// `progress`, when given, hears how far the run has got (about four lines a second).
    public static func replay(samples: [InputSample], metadata: TraceMetadata, settings: PageReplaySettings,
                              traceName: String, progress: ((String) -> Void)? = nil) throws(PageReplayError) -> PageRun {
        let screen = (width: metadata.screen?.width ?? 390, height: metadata.screen?.height ?? 844)
        let viewport = settings.viewport ?? PageViewport(width: Int(screen.width.rounded()), height: Int(screen.height.rounded()))
        guard viewport.width > 0, viewport.height > 0 else {
            throw PageReplayError(.invalidSetting, file: traceName, reason: "has a screen too small to map to a viewport")
        }
        let scaleX = Double(viewport.width) / screen.width, scaleY = Double(viewport.height) / screen.height
        if settings.pacing == .virtualClock {
            return try replayOnPageClock(samples: samples, settings: settings, traceName: traceName,
                                         viewport: viewport, scale: (scaleX, scaleY), progress: PageRunProgress(progress))
        }
        let browser = try Browser(executable: settings.browser)
        defer { browser.close() }
        let version = (try? browser.client.call("Browser.getVersion"))?["product"]?.stringValue ?? "Chromium"
        let session = try PageSession(browser: browser, page: settings.page, viewport: viewport, selector: settings.selector)
        // The page's time origin on the browser's clock (ms), which is the monotonic clock: the
        // run is planned on it, and each timestamp is turned into Unix time only as it is sent
        // (``PageDispatcher``). `performance.timeOrigin` is Unix time through the wall clock as
        // the renderer read it, which a wall clock set since has moved.
        let origin = (try? PageTimeGrid.navigationStartMicros(session: session)).flatMap { $0.map { Double($0) / 1000 } }
            ?? session.timeOrigin - Double(MonotonicClock.epochMinusNow()) / 1e6

        let schedule = DispatchSchedule(samples: samples, pacing: settings.pacing)
        var commands = InputCommands(scaleX: scaleX, scaleY: scaleY)
        // The run starts shortly after now, at a fixed phase of the page's vsync grid, so that
        // samples fall into the same frames run after run; the epoch of each deadline is the
        // timestamp the page sees.
        let grid = session.frameGrid
        let earliest = Double(MonotonicClock.now()) / 1e6 - origin + 150
        let startPage = grid.begin + ((earliest - grid.begin) / grid.period).rounded(.up) * grid.period + Self.vsyncPhase
        let start = try PageReportedNumber.rounded((origin + startPage) * 1e6, as: Int64.self,
                                                   page: settings.page.argument, what: "the run start its time origin and frame grid give, ns")
        let outcome = try PageDispatcher.dispatch(samples: samples, schedule: schedule, commands: &commands,
                                                  client: session.client, start: start)
        try session.evaluate("window.__touchbench.settled(\(settings.quiet / 1_000_000), \(settings.settleLimit / 1_000_000))",
                             timeout: settings.settleLimit &+ 10_000_000_000)
        let dump = try session.evaluate("window.__touchbench.dump(\(startPage - 250))", timeout: 30_000_000_000)
        guard case .string(let text) = dump else {
            throw PageReplayError(.pageMalformed, file: settings.page.argument, reason: "did not return the observer's data")
        }
        let observation = try PageObservation(dump: text, page: settings.page.argument)
        var timeline = PageTimeline(samples: samples, schedule: schedule, outcome: outcome, observation: observation,
                                    pageAtStart: Double(start) / 1e6 - origin, scale: (scaleX, scaleY),
                                    presentationDelay: settings.presentationDelay)
        // The rate Chromium drew at, held to the rates a display has: frames over a second
        // apart (a stalled page) gave 0 Hz, which its own result file would refuse.
        let range = RefreshRate.hertzRange
        let refreshHz = min(max((1e9 / observation.period).rounded(), range.lowerBound), range.upperBound)
        var replaySettings = ReplaySettings(mode: .wallClock(rate: 1))
        replaySettings.display = DisplayModel(refresh: .fixed(refreshHz), presentationDelay: settings.presentationDelay)
        var record = timeline.record(trace: traceName, scene: "page", settings: replaySettings)
        record.extras["page"] = .string(settings.page.argument)
        if settings.pacing == .maxSafe { record.rate = PagePacing.maxSafe.rawValue }
        record.metrics[.pageSendErrors] = .single(Double(outcome.refused), kind: .deterministic)

        var lateness = outcome.lateness.compactMap { $0 }.map { Double($0) / 1e6 }
        lateness.sort()
        return PageRun(record: record, sent: outcome.sent, refused: outcome.refused, firstRefusal: outcome.firstRefusal,
                       latenessP50Ms: lateness.isEmpty ? 0 : Statistics.nearestRank(lateness, 0.5),
                       latenessP99Ms: lateness.isEmpty ? 0 : Statistics.nearestRank(lateness, 0.99),
                       latenessMaxMs: lateness.last ?? 0, realtimeDispatch: outcome.realtime, hostStealMs: outcome.hostStealMs, usedHook: observation.reports > 0, browser: version,
                       inputSettleMs: nil)
    }
}
