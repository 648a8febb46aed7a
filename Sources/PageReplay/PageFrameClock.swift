import TouchBenchSupport

/// The deterministic page clock: a page opened with `enableBeginFrameControl` draws a frame
/// only when sent `HeadlessExperimental.beginFrame`, with the frame time it is given (the
/// browser's TimeTicks, monotonic milliseconds: the page's `requestAnimationFrame`
/// timestamp). Frame times advance by whole periods of the modelled display, never from
/// the wall clock, so the run can go faster than real time and the page's frame times are
/// the same from run to run.
final class PageFrameClock {
    /// What a frame did.
    struct Frame {
        /// The compositor's answer: whether the frame changed anything on screen.
        var damage: Bool
        /// Real nanoseconds from sending the frame to its reply: the page's work for it
        /// (its input handlers, animation callbacks, style, layout and paint) and the draw.
        var cost: Int64
    }

    private let client: DevToolsClient
    /// The refresh period, milliseconds.
    let periodMs: Double
    /// The frame time of the last frame sent, milliseconds of the browser's TimeTicks.
    private(set) var lastTicks: Double

    /// A clock for the pages of `client` at `refreshHz`, starting from now.
    init(client: DevToolsClient, refreshHz: Double) {
        self.client = client
        periodMs = 1000 / refreshHz
        lastTicks = Double(MonotonicClock.now()) / 1e6
    }

    /// Sends the frame whose time is `ticks` (later than the last) and waits until it has
    /// been drawn.
    func frame(at ticks: Double) throws(PageReplayError) -> Frame {
        let start = MonotonicClock.now()
        let reply = try client.call("HeadlessExperimental.beginFrame", [
            ("frameTimeTicks", .number(ticks)), ("interval", .number(periodMs)), ("noDisplayUpdates", .bool(false)),
        ], blamingThePage: true)
        lastTicks = ticks
        return Frame(damage: reply["hasDamage"]?.boolValue ?? false, cost: MonotonicClock.now() &- start)
    }

    /// Sends the frame one period after the last.
    @discardableResult
    func next() throws(PageReplayError) -> Frame {
        try frame(at: lastTicks + periodMs)
    }

    /// Moves the clock up to the wall clock if it is behind: a page's frames must not be
    /// timed before its time origin (the moment it was navigated to), so the frames of a
    /// load start from now; the run's frames then advance by periods alone.
    func catchUp() {
        lastTicks = Swift.max(lastTicks, Double(MonotonicClock.now()) / 1e6)
    }

    /// Sends frames until `count` in a row changed nothing (the page has finished loading and
    /// its first animations), at least `minimum` and at most `limit` of them.
    func settle(quietFrames count: Int, minimum: Int, limit: Int) throws(PageReplayError) {
        var quiet = 0, sent = 0
        while sent < limit, sent < minimum || quiet < count {
            quiet = try next().damage ? 0 : quiet + 1
            sent += 1
        }
    }
}
