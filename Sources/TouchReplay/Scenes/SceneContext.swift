import TouchInput

/// What a reference scene is built for: the screen and the display.
public struct SceneContext: Sendable, Hashable {
    /// The screen in points.
    public var width: Double
    public var height: Double
    /// The display's refresh rate in hertz (the fastest, for an adaptive display).
    public var refreshHz: Double
    /// The parameters set for the run (`--set`); the reference scenes read their tunables here.
    public var parameters: ParameterValues

    public init(width: Double = 390, height: Double = 844, refreshHz: Double = 120, parameters: ParameterValues = ParameterValues()) {
        self.parameters = parameters
        self.width = width > 0 && width.isFinite ? width : 390
        self.height = height > 0 && height.isFinite ? height : 844
        self.refreshHz = refreshHz
    }

    /// The context of a trace: its screen (a 390 × 844 pt phone when the metadata has none).
    public init(metadata: TraceMetadata, refreshHz: Double, parameters: ParameterValues = ParameterValues()) {
        self.init(width: metadata.screen?.width ?? 390, height: metadata.screen?.height ?? 844, refreshHz: refreshHz,
                  parameters: parameters)
    }
}
