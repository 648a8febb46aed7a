import TouchBenchSupport
import TouchInput

extension StandardArena {
    /// Runs a standard arena over every sample `next` yields and hands `body` each state
    /// change as soon as it is recognized (`changed` ones only when `everyChange`), the timers
    /// left at the end of the trace last: what `touchbench gestures` writes. It holds one
    /// sample's batch of events, never the run's, so memory stays flat over any length.
    public static func streamEvents(
        screen: Rect?, everyChange: Bool,
        from next: () throws -> InputSample?,
        _ body: (GestureEvent) throws -> Void
    ) throws {
        var standard = StandardArena(screen: screen)
        var batch: [GestureEvent] = []
        func deliver(_ events: [GestureEvent]) throws {
            for event in events where everyChange || event.state != .changed { try body(event) }
        }
        while let sample = try next() {
            standard.handle(sample, into: &batch)
            try deliver(batch)
            batch.empty()
        }
        try deliver(standard.finish())
    }
}
