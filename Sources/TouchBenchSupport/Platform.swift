// The platform's C library, imported in this one place and re-exported, so that no other
// file of the package repeats the `#if canImport` ladder to reach POSIX or libm.
#if canImport(Darwin)
@preconcurrency @_exported import Darwin
#elseif canImport(Glibc)
@preconcurrency @_exported import Glibc
#elseif canImport(Musl)
@preconcurrency @_exported import Musl
#elseif canImport(ucrt)
@preconcurrency @_exported import ucrt
#endif

// The C library's functions under names of their own, so `Elementary` can call them
// without reaching its own members (the import above is this file's alone).
func libmExp(_ x: Double) -> Double { exp(x) }
func libmExpm1(_ x: Double) -> Double { expm1(x) }
func libmLog(_ x: Double) -> Double { log(x) }
func libmLog1p(_ x: Double) -> Double { log1p(x) }
func libmSin(_ x: Double) -> Double { sin(x) }
func libmCos(_ x: Double) -> Double { cos(x) }
func libmSinh(_ x: Double) -> Double { sinh(x) }
func libmAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }

/// The process's standard streams at the C library's level.
package enum StandardStreams {
    /// Whether standard output was closed when the process started. Evaluated first thing in
    /// `main`: a closed descriptor 0, 1 or 2 is then opened on `/dev/null`, because otherwise
    /// the next file opened (an input trace) takes the descriptor and a write to standard
    /// output or `/dev/stdout` overwrites it. Standard output is opened read-only, so that a
    /// command that prints fails its write (exit 74) while one that prints nothing succeeds.
    package static let outputClosedAtStart: Bool = {
        var outputClosed = false
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // open() takes the lowest free descriptor: this one, as those below are open.
            let opened = open("/dev/null", descriptor == 1 ? O_RDONLY : O_RDWR)
            if opened != descriptor && opened >= 0 { close(opened) }
            if descriptor == 1 { outputClosed = true }
        }
        return outputClosed
    }()

    /// Flushes standard output and says whether every write to it so far succeeded: `print`
    /// alone ignores a full disk, `/dev/full` or a closed pipe.
    package static func flushOutput() -> Bool {
        fflush(stdout) == 0 && ferror(stdout) == 0
    }

    /// The C library's message for the current `errno`.
    package static var lastErrorMessage: String { String(cString: strerror(errno)) }
}
