import BenchReports
import Synchronization
import TouchBenchSupport

/// Draws a bench's ``BenchProgress`` (bar, count, rate, time left) on a terminal, at most
/// ten times a second; silent when standard error is not a terminal.
final class ProgressBar: Sendable {
    private struct State {
        var progress: BenchProgress?
        var lastDrawn = -1.0
    }

    private let started = ContinuousClock.now
    private let state = Mutex(State())

    func show(done: Int, total: Int, what: String) {
        guard Console.showsProgress else { return }
        let elapsed = started.duration(to: .now)
        let now = elapsed.inSeconds
        let line: String? = state.withLock { state in
            if state.progress == nil { state.progress = BenchProgress(total: total) }
            state.progress?.update(done: done, now: now)
            guard done == 0 || now - state.lastDrawn >= 0.1 else { return nil }
            state.lastDrawn = now
            return state.progress?.line(what)
        }
        if let line { Console.progress(line) }
    }
}
