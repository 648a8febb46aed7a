import TouchBenchSupport
import TraceFormats

/// Where `input_event` records come from: an evdev device node (described through its
/// ioctls), a FIFO, or a regular file of records. The thin boundary between capture and
/// POSIX: open, fstat, poll, read and close are called here and nowhere else, and every
/// result is checked.
final class EvdevEventSource {
    enum Kind: Equatable {
        /// A character device: a live evdev node.
        case device
        /// A FIFO or other stream that a writer feeds.
        case stream
        /// A regular file, read to its end.
        case file
    }

    /// What one wait for input produced.
    enum Batch: Equatable {
        /// Events were appended.
        case events
        /// Nothing arrived within the timeout.
        case idle
        /// The input ended (end of file, or the FIFO's writer closed it).
        case end
    }

    let path: String
    let kind: Kind
    private var descriptor: Int32
    private var buffer: [UInt8]
    /// Bytes of a record split across reads (a FIFO can deliver any number of bytes).
    private var partial: [UInt8] = []
    /// Bytes consumed so far: the offset named by a malformed-record error.
    private(set) var offset = 0
    /// A malformed record found after good ones: reported at the next read, so that the
    /// events before it are still captured.
    private var deferredError: EvdevCaptureError?

    /// Opens `path` without blocking (a FIFO with no writer yet must not hang the open).
    init(path: String, recordsPerRead: Int = 64) throws(EvdevCaptureError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Self.openFailure(errno, path: path) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            _ = close(fd)
            throw EvdevCaptureError(.cannotOpen, path: path, reason: "cannot be examined (\(SystemCall.errorText(code)))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFCHR: kind = .device
        case S_IFIFO, S_IFSOCK: kind = .stream
        case S_IFREG: kind = .file
        default:
            _ = close(fd)
            throw EvdevCaptureError(.cannotOpen, path: path, reason: "is neither an input device nor a file of input_event records")
        }
        self.path = path
        descriptor = fd
        buffer = [UInt8](repeating: 0, count: Swift.max(1, recordsPerRead) * EvdevInputRecord.size)
    }

    deinit {
        if descriptor >= 0 { _ = close(descriptor) }
    }

    /// The device's description, through its ioctls (a live node only).
    func describeDevice() throws(EvdevCaptureError) -> EvdevDevice {
        try EvdevIoctl.describe(descriptor: descriptor, path: path)
    }

    /// Asks a live node for CLOCK_MONOTONIC timestamps; whether it agreed.
    func useMonotonicClock() -> Bool {
        kind == .device && EvdevIoctl.useMonotonicClock(descriptor: descriptor)
    }

    /// Waits at most `timeout` milliseconds for records and appends the events they hold to
    /// `events`. A regular file never waits.
    func read(timeout: Int32, into events: inout [EvdevEvent]) throws(EvdevCaptureError) -> Batch {
        if let error = deferredError { throw error }
        if kind != .file {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, timeout)
            if ready < 0 {
                if errno == EINTR { return .idle }
                throw EvdevCaptureError(.readFailed, path: path, reason: "cannot be waited on (\(SystemCall.errorText(errno)))")
            }
            if ready == 0 { return .idle }
            if Int32(request.revents) & Int32(POLLNVAL) != 0 {
                throw EvdevCaptureError(.readFailed, path: path, reason: "was closed while being read")
            }
        }
        let count = buffer.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress!, $0.count) }
        if count < 0 {
            let code = errno
            switch code {
            case EINTR, EAGAIN: return .idle
            case ENODEV: throw EvdevCaptureError(.readFailed, path: path, reason: "was disconnected")
            default: throw EvdevCaptureError(.readFailed, path: path, reason: "cannot be read (\(SystemCall.errorText(code)))")
            }
        }
        if count == 0 {
            guard partial.isEmpty else {
                throw EvdevCaptureError(.malformed, path: path, offset: offset,
                                        reason: "ends inside a record: \(partial.count) bytes are left of a \(EvdevInputRecord.size)-byte input_event")
            }
            return .end
        }
        try decode(buffer.prefix(count), into: &events)
        return .events
    }

    /// Decodes whole records and keeps the bytes of an incomplete one for the next read.
    private func decode(_ bytes: ArraySlice<UInt8>, into events: inout [EvdevEvent]) throws(EvdevCaptureError) {
        partial.append(contentsOf: bytes)
        let whole = partial.count / EvdevInputRecord.size * EvdevInputRecord.size
        guard whole > 0 else { return }
        var problem: (Int, EvdevInputRecord.Problem)?
        partial.withUnsafeBytes { raw in
            var position = 0
            while position < whole {
                do throws(EvdevInputRecord.Problem) {
                    events.append(try EvdevInputRecord.decode(raw, at: position))
                } catch {
                    problem = (position, error)
                    return
                }
                position += EvdevInputRecord.size
            }
        }
        if let (position, problem) = problem {
            let error = EvdevCaptureError(.malformed, path: path, offset: offset + position,
                                          reason: "is not a stream of input_event records: \(problem.description)")
            guard position > 0 else { throw error }
            deferredError = error
        }
        partial.removeFirst(whole)
        offset += whole
    }

    private static func openFailure(_ code: Int32, path: String) -> EvdevCaptureError {
        switch code {
        case ENOENT, ENOTDIR:
            EvdevCaptureError(.cannotOpen, path: path, reason: "does not exist (input devices are listed in /dev/input/by-id and /dev/input/by-path)")
        case EACCES, EPERM:
            EvdevCaptureError(.permissionDenied, path: path,
                              reason: "cannot be read: permission denied; add your user to the 'input' group (sudo usermod -aG input $USER, then log in again) or run as root")
        case ENODEV, ENXIO:
            EvdevCaptureError(.cannotOpen, path: path, reason: "names no connected device")
        default:
            EvdevCaptureError(.cannotOpen, path: path, reason: "cannot be opened (\(SystemCall.errorText(code)))")
        }
    }
}

/// `read(2)`, named apart from ``EvdevEventSource/read(timeout:into:)``.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// Clocks and error texts: small calls whose results the capture needs checked.
enum SystemCall {
    /// The text of an errno value.
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// CLOCK_MONOTONIC in nanoseconds (the clock evdev stamps with once asked to).
    static func monotonicNanoseconds() -> Int64 { nanoseconds(CLOCK_MONOTONIC) }

    /// CLOCK_REALTIME in nanoseconds since 1970.
    static func wallClockNanoseconds() -> Int64 { nanoseconds(CLOCK_REALTIME) }

    private static func nanoseconds(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        // clock_gettime fails only for an unknown clock id; these two always exist.
        guard clock_gettime(clock, &time) == 0 else { return 0 }
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
