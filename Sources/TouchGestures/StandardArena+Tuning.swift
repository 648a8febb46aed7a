extension StandardArena {
    /// The thresholds of the standard arena's recognizers that a user may tune (`touchbench
    /// gestures --set`): the defaults are each recognizer's own, so an arena built with
    /// `Tuning()` is the standard one.
    public struct Tuning: Sendable, Hashable {
        /// How far a finger travels before a pan or an edge pan begins, in points.
        public var panHysteresis: Double
        /// How far two fingers deform their pair (half the span's change, or the arc) before a
        /// pinch or a rotation begins, in points.
        public var pinchHysteresis: Double
        /// The deceleration spike, in pt/s², the deceleration pause detector needs.
        public var pauseMinimumDeceleration: Double
        /// The share of the peak speed under which a decelerating finger counts as paused.
        public var pauseSpeedFraction: Double
        /// How long the timer pause detector waits under its speed threshold, nanoseconds.
        public var timerDuration: Int64
        /// The speed under which the timer pause detector's timer runs, pt/s.
        public var timerSpeedThreshold: Double

        /// A tuning; each value left out is its recognizer's own default, read from the
        /// recognizer itself so that the two cannot drift apart.
        public init(panHysteresis: Double = PanRecognizer().hysteresis, pinchHysteresis: Double = PinchRecognizer().hysteresis,
                    pauseMinimumDeceleration: Double = DecelerationPauseDetector().minimumDeceleration,
                    pauseSpeedFraction: Double = DecelerationPauseDetector().speedFraction,
                    timerDuration: Int64 = TimerPauseDetector().duration,
                    timerSpeedThreshold: Double = TimerPauseDetector().speedThreshold) {
            self.panHysteresis = panHysteresis
            self.pinchHysteresis = pinchHysteresis
            self.pauseMinimumDeceleration = pauseMinimumDeceleration
            self.pauseSpeedFraction = pauseSpeedFraction
            self.timerDuration = timerDuration
            self.timerSpeedThreshold = timerSpeedThreshold
        }
    }
}
