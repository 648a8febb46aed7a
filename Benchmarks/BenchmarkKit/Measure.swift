import Foundation
import RunRecord

/// Timing and statistics helpers shared by the benchmarks.
public enum Measure {
    /// Monotonic nanoseconds.
    public static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// How long `body` takes, in seconds.
    public static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return Double(now() - start) / 1e9
    }

    /// Repeated measurements summarised as bench repeats are (`MetricSummary.overRepeats`:
    /// median, nearest-rank p95/p99, spread), so the package has one definition of each
    /// statistic. The benchmarks are another package and cannot reach the internal
    /// `TouchBenchSupport`; RunRecord's public summary is its statistics' public face.
    public static func summary(_ values: [Double]) -> MetricSummary {
        MetricSummary.overRepeats(values)
    }

    /// The median of `values` (the mean of the middle two for an even count), NaN for none.
    public static func median(_ values: [Double]) -> Double {
        summary(values).p50 ?? .nan
    }

    /// A scratch folder removed by `cleanup` (large synthesized traces never go in the tree).
    public static func temporaryDirectory(_ name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())")
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
            BenchmarkOptions.fail("cannot create \(url.path): \(error.localizedDescription)")
        }
        return url
    }

    /// The machine's 1-minute load average, printed with the figures so noise can be judged.
    public static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// Prints a progress line on standard error, apart from the table on standard output.
    public static func progress(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// The process's peak resident set (VmHWM), in MB, from /proc/self/status; NaN where
    /// that cannot be read.
    public static func peakResidentMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return .nan }
        return kilobytes / 1024
    }

    /// Runs this executable again as `--child` with `arguments` (a measurement that needs a
    /// process of its own, such as a peak of memory) and returns the numbers it printed,
    /// split at white space, and its exit status.
    public static func child(_ arguments: [String]) -> (numbers: [Double], status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = ["--child"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { BenchmarkOptions.fail("cannot start a child: \(error)") }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let numbers = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        return (numbers, process.terminationStatus)
    }
}
