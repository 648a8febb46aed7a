/// The ranges of the sample model (docs/FORMATS.md, "Ranges"), which every importer checks so
/// that a hostile or broken capture (a negative force, an altitude beyond π/2, a radius of
/// 1e12) is refused where it is read, with its file and line, rather than reaching a
/// recognizer, a device plan or another program's reader.
extension InputSample {
    /// The largest magnitude of a position or scroll delta, in points.
    public static let coordinateLimit = 1e9
    /// The largest contact radius or radius tolerance, in points: the largest screen side.
    public static let radiusLimit = TraceMetadata.maximumScreenSide

    /// Why a value of this sample lies outside the model's ranges (a fragment such as
    /// `has a force of -3, outside 0…1`), or `nil` when every value is in range. Every value
    /// must be finite: positions and scroll deltas within ±``coordinateLimit``; force within
    /// 0…1; radius and tolerance within 0…``radiusLimit``; altitude within 0…π/2; azimuth and
    /// roll within −2π…2π (either convention, 0..<2π or −π…π). An upper bound admits one
    /// quantum of `quanta` more, where rounding a value to the trace's grid may land it. A
    /// marker label must follow ``TraceText``.
    public func problem(quanta: FieldQuanta = .standard) -> String? {
        let fields = storedFields
        if fields.contains(.location) {
            if let reason = Self.outside("an x", storedX, -Self.coordinateLimit, Self.coordinateLimit, "points") { return reason }
            if let reason = Self.outside("a y", storedY, -Self.coordinateLimit, Self.coordinateLimit, "points") { return reason }
        }
        if fields.contains(.scrollDelta) {
            if let reason = Self.outside("a dx", storedDX, -Self.coordinateLimit, Self.coordinateLimit, "points") { return reason }
            if let reason = Self.outside("a dy", storedDY, -Self.coordinateLimit, Self.coordinateLimit, "points") { return reason }
        }
        if fields.contains(.force), let reason = Self.outside("a force", storedForce, 0, 1, nil, slack: quanta.force) { return reason }
        if fields.contains(.majorRadius),
           let reason = Self.outside("a majorRadius", storedMajorRadius, 0, Self.radiusLimit, "points") { return reason }
        if fields.contains(.majorRadiusTolerance),
           let reason = Self.outside("a majorRadiusTolerance", storedMajorRadiusTolerance, 0, Self.radiusLimit, "points") { return reason }
        if fields.contains(.altitude),
           let reason = Self.outside("an altitude", storedAltitude, 0, .pi / 2, "radians", slack: quanta.angle) { return reason }
        if fields.contains(.azimuth),
           let reason = Self.outside("an azimuth", storedAzimuth, -2 * .pi, 2 * .pi, "radians", slack: quanta.angle) { return reason }
        if fields.contains(.roll),
           let reason = Self.outside("a roll", storedRoll, -2 * .pi, 2 * .pi, "radians", slack: quanta.angle) { return reason }
        if fields.contains(.label), let reason = TraceText.problem(storedLabel.text) {
            return "has a marker label that \(reason) (docs/FORMATS.md, \"Text\")"
        }
        return nil
    }

    @inline(__always)
    private static func outside(_ name: String, _ value: Double, _ low: Double, _ high: Double, _ unit: String?,
                                slack: Double = 0) -> String? {
        // Written so that NaN fails the test: it is outside every range. Rounding never takes
        // a value below a bound of 0, so only the other bounds get the slack.
        if value >= (low == 0 ? 0 : low - slack) && value <= high + slack { return nil }
        let bounds = low == 0 && high == .pi / 2 ? "0…π/2" : high == 2 * .pi ? "−2π…2π" : "\(Self.number(low))…\(Self.number(high))"
        return "has \(name) of \(Self.number(value))\(unit.map { " " + $0 } ?? ""), outside \(bounds)"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
