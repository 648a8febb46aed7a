import TouchBenchSupport

/// The browser's own conversion of the Unix timestamps DevTools input takes: its clock
/// (`TimeTicks`, which is CLOCK_MONOTONIC) at the Unix epoch, microseconds (negative), as it
/// turns them into event times, measured once per launch.
///
/// The browser computes its `TimeTicks::UnixEpoch()` once, from one reading of each clock.
/// CLOCK_REALTIME − CLOCK_MONOTONIC read now predicts it to within a microsecond on a machine
/// whose wall clock is left alone (``PageTimeGrid/unixEpochMicros(epochMinusNow:)``), but a
/// wall clock set between the browser's reading and ours moves the prediction by the step.
/// In one CI run (3 Dec 2026, a freshly started virtual machine) every event of every page
/// run read 1.0–1.5 ms earlier than sent, each run looked as if its input had missed its
/// frames, and every page test failed; the prediction being that far off is the one cause
/// that fits (this machine's clock was not seen to move). So each launch measures it: touches sent to a blank second target of the same browser
/// (none reaches the page under test), each with a Unix timestamp, and the ticks the browser
/// gave them in its `InputLatency::TouchStart` trace events. Both sides then count on the one
/// monotonic clock, whatever the wall clock does afterwards.
public struct BrowserUnixEpoch: Sendable, Hashable {
    /// The browser's clock at the Unix epoch, microseconds.
    public var micros: Int64
    /// What CLOCK_REALTIME − CLOCK_MONOTONIC predicted, microseconds.
    public var predicted: Int64
    /// The touches sent, those the trace gave back, and those that read ``micros``.
    public var probes = 0
    public var read = 0
    public var agreeing = 0
    /// Why the browser's own conversion was not measured, where it was not (then ``micros``
    /// is the prediction).
    public var failure: String?

    /// How many touches are sent.
    static let probeCount = 16
    /// How far apart their timestamps are, microseconds (their real sending takes longer).
    static let spacingMicros: Int64 = 3_000

    /// The Unix timestamp (ns) of a time on the browser's clock (µs) for the conversion
    /// `unixEpochMicros`, a third of a microsecond above it, so that the browser's conversion
    /// of a floating-point time to whole microseconds gives that microsecond whether it
    /// truncates or rounds.
    static func epochNanos(ticksMicros: Int64, unixEpochMicros: Int64) -> Int64 {
        (ticksMicros &- unixEpochMicros) &* 1000 &+ 300
    }

