import RunRecord

/// Combining shard results into the result of the whole suite.
extension BenchResult {
    /// What merging produced, and what the caller should warn about.
    public struct Merge: Sendable {
        public var result: BenchResult
        public var warnings: [String]
    }

    /// Why shard results cannot be merged.
    public struct MergeError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Merges `results` (named for messages by `names`) into one result identical to an
    /// unsharded run: entries in key order, no shard, the shared environment.
    ///
    /// The same trace × scene in two inputs is an error (overlapping shards or a file given
    /// twice), and so is a single run's record (``isSingleRun``: it holds no environment). Missing shards, differing environments and differing repeats are warnings; the
    /// merged environment is the first shard's, with the fewest repeats any input ran (what
    /// `compare`'s warning about too few repeats must judge); the calibration pools every input's samples in
    /// shard order (inputs without a shard after, in the order given), so it stands for the
    /// machine over all the shards and the merge does not depend on the order of its arguments.
    public static func merge(_ results: [BenchResult], names: [String]) throws(MergeError) -> Merge {
        let byShard = results.indices.sorted { (results[$0].shard?.index ?? .max, $0) < (results[$1].shard?.index ?? .max, $1) }
        guard let firstIndex = byShard.first else { throw MergeError(description: "nothing to merge") }
        let first = results[firstIndex]
        func label(_ index: Int) -> String { index < names.count ? names[index] : "input \(index + 1)" }
        var warnings: [String] = []
        // A shard with fewer repeats makes its timings less sure, so the merged count is the
        // fewest: stating the first shard's hid a 3-repeat shard from compare's warning.
        let fewestRepeats = results.map(\.environment.repeats).min() ?? first.environment.repeats
        var owner: [EntryKey: String] = [:]
        var entries: [RunRecord] = []
        for (index, result) in results.enumerated() {
            let name = label(index)
            // Its entry would go in with no environment, and its 0 repeats become the merge's.
            if result.isSingleRun {
                throw MergeError(description: "\(name) is a single run's record (touchbench.run/1, as replay --json writes it), not a bench result to merge")
            }
            for entry in result.entries {
                if let previous = owner[entry.key] {
                    throw MergeError(description: "\(entry.key) is in both \(previous) and \(name); merge each shard once")
                }
                owner[entry.key] = name
                entries.append(entry)
            }
            if let mismatch = first.environment.timingMismatch(with: result.environment) {
                warnings.append("\(name) ran elsewhere (\(mismatch)); its timing metrics are not comparable with the others'")
            }
            // Not a reason to skip timings in compare (the tests take samples of any size),
            // but the merged file states one count, the fewest, for every entry.
            if result.environment.repeats != first.environment.repeats {
                warnings.append("\(name) ran \(result.environment.repeats) repeats and \(label(firstIndex)) \(first.environment.repeats); "
                                + "the merged result states \(fewestRepeats), the fewest any input ran, for every entry (run every shard with the same --repeat)")
            }
        }
        let shards = results.compactMap(\.shard)
        if let count = shards.first?.count {
            if shards.contains(where: { $0.count != count }) {
                warnings.append("the inputs come from different shard counts (\(shards.map(\.description).joined(separator: ", ")))")
            } else {
                if let warning = missingShards(present: Set(shards.map(\.index)), count: count) { warnings.append(warning) }
            }
        }
        // The shards' calibrations pooled: the merged timings came from all of them.
        var environment = first.environment
        environment.repeats = fewestRepeats
        return Merge(result: BenchResult(entries: entries, environment: environment,
                                         calibration: BenchCalibration.pooled(byShard.map { results[$0].calibration })),
                     warnings: warnings)
    }

    /// The warning for the shards of `count` not among `present`, naming at most the first
    /// few: the work is bounded by the shards given, whatever count a file states (a result
    /// claiming shard 1 of 10⁸ listed all the others in gigabytes: hostile report 17).
    package static func missingShards(present: Set<Int>, count: Int) -> String? {
        let missingCount = count - present.count
        guard missingCount > 0 else { return nil }
        let named = 5
        var first: [Int] = []
        var index = 1
        while first.count < min(named, missingCount) {
            if !present.contains(index) { first.append(index) }
            index += 1
        }
        let list = first.map { "\($0)/\(count)" }.joined(separator: ", ")
        let more = missingCount > named ? " and \(missingCount - named) more" : ""
        return "\(missingCount == 1 ? "shard" : "\(missingCount) shards") \(list)\(more) \(missingCount == 1 ? "is" : "are") missing: the merged result covers part of the suite"
    }
}
