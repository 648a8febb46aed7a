import TouchBenchSupport
import TouchInput

/// One frame the page clock sent during a run.
struct DrivenFrame {
    /// Its vsync on the run's timeline, nanoseconds (exact: the clock's own).
    var vsync: Int64
    /// Whether it changed anything on screen (the compositor's `hasDamage`).
    var damage: Bool
    /// Real nanoseconds of the page's work for it: from sending it to its reply
    /// (``PageFrameClock/Frame/cost``), and before that, the wait after the frame before until
    /// the page had finished handling the input this frame shows (its handlers run after the
    /// frame before's animation callbacks, and the browser may draw that frame and
    /// acknowledge the input before they end: a long task in one is here, whatever the
    /// input settle).
    var cost: Int64
    /// Samples dispatched before it: it consumed samples `..<consumedUpTo`.
    var consumedUpTo: Int
    /// Input-queue flushes sent after it before all its inputs were acknowledged
    /// (``PageFrameDriver/flushAfter``).
    var flushes: Int
}

/// The input-queue flushes sent after one frame: how many, and when the last was sent.
struct InputFlushes {
    var count = 0
    var last: Int64 = 0

    /// When the renderer last had input to take: the last flush, else the frame's draw at
    /// `drawnAt`. The wait for an acknowledgement counts from it (one acknowledged late must
    /// not make the next input flush at once), and so does the page's handling of the frame's
    /// input (the wait before the last flush was the renderer's, idle).
    func since(drawnAt: Int64) -> Int64 { count > 0 ? last : drawnAt }
}

/// What a run on the page clock did.
struct DrivenRun {
    var outcome: DispatchOutcome
    var frames: [DrivenFrame]
    /// The first sample whose event the page had not taken by the frame it was sent before,
    /// and that frame (the run is then not the trace's and must be run again with a longer
    /// input settle).
    var missed: (sample: Int, frame: Int)?
}

/// Dispatches a trace on the deterministic page clock: frame k begins at vsync k of the
/// modelled display. Under begin-frame control Chromium hands the page the input that
/// reached it before a BeginFrame during that frame, after its animation callbacks, so what
/// the input did is drawn by the next frame: the samples due before vsync k + 1 are
/// therefore dispatched (each with its deadline as its timestamp, on the clock's own
/// timeline) before frame k is sent, given `settle` real time to reach the renderer, and
/// each must have been acknowledged once frame k is drawn. The browser acknowledges input
/// only after the page has handled it, and under begin-frame control handles none without a
/// frame, so a sample that missed its frame is detected, never silently moved to the next:
/// which frame consumes which sample is the trace's alone. The acknowledgement is not the
/// end of the page's handling, though (a 40 ms handler was seen to end during the next
/// frame's input settle, or inside the next frame's draw), so after it the driver waits
/// for a task of its own on the page's main thread (`awaitHandled`: one evaluation, answered
/// only once the handler running there has returned: measured to hold the whole 40 ms
/// handler of the slow example page with a 4 ms and a 50 ms input settle alike)
/// and charges that wait to the frame that shows the input.
enum PageFrameDriver {
    /// How long an acknowledgement may take once its frame has been drawn (a sample that
    /// missed its frame is never acknowledged without another).
    static let ackTimeout: Int64 = 1_000_000_000

    /// How long an input may go unacknowledged after its frame was drawn (or after the last
    /// flush) before the renderer's input queue is flushed. A blocking touch move (the first
    /// move of a touch, cancelable) reaches the renderer only once its frame has been drawn
    /// (DevTools forwards a touch after the page's next visual update) and then waits in the
    /// main thread's queue for the next frame's `requestAnimationFrame`-aligned input, where it
    /// is handled and only then acknowledged: one frame late. Any input task that is not
    /// frame-aligned, queued behind it, makes Blink dispatch the queue up to that task at once;
    /// `Input.insertText` with no text is one the page does not see unless an editable element
    /// has focus (it commits empty text there: docs/PAGES.md), and
    /// DevTools answers it once the renderer has run it. The move is then handled after this
    /// frame's callbacks and before the next frame, as every other input is (docs/PAGES.md).
    /// A normal acknowledgement arrives within about a millisecond of the frame's reply.
    static let flushAfter: Int64 = 5_000_000

