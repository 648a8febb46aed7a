import TouchBenchSupport

/// The browser as a child process and the two pipe ends the DevTools protocol runs over:
/// the one place of PageReplay that spawns, reads, writes, signals and reaps (the protocol
/// client above it is portable and sees only whole messages).
///
/// The child gets the command channel as fd 3 and the reply channel as fd 4
/// (`--remote-debugging-pipe`), `/dev/null` as stdin and stdout and a log file as stderr,
/// and runs in its own process group so that its helpers (renderer, GPU, zygote) can be
/// stopped with it. Both channels are Unix socket pairs rather than pipes: a write to a
/// browser that died fails with `EPIPE` (`MSG_NOSIGNAL`) instead of raising SIGPIPE.
final class BrowserProcess: DevToolsTransport, @unchecked Sendable {
    /// The browser's process id (also its process group).
    let pid: pid_t
    let executable: String
    private var commands: Int32
    private var replies: Int32
    private var reaped = false
    /// Bytes read but not yet split into messages.
    private var buffer: [UInt8] = []
    private var scanFrom = 0

    /// Starts `executable` with `arguments` (the remote-debugging pipe flag is the caller's),
    /// its standard error going to `logPath`.
    init(executable: String, arguments: [String], logPath: String) throws(PageReplayError) {
        self.executable = executable
        guard access(executable, X_OK) == 0 else {
            throw PageReplayError(.browserMissing, file: executable, reason: "is not an executable file; " + PageReplayError.installHint)
        }
        let commandPair = try Self.socketPair(executable)
        let replyPair = try Self.socketPair(executable)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, logPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Every socket end sits at fd 10 or above with close-on-exec, so these two dup2s never
        // clobber each other and the child keeps nothing but fds 0 to 4.
        posix_spawn_file_actions_adddup2(&actions, commandPair.1, 3)
        posix_spawn_file_actions_adddup2(&actions, replyPair.1, 4)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // touchbench ignores SIGPIPE (a closed standard output is an exit 74, not a signal);
        // the browser gets the default back, as an ignored signal would be inherited.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
        close(commandPair.1)
        close(replyPair.1)
        guard status == 0 else {
            close(commandPair.0)
            close(replyPair.0)
            throw PageReplayError(.browserFailed, file: executable, reason: "could not be started (\(String(cString: strerror(status))))")
        }
        pid = child
        commands = commandPair.0
        replies = replyPair.0
    }

    deinit { terminate(grace: 0) }

