import TouchInput

/// Intent (docs/METRICS.md "Intent"): for each `intent:<destination>` marker of a family the
/// scene shows (a PIP corner for `pip`, home/app/appSwitcher for `home`, open/closed for
/// `sheet`), the time from the marker to the presentation of the first frame from which the
/// scene's destination equals it until the gesture is over (`intent_ms`), and whether the
/// gesture ends there (`intent_accuracy`, 1 or 0 per gesture); for a gesture that does, the
/// time from the marker until it is at rest there with no contact down (`arrival_ms`).
///
/// A gesture is over at the next touch-down after its contacts have lifted (the next
/// gesture), at the next intent of the same family, when a pointer it concerns leaves (hover
/// exit), or at the end of the run. Only frames
/// whose vsync is at or after the marker count: a frame started earlier cannot know it, so
/// an early commitment is timed by the first frame after the marker. Every decision is by
/// time, never by arrival order: a marker written before or after the sample it marks at
/// the same timestamp means the same, and a marker up to ``sameInstant`` (1 µs) before a
/// touch-down belongs to that touch's gesture.
struct IntentProbe: Sendable {
    private struct Open: Sendable {
        var destination: Destination
        var time: Int64
        /// The presentation of the first frame of the current run of frames that show it.
        var since: Int64?
        /// The presentation of the first frame of the current run that shows it at rest: not
        /// animating, nothing on the glass.
        var rested: Int64?
        /// Whether every contact has lifted since the marker (a touch-down then ends it).
        var lifted = false
    }

    /// How far, ns, a marker may precede the touch-down it marks and still belong to its
    /// gesture: 1 µs, the grain to which evdev captures (evemu, getevent, libinput) round
    /// sample times while they keep markers to the nanosecond, so a marker written at a
    /// touch-down comes back up to a microsecond before it.
    static let sameInstant: Int64 = 1_000

    private(set) var latency = MetricAccumulator.milliseconds()
    private(set) var accuracy = MetricAccumulator(quantum: 1e-6)
    private(set) var arrival = MetricAccumulator.milliseconds()
    private var open: [Open] = []
    /// The families of destination the scene has shown, one bit each.
    private var shown: UInt32 = 0
    /// Per family (by raw value): gestures that ended before the scene had shown their family
    /// at all. Judged at the end of the run: a miss where the scene showed the family later
    /// (a menu that never opened in the first gesture failed it), nothing where it never did.
    /// Counts, not entries: such a gesture never reached its destination.
    private var unjudged = [Int](repeating: 0, count: Destination.Family.allCases.count)

    init(initial state: SceneState) {
        shown = Self.bit(state.destination.family)
    }

    @inline(__always)
    private static func bit(_ family: Destination.Family) -> UInt32 {
        family == .none ? 0 : 1 << UInt32(family.rawValue)
    }

    /// Takes a sample as it arrives; `downAfter` counts the contacts down after it.
    @inline(__always)
    mutating func observe(_ sample: InputSample, downAfter: Int) {
        // Without an open intent only a marker can matter: the common case is decided here,
        // inlined in the engine's loop (the whole of ``take(_:downAfter:)`` was not inlined,
        // and its call cost more than this test).
        guard sample.kind == .marker || !open.isEmpty else { return }
        take(sample, downAfter: downAfter)
    }

    private mutating func take(_ sample: InputSample, downAfter: Int) {
        if sample.kind == .marker {
            guard let label = sample.label, let destination = Destination(intentLabel: label) else { return }
            // A new intent of the same family ends the one before (from its time on).
            var index = 0
            while index < open.count {
                if open[index].destination.family == destination.family && open[index].time < sample.time {
                    close(open.remove(at: index))
                } else {
                    index += 1
                }
            }
            open.append(Open(destination: destination, time: sample.time, lifted: downAfter == 0))
            return
        }
        if sample.phase == .hoverExited, !open.isEmpty {
            // A pointer hovers and never lifts: its leaving ends what it meant.
            var index = 0
            while index < open.count {
                if open[index].destination.family == .pointer && open[index].time < sample.time {
                    close(open.remove(at: index))
                } else {
                    index += 1
                }
            }
        }
        guard !open.isEmpty, sample.kind.isContact, sample.phase.isInContact else { return }
        if sample.phase == .began {
            // The next gesture: what landed after the intent's contacts lifted ends it.
            var index = 0
            while index < open.count {
                if open[index].lifted && open[index].time < sample.time &- Self.sameInstant {
                    close(open.remove(at: index))
                } else {
                    // A touch at the marker's own time is part of its gesture, whichever came first.
                    if sample.time &- open[index].time <= Self.sameInstant { open[index].lifted = false }
                    index += 1
                }
            }
        } else if sample.phase.isTerminal && downAfter == 0 {
            for index in open.indices { open[index].lifted = true }
        }
    }

    /// Takes a rendered frame.
    @inline(__always)
    mutating func frame(_ frame: FrameContext) {
        let destination = frame.state.destination
        let atRest = !frame.state.isAnimating && frame.contacts.down == 0
        shown |= Self.bit(destination.family)
        guard !open.isEmpty else { return }
        let vsync = frame.record.vsync
        for index in open.indices where vsync >= open[index].time {
            if destination == open[index].destination {
                if open[index].since == nil { open[index].since = frame.record.presentation }
                if atRest && open[index].rested == nil { open[index].rested = frame.record.presentation }
            } else {
                open[index].since = nil
                open[index].rested = nil
            }
        }
    }

    /// Ends the gestures still open at the end of the run.
    mutating func finish() {
        for entry in open { close(entry) }
        open.removeAll()
        for family in Destination.Family.allCases where shown & Self.bit(family) != 0 {
            for _ in 0..<unjudged[family.rawValue] { accuracy.add(0) }
            unjudged[family.rawValue] = 0
        }
    }

    private mutating func close(_ entry: Open) {
        // An intent for a kind of place the scene has not shown yet is judged at the end.
        guard shown & Self.bit(entry.destination.family) != 0 else {
            unjudged[entry.destination.family.rawValue] += 1
            return
        }
        if let since = entry.since {
            latency.add(Double(since &- entry.time))
            accuracy.add(1)
            if let rested = entry.rested { arrival.add(Double(rested &- entry.time)) }
        } else {
            accuracy.add(0)
        }
    }
}
