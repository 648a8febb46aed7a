import TouchInput

/// One gesture's worth of planned input: the contacts and the discrete samples (keys,
/// scroll steps, markers), on a local clock whose zero is `origin` nanoseconds into the trace.
struct Episode: Sendable {
    var gesture: Gesture
    var origin: Int64
    var contacts: [ContactPlan] = []
    /// Key, scroll and marker samples, at absolute times.
    var events: [InputSample] = []

    /// Time of the last sample of the episode.
    var end: Int64 {
        var last = origin
        for contact in contacts { last = max(last, contact.clock.time(ofTick: contact.lastTick)) }
        for event in events { last = max(last, event.time) }
        return last
    }
}
