extension TraceMetadata {
    /// The largest screen side accepted, in points: larger values are not a screen, and
    /// geometry computed from them (areas, magnetism radii) would overflow.
    public static let maximumScreenSide = 1_000_000.0
    /// The largest screen scale accepted (pixels per point).
    public static let maximumScreenScale = 64.0
    /// The largest digitizer or display rate accepted, in hertz.
    public static let maximumRate = 1_000_000.0

    /// Why the metadata cannot describe a real capture (docs/FORMAT.md, "Limits"), or `nil`
    /// when every number is in range. Readers and importers call it so a hostile header
    /// cannot send an infinite or enormous size into replay or export.
    public var problem: String? {
        if let screen {
            for (name, value) in [("width", screen.width), ("height", screen.height)]
            where !(value.isFinite && value > 0 && value <= Self.maximumScreenSide) {
                return "declares a screen \(name) of \(value) points (0 < \(name) ≤ 1000000 allowed)"
            }
            guard screen.scale.isFinite, screen.scale > 0, screen.scale <= Self.maximumScreenScale else {
                return "declares a screen scale of \(screen.scale) (0 < scale ≤ 64 allowed)"
            }
        }
        for (name, value) in [("digitizerHz", digitizerHz), ("displayHz", displayHz)] {
            if let value, !(value.isFinite && value > 0 && value <= Self.maximumRate) {
                return "declares a \(name) of \(value) (0 < rate ≤ 1000000 allowed)"
            }
        }
        if let forceMaximum, !(forceMaximum.isFinite && forceMaximum > 0) {
            return "declares a forceMaximum of \(forceMaximum) (a finite positive number is needed)"
        }
        if let epochNanoseconds, !SampleTime.isValid(epochNanoseconds) {
            return "declares an epochNanoseconds of \(epochNanoseconds), outside ±(2^62 − 1) ns"
        }
        if !quanta.isValid { return "declares a quantum outside its range (lengths 1e-12…100 points, force and angles 1e-12…1)" }
        return textProblem
    }

    /// Why a text of the metadata breaks ``TraceText``'s rule, or `nil`.
    private var textProblem: String? {
        for (name, text) in [("device name", device), ("source", source)] {
            if let text, let reason = TraceText.problem(text) { return "declares a \(name) that \(reason)" }
        }
        for (key, value) in extra.sorted(by: { $0.key < $1.key }) {
            if let reason = TraceText.problem(key) { return "declares a metadata key that \(reason)" }
            if let reason = TraceText.problem(value) { return "declares a value of \"\(key)\" that \(reason)" }
        }
        return nil
    }
}
