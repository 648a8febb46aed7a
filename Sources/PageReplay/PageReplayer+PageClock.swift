import TouchBenchSupport
import TouchInput
import TouchReplay

extension PageReplayer {
    /// The metrics of a run on the page clock that depend only on which samples each frame
    /// consumed and where the input put what each frame showed, never on a measured duration,
    /// a time the page read or how Chromium grouped the moves: declared exact (`deterministic`)
    /// and compared exactly. The rest time a presentation (a frame is presented late by the vsyncs its real work
    /// overran) or follow the page's own animations, whose arithmetic reads Chromium's
    /// coarsened, randomly rounded clock (docs/PAGES.md), so they stay timing metrics.
    ///
    /// `response_recognition_ms` is not among them: two runs have differed by a frame (250.0
    /// against 233.3 ms on `drag` in one of two benches; 133.3 against 150.0 in 2 of about 26
    /// runs), cause not yet known (docs/PAGES.md).
    ///
    /// Nor is `page_frames_changed`, although the example pages now change the same frames in
    /// every run that reads every time exactly (they begin a pan at the touch sample that
    /// crosses the hysteresis, whichever moves Chromium coalesced with it): where an animation
    /// ends follows the times the page read, a launch can still read one off, and a page that
    /// decides on the last of the coalesced moves (as the examples did) changes with
    /// Chromium's grouping of moves, which differs from run to run (docs/PAGES.md).
    public static let exactOnPageClock: Set<MetricName> = [
        .pageEventsDelivered, .pageSendErrors, .trackingError, .intentAccuracy, .unansweredInputs,
    ]

    /// Replays on the deterministic page clock (``PagePacing/virtualClock``), running again
    /// with a longer input settle while a sample misses the frame it was sent before (up to
    /// ``PageReplaySettings/maximumAttempts`` runs).
    static func replayOnPageClock(samples: [InputSample], settings: PageReplaySettings, traceName: String,
                                  viewport: PageViewport, scale: (Double, Double), progress: PageRunProgress) throws(PageReplayError) -> PageRun {
        var progress = progress
        var settle = max(0, settings.inputSettle)
        var misses: [String] = []
        var inexact = 0
        while true {
            if !misses.isEmpty {
                progress.announce("page clock: launch \(misses.count + 1) of up to \(PageReplaySettings.maximumAttempts) (\(misses.count) made again)")
            }
            let miss: String
            switch try attemptOnPageClock(samples: samples, settings: settings, traceName: traceName, viewport: viewport, progress: &progress,
                                          scale: scale, settle: settle) {
            case .ran(var run):
                run.misses = misses
                // A launch where the page read an event time a step off (``PageTimeGrid``) is
                // made again, in a new browser, at the same settle: its arithmetic on that
                // time is not every run's (up to ``PageReplaySettings/exactAttempts`` launches).
                if let times = run.eventTimes, !run.exactTimes, inexact + 1 < PageReplaySettings.exactAttempts,
                   misses.count + 1 < PageReplaySettings.maximumAttempts {
                    inexact += 1
                    misses.append("settle \(Double(settle) / 1e6) ms: the page read \(times.read - times.exact) of \(times.read) event times off (\(times.early) early, \(times.late) late)"
                                  + (run.exactFrameTimes ? "" : " and not every frame time as sent"))
                    continue
                }
                return run
            case .missed(let reason):
                miss = reason
            }
            misses.append("settle \(Double(settle) / 1e6) ms: \(miss)")
            guard misses.count < PageReplaySettings.maximumAttempts else {
                throw PageReplayError(.browserFailed, file: settings.page.argument,
                                      reason: "took an input event of \(traceName) later than the frame it was sent before in \(misses.count) runs, even given \(settle / 1_000_000) ms to reach the renderer (last: \(miss))")
            }
            settle = min(max(settle, 1_000_000) * 4, PageReplaySettings.maximumInputSettle)
        }
    }

    /// What one attempt on the page clock gave.
    private enum PageClockAttempt {
        case ran(PageRun)
        /// A sample missed the frame it was sent before: why, for the error if every attempt does.
        case missed(String)
    }

