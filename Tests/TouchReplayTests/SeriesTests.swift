import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// The per-frame series of the HTML chart comes from the frames the engine rendered, so it
/// agrees with the run's metrics even when frames are late.
@Suite struct SeriesTests {
    static let display = DisplayModel(refresh: .fixed(120), presentationDelay: 2)

    func run(cost: Int64, series: Bool) throws -> RunRecord {
        let trace = try synthesize(.drag, seed: 1, rate: 240)
        let scene = SlowScene(base: ScrollScene(context: SceneContext(metadata: trace.metadata, refreshHz: 120)), cost: cost)
        return try Replayer.replay(samples: trace.samples, scene: scene,
                                   settings: ReplaySettings(display: Self.display, recordsSeries: series))
    }

    @Test("off by default; on, one point per frame and the metrics unchanged")
    func onePointPerFrame() throws {
        let plain = try run(cost: 0, series: false), charted = try run(cost: 0, series: true)
        #expect(plain.series == nil)
        let series = try #require(charted.series)
        #expect(series.count == charted.frames && series.finger.count == series.count && series.latencyMs.count == series.count)
        #expect(charted.metrics.filter { $0.value.kind == .deterministic } == plain.metrics.filter { $0.value.kind == .deterministic })
        #expect(charted.frames == plain.frames && charted.events == plain.events)
    }

    @Test("late frames are charted when they were shown: the chart's latencies are the frame-latency metric's",
          arguments: [Int64(0), 12_500_000, 20_000_000])
    func latenciesAreTheMetric(cost: Int64) throws {
        let result = try run(cost: cost, series: true)
        let latencies = try #require(result.series).latencyMs.compactMap { $0 }
        let metric = result[.frameLatency]
        #expect(latencies.count == metric.count)
        #expect(abs((latencies.max() ?? .nan) - (metric.max ?? .nan)) < 1e-9)
        #expect(abs((latencies.min() ?? .nan) - (metric.min ?? .nan)) < 1e-9)
        #expect(abs(latencies.reduce(0, +) / Double(latencies.count) - (metric.mean ?? .nan)) < 1e-9)
        // Each missed vsync (1 at 12.5 ms of work, 2 at 20 ms) adds a refresh interval to
        // what a vsync + 2-frame assumption would have charted.
        let missed = cost == 0 ? 0.0 : cost < 16_000_000 ? 1 : 2
        #expect(abs((latencies.min() ?? .nan) - (missed + 2) * 1000 / 120) < 1000 / 120)
    }

    @Test("times are the presentations, in ms from the first sample, increasing")
    func timesIncrease() throws {
        let series = try #require(try run(cost: 20_000_000, series: true).series)
        #expect(zip(series.timeMs, series.timeMs.dropFirst()).allSatisfy { $0 < $1 })
        #expect((series.timeMs.first ?? 0) > 0)
        #expect(series.label == "element position y (pt)" || series.label == "element position x (pt)")
    }

    /// Issue 17 (hostile report 16 M1): `bench` kept the chart's series for every frame of
    /// the charted run, so its memory grew with the trace (36 → 57 → 70 MB at 10, 30 and
    /// 45 minutes) and its result by 7 MB. A series keeps the first ``RunSeries/maximumFrames``
    /// and counts the rest; the metrics still see every frame.
    @Test("a series keeps at most its maximum of frames and counts the frames left out")
    func boundedByItsMaximum() throws {
        let session = MixedSession(seed: 7, duration: 330)
        let samples = Array(session)
        let settings = ReplaySettings(display: Self.display, recordsSeries: true)
        let long = try Replayer.replay(samples: samples, metadata: session.metadata, sceneNamed: "scroll", settings: settings)
        let series = try #require(long.series)
        #expect(long.frames > RunSeries.maximumFrames)
        #expect(series.count == RunSeries.maximumFrames)
        #expect(series.framesLeftOut == long.frames - RunSeries.maximumFrames)
        #expect(series.finger.count == series.count && series.latencyMs.count == series.count)
        let plain = try Replayer.replay(samples: samples, metadata: session.metadata, sceneNamed: "scroll",
                                        settings: ReplaySettings(display: Self.display))
        #expect(long.metrics.filter { $0.value.kind == .deterministic } == plain.metrics.filter { $0.value.kind == .deterministic })
        // A shorter run keeps every frame and says nothing of frames left out.
        let short = try run(cost: 0, series: true)
        #expect(short.series?.framesLeftOut == 0)
        #expect(try #require(short.series).count == short.frames)
    }
}
