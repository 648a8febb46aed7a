import TouchBenchSupport

/// Times the page reads exactly. Chromium coarsens every time a page can read (an event's
/// `timeStamp`, a `requestAnimationFrame` timestamp, `performance.now()`) to 100 µs, rounding
/// a time inside a 100 µs step up or down by a threshold drawn per step from a secret of the
/// browser process: the same run reads differently in two browsers. A time that falls exactly
/// on a step is never moved (the threshold lies above the step's start). So the page clock
/// sends every frame time and every event timestamp on a step, with the run's vsync 0 on the
/// page's 100 µs grid so that each time of the trace is the same page time in every run.
///
/// Where the steps are differs for the two (Blink, HeadlessChrome 156):
/// - frame times are coarsened relative to the page's time origin: a frame at ticks F reads
///   Clamp(F − O), where O is the origin on the browser's clock (`TimeTicks`), which DevTools
///   reports to the microsecond as the `NavigationStart` metric of `Performance.getMetrics`.
///   Frames are sent at O + t and read t exactly: 332 of 332 in every run of `catch` tried;
/// - event timestamps are coarsened as absolute ticks: an event at ticks G reads
///   Clamp(G) − Clamp(O). Clamp(O), the event zero C, is O's 100 µs step or the next one,
///   fixed for the page load; ``PageEventZero`` measures it from `performance.mark()` and the
///   trace, without input. An event meant for page time t is sent at G = C + t, a multiple of
///   100 µs, never moved, and reads t exactly. The browser turns the Unix time DevTools takes
///   into ticks with the wall clock as it reads it on taking the command (a wall clock set by
///   1 ms moves the next events' ticks by 1 ms), so each event's Unix time is made from
///   CLOCK_REALTIME − CLOCK_MONOTONIC read as it is sent, which predicts the browser's to
///   within a microsecond (``unixEpochMicros(epochMinusNow:)``); where it is 1 µs off, an
///   event lands 1 µs beside its point and reads 100 µs off with a chance of 1 in 100, and
///   ``PageReplayer`` runs it again in a new launch (the moves coalesced into an event are
///   times the page reads too: docs/PAGES.md). Where C was not found, events are sent
///   at O + t as before (each reads t or one step off it, differently in every launch).
///   Sending them at O + t was the cause of the events read 100 µs off (0 to 24 of a run of
///   `catch`, of either sign per launch), first taken for an error in the Unix conversion.
///   ``PageReplayer`` checks what the page read (``PageRun/exactFrameTimes``,
///   ``PageRun/exactTimes``).
///
/// Every time is placed on the grid step nearest to it (at most 50 µs away, half of what
/// the browser's own coarsening moves it); the run's own timeline keeps the exact times.
struct PageTimeGrid {
    /// The coarsening step, microseconds (the browser's for a page that is not cross-origin isolated).
    static let stepMicros: Int64 = 100
    /// Sent above the microsecond meant, so that the browser's conversion of a floating-point
    /// time to whole microseconds gives it whether it truncates or rounds.
    private static let guardMicros = 0.3

    /// The page's time origin on the browser's clock, microseconds.
    let originMicros: Int64
    /// Where the page's event timestamps count from on the browser's clock (``PageEventZero``),
    /// microseconds; `nil` where it was not found, and events are then sent on the origin's grid.
    var eventZeroMicros: Int64?

    /// The grid point nearest `ticks` (browser ms), microseconds on the browser's clock.
    private func nearest(_ ticks: Double) -> Int64 {
        let fromOrigin = (ticks * 1000 - Double(originMicros)) / Double(Self.stepMicros)
        return originMicros &+ Int64(fromOrigin.rounded()) &* Self.stepMicros
    }

    /// The first grid point at or after `ticks` (browser ms), as browser ms: a run whose
    /// vsync 0 is there puts each of its times on the same grid point in every run.
    func point(atOrAfter ticks: Double) -> Double {
        let steps = ((ticks * 1000 - Double(originMicros)) / Double(Self.stepMicros)).rounded(.up)
        return Double(originMicros &+ Int64(steps) &* Self.stepMicros) / 1000
    }

    /// The frame time to send for a frame at `ticks` (browser ms).
    func frameTicks(_ ticks: Double) -> Double {
        (Double(nearest(ticks)) + Self.guardMicros) / 1000
    }

    /// The Unix timestamp (ns) to send for an event at `ticks` (browser ms), with the wall
    /// clock at `epochMinusNow` (CLOCK_REALTIME − CLOCK_MONOTONIC, ns, read as it is sent: the
    /// browser converts each timestamp with the wall clock it reads then): the page reads it
    /// as ``pageMicros(_:)`` gives, exactly where the event zero is known.
    func eventEpoch(_ ticks: Double, epochMinusNow: Int64) -> Int64 {
        let point = nearest(ticks)
        let sent = eventZeroMicros.map { $0 &+ (point &- originMicros) } ?? point
        return (sent &- Self.unixEpochMicros(epochMinusNow: epochMinusNow)) &* 1000 &+ Int64(Self.guardMicros * 1000)
    }

    /// What the page reads for a time at `ticks` (browser ms): page microseconds.
    func pageMicros(_ ticks: Double) -> Int64 {
        nearest(ticks) &- originMicros
    }

    /// A time the page read (ms) in whole microseconds, or `nil` when it is not one: the
    /// browser computes an event's `timeStamp` through seconds in floating point, so a
    /// microsecond can read a few picoseconds off (317.8999999985099 for 317.9).
    static func micros(_ pageTime: Double) -> Int64? {
        let scaled = pageTime * 1000
        guard scaled.isFinite, abs(scaled) < 9e15 else { return nil }
        let whole = scaled.rounded()
        return abs(scaled - whole) < 1e-3 ? Int64(whole) : nil
    }

    /// The grid for the page of `session`: `nil` where DevTools does not report the page's
    /// time origin (`NavigationStart`), and the run's times are then sent as they are.
    static func locate(session: PageSession) throws(PageReplayError) -> PageTimeGrid? {
        try navigationStartMicros(session: session).map { PageTimeGrid(originMicros: $0) }
    }

    /// The page's time origin on the browser's clock, microseconds, as DevTools reports it
    /// (the `NavigationStart` metric); `nil` where it does not.
    static func navigationStartMicros(session: PageSession) throws(PageReplayError) -> Int64? {
        let client = session.client
        try client.call("Performance.enable")
        let metrics = try client.call("Performance.getMetrics")
        try client.call("Performance.disable")
        guard let start = metrics["metrics"]?.arrayValue?.first(where: { $0["name"]?.stringValue == "NavigationStart" })?["value"]?.doubleValue,
              start.isFinite, start > 0, start < 1e9 else { return nil }
        return Int64((start * 1e6).rounded())
    }

    /// The browser's `TimeTicks::UnixEpoch()` (µs) from CLOCK_REALTIME − CLOCK_MONOTONIC
    /// (`epochMinusNow`, ns): the nearest microsecond. The browser took its own from two
    /// readings truncated to whole µs, one of each clock: with D the difference and f its
    /// fraction of a µs, it is −floor(D) with a chance of 1 − f and −floor(D) − 1 with a
    /// chance of f, so the nearest is its value in most launches, where −floor(D) (used
    /// before) was 1 µs off in a fraction f of them (f was 0.6–0.8 on this project's machine).
    static func unixEpochMicros(epochMinusNow: Int64) -> Int64 {
        let micros = epochMinusNow / 1000, remainder = epochMinusNow % 1000
        return -(remainder >= 500 ? micros &+ 1 : remainder <= -500 ? micros &- 1 : micros)
    }
}
