import RunRecord
import TouchBenchSupport

/// How fast the machine ran during a bench: the CPU time of a small workload of fixed work,
/// timed several times interleaved with the repeats (`"calibration"` in a
/// `touchbench.bench/1` result).
///
/// `compare` takes the ratio of the two runs' medians as the machine's load factor: a load
/// change between runs slows this loop as it slows the replays, while slower TouchBench or
/// scene code does not touch it. The factor comes from the machine, never from the metrics
/// under test, so a slowdown of every entry alike is still a regression when the loop ran
/// as fast as before.
public struct BenchCalibration: Sendable, Hashable {
    /// The workload's name and version: medians of different workloads do not compare.
    public static let currentWork = "lcg-walk-2MiB-300k/1"

    /// The workload the samples timed (``currentWork`` for this touchbench).
    public var work: String
    /// Nanoseconds of thread CPU time per run of the workload, in the order measured.
    public var samples: [Int64]

    public init(work: String = Self.currentWork, samples: [Int64] = []) {
        self.work = work
        self.samples = samples
    }

    /// The median of ``samples`` in nanoseconds (0 with none): one preempted or cold run of
    /// the loop does not move it.
    public var median: Double {
        samples.isEmpty ? 0 : Statistics.median(samples.map(Double.init))
    }

    /// Whether `other`'s median can be set against this one's: the same workload, both measured.
    public func isComparable(with other: BenchCalibration) -> Bool {
        work == other.work && median > 0 && other.median > 0
    }

    /// Times the workload once and appends its CPU time.
    public mutating func measure() {
        samples.append(CalibrationWork.run())
    }

    /// Pools the samples of several runs (shards merged): `nil` unless every one has a
    /// calibration of one workload (part of the entries timed under an unknown load excuse
    /// nothing).
    public static func pooled(_ calibrations: [BenchCalibration?]) -> BenchCalibration? {
        let present = calibrations.compactMap { $0 }
        guard let first = present.first, present.count == calibrations.count,
              present.allSatisfy({ $0.work == first.work }) else { return nil }
        return BenchCalibration(work: first.work, samples: present.flatMap(\.samples))
    }
}

extension BenchCalibration {
    package var json: JSONValue {
        .object([
            ("work", .string(work)),
            ("medianNs", .number(median)),
            ("samplesNs", .array(samples.map { .integer($0) })),
        ])
    }

    /// Reads the member written by ``json``; `nil` when it is not a calibration (no samples,
    /// a negative one, no workload name), so a damaged member means "no calibration", as in
    /// a result written before calibrations existed.
    package init?(json value: JSONValue) {
        guard let work = value["work"]?.stringValue, let values = value["samplesNs"]?.arrayValue, !values.isEmpty else {
            return nil
        }
        var samples: [Int64] = []
        for value in values {
            guard let sample = value.integerValue, sample > 0 else { return nil }
            samples.append(sample)
        }
        self.init(work: work, samples: samples)
    }
}

/// The fixed work timed by a calibration: a linear congruential generator walking a 2 MiB
/// table with 300 000 dependent reads and writes. Like a replay it mixes integer arithmetic
/// with memory traffic beyond the first-level caches, so contention for caches, memory and
/// the core's clock (what a neighbour's load changes) slows it as it slows the replays. About
/// 1–3 ms per run.
enum CalibrationWork {
    static let tableWords = 1 << 19
    static let steps = 300_000

    /// Thread CPU nanoseconds of one run (at least 1).
    static func run() -> Int64 {
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: tableWords)
        defer { table.deallocate() }
        for index in 0..<tableWords { table[index] = UInt32(truncatingIfNeeded: index &* 2_654_435_761) }
        let start = ThreadCPUTime.now()
        let checksum = walk(table)
        let elapsed = ThreadCPUTime.now() &- start
        keep(checksum)
        return max(1, elapsed)
    }

    @inline(never)
    static func walk(_ table: UnsafeMutablePointer<UInt32>) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var sum: UInt64 = 0
        let mask = tableWords - 1
        for _ in 0..<steps {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Each index depends on the last value read: the loads cannot be overlapped away.
            let index = Int(truncatingIfNeeded: (state >> 33) ^ sum) & mask
            let value = table[index]
            table[index] = value &+ UInt32(truncatingIfNeeded: state)
            sum = (sum &<< 5 | sum &>> 59) ^ UInt64(value)
        }
        return sum
    }

    /// Keeps the optimiser from deleting the walk whose result nothing else reads.
    @_optimize(none)
    static func keep(_ value: UInt64) {}
}
