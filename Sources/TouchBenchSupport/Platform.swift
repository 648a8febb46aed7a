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
    /// Flushes standard output and says whether every write to it so far succeeded: `print`
    /// alone ignores a full disk, `/dev/full` or a closed pipe.
    package static func flushOutput() -> Bool {
        fflush(stdout) == 0 && ferror(stdout) == 0
    }

    /// The C library's message for the current `errno`.
    package static var lastErrorMessage: String { String(cString: strerror(errno)) }
}
