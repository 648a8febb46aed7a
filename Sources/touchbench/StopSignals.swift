import TouchBenchSupport
import Synchronization

/// Set by SIGINT or SIGTERM; read by a loop that finishes its work cleanly when it is set.
private let stopRequested = Atomic<Bool>(false)

/// Ctrl-C and `kill` as a request to stop rather than an abrupt end, for commands that must
/// finish a file. The handler only stores to an atomic (async-signal-safe); the loop polls
/// ``requested`` and, since the signal also interrupts its wait, sees it at once.
enum StopSignals {
    /// Installs the handlers; throws when the system refuses.
    static func install() throws {
        let handler: @convention(c) (Int32) -> Void = { _ in stopRequested.store(true, ordering: .relaxed) }
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        // No SA_RESTART: the signal must cut a wait short.
        action.sa_flags = 0
        guard sigemptyset(&action.sa_mask) == 0 else { throw failure("sigemptyset") }
        var unblock = sigset_t()
        guard sigemptyset(&unblock) == 0 else { throw failure("sigemptyset") }
        for signal in [SIGINT, SIGTERM] {
            guard sigaction(signal, &action, nil) == 0 else { throw failure("sigaction(\(signal))") }
            guard sigaddset(&unblock, signal) == 0 else { throw failure("sigaddset(\(signal))") }
        }
        // A parent may start us with these blocked (a mask is inherited across exec); a
        // blocked SIGTERM would never reach the handler.
        guard pthread_sigmask(SIG_UNBLOCK, &unblock, nil) == 0 else { throw failure("pthread_sigmask") }
    }

    private static func failure(_ call: String) -> CommandFailure {
        CommandFailure(code: ExitCode.failure, message: "touchbench: cannot handle Ctrl-C and SIGTERM (\(call): \(String(cString: strerror(errno)))).")
    }

    /// Whether a stop was asked for.
    static var requested: Bool { stopRequested.load(ordering: .relaxed) }
}