    /// Runs `samples` (vsync 0, the first frame sent, at `vsyncZero` on the run's timeline,
    /// whose time `firstTime` is `ticksAtFirst` on the browser's clock) and then `tail`
    /// nanoseconds of frames after the last sample, as a scene's run has its tail: a fixed
    /// length, so the run's frames are the trace's, not where the page's last animation ends.
    /// With `grid`, every frame time and event timestamp is sent on the page's 100 µs grid
    /// (``PageTimeGrid``), so the page reads them exactly.
    static func drive(samples: [InputSample], times: [Int64], commands: inout InputCommands, client: DevToolsClient,
                      clock: PageFrameClock, vsyncZero: Int64, ticksAtFirst: Double,
                      settle: Int64, tail: Int64, grid: PageTimeGrid?, progress: inout PageRunProgress,
                      awaitHandled: () throws(PageReplayError) -> Void) throws(PageReplayError) -> DrivenRun {
        var run = DrivenRun(outcome: DispatchOutcome(lateness: [Int64?](repeating: nil, count: samples.count)), frames: [])
        guard let firstTime = samples.first?.time else { return run }
        let periodNs = 1e9 / (1000 / clock.periodMs)
        let lastTime = times.last ?? firstTime
        func ticks(_ time: Int64) -> Double { ticksAtFirst + Double(time &- firstTime) / 1e6 }
        var next = 0, frame = 0
        var handling: Int64 = 0
        var batch: [(id: Int, sample: Int)] = []
        // About how many frames the run takes: the trace's span and the tail, in periods.
        let expectedFrames = Int(min(Double(Int32.max), (Double(lastTime &- firstTime) + Double(tail)) / periodNs)) + 1
        while true {
            progress.report("page clock: frame \(frame) of about \(expectedFrames), sample \(next) of \(samples.count)")
            let vsync = vsyncZero &+ Int64((Double(frame) * periodNs).rounded())
            let following = vsyncZero &+ Int64((Double(frame + 1) * periodNs).rounded())
            // What this frame shows was taken during the frame before: the samples due before its vsync.
            let shows = next
            batch.removeAll(keepingCapacity: true)
            while next < samples.count, times[next] < following {
                // The wall clock read now, event by event: the browser converts the timestamp
                // with the one it reads on taking the command, and a wall clock set during the
                // run moves every event sent on an earlier reading (docs/PAGES.md).
                let wall = MonotonicClock.epochMinusNow()
                let epoch = grid?.eventEpoch(ticks(times[next]), epochMinusNow: wall) ?? Int64((ticks(times[next]) * 1e6).rounded()) &+ wall
                if let command = commands.command(for: samples[next], epoch: epoch) {
                    batch.append((try client.post(command.method, command.params), next))
                    run.outcome.lateness[next] = 0
                    run.outcome.sent += 1
                }
                next += 1
            }
            if !batch.isEmpty { MonotonicClock.sleep(until: MonotonicClock.now() &+ settle) }
            let drawn = try clock.frame(at: grid?.frameTicks(ticks(vsync)) ?? ticks(vsync))
            let drawnAt = MonotonicClock.now()
            let deadline = drawnAt &+ ackTimeout
            var flushes = InputFlushes()
            for (id, sample) in batch {
                let reply: DevToolsClient.Reply
                do {
                    reply = try acknowledgement(of: id, client: client, from: drawnAt, deadline: deadline, flushes: &flushes)
                } catch where error.kind == .timeout {
                    run.missed = (sample, frame)
                    return run
                }
                if case .failure(let message) = reply {
                    run.outcome.refused += 1
                    if run.outcome.firstRefusal == nil { run.outcome.firstRefusal = message }
                }
            }
            if !batch.isEmpty { try awaitHandled() }
            run.frames.append(DrivenFrame(vsync: vsync, damage: drawn.damage, cost: handling &+ drawn.cost, consumedUpTo: shows,
                                         flushes: flushes.count))
            handling = batch.isEmpty ? 0 : MonotonicClock.now() &- flushes.since(drawnAt: drawnAt)
            if shows == samples.count, vsync &- lastTime >= tail { return run }
            frame += 1
        }
    }

    /// The acknowledgement of input `id` by `deadline`, flushing the renderer's input queue
    /// (``flushAfter``) each time it has waited that long since the frame or the last flush.
    static func acknowledgement(of id: Int, client: DevToolsClient, from drawnAt: Int64, deadline: Int64,
                                        flushes: inout InputFlushes) throws(PageReplayError) -> DevToolsClient.Reply {
        var flushAt = flushes.since(drawnAt: drawnAt) &+ flushAfter
        while true {
            do {
                return try client.reply(to: id, deadline: min(flushAt, deadline), method: "an input event")
            } catch where error.kind == .timeout && MonotonicClock.now() < deadline {
                flushes.last = MonotonicClock.now()
                do {
                    // Within what is left of the acknowledgement's time (its timeout is then the sample's miss).
                    try client.call("Input.insertText", [("text", .string(""))], timeout: max(1, deadline &- flushes.last))
                    flushes.count += 1
                    flushAt = MonotonicClock.now() &+ flushAfter
                } catch where error.kind == .protocolError {
                    // A browser that refuses it: wait for the acknowledgement unflushed.
                    flushAt = deadline
                }
            }
        }
    }
}
