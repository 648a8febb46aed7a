import TouchBenchSupport

/// What the observer script collected in the page, read once at the end of a run
/// (see ``PageObserverScript`` for how each value is taken).
struct PageObservation {
    /// One frame: page times in milliseconds since the page's time origin.
    struct Frame {
        /// The frame's begin time (the rAF timestamp).
        var begin: Double
        /// The newest input event time handled before it (-1: none yet).
        var newestInput: Double
        /// The newest time handled before it of an event whose time is its sample's own (a
        /// touch or pen pointer event; -1: none yet).
        var newestOwnTime: Double
        /// When its main-thread work had ended (the message posted in the frame ran).
        var workEnd: Double
        /// What it showed, CSS pixels (NaN when nothing was found).
        var x: Double, y: Double
        var destination: String
        var state: String
        /// Whether the page reported it through the hook.
        var hooked: Bool
        /// Whether it gave a position (a selector's element, or the hook's `x` and `y`).
        var showsPosition: Bool { x.isFinite && y.isFinite }
        /// On the page clock: the samples it consumed, `..<consumedUpTo` (known exactly, as
        /// the clock sent it after them); `nil` on the wall clock, where `newestInput` says.
        var consumedUpTo: Int? = nil
    }

    /// One delivered input event: its timestamp, when handling began and ended (page ms),
    /// how many samples it carried, and the timestamps of the pointer moves coalesced into it
    /// (`getCoalescedEvents()`, which a page's velocity tracker reads: page ms; empty for
    /// other events).
    struct Event {
        var timeStamp: Double
        var start: Double
        var end: Double
        var samples: Int
        var coalesced: [Double] = []
        /// Whether its times are its samples' own (a touch or pen pointer event): Chromium
        /// offsets the times of mouse, wheel and key events by a few milliseconds.
        var ownTime = false

        /// Every time the page could read from it: its own timestamp and its coalesced moves'.
        var times: [Double] { coalesced.contains(timeStamp) ? coalesced : [timeStamp] + coalesced }
    }

    var frames: [Frame] = []
    var events: [Event] = []
    /// Hook calls over the page's life.
    var reports = 0
    /// Input samples delivered over the page's life (coalesced ones included).
    var samples = 0
    /// Pointers the browser cancelled, taking the touch for itself (a pan on a page that does
    /// not set `touch-action: none`): where, varies from run to run.
    var cancels = 0

    /// The farthest from the page's origin a shown position may be, CSS pixels: a hundred
    /// metres of content at 96 px per inch, far beyond any screen or scroll extent in use.
    static let largestPosition = 10_000_000.0

    /// Parses the observer's dump (`__touchbench.dump()`), naming `page` in errors.
    init(dump text: String, page: String) throws(PageReplayError) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw PageReplayError(.pageMalformed, file: page, reason: "gave observer data that is not JSON (\(error.reason) at byte \(error.offset))")
        }
        // The time origin is checked, not kept: the run places the page's times on the
        // browser's clock (`NavigationStart`), which a wall clock set since the load cannot move.
        guard value["timeOrigin"]?.doubleValue != nil, let frameList = value["frames"]?.arrayValue,
              let eventList = value["events"]?.arrayValue else {
            throw PageReplayError(.pageMalformed, file: page, reason: "gave observer data without timeOrigin, frames and events")
        }
        reports = Int(value["reports"]?.integerValue ?? 0)
        samples = Int(value["samples"]?.integerValue ?? 0)
        cancels = Int(value["cancels"]?.integerValue ?? 0)
        frames.reserveCapacity(frameList.count)
        for (index, entry) in frameList.enumerated() {
            guard let fields = entry.arrayValue, fields.count == 9, let begin = fields[0].doubleValue, begin.isFinite else {
                throw PageReplayError(.pageMalformed, file: page, reason: "gave observer frame \(index) in an unknown shape")
            }
            // A position no screen has (a page reporting 1e308) is the page's malformed report,
            // not a distance to measure; NaN is no position (``PageTimeline``).
            for (value, axis) in [(fields[3].doubleValue, "x"), (fields[4].doubleValue, "y")] {
                if let value, value.isInfinite || abs(value) > Self.largestPosition {
                    throw PageReplayError(.pageMalformed, file: page,
                                          reason: "showed \(axis) = \(value) px in frame \(index), beyond any screen (more than \(Int(Self.largestPosition)) px from the origin)")
                }
            }
            frames.append(Frame(begin: begin, newestInput: fields[1].doubleValue ?? -1, newestOwnTime: fields[8].doubleValue ?? -1,
                                workEnd: fields[2].doubleValue ?? begin, x: fields[3].doubleValue ?? .nan,
                                y: fields[4].doubleValue ?? .nan, destination: fields[5].stringValue ?? "",
                                state: fields[6].stringValue ?? "", hooked: fields[7].integerValue == 1))
        }
        events.reserveCapacity(eventList.count)
        for (index, entry) in eventList.enumerated() {
            guard let fields = entry.arrayValue, fields.count == 6, let stamp = fields[0].doubleValue, let start = fields[1].doubleValue,
                  let coalesced = fields[4].arrayValue?.compactMap(\.doubleValue) else {
                throw PageReplayError(.pageMalformed, file: page, reason: "gave observer event \(index) in an unknown shape")
            }
            let end = fields[2].doubleValue ?? start
            events.append(Event(timeStamp: stamp, start: start, end: end > 0 ? end : start,
                                samples: Int(fields[3].integerValue ?? 1), coalesced: coalesced, ownTime: fields[5].integerValue == 1))
        }
    }

    /// The refresh period the frames ran at, nanoseconds: the median spacing of consecutive
    /// frames (16.7 ms for headless Chromium's 60 Hz), 1/60 s when there are too few.
    var period: Double {
        var gaps: [Double] = []
        gaps.reserveCapacity(frames.count)
        for index in frames.indices.dropFirst() {
            let gap = frames[index].begin - frames[index - 1].begin
            if gap > 0.5 { gaps.append(gap) }
        }
        guard gaps.count >= 8 else { return 1e9 / 60 }
        gaps.sort()
        return gaps[gaps.count / 2] * 1e6
    }
}
