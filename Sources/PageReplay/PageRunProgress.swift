/// Where a page run says how far it has got, for a terminal: a sink the caller passes to
/// ``PageReplayer/replay(samples:metadata:settings:traceName:progress:)`` (the CLI passes one
/// only when standard error is a terminal), throttled to about four lines a second.
///
/// An explicit value, not a task-local: binding a task-local around a synchronous run
/// crashed the optimised build (Swift 6.3.1, `swift_task_localValuePush` outside a task).
struct PageRunProgress {
    private let sink: ((String) -> Void)?
    private var last: Int64 = 0

    init(_ sink: ((String) -> Void)?) {
        self.sink = sink
    }

    /// Reports `text` when there is a sink and the last report is a quarter of a second old.
    mutating func report(_ text: @autoclosure () -> String) {
        guard let sink else { return }
        let now = MonotonicClock.now()
        guard now &- last >= 250_000_000 else { return }
        last = now
        sink(text())
    }

    /// Reports `text` now, whenever the last report was (a new launch is news).
    mutating func announce(_ text: String) {
        guard let sink else { return }
        last = MonotonicClock.now()
        sink(text)
    }
}
