import TouchBenchSupport

/// Raises the dispatching thread to a low real-time priority (SCHED_FIFO 10) for the
/// length of the dispatch loop, where the system allows it, and restores it afterwards.
///
/// Why: a sample must leave within 1 ms of its deadline, and on a busy machine (CI runners
/// with two cores) an ordinary thread woken from its sleep waits for a time slice several
/// milliseconds long. The loop sleeps between samples and spins only the last fraction of
/// a millisecond, so the raised thread never holds a core for long. Where the priority is
/// refused (no CAP_SYS_NICE, macOS), the loop runs as is and the measured lateness says so.
struct DispatchPriority {
    private var previousPolicy: Int32 = 0
    private var previous = sched_param()
    /// Whether the thread runs with the raised priority.
    private(set) var raised = false

    /// Raises the calling thread's priority if allowed.
    static func raise() -> DispatchPriority {
        var priority = DispatchPriority()
        let thread = pthread_self()
        guard pthread_getschedparam(thread, &priority.previousPolicy, &priority.previous) == 0 else { return priority }
        var wanted = sched_param()
        wanted.sched_priority = 10
        priority.raised = pthread_setschedparam(thread, SCHED_FIFO, &wanted) == 0
        return priority
    }

    /// Puts the thread back as it was.
    func restore() {
        guard raised else { return }
        var previous = self.previous
        _ = pthread_setschedparam(pthread_self(), previousPolicy, &previous)
    }
}
