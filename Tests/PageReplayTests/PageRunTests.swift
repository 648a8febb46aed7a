import Testing
import TouchInput
import TouchReplay
import TouchTrace
@testable import PageReplay

/// Whether headless Chromium is here (found as `touchbench replay --page` finds it).
let chromiumAvailable = (try? BrowserLocator.locate()) != nil

/// The bundled traces through the example pages in headless Chromium. Serialized: runs in
/// parallel would share two cores with the browser and measure each other.
@Suite(.serialized, .enabled(if: chromiumAvailable, "headless Chromium is not installed (apt-get install chromium-headless-shell)"))
struct PageRunTests {
    func run(_ trace: String, _ page: String, pacing: PagePacing = .virtualClock) throws -> PageRun {
        let reader = try TraceReader(path: "Traces/\(trace).touchtrace")
        return try PageReplayer.replay(reader: reader, settings: PageReplaySettings(page: try PageAddress("Pages/\(page).html"), pacing: pacing),
                                       traceName: trace)
    }

    func dispatched(_ trace: String) throws -> Int {
        var count = 0
        var cursor = try TraceReader(path: "Traces/\(trace).touchtrace").makeCursor()
        try cursor.forEachBatch { batch in count += batch.filter { $0.kind != .marker }.count }
        return count
    }

    /// One refresh period of the page's frames, ms.
    private func period(_ run: PageRun) -> Double { 1000 / run.record.refreshHz }