    private static func socketPair(_ executable: String) throws(PageReplayError) -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0 else {
            throw PageReplayError(.browserFailed, file: executable, reason: "could not get a socket pair (\(String(cString: strerror(errno))))")
        }
        let high = fds.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
        close(fds[0])
        close(fds[1])
        guard high[0] >= 0, high[1] >= 0 else {
            for fd in high where fd >= 0 { close(fd) }
            throw PageReplayError(.browserFailed, file: executable, reason: "ran out of file descriptors")
        }
        return (high[0], high[1])
    }

    /// Writes one message and its NUL terminator, or fails by `deadline` (monotonic ns).
    func send(_ message: [UInt8], deadline: Int64) throws(PageReplayError) {
        var bytes = message
        bytes.append(0)
        var sent = 0
        while sent < bytes.count {
            let written = socketSend(commands, bytes, from: sent)
            if written > 0 { sent += written; continue }
            if written < 0, errno == EINTR { continue }
            if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                try wait(for: commands, events: Int16(POLLOUT), deadline: deadline, doing: "accept a command")
                continue
            }
            throw PageReplayError(.browserFailed, file: executable, reason: "stopped reading commands (\(String(cString: strerror(errno))))")
        }
    }

    /// The next whole message, or `nil` if none arrived by `deadline` (monotonic ns).
    func receive(deadline: Int64) throws(PageReplayError) -> [UInt8]? {
        while true {
            if let end = buffer[scanFrom...].firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                scanFrom = 0
                return message
            }
            scanFrom = buffer.count
            var ready = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let wait = max(0, deadline &- MonotonicClock.now()) / 1_000_000
            let polled = poll(&ready, 1, Int32(min(wait, 60_000)))
            if polled < 0, errno == EINTR { continue }
            if polled == 0 {
                if MonotonicClock.now() >= deadline { return nil }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = socketReceive(replies, into: &chunk)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else {
                throw PageReplayError(.browserFailed, file: executable, reason: "closed the DevTools pipe (it exited or crashed)")
            }
            guard buffer.count + count <= Self.maximumMessage else {
                throw PageReplayError(.protocolError, file: executable, reason: "sent a message longer than \(Self.maximumMessage) bytes")
            }
            buffer.append(contentsOf: chunk[..<count])
        }
    }

    /// The longest message accepted (a page's collected frames for a long trace fit well).
    static let maximumMessage = 256 << 20

    private func wait(for fd: Int32, events: Int16, deadline: Int64, doing what: String) throws(PageReplayError) {
        var entry = pollfd(fd: fd, events: events, revents: 0)
        let remaining = deadline &- MonotonicClock.now()
        guard remaining > 0 else {
            throw PageReplayError(.timeout, file: executable, reason: "did not \(what) in time")
        }
        _ = poll(&entry, 1, Int32(min(remaining / 1_000_000 + 1, 60_000)))
    }

    /// Whether the child has exited (reaping it if so).
    var hasExited: Bool {
        if reaped { return true }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid { reaped = true }
        return reaped
    }

    /// Stops the browser: closes the command channel (it then exits by itself), waits up to
    /// `grace` nanoseconds, then kills its process group, and always reaps it.
    func terminate(grace: Int64 = 2_000_000_000) {
        if commands >= 0 { close(commands); commands = -1 }
        if replies >= 0 { close(replies); replies = -1 }
        guard !reaped else { return }
        let deadline = MonotonicClock.now() &+ grace
        while !hasExited, MonotonicClock.now() < deadline { usleep(10_000) }
        if !reaped {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            reaped = true
        }
        // Helpers the browser left in its group go with it.
        kill(-pid, SIGKILL)
    }
}

/// Sends `bytes[offset...]` without blocking and without SIGPIPE.
private func socketSend(_ fd: Int32, _ bytes: [UInt8], from offset: Int) -> Int {
    bytes.withUnsafeBytes { raw in
        guard let base = raw.baseAddress, offset < raw.count else { return 0 }
        return send(fd, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
    }
}

private func socketReceive(_ fd: Int32, into chunk: inout [UInt8]) -> Int {
    chunk.withUnsafeMutableBytes { raw in
        guard let base = raw.baseAddress else { return 0 }
        return recv(fd, base, raw.count, 0)
    }
}

/// The monotonic clock, nanoseconds (the clock deadlines and dispatch times use).
enum MonotonicClock {
    static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }

    /// The Unix epoch time, nanoseconds (what the DevTools input timestamps count in).
    static func epoch() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }

    /// The Unix epoch time less the monotonic clock, nanoseconds: the Unix reading between two
    /// monotonic ones, of the tightest of 32 such brackets (a thread preempted between two
    /// readings, as on a loaded machine at a low priority, would put it microseconds off).
    static func epochMinusNow() -> Int64 {
        var best = (width: Int64.max, offset: epoch() &- now())
        for _ in 0..<32 {
            let before = now(), unix = epoch(), after = now()
            if after &- before < best.width { best = (after &- before, unix &- (before &+ (after &- before) / 2)) }
        }
        return best.offset
    }

    /// Sleeps until `deadline` (monotonic ns): absolute, so waits never accumulate error.
    static func sleep(until deadline: Int64) {
        var spec = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &spec, nil) == EINTR {}
    }
}
