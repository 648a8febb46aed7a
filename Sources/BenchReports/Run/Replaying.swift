import RunRecord
import Foundation
import TouchInput
import TouchReplay
import TouchBenchSupport
import TouchTrace

/// The bench runner's replayer: TouchReplay's `Replayer` on the virtual clock, with the
/// trace's display rate (120 Hz when it names none) and the default presentation delay; a
/// suite's `page:` targets go to headless Chromium on the page clock (``PageTarget``).
/// The replayer's record is the bench entry, at the precision its file keeps.
public struct Replaying: TraceReplaying {
    /// The presentation delay, frames.
    public var presentationDelay: Int
    /// The parameters set for every run (`--set`, a suite's own).
    public var parameters: ParameterValues
    /// The cost model charged on the virtual clock (`--frame-cost`).
    public var frameCost: FrameCost

    public init(presentationDelay: Int = 2, parameters: ParameterValues = ParameterValues(), frameCost: FrameCost = FrameCost()) {
        self.frameCost = frameCost
        self.presentationDelay = presentationDelay
        self.parameters = parameters
    }

    /// The settings a bench records in its environment (they decide the numbers).
    public var settings: [String: String] {
        var settings = ["clock": "virtual", "presentationDelayFrames": String(presentationDelay), "refresh": "trace's displayHz, else 120"]
        // Only when set, so that a default run's environment is as it always was.
        if !parameters.isEmpty {
            settings["parameters"] = RunRecord.setting(of: parameters.assignments)
        }
        // The profile as a condition (no busy work, a recording by its content).
        if !frameCost.setting.isEmpty { settings["frameCost"] = frameCost.setting }
        return settings
    }

    /// The charted run records its series in the same replay: the chart shows the frames the
    /// metrics come from.
    /// A `page:` scene goes to the page in headless Chromium (``PageTarget``).
    public func replay(path: String, scene: String, withSeries: Bool) throws -> ReplayOutcome {
        if let page = PageTarget(scene: scene) { return try replay(path: path, page: page) }
        let reader = try TraceReader(path: path)
        var settings = ReplaySettings.forTrace(reader.metadata)
        settings.display.presentationDelay = presentationDelay
        settings.recordsSeries = withSeries
        settings.parameters = parameters
        settings.frameCost = frameCost
        // CPU time of this thread, not wall time: the replay on the virtual clock never waits,
        // so the two agree on an idle machine, and on a loaded one only the CPU time is the
        // replay's own cost (wall time swung 5× between back-to-back runs on a busy 2-core box).
        let start = ThreadCPUTime.now()
        let result = try Replayer.replay(reader: reader, sceneNamed: scene, settings: settings, traceName: path)
        let elapsed = ThreadCPUTime.now() - start
        let entry = result.atWrittenPrecision
        return ReplayOutcome(entry: entry, elapsedSeconds: Double(elapsed) / 1e9)
    }
}