    /// One run on the page clock.
    private static func attemptOnPageClock(samples: [InputSample], settings: PageReplaySettings, traceName: String, viewport: PageViewport,
                                           progress: inout PageRunProgress, scale: (Double, Double), settle: Int64) throws(PageReplayError) -> PageClockAttempt {
        let browser = try Browser(executable: settings.browser, beginFrameControl: true)
        defer { browser.close() }
        let version = (try? browser.client.call("Browser.getVersion"))?["product"]?.stringValue ?? "Chromium"
        let clock = PageFrameClock(client: browser.client, refreshHz: settings.refreshHz)
        let session = try PageSession(browser: browser, page: settings.page, viewport: viewport, selector: settings.selector, clock: clock)
        // Where the page's clock stands against the browser's: the last frame sent is the last
        // the page saw (its rAF timestamp is coarsened to 0.1 ms, so this is that close; the
        // run's own times are the clock's, exact).
        guard let lastSeen = try session.evaluate("window.__touchbench.frames.length ? window.__touchbench.frames[window.__touchbench.frames.length - 1][0] : null").doubleValue else {
            throw PageReplayError(.pageMalformed, file: settings.page.argument, reason: "ran no animation frame for the frames it was sent")
        }
        guard lastSeen.isFinite else {
            throw PageReplayError(.pageMalformed, file: settings.page.argument, reason: "reported a last animation frame time \(lastSeen), which is not a usable time")
        }
        // Where the page reads its times exactly: its time origin to the microsecond, and where
        // its event timestamps count from.
        var grid = try PageTimeGrid.locate(session: session)
        let eventZero = try grid.map { located throws(PageReplayError) in try PageEventZero.measureOrExplain(session: session, originMicros: located.originMicros) }
        grid?.eventZeroMicros = eventZero?.micros
        let originTicks = grid.map { Double($0.originMicros) / 1000 } ?? clock.lastTicks - lastSeen

        // The trace's own spacing, idle pauses kept: on this clock they cost only frames.
        let schedule = DispatchSchedule(samples: samples, pacing: .realTime)
        let firstTime = samples.first?.time ?? 0
        let times = schedule.offsets.map { $0 &+ firstTime }
        // Vsync 0 is the run's first frame, one period after the last the page drew; the first
        // sample comes a fixed phase after it.
        let phase = Int64((Self.vsyncPhase * 1e6).rounded())
        // On the grid, so that every time of the run falls on the same grid point in every run.
        let vsyncZero = clock.lastTicks + clock.periodMs
        let ticksAtFirst = (grid?.point(atOrAfter: vsyncZero) ?? vsyncZero) + Self.vsyncPhase
        var commands = InputCommands(scaleX: scale.0, scaleY: scale.1)
        let driven = try PageFrameDriver.drive(samples: samples, times: times, commands: &commands, client: session.client, clock: clock,
                                               vsyncZero: firstTime &- phase, ticksAtFirst: ticksAtFirst,
                                               settle: settle, tail: settings.settleLimit, grid: grid, progress: &progress) { () throws(PageReplayError) in
            // A task on the page's main thread: answered once the handler running there has returned.
            _ = try session.evaluate("0")
        }
        if let missed = driven.missed {
            return .missed("sample \(missed.sample) (\(samples[missed.sample])) sent before frame \(missed.frame) was not acknowledged within \(PageFrameDriver.ackTimeout / 1_000_000) ms of it")
        }

        let startPage = ticksAtFirst - originTicks
        let dump = try session.evaluate("window.__touchbench.dump(\(startPage - 250))", timeout: 30_000_000_000)
        guard case .string(let text) = dump else {
            throw PageReplayError(.pageMalformed, file: settings.page.argument, reason: "did not return the observer's data")
        }
        var observation = try PageObservation(dump: text, page: settings.page.argument)
        let ownTime = samples.map { $0.kind == .touch || $0.kind == .pencil }
        let exact = grid.map { readExactly(observation, grid: $0, driven: driven.frames, times: times, sent: driven.outcome.lateness,
                                           ownTime: ownTime, firstTime: firstTime, ticksAtFirst: ticksAtFirst, startPage: startPage) }
        let exactTimes = exact.map { $0.frames && $0.events.exact == $0.events.read } ?? false
        if let disagreement = try place(&observation, driven: driven.frames, times: times, sent: driven.outcome.lateness, ownTime: ownTime, startPage: startPage,
                                        firstTime: firstTime, originTicks: originTicks, ticksAtFirst: ticksAtFirst, periodMs: clock.periodMs,
                                        page: settings.page.argument) {
            return .missed(disagreement)
        }

        var timeline = PageTimeline(samples: samples, schedule: schedule, outcome: driven.outcome, observation: observation,
                                    pageAtStart: startPage, scale: scale, presentationDelay: settings.presentationDelay, pageClock: true)
        var replaySettings = ReplaySettings(mode: .virtual)
        replaySettings.display = DisplayModel(refresh: .fixed(settings.refreshHz), presentationDelay: settings.presentationDelay)
        // The scene is `page` for every page, so a run compares with a baseline taken on
        // another version of the page (or another page: the slow variant against the fast);
        // which page it was is kept beside it.
        var record = timeline.record(trace: traceName, scene: "page", settings: replaySettings)
        record.extras["page"] = .string(settings.page.argument)
        // Every frame the clock sent (those where nothing happened are not fed to the probes).
        record.frames = driven.frames.count
        record.metrics[.pageSendErrors] = .single(Double(driven.outcome.refused), kind: .deterministic)
        // What the compositor changed, frame by frame: timing (``exactOnPageClock``).
        record.metrics[.pageFramesChanged] = .single(Double(driven.frames.filter(\.damage).count), kind: .timing)
        // Input waits for its frame by construction on this clock: there is no input delay to time.
        record.metrics[.pageInputDelay] = MetricSummary(kind: .timing)
        // Where the browser took touches for itself, when it did is its own timing: what the
        // page got and did with them then varies from run to run (multi-finger through a page
        // of plain text delivered 6, 10 and 19 samples in three runs). Only send errors stay exact.
        for name in Self.exactOnPageClock {
            record.metrics[name]?.kind = observation.cancels == 0 || name == .pageSendErrors ? .deterministic : .timing
        }
        if observation.cancels > 0 { record.extras["pageBrowserCancels"] = .integer(Int64(observation.cancels)) }
        return .ran(PageRun(record: record, sent: driven.outcome.sent, refused: driven.outcome.refused, firstRefusal: driven.outcome.firstRefusal,
                       latenessP50Ms: 0, latenessP99Ms: 0, latenessMaxMs: 0, realtimeDispatch: false,
                       usedHook: observation.reports > 0, browser: version, inputSettleMs: Double(settle) / 1e6, exactFrameTimes: exact?.frames ?? false, exactTimes: exactTimes,
                       inputFlushes: driven.frames.reduce(0) { $0 + $1.flushes }, eventTimes: exact?.events, eventZero: eventZero))
    }

