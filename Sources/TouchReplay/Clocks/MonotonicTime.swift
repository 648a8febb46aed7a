import TouchBenchSupport

/// The machine's monotonic clock in nanoseconds, and sleeping on it.
enum MonotonicTime {
    /// Nanoseconds since an arbitrary fixed origin; never goes backwards.
    @inline(__always)
    static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }

    /// Sleeps for about `nanoseconds` (the kernel may add its timer slack).
    static func sleep(nanoseconds: Int64) {
        guard nanoseconds > 0 else { return }
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR {
            request = remaining
        }
    }
}
