import TouchBenchSupport
import TouchInput

/// The samples of a trace on the run's timeline: each one's offset from the first sample
/// (the trace's own spacing, with long idle pauses cut under `max-safe`).
struct DispatchSchedule {
    /// Per sample (markers included), nanoseconds from the start of the run.
    private(set) var offsets: [Int64] = []

    init(samples: [InputSample], pacing: PagePacing) {
        offsets.reserveCapacity(samples.count)
        guard let first = samples.first?.time else { return }
        var skipped: Int64 = 0
        var previous = first
        var down = Set<ContactKey>()
        for sample in samples {
            let time = Swift.max(sample.time, previous)
            let gap = time &- previous
            if pacing == .maxSafe, down.isEmpty, gap > PageReplaySettings.idleCap {
                skipped &+= gap &- PageReplaySettings.idleCap
            }
            offsets.append(time &- first &- skipped)
            previous = time
            if sample.kind.isContact, sample.phase.isInContact {
                if sample.phase.isTerminal { down.remove(sample.contact) } else { down.insert(sample.contact) }
            }
        }
    }
}

/// What dispatching a trace into the page did: when each sample was sent and what the
/// browser answered.
struct DispatchOutcome {
    /// Per sample: how late its command was written after its deadline, nanoseconds (`nil`
    /// for a marker or a sample the protocol cannot express).
    var lateness: [Int64?]
    /// Commands sent, and those the browser refused, with the first refusal's message.
    var sent = 0
    var refused = 0
    var firstRefusal: String?
    /// Whether the dispatching thread ran at a real-time priority.
    var realtime = false
    /// CPU time the host took from this virtual machine while dispatching, ms (`nil` where
    /// the system does not say).
    var hostStealMs: Double?
}

/// Sends every sample's command at its absolute deadline without waiting for replies
/// (a reply costs a round trip through the renderer; replies are collected as they come
/// and checked at the end).
enum PageDispatcher {
    /// How long before a deadline the dispatcher stops sleeping and spins: a sleeping thread
    /// wakes up to a scheduling quantum late on a loaded machine.
    static let spin: Int64 = 300_000

    /// Dispatches `samples` with `commands`; sample i's deadline is `start + schedule[i]`
    /// (monotonic ns, the browser's clock) and its timestamp that deadline in Unix time, by
    /// the wall clock read as the command is made and again after the wait (the browser
    /// converts it back with the wall clock it reads on taking it, so a wall clock set during
    /// the run moves no event, unless it is set in the last 300 µs before one is sent).
    static func dispatch(samples: [InputSample], schedule: DispatchSchedule, commands: inout InputCommands,
                         client: DevToolsClient, start: Int64) throws(PageReplayError) -> DispatchOutcome {
        var outcome = DispatchOutcome(lateness: [Int64?](repeating: nil, count: samples.count))
        var waiting: [Int] = []
        waiting.reserveCapacity(samples.count)
        let priority = DispatchPriority.raise()
        defer { priority.restore() }
        outcome.realtime = priority.raised
        let stealAtStart = HostSteal.total()
        for (index, sample) in samples.enumerated() {
            let deadline = start &+ schedule.offsets[index]
            let wall = MonotonicClock.epochMinusNow()
            guard let command = commands.command(for: sample, epoch: deadline &+ wall) else { continue }
            // Encoded before the wait: at the deadline only the write is left.
            var prepared = client.prepare(command.method, command.params)
            if MonotonicClock.now() < deadline &- spin { MonotonicClock.sleep(until: deadline &- spin) }
            // A wall clock set during the wait would move the event by the step: stamped again.
            // One quick reading detects it (off by the microseconds a preemption between its two
            // clock reads costs); a careful one stamps it.
            if abs(MonotonicClock.epoch() &- MonotonicClock.now() &- wall) > 20_000 {
                let now = MonotonicClock.epochMinusNow()
                prepared = client.prepare(command.method, InputCommands.restamped(command.params, epoch: deadline &+ now))
            }
            while MonotonicClock.now() < deadline {}
            waiting.append(try client.send(prepared))
            outcome.lateness[index] = MonotonicClock.now() &- deadline
            outcome.sent += 1
            // Replies read as they come, so that the browser never waits on a full pipe, but
            // only while there is time before the next deadline (the rest wait for the next gap).
            let next = index + 1 < samples.count ? start &+ schedule.offsets[index + 1] : Int64.max
            try client.drain(until: next &- spin)
        }
        if let stealAtStart, let stealAtEnd = HostSteal.total() { outcome.hostStealMs = Swift.max(0, stealAtEnd - stealAtStart) }
        let deadline = MonotonicClock.now() &+ 15_000_000_000
        for id in waiting {
            if case .failure(let message) = try client.reply(to: id, deadline: deadline, method: "an input event") {
                outcome.refused += 1
                if outcome.firstRefusal == nil { outcome.firstRefusal = message }
            }
        }
        return outcome
    }
}
