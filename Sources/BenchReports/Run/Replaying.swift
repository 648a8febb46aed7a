import RunRecord
import Foundation
import TouchInput
import TouchReplay
import TouchTrace

/// The bench runner's replayer: TouchReplay's `Replayer` on the virtual clock, with the
/// trace's display rate (120 Hz when it names none) and the default presentation delay.
/// The replayer's record is the bench entry, at the precision its file keeps.
public struct Replaying: TraceReplaying {
    /// The presentation delay, frames.
    public var presentationDelay: Int

    public init(presentationDelay: Int = 2) {
        self.presentationDelay = presentationDelay
    }

    /// The settings a bench records in its environment (they decide the numbers).
    public var settings: [String: String] {
        ["clock": "virtual", "presentationDelayFrames": String(presentationDelay), "refresh": "trace's displayHz, else 120"]
    }

    public func replay(path: String, scene: String, withSeries: Bool) throws -> ReplayOutcome {
        let reader = try TraceReader(path: path)
        var settings = ReplaySettings(mode: .virtual)
        settings.display = DisplayModel(refresh: .forTrace(reader.metadata), presentationDelay: presentationDelay)
        let clock = ContinuousClock()
        let start = clock.now
        let result = try Replayer.replay(reader: reader, sceneNamed: scene, settings: settings, traceName: path)
        let elapsed = start.duration(to: clock.now)
        var entry = result.atWrittenPrecision
        if withSeries {
            entry.series = try series(reader: reader, scene: scene, settings: settings)
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return ReplayOutcome(entry: entry, elapsedSeconds: seconds)
    }

    /// A second, recorded run: the plain one stays on the replayer's specialised fast path.
    private func series(reader: TraceReader, scene: String, settings: ReplaySettings) throws -> RunSeries {
        let inner = try Replayer.makeScene(scene, metadata: reader.metadata, settings: settings)
        let period = 1e9 / settings.display.refresh.maximumHz
        let log = SeriesLog(presentationOffset: Int64((period * Double(settings.display.presentationDelay)).rounded()))
        _ = try Replayer.replay(reader: reader, scene: SeriesRecorder(inner: inner, log: log), sceneName: scene, settings: settings)
        return log.series(start: reader.startTime ?? 0)
    }
}
