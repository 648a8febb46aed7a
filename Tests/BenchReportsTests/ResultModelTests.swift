import BenchReports
import RunRecord
import Foundation
import Testing
import TouchBenchSupport
import TouchTrace

@Suite struct ResultModelTests {
    @Test func runEntryRoundTripsThroughItsJSONKeepingUnknownMembers() throws {
        let text = """
            {"schema": "touchbench.run/1", "trace": "flick.touchtrace", "scene": "scroll", "mode": "virtual",
             "rate": "max", "refreshHz": 120, "presentationDelayFrames": 2, "frames": 10, "samples": 20,
             "metrics": {"event_latency_ms": {"kind": "deterministic", "count": 3, "mean": 16.5, "p50": 16, "p95": 18,
                          "p99": 18, "max": 18, "min": 15, "stddev": 1.2},
                         "pause_detection_ms": {"kind": "deterministic", "count": 0, "mean": null, "p50": null, "p95": null,
                          "p99": null, "max": null, "min": null, "stddev": null}},
             "events": [{"cause": "reversal", "kind": "redirect", "responseMs": null, "source": "marker", "t": 5000000}]}
            """
        let entry = try RunRecord.decode(text)
        #expect(entry.metrics["event_latency_ms"]?.p99 == 18)
        #expect(entry.metrics["pause_detection_ms"]?.isEmpty == true)
        #expect(entry.unansweredEvents == 1)
        #expect(entry.settings.contains("presentationDelay=2"))
        let written = entry.jsonText
        #expect(written.contains("\"presentationDelayFrames\": 2"))
        #expect(written.contains("\"cause\": \"reversal\""))
        #expect(try RunRecord.decode(written).jsonText == written)
    }

    @Test func benchResultJSONIsStableAndSorted() throws {
        let result = Fixtures.result()
        let text = result.jsonText
        let again = try BenchResult.decode(text)
        #expect(again.jsonText == text)
        #expect(again == (try BenchResult.decode(again.jsonText)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "touchbench.bench/1")
        #expect((object["entries"] as? [Any])?.count == 8)
        #expect(text.range(of: "[0-9][eE][-+]?[0-9]", options: .regularExpression) == nil)
    }

    /// The canonical writer's document of the whole result as one tree: what `writeJSON`
    /// streams an entry at a time must be these bytes.
    private static func treeDocument(_ result: BenchResult) -> String {
        var members: [(key: String, value: JSONValue)] = [
            ("schema", .string(BenchResult.schema)),
            ("entries", .array(result.entries.map(\.json))),
            ("environment", result.environment.json),
        ]
        if let shard = result.shard { members.append(("shard", .string(shard.description))) }
        if let calibration = result.calibration { members.append(("calibration", calibration.json)) }
        return JSONWriter.document(.object(members))
    }

    @Test("the result streamed in pieces is the canonical document of its tree, byte for byte",
          arguments: [(0, false, false), (1, true, false), (3, false, true), (400, true, true)])
    func streamedResultIsTheTreeDocument(traces: Int, sharded: Bool, calibrated: Bool) throws {
        var result = Fixtures.result(traces: traces)
        result.shard = sharded ? BenchShard(index: 2, count: 3) : nil
        result.calibration = calibrated ? Fixtures.calibration() : nil
        var pieces: [String] = []
        result.writeJSON { pieces.append($0) }
        #expect(pieces.joined() == Self.treeDocument(result))
        #expect(result.jsonText == Self.treeDocument(result))
        // 800 entries are written in pieces of 64 KiB and a little more, not whole.
        if traces == 400 {
            #expect(pieces.count > 10)
            #expect(pieces.dropLast().allSatisfy { $0.utf8.count >= 1 << 16 && $0.utf8.count < 1 << 17 })
        } else {
            #expect(pieces.count == 1)
        }
    }

