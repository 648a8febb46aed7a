import Foundation

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

    public static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Nearest-rank percentile (`p` in 0…1) of `values`.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = max(1, Int((Double(sorted.count) * p).rounded(.up)))
        return sorted[min(rank, sorted.count) - 1]
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
}
