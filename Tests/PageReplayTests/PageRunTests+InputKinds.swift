import Foundation
import Testing
import TouchBenchSupport
import TouchInput
import TouchReplay
import TouchTrace
@testable import PageReplay

/// Page-clock runs of every kind of input and of pages that leave input to the browser: part
/// of ``PageRunTests`` (serialized with it: browsers in parallel would measure each other).
extension PageRunTests {
    /// Chromium stamps mouse, wheel and key events from the DevTools timestamp with an offset
    /// of its own (a few milliseconds, different in each launch), so a page reads them off the
    /// times sent; before, every such trace failed on the page clock with "took an input event
    /// later than the frame it was sent before" (exit 69) after six launches. Their frames are
    /// still known exactly (each was sent after its inputs), and touch and pen times are judged.
    @Test(arguments: ["scroll-wheel", "modifier-tap", "command-click"])
    func wheelKeyAndMouseTracesRunOnThePageClock(trace: String) throws {
        let page = try run(trace, "scroller")
        #expect(page.record.mode == "virtual")
        #expect(page.sent == (try dispatched(trace)))
        #expect(page.refused == 0)
        // Every sample reached the page (keys, wheel steps and mouse moves included), once.
        #expect(page.record[.pageEventsDelivered].mean == Double(page.sent))
        #expect(page.exactFrameTimes)
        // No launch missed a frame (a launch that read an event time a 100 µs step off is made
        // again by design, as in every page run: docs/PAGES.md).
        #expect(page.misses.allSatisfy { $0.contains("event times off") }, "\(page.misses)")
    }

    /// A page that does not set `touch-action: none` leaves a touch's pan to the browser, which
    /// cancels the pointer: the page sees the touch begin and never the rest. That is what
    /// `page_events_delivered` counts, not a late event (it failed with exit 69 before), and a
    /// page that shows no position (no hook, no selector) gets no position metrics instead of
    /// ones measured against the origin (`tracking_error_pt` read 89.6 pt before).
    @Test func aPageThatLeavesTouchesToTheBrowserRunsAndShowsWhatItGot() throws {
        let page = try run("drag", html: "<!doctype html><html><body><h1>Plain</h1><p>Nothing here listens.</p></body></html>\n")
        #expect(page.sent == (try dispatched("drag")))
        let delivered = try #require(page.record[.pageEventsDelivered].mean)
        #expect(delivered > 0 && delivered < Double(page.sent), "\(delivered) of \(page.sent)")
        #expect(!page.usedHook)
        for name in PageTimeline.positionMetrics {
            #expect(page.record[name].count == 0, "\(name.rawValue)")
        }
        #expect(page.exactFrameTimes)
        // When the browser takes a touch is its own timing: what the page got is not exact
        // (multi-finger through such a page delivered 6, 10 and 19 samples in three runs).
        #expect(page.record.extras["pageBrowserCancels"] != nil)
        #expect(page.record[.pageEventsDelivered].kind == .timing)
        #expect(page.record[.pageSendErrors].kind == .deterministic)
    }

    /// A page that re-sends each pointer event as one of its own (`dispatchEvent`, as some
    /// gesture libraries do): only trusted events are input (178 were counted for 117 sent).
    @Test func eventsAPageDispatchesItselfAreNotInput() throws {
        let page = try run("drag", html: """
            <!doctype html><html><head><style>html,body{margin:0;height:100%;touch-action:none}</style></head><body>
            <div id="target" style="position:absolute;inset:0"></div>
            <script>
            for (const k of ['pointerdown', 'pointermove', 'pointerup'])
              document.body.addEventListener(k, (e) => { if (e.isTrusted) target.dispatchEvent(new PointerEvent(k, e)); });
            </script></body></html>
            """)
        #expect(page.record[.pageEventsDelivered].mean == Double(page.sent))
        #expect(page.record[.pageEventsDelivered].kind == .deterministic)
        // No launch missed a frame (a launch that read an event time a 100 µs step off is made
        // again by design, as in every page run: docs/PAGES.md).
        #expect(page.misses.allSatisfy { $0.contains("event times off") }, "\(page.misses)")
    }

    /// A handler that stops propagation keeps the event from the observer's bubble listener on
    /// window; the wrapper around the page's own listener still times it (it read 0 before).
    @Test func aHandlerThatStopsPropagationIsTimed() throws {
        let page = try run("drag", html: """
            <!doctype html><html><head><style>html,body{margin:0;height:100%;touch-action:none}</style></head><body>
            <script>
            for (const k of ['pointerdown', 'pointermove', 'pointerup'])
              document.body.addEventListener(k, (e) => { const t = performance.now(); while (performance.now() - t < 20) {} e.stopPropagation(); });
            </script></body></html>
            """)
        let processing = try #require(page.record[.pageEventProcessing].p50)
        #expect(processing >= 19 && processing < 40, "\(processing) ms")
    }

    /// A page that opens a dialog or leaves for another document mid-run is the page's fault,
    /// said at once (65), not a browser that stopped answering (69, up to 19 s later).
    @Test(arguments: [
        ("alert('hi')", "opened a dialog (alert"),
        ("location.reload()", "navigated to"),
        ("location.assign('about:blank')", "navigated to about:blank"),
    ])
    func aDialogOrANavigationMidRunIsThePagesError(action: String, message: String) throws {
        let html = """
            <!doctype html><html><head><style>html,body{margin:0;height:100%;touch-action:none}</style></head><body>
            <script>document.body.addEventListener('pointerdown', () => { \(action); });</script></body></html>
            """
        let start = MonotonicClock.now()
        do {
            _ = try run("drag", html: html)
            Issue.record("a page that ran \(action) was measured")
        } catch let error as PageReplayError {
            #expect(error.kind == .pageMalformed, "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
        #expect(MonotonicClock.now() - start < 10_000_000_000)
    }

    /// Replays the bundled `trace` on the page clock into a page made of `html`.
    private func run(_ trace: String, html: String) throws -> PageRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchbench-page-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("page.html")
        try Data(html.utf8).write(to: file)
        let reader = try TraceReader(path: "Traces/\(trace).touchtrace")
        return try PageReplayer.replay(reader: reader, settings: PageReplaySettings(page: try PageAddress(file.path), pacing: .virtualClock),
                                       traceName: trace)
    }
}
