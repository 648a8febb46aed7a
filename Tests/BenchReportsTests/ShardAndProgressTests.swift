import Testing
@testable import BenchReports

@Suite struct ShardEnvironmentTests {
    func shard(_ environment: [String: String]) throws -> (String, BenchShard.Origin) {
        let (shard, origin) = try BenchShard.fromEnvironment(environment)
        return (shard.description, origin)
    }

    @Test func everyEngineGivesOneBasedShards() throws {
        #expect(try shard(["TOUCHBENCH_SHARD_INDEX": "2", "TOUCHBENCH_SHARD_COUNT": "4"]) == ("2/4", .explicit))
        #expect(try shard(["CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"]) == ("3/3", .gitLab))
        #expect(try shard(["JOB_COMPLETION_INDEX": "0", "TOUCHBENCH_SHARD_COUNT": "5"]) == ("1/5", .kubernetes))
        #expect(try shard(["SLURM_ARRAY_TASK_ID": "7", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "4"]) == ("3/4", .slurm))
        #expect(try shard(["SLURM_ARRAY_TASK_ID": "8", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4",
                           "SLURM_ARRAY_TASK_STEP": "4"]) == ("3/4", .slurm))
        // Explicit variables win over an engine's own.
        #expect(try shard(["TOUCHBENCH_SHARD_INDEX": "1", "TOUCHBENCH_SHARD_COUNT": "2", "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "2"])
                == ("1/2", .explicit))
    }

    @Test("missing, partial or impossible variables are errors", arguments: [
        [:],
        ["TOUCHBENCH_SHARD_INDEX": "1"],
        ["CI_NODE_INDEX": "1"],
        ["CI_NODE_INDEX": "0", "CI_NODE_TOTAL": "2"],
        ["CI_NODE_INDEX": "x", "CI_NODE_TOTAL": "2"],
        ["JOB_COMPLETION_INDEX": "4", "TOUCHBENCH_SHARD_COUNT": "4"],
        ["JOB_COMPLETION_INDEX": "1"],
        ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"],
        ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4", "SLURM_ARRAY_TASK_STEP": "2"],
        // Values near Int64's limits: an error, never an overflow trap in the index arithmetic.
        ["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_MIN": "-9223372036854775808", "SLURM_ARRAY_TASK_COUNT": "8"],
        ["JOB_COMPLETION_INDEX": "9223372036854775807", "TOUCHBENCH_SHARD_COUNT": "3"],
        ["SLURM_ARRAY_TASK_ID": "9223372036854775807", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "8"],
        ["SLURM_ARRAY_TASK_ID": "-9223372036854775808", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "-1", "SLURM_ARRAY_TASK_COUNT": "8"],
        ["TOUCHBENCH_SHARD_INDEX": "1", "TOUCHBENCH_SHARD_COUNT": "1000000001"],
    ] as [[String: String]])
    func errors(environment: [String: String]) {
        #expect(throws: ShardEnvironmentError.self) { try BenchShard.fromEnvironment(environment) }
    }

    @Test func allShardsOfAnEngineCoverTheSuiteOnce() throws {
        let files = (0..<1000).map { "t\($0).touchtrace" }
        var covered = [Int](repeating: 0, count: files.count)
        for index in 0..<7 {
            let (shard, _) = try BenchShard.fromEnvironment(["JOB_COMPLETION_INDEX": String(index), "TOUCHBENCH_SHARD_COUNT": "7"])
            for (position, file) in files.enumerated() where shard.contains(trace: file) { covered[position] += 1 }
        }
        #expect(covered.allSatisfy { $0 == 1 })
    }
}

@Suite struct BenchProgressTests {
    @Test func rateTimeLeftAndBar() {
        var progress = BenchProgress(total: 10_000)
        #expect(progress.line("a") == "▕                    ▏ 0/10000 runs  a")
        progress.update(done: 400, now: 2)
        #expect(progress.rate == 200)
        #expect(progress.secondsLeft == 48)
        progress.update(done: 500, now: 2.5)   // under a second later: the rate stays
        #expect(progress.rate == 200)
        progress.update(done: 1000, now: 4)
        #expect(progress.rate == 0.7 * 200 + 0.3 * 300)
        #expect(progress.bar == "▕██                  ▏")
        progress.update(done: 5_312, now: 30)
        #expect(progress.bar == "▕██████████▌         ▏")
        #expect(BenchProgress.clock(4_000) == "1:06:40")
        #expect(BenchProgress.clock(65.2) == "1:06")
        #expect(BenchProgress.rateText(2.25) == "2.3/s")
        progress.update(done: 10_000, now: 60)
        #expect(progress.secondsLeft == 0)
        #expect(progress.bar == "▕████████████████████▏")
    }
}