    /// Whether the page read every frame time of the run exactly as `grid` placed it, and how
    /// it read the run's event timestamps: each is one of the times sent, or one 100 µs step
    /// off one (``PageTimeGrid``: the browser's conversion of a Unix timestamp is not known to
    /// the microsecond). Only events whose times are their samples' own (`ownTime`: touch and
    /// pen) are judged; Chromium offsets the others' (``PageObserverScript``).
    private static func readExactly(_ observation: PageObservation, grid: PageTimeGrid, driven: [DrivenFrame], times: [Int64], sent: [Int64?],
                                    ownTime: [Bool], firstTime: Int64, ticksAtFirst: Double, startPage: Double) -> (frames: Bool, events: PageEventTimes) {
        func ticks(_ time: Int64) -> Double { ticksAtFirst + Double(time &- firstTime) / 1e6 }
        let frameTimes = Set(driven.map { grid.pageMicros(ticks($0.vsync)) })
        let eventTimes = Set(times.indices.filter { sent[$0] != nil && ownTime[$0] }.map { grid.pageMicros(ticks(times[$0])) })
        let runFrames = observation.frames.filter { PageTimeGrid.micros($0.begin).map(frameTimes.contains) ?? false }
        var events = PageEventTimes()
        // Each event's own timestamp and those of the moves coalesced into it: a page's
        // velocity tracker reads the latter (one read 100 µs early while every event's own
        // read exactly moved a throw from 109.9 to 117.4 pt).
        for event in observation.events where event.ownTime && event.timeStamp >= startPage - 1 {
            for time in event.times {
                events.read += 1
                guard let read = PageTimeGrid.micros(time) else { continue }
                if eventTimes.contains(read) {
                    events.exact += 1
                } else if eventTimes.contains(read &- PageTimeGrid.stepMicros) {
                    events.late += 1
                } else if eventTimes.contains(read &+ PageTimeGrid.stepMicros) {
                    events.early += 1
                }
            }
        }
        return (runFrames.count == driven.count, events)
    }

