/// Where a page run says how far it has got, for a terminal: a task-local the CLI binds
/// around a run (``PageRunProgress/$report``), so the library keeps no global state and
/// reports nothing unless asked. Called at most about four times a second.
public enum PageRunProgress {
    /// The sink for progress lines (`nil`: none).
    @TaskLocal public static var report: (@Sendable (String) -> Void)?

    /// Reports `text` when a sink is bound and `last` (monotonic ns, updated) is at least a
    /// quarter of a second old.
    static func report(_ text: @autoclosure () -> String, last: inout Int64) {
        guard let sink = report else { return }
        let now = MonotonicClock.now()
        guard now &- last >= 250_000_000 else { return }
        last = now
        sink(text())
    }
}
