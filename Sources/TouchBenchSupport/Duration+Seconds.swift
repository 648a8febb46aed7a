extension Duration {
    /// The duration in seconds as a Double: the one conversion of a `Duration` (wall-clock
    /// intervals of page runs, progress bars) to the seconds reports print.
    package var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
