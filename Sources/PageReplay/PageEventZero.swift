/// Where a page's event timestamps count from on the browser's clock (`TimeTicks`), to the
/// microsecond. Blink gives an event's `timeStamp` as Clamp(its ticks) − Clamp(the page's
/// time origin), coarsening both absolute times to 100 µs (``PageTimeGrid``): an event sent
/// at ticks G, a multiple of 100 µs, reads exactly G − C, where C = Clamp(time origin) is the
/// origin's 100 µs step or the next one, fixed for the page load, and reported nowhere.
///
/// It is measured without sending the page input: `performance.mark()` reads as Clamp(T) − C
/// where T is the mark's unclamped ticks, which the trace category `blink.user_timing` gives
/// (its `ts`). With f the origin's step, a mark read 100 µs above floor100(T) − f was rounded
/// up and C is f; one read 100 µs below was rounded down and C is f + 100; one read on it
/// says nothing. Each mark falls at a random point of its step, so a few in 16 decide.
public struct PageEventZero: Sendable, Hashable {
    /// C, microseconds on the browser's clock; `nil` when no mark decided, or two disagreed.
    public var micros: Int64?
    /// The marks placed, and those the trace and the page both gave.
    public var marks = 0
    public var matched = 0
    /// The marks that said C is the origin's 100 µs step, and the next one.
    public var forStep = 0
    public var forNext = 0

    /// How near a step's edge a mark's trace time says nothing, microseconds.
    static let edgeMicros: Int64 = 2
    /// How many marks are placed.
    static let markCount = 16
    /// The marks' names: this and their index, unlikely to be one of the page's own.
    static let markPrefix = "__touchbench_zero_"
    static func markName(_ index: Int) -> String { "\(markPrefix)\(index)" }

    /// `micros` from the votes, for a page whose time origin is `originMicros`.
    init(originMicros: Int64, marks: Int, matched: Int, forStep: Int, forNext: Int) {
        self.marks = marks
        self.matched = matched
        self.forStep = forStep
        self.forNext = forNext
        let step = Self.floorToStep(originMicros)
        if forStep > 0, forNext == 0 { micros = step }
        if forNext > 0, forStep == 0 { micros = step &+ PageTimeGrid.stepMicros }
    }

    /// The start of the 100 µs step holding `micros` (Blink's steps are absolute).
    static func floorToStep(_ micros: Int64) -> Int64 {
        let step = PageTimeGrid.stepMicros
        return micros &- ((micros % step) &+ step) % step
    }

    /// What one mark says: +1 for the origin's step, −1 for the next, 0 for neither, from its
    /// unclamped ticks `ticks` and the time the page read `read` (µs from its origin).
    static func vote(ticks: Int64, read: Int64, originMicros: Int64) -> Int {
        // A mark within 2 µs of a step's edge says nothing: its trace time and the time the
        // page coarsened need not be the same microsecond (one such mark outvoted by 6 was seen).
        let inStep = ticks &- floorToStep(ticks)
        guard inStep >= edgeMicros, inStep < PageTimeGrid.stepMicros &- edgeMicros else { return 0 }
        let difference = read &- (floorToStep(ticks) &- floorToStep(originMicros))
        return difference == PageTimeGrid.stepMicros ? 1 : difference == -PageTimeGrid.stepMicros ? -1 : 0
    }

    /// Measures C for the page of `session`, whose time origin is `originMicros`, with
    /// ``markCount`` marks it then clears (its own marks are left alone).
    static func measure(session: PageSession, originMicros: Int64) throws(PageReplayError) -> PageEventZero {
        let (events, reads) = try session.client.trace(categories: ["blink.user_timing"]) { () throws(PageReplayError) -> [Double?] in
            var reads: [Double?] = []
            for index in 0..<markCount {
                reads.append(try session.evaluate("performance.mark('\(markName(index))').startTime").doubleValue)
                // Apart by a varying real time, so that the marks fall at different points of their steps.
                MonotonicClock.sleep(until: MonotonicClock.now() &+ 3_000_000 &+ Int64(index) &* 700_000)
            }
            return reads
        }
        try session.evaluate("for (let i = 0; i < \(markCount); i++) performance.clearMarks('\(markPrefix)' + i)")
        var ticks: [String: Int64] = [:]
        for event in events where event["cat"]?.stringValue == "blink.user_timing" {
            guard let name = event["name"]?.stringValue, ticks[name] == nil,
                  let ts = event["ts"]?.doubleValue, ts.isFinite, abs(ts) < 9e15 else { continue }
            ticks[name] = Int64(ts.rounded())
        }
        var matched = 0, forStep = 0, forNext = 0
        for (index, read) in reads.enumerated() {
            guard let mark = ticks[markName(index)], let page = read.flatMap(PageTimeGrid.micros) else { continue }
            matched += 1
            switch vote(ticks: mark, read: page, originMicros: originMicros) {
            case 1: forStep += 1
            case -1: forNext += 1
            default: break
            }
        }
        return PageEventZero(originMicros: originMicros, marks: reads.count, matched: matched, forStep: forStep, forNext: forNext)
    }

    /// Why it could not be measured (the browser refused the trace or the marks), if so.
    public var failure: String?

    /// ``measure(session:originMicros:)``, or, where the browser refuses what it takes, that
    /// refusal (the run then sends its events on the origin's grid, as without it).
    static func measureOrExplain(session: PageSession, originMicros: Int64) throws(PageReplayError) -> PageEventZero {
        do {
            return try measure(session: session, originMicros: originMicros)
        } catch where error.kind == .protocolError || error.kind == .pageMalformed {
            var zero = PageEventZero(originMicros: originMicros, marks: 0, matched: 0, forStep: 0, forNext: 0)
            zero.failure = error.reason
            return zero
        }
    }

    /// For the summary: how it was found, or why not.
    public var account: String {
        if let failure { return "it was not measured (\(failure))" }
        if micros != nil { return "\(forStep + forNext) of \(marks) marks placed its event zero" }
        if matched == 0 { return "no mark was found in the trace" }
        if forStep > 0, forNext > 0 { return "its marks disagreed on its event zero (\(forStep) against \(forNext) of \(marks))" }
        return "none of \(matched) marks placed its event zero"
    }
}