    /// Puts the page's frames on the clock's exact times: each animation frame of the run is
    /// matched to the frame the clock sent (by its coarsened timestamp), and takes that
    /// frame's vsync as its begin, the samples sent before it as the ones it consumed, and as
    /// its work the real time the page and browser took for it (``DrivenFrame/cost``: the
    /// handlers of its input, its callbacks, style, layout, paint and the draw; a frame is
    /// shown late by the vsyncs that overran).
    /// Where the page's own record disagrees, what it said: the newest event it had handled
    /// before a frame is not the newest sample sent for it that the page handled at all.
    ///
    /// Only samples whose events carry their own time are checked (`ownTime`: touch and pen;
    /// Chromium offsets the times of mouse, wheel and key events, ``PageObserverScript``), and
    /// only those the page was given at some point: a page that leaves touches to the browser
    /// (no `touch-action: none`, so the browser pans and cancels the pointer) never sees the
    /// rest of that touch, which `page_events_delivered` counts and is no late event.
    private static func place(_ observation: inout PageObservation, driven: [DrivenFrame], times: [Int64], sent: [Int64?],
                              ownTime: [Bool], startPage: Double, firstTime: Int64, originTicks: Double, ticksAtFirst: Double, periodMs: Double,
                              page: String) throws(PageReplayError) -> String? {
        let zeroTicks = ticksAtFirst - Self.vsyncPhase
        func pageTime(_ sample: Int) -> Double { startPage + Double(times[sample] &- firstTime) / 1e6 }
        // Every own time the page read, sorted, to tell a sample it was given from one it never was.
        let read = observation.events.lazy.filter(\.ownTime).flatMap(\.times).filter { !$0.isNaN }.sorted()
        func given(_ sample: Int) -> Bool {
            // The reads are exact or a 100 µs step off (``readExactly``); half a millisecond
            // apart is another sample (240 Hz is 4.2 ms).
            let time = pageTime(sample)
            var low = 0, high = read.count
            while low < high {
                let middle = (low + high) / 2
                if read[middle] < time - 0.5 { low = middle + 1 } else { high = middle }
            }
            return low < read.count && read[low] <= time + 0.5
        }
        var checked = 0
        var newestGiven: Int?
        var matched = 0
        for index in observation.frames.indices {
            let k = try PageReportedNumber.rounded((observation.frames[index].begin + originTicks - zeroTicks) / periodMs,
                                                   page: page, what: "animation frame \(index) at \(observation.frames[index].begin) ms falls at vsync")
            guard k >= 0 else { continue }
            guard k == matched, k < driven.count else {
                throw PageReplayError(.pageMalformed, file: page, reason: "ran animation frame \(k) of the \(driven.count) it was sent out of turn")
            }
            let frame = driven[k]
            while checked < min(frame.consumedUpTo, times.count) {
                if sent[checked] != nil, ownTime[checked], given(checked) { newestGiven = checked }
                checked += 1
            }
            // 0.1 ms of timer coarsening and the browser's own epoch-to-clock conversion apart.
            let handled = observation.frames[index].newestOwnTime
            if let newest = newestGiven, case let expected = pageTime(newest), abs(handled - expected) > 1 {
                return "frame \(k): the newest event the page had handled was at \(handled) ms, the newest sent before it (sample \(newest)) at \(expected) ms"
            }
            let begin = startPage + Double(frame.vsync &- firstTime) / 1e6
            observation.frames[index].begin = begin
            observation.frames[index].workEnd = begin + Double(frame.cost) / 1e6
            observation.frames[index].consumedUpTo = frame.consumedUpTo
            matched = k + 1
        }
        guard matched == driven.count else {
            throw PageReplayError(.pageMalformed, file: page, reason: "ran \(matched) animation frames for the \(driven.count) it was sent")
        }
        return nil
    }
}
