/// Why `--shard auto` found no shard in the environment, or found a wrong one.
public struct ShardEnvironmentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence naming the variables and what is wrong with them.
    public var reason: String
    public var description: String { reason }
}

extension BenchShard {
    /// Where `--shard auto` found its index and count.
    public enum Origin: String, Sendable, Hashable {
        /// `TOUCHBENCH_SHARD_INDEX` (1 … count) and `TOUCHBENCH_SHARD_COUNT`: any engine, such
        /// as a GitHub Actions matrix, that passes them explicitly.
        case explicit = "TOUCHBENCH_SHARD_INDEX/TOUCHBENCH_SHARD_COUNT"
        /// GitLab CI's `parallel:` jobs: `CI_NODE_INDEX` (1 … total) and `CI_NODE_TOTAL`.
        case gitLab = "CI_NODE_INDEX/CI_NODE_TOTAL"
        /// A Kubernetes indexed Job: `JOB_COMPLETION_INDEX` (0 … completions − 1), with the
        /// completion count passed as `TOUCHBENCH_SHARD_COUNT` (Kubernetes does not export it).
        case kubernetes = "JOB_COMPLETION_INDEX/TOUCHBENCH_SHARD_COUNT"
        /// A Slurm job array: `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_MIN`,
        /// `SLURM_ARRAY_TASK_COUNT` and, for `--array=a-b:step`, `SLURM_ARRAY_TASK_STEP`.
        case slurm = "SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT"
    }

    /// The largest index, count, minimum or step `--shard auto` accepts from the environment.
    static let largestEnvironmentNumber = 1_000_000_000

    /// The shard the environment of a fan-out engine assigns this process, tried in the
    /// order of ``Origin``: explicit variables first, so they override an engine's own.
    ///
    /// Throws when no engine's variables are set, or when they are set but are not numbers
    /// giving 1 ≤ index ≤ count.
    public static func fromEnvironment(_ environment: [String: String]) throws(ShardEnvironmentError) -> (BenchShard, Origin) {
        func number(_ name: String) throws(ShardEnvironmentError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text) else {
                throw ShardEnvironmentError(reason: "--shard auto: \(name) is '\(text)', not an integer")
            }
            // No engine numbers its jobs or arrays beyond a billion; bounded, the index
            // arithmetic below cannot overflow.
            guard (-Self.largestEnvironmentNumber...Self.largestEnvironmentNumber).contains(value) else {
                throw ShardEnvironmentError(reason: "--shard auto: \(name) is \(value), beyond ±\(Self.largestEnvironmentNumber)")
            }
            return value
        }
        func make(_ index: Int, _ count: Int, _ origin: Origin) throws(ShardEnvironmentError) -> (BenchShard, Origin) {
            guard let shard = BenchShard(index: index, count: count) else {
                throw ShardEnvironmentError(
                    reason: "--shard auto: \(origin.rawValue) give shard \(index) of \(count), outside 1…count")
            }
            return (shard, origin)
        }
        let count = try number("TOUCHBENCH_SHARD_COUNT")
        if let index = try number("TOUCHBENCH_SHARD_INDEX") {
            guard let count else {
                throw ShardEnvironmentError(reason: "--shard auto: TOUCHBENCH_SHARD_INDEX is set but TOUCHBENCH_SHARD_COUNT is not")
            }
            return try make(index, count, .explicit)
        }
        if let index = try number("CI_NODE_INDEX") {
            guard let total = try number("CI_NODE_TOTAL") else {
                throw ShardEnvironmentError(reason: "--shard auto: CI_NODE_INDEX is set but CI_NODE_TOTAL is not")
            }
            return try make(index, total, .gitLab)
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            guard let count else {
                throw ShardEnvironmentError(
                    reason: "--shard auto: JOB_COMPLETION_INDEX is set but TOUCHBENCH_SHARD_COUNT (the Job's completions) is not")
            }
            return try make(index + 1, count, .kubernetes)
        }
        if let id = try number("SLURM_ARRAY_TASK_ID") {
            guard let total = try number("SLURM_ARRAY_TASK_COUNT"), let minimum = try number("SLURM_ARRAY_TASK_MIN") else {
                throw ShardEnvironmentError(
                    reason: "--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT or SLURM_ARRAY_TASK_MIN is not")
            }
            let step = try number("SLURM_ARRAY_TASK_STEP") ?? 1
            guard step >= 1, id >= minimum, (id - minimum) % step == 0 else {
                throw ShardEnvironmentError(
                    reason: "--shard auto: SLURM_ARRAY_TASK_ID \(id) is not on the array's range from \(minimum) in steps of \(step)")
            }
            return try make((id - minimum) / step + 1, total, .slurm)
        }
        throw ShardEnvironmentError(reason: """
            --shard auto found no shard in the environment: set TOUCHBENCH_SHARD_INDEX and TOUCHBENCH_SHARD_COUNT, or run \
            under GitLab parallel jobs (CI_NODE_INDEX), a Kubernetes indexed Job (JOB_COMPLETION_INDEX with \
            TOUCHBENCH_SHARD_COUNT) or a Slurm array (SLURM_ARRAY_TASK_ID)
            """)
    }
}
