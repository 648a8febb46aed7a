import TouchBenchSupport
import TouchInput

extension StandardArena {
    /// A standard arena that hands each state change on as soon as it is recognized (`changed`
    /// ones only when `everyChange`), the timers left at the end of the trace last: what
    /// `touchbench gestures` writes. It holds one sample's batch of events, never the run's,
    /// so memory stays flat over any length.
    ///
    /// ```swift
    /// var stream = StandardArena.EventStream(screen: screen, everyChange: false)
    /// for sample in samples { try stream.feed(sample) { event in print(event) } }
    /// try stream.finish { event in print(event) }
    /// ```
    public struct EventStream {
        private var standard: StandardArena
        private var batch: [GestureEvent] = []
        private let everyChange: Bool

        /// A stream over an arena for `screen`, tuned by `tuning` (see
        /// ``StandardArena/init(screen:hoverTargets:tuning:)``).
        public init(screen: Rect?, tuning: Tuning = Tuning(), everyChange: Bool) {
            standard = StandardArena(screen: screen, tuning: tuning)
            self.everyChange = everyChange
        }

        /// Runs the arena over `sample` and hands `body` the state changes it made.
        public mutating func feed(_ sample: InputSample, _ body: (GestureEvent) throws -> Void) rethrows {
            standard.handle(sample, into: &batch)
            defer { batch.empty() }
            for event in batch where everyChange || event.state != .changed { try body(event) }
        }

        /// Ends the trace: hands `body` what the timers still pending decide.
        public mutating func finish(_ body: (GestureEvent) throws -> Void) rethrows {
            for event in standard.finish() where everyChange || event.state != .changed { try body(event) }
        }
    }
}