    @Test("entries are decoded as they are parsed, with the same errors in the same order")
    func streamedDecodingKeepsItsErrors() throws {
        let good = Fixtures.result(traces: 2).jsonText
        // A bad entry in a file of another schema is a file of another schema.
        let otherSchema = good.replacingOccurrences(of: #""touchbench.bench/1""#, with: #""touchbench.other/1""#)
            .replacingOccurrences(of: #""frames": 240"#, with: #""frames": -1"#)
        #expect(throws: ResultDecodingError("has schema 'touchbench.other/1', not touchbench.bench/1")) { try BenchResult.decode(otherSchema) }
        let badEntry = good.replacingOccurrences(of: #""frames": 240"#, with: #""frames": -1"#)
        let error = try #require(throws: ResultDecodingError.self) { try BenchResult.decode(badEntry) }
        #expect(error.description.hasPrefix("has a bad entry 1: "), "\(error)")
        let twice = try BenchResult.decode(good).entries
        let doubled = BenchResult(entries: [], environment: Fixtures.environment).jsonText
            .replacingOccurrences(of: #""entries": []"#, with: #""entries": ["# + twice[0].jsonText + "," + twice[0].jsonText + "]")
        #expect(throws: ResultDecodingError("has two entries for \(twice[0].key) (the second is entry 2)")) { try BenchResult.decode(doubled) }
        // A lone run record keeps a member named `entries` it does not know.
        let run = try #require(twice.first).jsonText.replacingOccurrences(of: #""frames": 240"#, with: #""entries": [1, 2], "frames": 240"#)
        let lone = try BenchResult.decode(run)
        #expect(lone.entries.first?.jsonText.contains(#""entries": [1, 2]"#) == true)
    }

    @Test("a metric read with no unknown member keeps no storage for them (an emptied dictionary kept about 800 bytes)")
    func decodedMetricsKeepNoEmptyStorage() throws {
        let result = try BenchResult.decode(Fixtures.result(traces: 2).jsonText)
        let summaries = result.entries.flatMap(\.metrics.values)
        #expect(summaries.count > 30)
        #expect(summaries.allSatisfy { $0.extras.capacity == 0 })
        let withUnknown = try BenchResult.decode(Fixtures.result(traces: 1).jsonText
            .replacingOccurrences(of: #""kind": "timing""#, with: #""kind": "timing", "note": "kept""#))
        #expect(withUnknown.entries.flatMap(\.metrics.values).contains { $0.extras["note"] == .string("kept") })
    }

    @Test func resultWrittenToAFileIsItsJSONText() throws {
        let result = Fixtures.result(traces: 300)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UInt64.random(in: 0 ... .max)).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try result.write(to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == result.jsonText)
        #expect(try BenchResult.load(from: path).jsonText == result.jsonText)
    }

    @Test("schemas match exactly: one that only begins like ours is another schema", arguments: [
        (#"{"schema": "touchbench.bench/10", "entries": []}"#, "has schema 'touchbench.bench/10', not touchbench.bench/1"),
        (#"{"schema": "touchbench.run/12", "trace": "t", "scene": "s"}"#, "has schema 'touchbench.run/12', not touchbench.bench/1"),
        (#"{"schema": "touchbench.bench/1", "entries": [{"schema": "touchbench.run/12", "trace": "t", "scene": "s"}]}"#,
         #"has a bad entry 1: a run entry has schema "touchbench.run/12", not touchbench.run/1"#),
    ])
    func schemasMatchExactly(text: String, reason: String) {
        #expect { try BenchResult.decode(text) } throws: { ($0 as? ResultDecodingError)?.description == reason }
    }

    @Test("a thresholds file naming a metric touchbench does not measure is refused, naming the name", arguments: [
        (#"{"schema": "touchbench.thresholds/1", "deterministic": {"metrics": {"tracking_eror_pt": {"absolute": 1}}}}"#,
         "deterministic.metrics names 'tracking_eror_pt', which is no metric touchbench measures (docs/METRICS.md lists them)"),
        (#"{"schema": "touchbench.thresholds/1", "timing": {"metrics": {"cpu_per_frame": {"relative": 1}}}}"#,
         "timing.metrics names 'cpu_per_frame', which is no metric touchbench measures (docs/METRICS.md lists them)"),
        (#"{"schema": "touchbench.thresholds/1", "budgets": [{"metric": "latency", "warning": 1, "critical": 2}]}"#,
         "budgets[0].metric names 'latency', which is no metric touchbench measures (docs/METRICS.md lists them)"),
    ])
    func thresholdsNameKnownMetrics(text: String, reason: String) throws {
        #expect { try BenchThresholds.decode(text) } throws: { ($0 as? ResultDecodingError)?.description == reason }
        // The same members with a catalogue name read.
        let fixed = text.replacingOccurrences(of: "tracking_eror_pt", with: "tracking_error_pt")
            .replacingOccurrences(of: "\"cpu_per_frame\"", with: "\"cpu_per_frame_us\"").replacingOccurrences(of: "\"latency\"", with: "\"event_latency_ms\"")
        _ = try BenchThresholds.decode(fixed)
        #expect(MetricName.known.isSuperset(of: MetricName.allCases + MetricName.pageCases + [.replayThroughput, .unansweredEvents]))
    }

    @Test func thresholdsAndSuiteSchemasMatchExactly() throws {
        #expect { try BenchThresholds.decode(#"{"schema": "touchbench.thresholds/15"}"#) } throws: {
            ($0 as? ResultDecodingError)?.description == "has schema 'touchbench.thresholds/15', not touchbench.thresholds/1"
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("suite-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #"{"schema": "touchbench.suite/19", "traces": []}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect { try TraceSuite.load(from: path) } throws: {
            ($0 as? TraceFileError)?.description == "\(path): has schema 'touchbench.suite/19', not touchbench.suite/1."
        }
    }

    @Test func shardsAreStableAndCoverTheSuiteOnce() throws {
        let files = (0..<200).map { "trace-\($0).touchtrace" }
        let shards = (1...4).compactMap { BenchShard(index: $0, count: 4) }
        for file in files {
            #expect(shards.filter { $0.contains(trace: file) }.count == 1)
        }
        // Fixed by definition: FNV-1a of "a" is 0xaf63dc4c8601ec8c.
        #expect(BenchShard.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(BenchShard("0/3") == nil && BenchShard("4/3") == nil && BenchShard("x") == nil)
        #expect(BenchShard("2/3")?.description == "2/3")
        let sizes = shards.map { shard in files.filter { shard.contains(trace: $0) }.count }
        #expect(sizes.allSatisfy { $0 > 25 })
    }

    @Test func shardsMergedAreByteIdenticalToTheUnshardedRun() throws {
        let suite = Fixtures.suite(count: 23)
        let chart = BenchRunner.defaultChartedRun(suite: suite)
        let runner = BenchRunner(replayer: Fixtures.FakeReplayer(), repeats: 3, seriesFor: chart)
        let whole = try runner.run(suite: suite, manifestPath: "/suite/manifest.json", shard: nil, environment: Fixtures.environment)
        let shards = try (1...3).map { index in
            try runner.run(suite: suite, manifestPath: "/suite/manifest.json", shard: BenchShard(index: index, count: 3),
                           environment: Fixtures.environment)
        }
        #expect(shards.allSatisfy { !$0.entries.isEmpty })
        // Shards travel as files: merge what was written.
        let reread = try shards.reversed().map { try BenchResult.decode($0.jsonText) }
        let merged = try BenchResult.merge(reread, names: ["c", "b", "a"])
        #expect(merged.warnings.isEmpty)
        // The calibration is measured (each shard times its own loop): merging pools the
        // shards' samples; everything else is byte for byte the unsharded run.
        var mergedResult = merged.result, wholeResult = whole
        // In shard order whatever the order of the arguments: the merge is one document.
        #expect(mergedResult.calibration?.samples == shards.flatMap { $0.calibration?.samples ?? [] })
        let inOrder = try BenchResult.merge(reread.reversed(), names: ["a", "b", "c"]).result
        #expect(inOrder.jsonText == merged.result.jsonText)
        mergedResult.calibration = nil
        wholeResult.calibration = nil
        #expect(mergedResult.jsonText == wholeResult.jsonText)
        #expect(whole.entries.count == 23 + 8)
        #expect(whole.entries.contains { $0.series != nil })
    }

    @Test func mergeRefusesOverlapsAndWarnsAboutMissingShards() throws {
        let suite = Fixtures.suite(count: 10)
        let runner = BenchRunner(replayer: Fixtures.FakeReplayer(), repeats: 1)
        let first = try runner.run(suite: suite, manifestPath: "m.json", shard: BenchShard(index: 1, count: 2), environment: Fixtures.environment)
        #expect(throws: BenchResult.MergeError.self) { try BenchResult.merge([first, first], names: ["a", "b"]) }
        let partial = try BenchResult.merge([first], names: ["a"])
        #expect(partial.warnings == ["shard 2/2 is missing: the merged result covers part of the suite"])
        // A replay's record reads as a result of one entry (compare takes it), but it is no
        // shard: merged, it went in with no environment and its 0 repeats became the merge's.
        let single = try BenchResult.decode(#"{"schema": "touchbench.run/1", "trace": "t", "scene": "scroll", "mode": "virtual", "rate": "max", "refreshHz": 120, "presentationDelayFrames": 2, "frames": 1, "samples": 1, "metrics": {}}"#)
        #expect(single.isSingleRun && !first.isSingleRun)
        let error = #expect(throws: BenchResult.MergeError.self) { try BenchResult.merge([first, single], names: ["a", "r.json"]) }
        #expect(error?.description == "r.json is a single run's record (touchbench.run/1, as replay --json writes it), not a bench result to merge")
    }

    /// Two replays' records, one run with a `--set`: the parameters reach the environment as a
    /// bench writes them, so compare warns and leaves timing alone. Before, both environments
    /// were empty and alike, and the parameters were never named.
    @Test func aSingleRunsParametersAreItsSettings() throws {
        func record(_ parameters: String) throws -> BenchResult {
            try BenchResult.decode(#"{"schema": "touchbench.run/1", "trace": "t", "scene": "scroll", "mode": "virtual", "rate": "max", "refreshHz": 120, "presentationDelayFrames": 2, "frames": 1, "samples": 1, "metrics": {}"# + parameters + "}")
        }
        let plain = try record(""), tuned = try record(#", "parameters": {"scroll.deceleration_rate": "0.99", "pan.hysteresis": "5"}"#)
        #expect(plain.environment.settings.isEmpty)
        // Keyed by the trace file's name, as a bench keys it, wherever the replay was run from.
        #expect(plain.entries.map(\.trace) == ["t"])
        let typed = try BenchResult.decode(#"{"schema": "touchbench.run/1", "trace": "./Traces/drag.touchtrace", "scene": "scroll", "mode": "virtual", "rate": "max", "refreshHz": 120, "presentationDelayFrames": 2, "frames": 1, "samples": 1, "metrics": {}}"#)
        #expect(typed.entries.map(\.trace) == ["drag.touchtrace"])
        #expect(tuned.environment.settings == ["parameters": "pan.hysteresis=5 scroll.deceleration_rate=0.99"])
        #expect(tuned.environment.timingMismatch(with: plain.environment) != nil)
        #expect(plain.environment.timingMismatch(with: try record("").environment) == nil)
    }

    /// Hostile round 3: shards run with different --repeat merged without a word, the merged
    /// environment stating the first shard's count for entries timed over the other's; it now
    /// states the fewest, so compare's warning about too few repeats sees the weaker shard.
    @Test func mergeWarnsAboutShardsWithOtherRepeats() throws {
        let suite = Fixtures.suite(count: 10)
        let runner = BenchRunner(replayer: Fixtures.FakeReplayer(), repeats: 1)
        var environment = Fixtures.environment
        let first = try runner.run(suite: suite, manifestPath: "m.json", shard: BenchShard(index: 1, count: 2), environment: environment)
        environment.repeats = 3
        let second = try runner.run(suite: suite, manifestPath: "m.json", shard: BenchShard(index: 2, count: 2), environment: environment)
        let merged = try BenchResult.merge([second, first], names: ["s2.json", "s1.json"])
        #expect(merged.warnings == [
            "s2.json ran 3 repeats and s1.json 5; the merged result states 3, the fewest any input ran, for every entry (run every shard with the same --repeat)",
        ])
        #expect(merged.result.environment.repeats == 3)
        // Whatever the order the shards are given in.
        #expect(try BenchResult.merge([first, second], names: ["s1.json", "s2.json"]).result.environment.repeats == 3)
        // The same count everywhere: nothing to say.
        var same = second
        same.environment.repeats = 5
        #expect(try BenchResult.merge([same, first], names: ["s2.json", "s1.json"]).warnings.isEmpty)
    }

    /// Hostile report 17: an invalid shard member was dropped without a word.
    @Test("a result whose shard is not i/n with 1 ≤ i ≤ n is refused, naming it", arguments: [
        (#""0/2""#, #""0/2""#), (#""1/0""#, #""1/0""#), (#""-1/2""#, #""-1/2""#), ("12", "12"), (#""3/2""#, #""3/2""#),
    ])
    func invalidShardsAreRefused(member: String, quoted: String) throws {
        let result = Fixtures.result()
        let text = result.jsonText.replacingOccurrences(of: "\"schema\":", with: "\"shard\": \(member), \"schema\":")
        #expect(text != result.jsonText)
        let error = try #require(throws: ResultDecodingError.self) { try BenchResult.decode(text) }
        #expect(error.description.contains("has a shard of \(quoted), not i/n with 1 ≤ i ≤ n"), "\(error)")
        #expect(try BenchResult.decode(result.jsonText.replacingOccurrences(of: "\"schema\":", with: "\"shard\": \"2/3\", \"schema\":")).shard?.description == "2/3")
    }

    /// Hostile report 17: a result stating shard 1 of 10⁸ made merge list every other shard
    /// (5.6 GB and a timeout); the warning names the first few and counts the rest.
    @Test("missing shards are counted, the first five named, whatever count a result states", arguments: [
        (Set([1]), 100_000_000, "99999999 shards 2/100000000, 3/100000000, 4/100000000, 5/100000000, 6/100000000 and 99999994 more are missing"),
        (Set([2, 4]), 5, "3 shards 1/5, 3/5, 5/5 are missing"),
        (Set([1, 2, 3]), 3, nil),
        (Set([Int.max - 1]), Int.max, "9223372036854775806 shards 1/9223372036854775807, 2/9223372036854775807, 3/9223372036854775807, 4/9223372036854775807, 5/9223372036854775807 and 9223372036854775801 more are missing"),
    ])
    func missingShardsAreCounted(present: Set<Int>, count: Int, warning: String?) {
        let start = ContinuousClock.now
        let found = BenchResult.missingShards(present: present, count: count)
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(found == warning.map { $0 + ": the merged result covers part of the suite" })
    }

    @Test func runnerSummarisesTimingOverRepeatsAndAddsThroughput() throws {
        let runner = BenchRunner(replayer: Fixtures.FakeReplayer(), repeats: 5)
        let entry = try runner.measure(path: "/x/flick.touchtrace", key: EntryKey(trace: "flick.touchtrace", scene: "scroll"))
        let cpu = try #require(entry.metrics["cpu_per_frame_us"])
        #expect(cpu.kind == .timing && cpu.repeats?.count == 5 && cpu.count == 5)
        // Each repeat gives its median frame (the fake's p50 is 30 µs, its mean 30 + a hash),
        // and its p99 to the absolute CPU budget's metric.
        #expect(cpu.repeats == [30, 30, 30, 30, 30])
        #expect(entry.metrics[MetricName.cpuPerFrameP99]?.repeats == [45, 45, 45, 45, 45])
        let throughput = try #require(entry.metrics[MetricName.replayThroughput])
        #expect(throughput.repeats?.count == 5 && (throughput.p50 ?? 0) > 0)
        #expect(entry.metrics["event_latency_ms"]?.kind == .deterministic)
        #expect(entry.metrics[MetricName.pageRunWall] == nil)
    }

    @Test("a run timed on the wall clock (a page) reports its duration as page_run_wall_ms, not as throughput")
    func wallClockRunsReportTheirDuration() throws {
        let runner = BenchRunner(replayer: Fixtures.FakeReplayer(clock: .wall), repeats: 4)
        let path = "/x/flick.touchtrace", scene = "page:scroller.html"
        let entry = try runner.measure(path: path, key: EntryKey(trace: "flick.touchtrace", scene: scene))
        #expect(entry.metrics[MetricName.replayThroughput] == nil)
        let wall = try #require(entry.metrics[MetricName.pageRunWall])
        // The fake took 2 ms + (hash mod 5) × 0.1 ms every time.
        let milliseconds = 2 + Double(BenchShard.fnv1a(path + scene) % 5) / 10
        #expect(wall.kind == .timing && wall.repeats?.count == 4)
        #expect(wall.repeats?.allSatisfy { abs($0 - milliseconds) < 1e-9 } == true)
        #expect(MetricName.pageRunWall.unit == "ms" && MetricName.pageRunWall.direction == .lower && MetricName.pageRunWall.isAlwaysTiming)
    }
}

extension ResultModelTests {
    /// A run's `--set` parameters are among the settings its entry compares under: a shard run
    /// with them, merged beside shards run without, keeps them on its entries only (the merged
    /// environment is the first shard's), and compare warns for that entry and leaves its
    /// timing alone. Before, it was compared in full with no word of the parameters.
    @Test func anEntrysParametersAreAmongItsSettings() throws {
        func record(_ parameters: String) throws -> RunRecord {
            try RunRecord.decode(#"{"schema": "touchbench.run/1", "trace": "t", "scene": "scroll", "mode": "virtual", "rate": "max", "refreshHz": 120, "presentationDelayFrames": 2, "frames": 1, "samples": 1, "metrics": {}"# + parameters + "}")
        }
        let plain = try record(""), tuned = try record(#", "parameters": {"scroll.deceleration_rate": "0.99", "pan.hysteresis": "5"}"#)
        #expect(plain.settings == "mode=virtual rate=max refreshHz=120 presentationDelay=2")
        #expect(tuned.settings == plain.settings + " pan.hysteresis=5 scroll.deceleration_rate=0.99")
        let environment = BenchEnvironment(json: .object([]))
        let comparison = BenchComparison(current: BenchResult(entries: [tuned], environment: environment),
                                         baseline: BenchResult(entries: [plain], environment: environment))
        #expect(comparison.warnings.contains { $0.contains("ran with other settings") && $0.contains("pan.hysteresis=5") })
    }
}

extension ResultModelTests {
    /// A run's vsync phase (`--vsync-phase`) moves every frame: it is written in its record and
    /// among the settings it compares under. Before, two runs that differed only in phase
    /// showed 7 deterministic regressions with no word of why.
    @Test func aRunsVsyncPhaseIsAmongItsSettings() throws {
        let text = #"{"schema": "touchbench.run/1", "trace": "t", "scene": "scroll", "mode": "virtual", "rate": "max", "refreshHz": 120, "presentationDelayFrames": 2, "vsyncPhaseNs": 4000000, "frames": 1, "samples": 1, "metrics": {}}"#
        let record = try RunRecord.decode(text)
        #expect(record.vsyncPhaseNs == 4_000_000)
        #expect(record.settings == "mode=virtual rate=max refreshHz=120 presentationDelay=2 vsyncPhase=4000000ns")
        #expect(try RunRecord.decode(record.jsonText).vsyncPhaseNs == 4_000_000)
        #expect(throws: ResultDecodingError.self) { try RunRecord.decode(text.replacingOccurrences(of: "4000000", with: "\"4\"")) }
    }
}
