import TouchInput

/// How a replay runs: which clock, at what rate.
public enum ReplayMode: Sendable, Hashable, CustomStringConvertible {
    /// The virtual clock: as fast as possible, deterministic.
    case virtual
    /// The wall clock at `rate` (1 is real time, 4 four times faster).
    case wallClock(rate: Double)

    /// The wall clock's rates: from a thousandth of real time (a second of trace takes 17
    /// minutes) to a million times faster (an hour of trace in 4 ms, beyond which `max` is the
    /// mode to use).
    public static let wallClockRates: ClosedRange<Double> = 0.001...1_000_000

    /// Parses a `--rate` value: `max`, or a number in ``wallClockRates``.
    public init?(rate argument: String) {
        if argument == "max" { self = .virtual; return }
        guard let rate = Double(argument), Self.wallClockRates.contains(rate) else { return nil }
        self = .wallClock(rate: rate)
    }

    /// `virtual` or `wall`, as result files name it.
    public var name: String {
        switch self {
        case .virtual: "virtual"
        case .wallClock: "wall"
        }
    }

    public var description: String {
        switch self {
        case .virtual: "virtual clock (max rate)"
        case .wallClock(let rate): "wall clock at \(rate)×"
        }
    }
}

/// Everything a replay needs besides the trace and the scene.
public struct ReplaySettings: Sendable, Hashable {
    public var mode: ReplayMode
    public var display: DisplayModel
    /// How long frames keep running after the last sample while the scene still animates,
    /// in nanoseconds (a scene that never settles stops there).
    public var tail: Int64
    /// Whether the record carries the per-frame series (`RunRecord.series`, the HTML report's
    /// chart), written down from the frames the engine rendered. Off by default: it keeps a
    /// few values per frame.
    public var recordsSeries: Bool
    /// The parameters set for the run (`--set`): the scenes' tunables and the display's.
    public var parameters: ParameterValues
    /// The work each frame stands for on the virtual clock (`--frame-cost`); none by default.
    /// A wall clock measures the real work instead and ignores it.
    public var frameCost: FrameCost

    public init(mode: ReplayMode = .virtual, display: DisplayModel = DisplayModel(), tail: Int64 = 5_000_000_000,
                recordsSeries: Bool = false, parameters: ParameterValues = ParameterValues(), frameCost: FrameCost = FrameCost()) {
        self.parameters = parameters
        self.frameCost = frameCost
        self.mode = mode
        self.display = display
        self.tail = max(0, tail)
        self.recordsSeries = recordsSeries
    }
}

extension ReplaySettings {
    /// The settings with the display's parameters applied (a `display.*` set overrides the
    /// display model given; nothing set leaves it as it is).
    public var resolvingParameters: ReplaySettings {
        var settings = self
        if let delay = parameters.assigned(ParameterCatalog.presentationDelay) {
            settings.display.presentationDelay = Int(delay)
        }
        return settings
    }

    /// The settings a trace is replayed with unless the user asks otherwise: the trace's
    /// display rate (``RefreshRate/forTrace(_:)``), vsync phase 0, presentation delay 2 —
    /// the one rule `replay`, `bench` and `demo` share, so they agree about every run.
    public static func forTrace(_ metadata: TraceMetadata, mode: ReplayMode = .virtual) -> ReplaySettings {
        ReplaySettings(mode: mode, display: DisplayModel(refresh: .forTrace(metadata)))
    }
}
