import Foundation

/// CPU time (user + system), what a pass costs: a machine shared with other work slows it
/// far less than it slows wall time, so the benchmarks that run beside a fuzzer or a build
/// time themselves and `zstd` this way.
public enum CPUTime {
    /// CPU seconds of this process, or of its finished children.
    public static func seconds(children: Bool = false) -> Double {
        var usage = rusage()
        getrusage(children ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The CPU seconds `body` takes in this process.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = seconds()
        try body()
        return seconds() - start
    }

    /// Runs `command` (found on the PATH) with its output discarded; returns its CPU seconds.
    public static func seconds(running command: String, _ arguments: [String]) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        process.standardOutput = FileHandle.nullDevice
        let start = seconds(children: true)
        do { try process.run() } catch { BenchmarkOptions.fail("cannot run \(command): \(error)") }
        process.waitUntilExit()
        // A missing or failing tool takes no time: a rate beside it would be meaningless.
        guard process.terminationStatus == 0 else { BenchmarkOptions.fail("\(command) \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)") }
        return seconds(children: true) - start
    }
}
