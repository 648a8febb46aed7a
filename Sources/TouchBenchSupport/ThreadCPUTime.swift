/// The CPU time the calling thread has used, in nanoseconds: what a piece of work costs
/// whatever else the machine runs. A monotonic-clock interval also counts the time the
/// thread waited for a core, which on a loaded machine can be most of it, so bench's replay
/// throughput is read from this clock. Reading it is a system call (about as long as a
/// simple frame), so per-frame timings stay on the monotonic clock.
package enum ThreadCPUTime {
    /// Nanoseconds of CPU time of the calling thread since it started.
    @inline(__always)
    package static func now() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Int64(spec.tv_sec) &* 1_000_000_000 &+ Int64(spec.tv_nsec)
    }
}
