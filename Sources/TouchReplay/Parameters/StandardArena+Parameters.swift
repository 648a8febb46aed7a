import TouchGestures

extension StandardArena.Tuning {
    /// The catalogue's parameters the standard arena reads (`touchbench gestures --set`): the
    /// recognizers' own, not a scene's or the display's.
    public static let parameters: [Parameter] = {
        typealias C = ParameterCatalog
        return [C.panHysteresis, C.pinchHysteresis, C.pauseDeceleration, C.pauseSpeedFraction, C.timerDuration, C.timerSpeed]
    }()

    /// The arena's tuning from `values`: what was set, else the catalogue's defaults, which
    /// are the recognizers' own.
    public init(_ values: ParameterValues) {
        typealias C = ParameterCatalog
        self.init(panHysteresis: values[C.panHysteresis], pinchHysteresis: values[C.pinchHysteresis],
                  pauseMinimumDeceleration: values[C.pauseDeceleration], pauseSpeedFraction: values[C.pauseSpeedFraction],
                  timerDuration: Int64((values[C.timerDuration] * 1e6).rounded()), timerSpeedThreshold: values[C.timerSpeed])
    }
}
