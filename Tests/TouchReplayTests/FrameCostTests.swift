import Foundation
import Testing
import TestSupport
import TouchReplay
import TouchTrace

/// The cost model on the virtual clock: frame work over budget makes hitches and dropped
/// frames exactly as the display model's closed form says, and the same run twice is the
/// same bytes.
@Suite("Frame cost model")
struct FrameCostTests {
    /// The drag trace (120 Hz display) through the scroll scene under `cost`.
    static func run(_ profile: String) throws -> RunRecord {
        let path = Golden.packageRoot.appendingPathComponent("Traces/drag.touchtrace").path
        let reader = try TraceReader(path: path)
        let settings = ReplaySettings(mode: .virtual, display: DisplayModel(refresh: .fixed(120)),
                                      frameCost: profile.isEmpty ? FrameCost() : try FrameCost(profile: profile))
        return try Replayer.replay(reader: reader, sceneNamed: "scroll", settings: settings, traceName: "drag.touchtrace")
    }

    static func ratio(_ record: RunRecord) -> Double { record[.hitchTimeRatio].mean ?? .nan }
    static func dropped(_ record: RunRecord) -> Int { Int(record[.droppedFrames].mean ?? -1) }

    @Test("no cost: no hitch, and the record is the default one")
    func none() throws {
        let record = try Self.run("")
        #expect(Self.dropped(record) == 0 && Self.ratio(record) == 0)
        #expect(record.frameCost == nil)
        #expect(!record.jsonText.contains("frameCost"))
    }

    @Test("10 ms a frame at 120 Hz: every frame shown one vsync late, 500 ms of hitch per second")
    func constantOverBudget() throws {
        let record = try Self.run("constant:10ms")
        // k = ⌈(10 − 8.333) / 8.333⌉ = 1 vsync late per frame; each frame then spans 2 vsyncs:
        // hitch / display time = k / (k + 1).
        #expect(record.frames > 50)
        #expect(Self.dropped(record) == record.frames)
        #expect(abs(Self.ratio(record) - 500) < 1e-3)
        #expect(record.frameCost == "constant:10ms")
    }

    @Test("30 ms spikes every 10th frame: 3 vsyncs late per spike, ratio 1000·3s / (frames + 3s)")
    func spikes() throws {
        let record = try Self.run("spikes:30ms/10")
        let spikes = record.frames / 10
        // k = ⌈(30 − 8.333) / 8.333⌉ = 3; a spike frame spans k + 1 vsyncs, the others 1.
        #expect(Self.dropped(record) == 3 * spikes)
        let closedForm = 1000 * Double(3 * spikes) / Double(record.frames + 3 * spikes)
        #expect(abs(Self.ratio(record) - closedForm) < 1e-3)
    }

    @Test("a slow first frame of 20 ms drops exactly 2 frames")
    func slowFirstFrame() throws {
        let record = try Self.run("first:20ms")
        #expect(Self.dropped(record) == 2)
    }

    @Test("under budget costs nothing but time: 5 ms a frame drops none")
    func underBudget() throws {
        let record = try Self.run("constant:5ms")
        #expect(Self.dropped(record) == 0 && Self.ratio(record) == 0)
    }

    @Test("load moves the response and presented-lag metrics")
    func metricsRespond() throws {
        let base = try Self.run(""), loaded = try Self.run("constant:10ms")
        #expect((loaded[.presentedLag].p50 ?? 0) > (base[.presentedLag].p50 ?? 0) + 8)
        #expect((loaded[.response].p50 ?? 0) > (base[.response].p50 ?? 0))
    }

    @Test("the same costed run twice is byte-identical (timing metrics aside)")
    func deterministic() throws {
        let first = try Self.run("constant:1ms+spikes:30ms/10+first:20ms+per-sample:100us")
        let second = try Self.run("constant:1ms+spikes:30ms/10+first:20ms+per-sample:100us")
        #expect(first.withoutTiming.jsonText == second.withoutTiming.jsonText)
        #expect(first.frameCost == "constant:1ms+spikes:30ms/10+first:20ms+per-sample:100us")
    }

    @Test("busy work is spent for real and measured, never charged: deterministic metrics stay, CPU per frame moves")
    func busy() throws {
        let base = try Self.run(""), busy = try Self.run("busy:2ms")
        // Not charged on the virtual clock, so not in the record's profile.
        #expect(busy.frameCost == nil && base.frameCost == nil)
        #expect(busy.withoutTiming.metrics == base.withoutTiming.metrics)
        #expect(busy.frames == base.frames)
        // Each timed frame spends 2 ms of the thread's CPU time, so at least 2 ms elapse.
        #expect((busy[.cpuPerFrame].min ?? 0) >= 2000)
        // Not a condition of the measurement: the two records' settings agree.
        #expect(busy.settings == base.settings)
        #expect(try Self.run("constant:1ms+busy:1ms").settings == (try Self.run("constant:1ms")).settings)
        #expect(try FrameCost(profile: "busy:500us").setting == "")
        #expect(try FrameCost(profile: "constant:1ms+busy:500us").setting == "constant:1ms")
        #expect(try FrameCost(profile: "constant:1ms+busy:500us").description == "constant:1ms+busy:500us")
        #expect(throws: FrameCostError(term: "busy:2s", reason: "needs a duration of at most 1s (it is spent for real in every frame)")) {
            try FrameCost(profile: "busy:2s")
        }
    }

    @Test("bad profiles name the term and what is valid")
    func errors() {
        #expect(throws: FrameCostError(term: "constant:10", reason: "needs a duration from 0 to 60s with a unit (ns, us, ms, s), not '10'")) {
            try FrameCost(profile: "constant:10")
        }
        #expect(throws: FrameCostError(term: "spikes:3ms/0", reason: "is not spikes:DURATION/N with N a whole number of frames from 1 to 1000000")) {
            try FrameCost(profile: "spikes:3ms/0")
        }
        #expect(throws: FrameCostError.self) { try FrameCost(profile: "constant:2h") }
        #expect(throws: FrameCostError.self) { try FrameCost(profile: "measured:-1") }
        #expect(throws: FrameCostError.self) { try FrameCost(profile: "") }
        #expect(throws: FrameCostError.self) { try FrameCost(profile: "constant:61s") }
    }
}
