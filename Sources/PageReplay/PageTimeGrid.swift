import TouchBenchSupport

/// Times the page reads exactly. Chromium coarsens every time a page can read (an event's
/// `timeStamp`, a `requestAnimationFrame` timestamp, `performance.now()`) to 100 µs from the
/// page's time origin, rounding a time inside a 100 µs step up or down by a threshold drawn
/// per step from a secret of the browser process: the same run reads differently in two
/// browsers. A time that falls exactly on a step is never moved (the threshold lies above the
/// step's start). So the page clock sends every frame time and every event timestamp on the
/// page's 100 µs grid, with the run's vsync 0 on a grid point so that each time of the trace
/// falls on the same point in every run.
///
/// That needs, to the microsecond, where the grid is and how the browser turns an event's
/// Unix timestamp into its own clock:
/// - the grid: the page's time origin on the browser's clock (`TimeTicks`), which DevTools
///   reports as the `NavigationStart` metric of `Performance.getMetrics`. Frame times sent on
///   it are read exactly: 332 of 332 frames in every run of `catch` tried;
/// - event timestamps: the browser adds its `TimeTicks::UnixEpoch()` to the Unix time sent, a
///   constant it computed once from a CLOCK_MONOTONIC and a CLOCK_REALTIME reading truncated
///   to microseconds, taken some microseconds apart. CLOCK_REALTIME − CLOCK_MONOTONIC
///   predicts it only to within those microseconds, and no DevTools call reports it: under
///   load the page's events land tens of µs off their grid point, either way from one
///   browser launch to the next (0 to 18 of `catch`'s 45 events read 100 µs off per run), and
///   about 1 µs apart from event to event; a calibration in a second, cross-origin-isolated
///   target measured an offset that the page's own events did not follow (docs/PAGES.md).
///   Measuring it from the page failed too: mouse moves sent faster than frames do not keep
///   their timestamps, and key events stamped around a step's threshold placed it 10–18 µs
///   from the prediction while touch events read as predicted (no one offset for both).
///   ``PageReplayer`` checks what the page read (``PageRun/exactFrameTimes``,
///   ``PageRun/exactTimes``); `page_frames_changed` stays a timing metric.
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
    /// The browser's clock at the Unix epoch, microseconds (negative).
    let unixEpochMicros: Int64

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

    /// The Unix timestamp (ns) to send for an event at `ticks` (browser ms).
    func eventEpoch(_ ticks: Double) -> Int64 {
        (nearest(ticks) &- unixEpochMicros) &* 1000 &+ Int64(Self.guardMicros * 1000)
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
        let client = session.client
        try client.call("Performance.enable")
        let metrics = try client.call("Performance.getMetrics")
        try client.call("Performance.disable")
        guard let start = metrics["metrics"]?.arrayValue?.first(where: { $0["name"]?.stringValue == "NavigationStart" })?["value"]?.doubleValue,
              start.isFinite, start > 0, start < 1e9 else { return nil }
        // The browser's UnixEpoch as CLOCK_REALTIME − CLOCK_MONOTONIC gives it (µs).
        let unixEpoch = -((MonotonicClock.epoch() &- MonotonicClock.now()) / 1000)
        return PageTimeGrid(originMicros: Int64((start * 1e6).rounded()), unixEpochMicros: unixEpoch)
    }
}