    @Test func everySampleLeavesWithinTwoMillisecondsOfItsDeadlineUnderTheSuitesLoad() throws {
        // The machine is shared with the rest of the suite (compilers, other browsers, a
        // debug build): a clean CI run read 1.16 then 1.13 ms here, where the release binary
        // alone reads 0.06-0.3 ms (docs/PAGES.md, scripts/test-page holds it to 1 ms). The
        // bound is 2 ms: a dispatcher that sleeps to the deadline without spinning, or lets
        // lateness accumulate, misses by 3-30 ms. On a virtual machine the host can take the
        // CPU from a real-time thread, and /proc/stat counts that steal in 10 ms ticks, so a
        // few stolen milliseconds read as 0: a late run is run again whatever the steal (up to
        // 6 runs); a dispatcher that is really late is late in every one.
        var page = try run("reversal", "scroller", pacing: .realTime)
        var everyLateRunStolen = (page.hostStealMs ?? 0) > 0
        for _ in 0..<5 where page.latenessP99Ms >= 2.0 {
            print("dispatch lateness p99 \(page.latenessP99Ms) ms (host steal \(page.hostStealMs ?? 0) ms): running again")
            page = try run("reversal", "scroller", pacing: .realTime)
            everyLateRunStolen = everyLateRunStolen && (page.hostStealMs ?? 0) > 0
        }
        #expect(page.sent == (try dispatched("reversal")))
        #expect(page.refused == 0)
        #expect(page.latenessP99Ms < 2.0 || everyLateRunStolen,
                "dispatch lateness p99 \(page.latenessP99Ms) ms (real-time priority: \(page.realtimeDispatch), host steal \(page.hostStealMs ?? 0) ms)")
        #expect(page.record[.deliveryError].count == page.sent)
        // Every sample reached the page, the coalesced ones included.
        #expect(page.record[.pageEventsDelivered].mean == Double(page.sent))
        #expect(page.record[.pageEventsDelivered].kind == .deterministic)
        #expect(page.record[.response].kind == .timing)
        #expect(page.record.scene == "page")
        // On the wall clock the browser's own frames decide which frame changes: a timing count.
        #expect(page.record[.pageFramesChanged].kind == .timing)
        #expect(page.record.mode == "wall" && page.record.rate == "1")
        #expect(page.inputSettleMs == nil)
    }

    @Test func aDragIsTrackedOneToOne() throws {
        let page = try run("drag", "scroller")
        #expect(page.usedHook)
        #expect(page.record[.trackingError].count >= 20)
        #expect((page.record[.trackingError].p95 ?? .infinity) < 0.01)
        #expect(page.record[.unansweredInputs].mean == 0)
        // A frame begins after the input it shows and is shown at least the presentation delay later.
        #expect((page.record[.presentedLag].p50 ?? 0) >= 2 * period(page))
    }

    /// The page's own frame timing in a run: the longest it took from a sample to the
    /// presentation of the frame that consumed it (a busy machine makes it longer).
    private func frameTiming(_ run: PageRun) -> Double { run.record[.frameLatency].max ?? 0 }

    @Test(arguments: ["scroller", "pip"])
    func redirectionsAreAnsweredWithinThePagesFrames(page name: String) throws {
        let reversal = try run("reversal", name)
        let reversalMs = try #require(reversal.record.reversalP50Ms)
        // Shown coming back within the page's own frame timing and the three frames the
        // 0.5 pt floor can take (docs/METRICS.md: D + 3 frames on the reference scenes).
        #expect(reversalMs <= frameTiming(reversal) + 3 * period(reversal),
                "reversal answered in \(reversalMs) ms, frame latency up to \(frameTiming(reversal)) ms")
        #expect(reversal.record.unansweredEvents == 0)
        let caught = try run("catch", name)
        let catchMs = try #require(caught.record[.catchResponse].p50)
        // At 60 Hz the frame that takes the catching touch-down often takes its first move too,
        // and the pages keep a 10 px hysteresis, so a catch is answered once the pan follows.
        #expect(catchMs <= frameTiming(caught) + 6 * period(caught),
                "catch answered in \(catchMs) ms, frame latency up to \(frameTiming(caught)) ms")
        #expect(caught.record.unansweredEvents == 0)
        // A page's catch jump is the element's motion over one frame against the finger's (no
        // extrapolation; retarget and bounce jumps need a scene's target and signals, which a
        // page does not report): the clean examples hold the content under the finger, 3.7 pt/s.
        let jump = try #require(caught.record[.catchVelocityJump].max)
        #expect(jump < 10, "catch velocity jump \(jump) pt/s")
    }

    /// Every bundled one-finger move states the PIP corner it means (the drag, flick,
    /// reversal and catch from the plan's projection, Traces/README.md), and the example PIP
    /// page ends each there.
    @Test(arguments: ["drag", "flick", "reversal", "catch", "pip-throw", "pip-flick-fast"])
    func throwsEndInTheIntendedCorner(trace: String) throws {
        let page = try run(trace, "pip")
        #expect(page.record[.intentAccuracy].count == 1)
        #expect(page.record[.intentAccuracy].mean == 1)
    }

    @Test func theSlowVariantShowsItsLongTask() throws {
        let fast = try run("reversal", "scroller")
        let slow = try run("reversal", "scroller-slow")
        // 40 ms of work in every move handler: every moving frame overruns.
        #expect((slow.record[.pageEventProcessing].p95 ?? 0) >= 40)
        #expect((fast.record[.pageEventProcessing].p50 ?? .infinity) < 5)
        #expect(slow.record[.droppedFrames].mean ?? 0 > fast.record[.droppedFrames].mean ?? 0)
        #expect(slow.record.hitchRatio > fast.record.hitchRatio)
        // The long task is the frame's work wherever the browser runs it (a handler may end
        // after the frame before was drawn and its input acknowledged): every frame that shows
        // a move is presented at least 2 vsyncs late, so the slow page answers later.
        let figures = "response \(slow.record[.response].p50 ?? 0) against \(fast.record[.response].p50 ?? 0) ms, reversal \(slow.record.reversalP50Ms ?? 0) against \(fast.record.reversalP50Ms ?? 0) ms (settle \(slow.inputSettleMs ?? 0) and \(fast.inputSettleMs ?? 0) ms)"
        #expect((slow.record[.response].p50 ?? 0) > (fast.record[.response].p50 ?? .infinity), "\(figures)")
        // On the page clock a 40 ms task overruns a 16.7 ms frame by at least 2 vsyncs, so a
        // moving frame is shown at least 2 + 2 periods after its vsync, whatever a busy machine
        // does to the fast page (whose frames a load of 15 can hold up too).
        #expect((slow.record[.presentedLag].p50 ?? 0) >= 4 * period(slow) - 0.5)
        #expect((slow.record.reversalP50Ms ?? 0) > (fast.record.reversalP50Ms ?? .infinity), "\(figures)")
    }

    @Test func twoRunsOnThePageClockAgreeOnEveryExactCount() throws {
        let first = try run("catch", "scroller")
        let second = try run("catch", "scroller")
        #expect(first.record.mode == "virtual" && first.record.rate == "max")
        #expect(first.sent == second.sent)
        #expect(first.refused == 0)
        #expect(first.record.samples == second.record.samples)
        // Every frame the clock sent: the trace's span and a 5 s tail, 60 a second.
        #expect(first.record.frames == second.record.frames)
        #expect(first.record.frames == 332)
        #expect(first.record.events.count == second.record.events.count)
        for name in PageReplayer.exactOnPageClock {
            #expect(first.record[name].kind == .deterministic, "\(name)")
        }
        var exact = 0
        for (name, summary) in first.record.metrics where summary.kind == .deterministic {
            #expect(summary == second.record.metrics[name], "\(name)")
            exact += 1
        }
        #expect(exact >= PageReplayer.exactOnPageClock.count)
        // Every sample reached the page, in the frame the trace puts it in.
        #expect(first.record[.pageEventsDelivered].mean == Double(first.sent))
        // The page read every frame time exactly as sent (on its 100 µs grid, PageTimeGrid),
        // and every event time, coalesced moves' included, as sent or one step off it (the
        // browser's conversion of the Unix timestamp is off by less than a step): a grid in the
        // wrong place scatters them. A launch that read one off is made again.
        #expect(first.exactFrameTimes && second.exactFrameTimes)
        for times in [try #require(first.eventTimes), try #require(second.eventTimes)] {
            // catch: 45 samples, 25 events with their coalesced moves.
            #expect(times.read >= 40 && times.exact + times.late + times.early == times.read, "\(times)")
        }
        #expect(first.exactTimes == (first.eventTimes?.exact == first.eventTimes?.read))
        for run in [first, second] where !run.exactTimes {
            // Made again until the page read every time exactly, or three launches did not.
            #expect(run.misses.filter { $0.contains("event times off") }.count == PageReplaySettings.exactAttempts - 1, "\(run.misses)")
        }
        // The frames that changed are the compositor's own count: the catch trace's two drags
        // and the momentum between them and after change 52 of the 60 Hz frames. The page
        // begins its pan at the sample that crosses the hysteresis, however Chromium coalesced
        // the moves (it used the event's last move, and 1 run in 12 changed 52 where the rest
        // changed 51), so runs that read every time exactly change the same frames; a timing
        // metric all the same, since a page may depend on that grouping (docs/PAGES.md).
        let changed = (first.record[.pageFramesChanged].mean ?? 0, second.record[.pageFramesChanged].mean ?? 0)
        #expect(first.record[.pageFramesChanged].kind == .timing)
        if first.exactTimes && second.exactTimes {
            #expect(changed.0 == changed.1, "changed frames \(changed.0) and \(changed.1)")
        } else {
            #expect(abs(changed.0 - changed.1) <= 2, "changed frames \(changed.0) and \(changed.1)")
        }
        #expect((45...56).contains(changed.0), "changed frames \(changed.0)")
        // The throw the page computed from the times it read: the same to a millionth of a
        // point (runs differ by about 1e-9 pt) where both read every time exactly (three
        // launches in a row each read one off in about 1 run of 20).
        if first.exactTimes && second.exactTimes {
            let thrown = (first.record[.throwDistance].mean ?? .nan, second.record[.throwDistance].mean ?? .nan)
            #expect(abs(thrown.0 - thrown.1) < 1e-6, "throws \(thrown.0) and \(thrown.1)")
        }
        // 1:1 while dragging, exactly: each frame shows the newest sample it consumed.
        #expect(first.record[.trackingError].max == 0)
        // A frame's presentation waits for the vsyncs its real work overran; where neither run
        // overran one, every presentation (hence every latency) is the clock's and agrees too.
        if first.record[.droppedFrames].mean == 0, second.record[.droppedFrames].mean == 0 {
            for name: MetricName in [.presentedLag, .eventLatency] {
                #expect(first.record[name] == second.record[name], "\(name)")
            }
            // Response may land a frame apart: Chromium now and then leaves a lone touch move
            // to the next frame (docs/PAGES.md), as a clean CI run showed (129.3 against 112.7 ms).
            let response = (first.record[.response].max ?? .nan, second.record[.response].max ?? .nan)
            #expect(abs(response.0 - response.1) <= 1000.0 / 60 + 1e-6, "response \(response.0) and \(response.1)")
        }
    }

    @Test func theButtonHighlightsOnTouchDownAndTheMenuOpensAtOnce() throws {
        let button = try run("tap", "button")
        let feedback = try #require(button.record[.feedback].p50)
        // Highlighted in the first frame after the touch-down: within the page's frame timing.
        #expect(feedback <= frameTiming(button) + period(button), "feedback \(feedback) ms")
        #expect(button.record[.unansweredInputs].mean == 0)
        let menu = try run("tap", "menu")
        let opened = try #require(menu.record[.feedback].p50)
        // A spring from rest moves less than a point in its first frame; the second shows it.
        #expect(opened <= frameTiming(menu) + 2 * period(menu), "menu feedback \(opened) ms")
    }

    @Test func maxSafeCutsIdleTimeOnly() throws {
        let page = try run("flick", "pip", pacing: .maxSafe)
        #expect(page.record.rate == "max-safe")
        #expect(page.refused == 0)
        #expect(page.record[.pageEventsDelivered].mean == Double(page.sent))
    }

    @Test func aLoneTouchMoveKeepsItsFrameAt120Hz() throws {
        // At 120 Hz each frame of the 120 Hz `reversal` carries one sample, and the first move
        // of each touch is a blocking one that Blink keeps for the next frame's aligned input:
        // every run missed it, six times over, until the driver flushed the renderer's input
        // queue after the frame (PageFrameDriver.flushAfter; docs/PAGES.md).
        var settings = PageReplaySettings(page: try PageAddress("Pages/scroller.html"), pacing: .virtualClock)
        settings.refreshHz = 120
        let first = try PageReplayer.replay(reader: try TraceReader(path: "Traces/reversal.touchtrace"), settings: settings, traceName: "reversal")
        let second = try PageReplayer.replay(reader: try TraceReader(path: "Traces/reversal.touchtrace"), settings: settings, traceName: "reversal")
        // Before, every attempt missed sample 1 (the first move) and the run was refused after
        // six. A run can still be made again when a move reaches the renderer after its frame
        // under load (a shorter input settle: 1 run in 2 here with a build beside it), never
        // for the first move.
        for miss in first.misses + second.misses { #expect(!miss.contains("sample 1 ") && !miss.contains("(sample 1)"), "\(miss)") }
        #expect(first.record.refreshHz == 120)
        // The first move of the touch waited for a flush in both.
        #expect(first.inputFlushes >= 1 && second.inputFlushes >= 1, "flushes \(first.inputFlushes), \(second.inputFlushes)")
        #expect(first.refused == 0 && first.sent == second.sent)
        #expect(first.record[.pageEventsDelivered].mean == Double(first.sent))
        #expect(first.record.frames == second.record.frames)
        var exact = 0
        for (name, summary) in first.record.metrics where summary.kind == .deterministic {
            #expect(summary == second.record.metrics[name], "\(name)")
            exact += 1
        }
        #expect(exact >= PageReplayer.exactOnPageClock.count)
    }
}
