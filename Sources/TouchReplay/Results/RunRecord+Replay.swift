// The replayer produces the run record directly, so `import TouchReplay` offers its types.
@_exported import RunRecord
import TouchBenchSupport

extension RunRecord {
    /// The record of a replay under `settings`.
    init(trace: String, scene: String, settings: ReplaySettings, frames: Int, samples: Int,
         metrics: [MetricName: MetricSummary], events: [RunEvent]) {
        let rate: String
        switch settings.mode {
        case .virtual: rate = "max"
        case .wallClock(let factor): rate = JSONWriter.format(factor)
        }
        self.init(trace: trace, scene: scene, mode: settings.mode.name, rate: rate,
                  refreshHz: settings.display.refresh.maximumHz,
                  presentationDelayFrames: settings.display.presentationDelay, frames: frames, samples: samples,
                  metrics: metrics, events: events)
        parameters = settings.parameters.assignments
        if settings.display.vsyncPhase != 0 { vsyncPhaseNs = settings.display.vsyncPhase }
        let setting = settings.frameCost.setting
        if case .virtual = settings.mode, !setting.isEmpty { frameCost = setting }
    }

    /// The clock the run used, `nil` for a record from a file that names no known clock.
    public var replayMode: ReplayMode? {
        switch mode {
        case "virtual": .virtual
        case "wall": Double(rate).flatMap { $0 > 0 ? ReplayMode.wallClock(rate: $0) : nil }
        default: nil
        }
    }

    // MARK: The headline figures of a run (what `touchbench demo` tabulates); 0 when unmeasured

    /// Median and 99th-percentile event latency, ms.
    public var latencyP50Ms: Double { self[.eventLatency].p50 ?? 0 }
    public var latencyP99Ms: Double { self[.eventLatency].p99 ?? 0 }
    /// Latency jitter (standard deviation of frame latency), ms.
    public var jitterMs: Double { self[.latencyJitter].mean ?? 0 }
    /// Median and worst redirection response, ms; `nil` when the run had no answered
    /// redirection.
    public var reversalP50Ms: Double? { self[.reversalResponse].isEmpty ? nil : self[.reversalResponse].p50 }
    public var reversalMaxMs: Double? { self[.reversalResponse].isEmpty ? nil : self[.reversalResponse].max }
    /// Hitch time ratio, ms per s.
    public var hitchRatio: Double { self[.hitchTimeRatio].mean ?? 0 }
}