    /// The conversion the probes say: the most frequent of their readings (the higher of two
    /// as frequent: a touch lands a microsecond low now and then, never high), where at least
    /// three in four lie within a microsecond of it; `nil` otherwise. `offsets` are the ticks
    /// the browser gave each touch less the ticks it was sent for (µs).
    static func decide(offsets: [Int64]) -> (offset: Int64, count: Int)? {
        var counts: [Int64: Int] = [:]
        for offset in offsets { counts[offset, default: 0] += 1 }
        guard let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) }) else { return nil }
        let near = offsets.filter { abs($0 &- best.key) <= 1 }.count
        guard near * 4 >= offsets.count * 3 else { return nil }
        return (best.key, best.value)
    }

    /// Measures the conversion of the browser `client` speaks to (no target session may be
    /// selected), starting from `predicted` (the wall clock's, by default). A browser that
    /// refuses the trace or the touches gives the prediction, with the refusal as ``failure``.
    /// A browser started with begin-frame control (the page clock's) handles the probes only
    /// in frames, so `beginFrames` sends their target one after each.
    static func measure(client: DevToolsClient, beginFrames: Bool,
                        predicted: Int64 = PageTimeGrid.unixEpochMicros(epochMinusNow: MonotonicClock.epochMinusNow())) throws(PageReplayError) -> BrowserUnixEpoch {
        var result = BrowserUnixEpoch(micros: predicted, predicted: predicted)
        do {
            let offsets = try probe(client: client, beginFrames: beginFrames, predicted: predicted)
            result.probes = probeCount
            result.read = offsets.count
            if let decided = decide(offsets: offsets) {
                result.micros = predicted &+ decided.offset
                result.agreeing = decided.count
            } else {
                result.failure = offsets.isEmpty ? "no probe touch was found in the trace"
                    : "the \(offsets.count) probe touches read no common conversion"
            }
        } catch where error.kind == .protocolError || error.kind == .pageMalformed {
            result.failure = error.reason
        }
        return result
    }

    /// Sends the probe touches to a blank target and reads their ticks back: per touch found,
    /// its ticks less those it was sent for (µs), in the order sent.
    private static func probe(client: DevToolsClient, beginFrames: Bool, predicted: Int64) throws(PageReplayError) -> [Int64] {
        var created: [(key: String, value: JSONValue)] = [("url", .string("about:blank"))]
        if beginFrames { created.append(("enableBeginFrameControl", .bool(true))) }
        let target = try client.call("Target.createTarget", created, session: nil)
        guard let targetID = target["targetId"]?.stringValue else {
            throw PageReplayError(.protocolError, file: client.name, reason: "created a target without an id")
        }
        // Left open, idle, until the browser closes: closing it held up the next trace the
        // browser started by 10 s (every time, on the wall clock's browser).
        let attached = try client.call("Target.attachToTarget", [("targetId", .string(targetID)), ("flatten", .bool(true))], session: nil)
        guard let session = attached["sessionId"]?.stringValue else {
            throw PageReplayError(.protocolError, file: client.name, reason: "attached to a target without a session id")
        }
        func frame() throws(PageReplayError) {
            guard beginFrames else { return }
            try client.call("HeadlessExperimental.beginFrame", [("frameTimeTicks", .number(Double(MonotonicClock.now()) / 1e6)),
                                                                ("interval", .number(1000.0 / 60)), ("noDisplayUpdates", .bool(false))], session: session)
        }
        // The reply to a touch, sending frames until it comes where the target needs them
        // (its acknowledgement can wait for the frame after the one that handled it).
        func answer(to id: Int) throws(PageReplayError) -> DevToolsClient.Reply {
            let deadline = MonotonicClock.now() &+ client.commandTimeout
            guard beginFrames else { return try client.reply(to: id, deadline: deadline, method: "Input.dispatchTouchEvent") }
            while true {
                if let reply = try client.takeReply(to: id) { return reply }
                try frame()
                guard MonotonicClock.now() < deadline else {
                    throw PageReplayError(.timeout, file: client.name, reason: "did not answer a probe touch in time")
                }
            }
        }
        if beginFrames { try client.call("HeadlessExperimental.enable", session: session) }
        try frame()
        // In the past, so that no timestamp lies ahead of the browser's clock when it arrives.
        let first = MonotonicClock.now() / 1000 &- Int64(probeCount + 2) &* spacingMicros
        let sent = (0..<probeCount).map { first &+ Int64($0) &* spacingMicros }
        let (events, _) = try client.trace(categories: ["latencyInfo"]) { () throws(PageReplayError) in
            // Pipelined (the browser takes them in order): waiting for each costs a round trip
            // through the renderer.
            var ids: [Int] = []
            for ticks in sent {
                for (type, at) in [("touchStart", ticks), ("touchEnd", ticks &+ spacingMicros / 3)] {
                    let points: [JSONValue] = type == "touchStart" ? [.object([("x", .integer(8)), ("y", .integer(8))])] : []
                    let stamp = Double(epochNanos(ticksMicros: at, unixEpochMicros: predicted)) / 1e9
                    ids.append(try client.post("Input.dispatchTouchEvent", [("type", .string(type)), ("touchPoints", .array(points)),
                                                                           ("timestamp", .number(stamp))], session: session))
                    try frame()
                }
            }
            for id in ids {
                if case .failure(let message) = try answer(to: id) {
                    throw PageReplayError(.protocolError, file: client.name, reason: "refused a probe touch: \(message)")
                }
            }
        }
        let read = events.compactMap { event -> Int64? in
            guard event["name"]?.stringValue == "InputLatency::TouchStart", event["ph"]?.stringValue == "b",
                  let ts = event["ts"]?.doubleValue, ts.isFinite, abs(ts) < 9e15 else { return nil }
            return Int64(ts.rounded())
        }
        // The browser handles them in order; a trace that lost some cannot be paired.
        guard read.count == sent.count else { return [] }
        return zip(read, sent).map { $0 &- $1 }
    }

    /// For the summary: how the conversion was found.
    public var account: String {
        if let failure { return "the browser's Unix conversion was predicted, not measured (\(failure))" }
        let off = micros &- predicted
        return "the browser's Unix conversion was measured (\(agreeing) of \(probes) probe touches)"
            + (off == 0 ? "" : ", \(off) µs from the wall clock's prediction")
    }
}
