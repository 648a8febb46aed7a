import Foundation

/// The targets of the benchmark figures: the `benchmarks` member of
/// `Benchmarks/thresholds.json` (the rest of that file belongs to `touchbench bench`),
/// a map from a figure's full name to `{"min": x}` or `{"max": x}`.
public struct Thresholds {
    public struct Target: CustomStringConvertible {
        public var minimum: Double?
        public var maximum: Double?

        public func isMet(by value: Double) -> Bool {
            (minimum.map { value >= $0 } ?? true) && (maximum.map { value <= $0 } ?? true)
        }

        public var description: String {
            switch (minimum, maximum) {
            case (let low?, let high?): "\(Self.short(low))…\(Self.short(high))"
            case (let low?, nil): "target ≥ \(Self.short(low))"
            case (nil, let high?): "target ≤ \(Self.short(high))"
            case (nil, nil): ""
            }
        }

        static func short(_ value: Double) -> String {
            value >= 1e6 ? String(format: "%gM", value / 1e6) : String(format: "%g", value)
        }
    }

    private var targets: [String: Target] = [:]

    public func target(for name: String) -> Target? { targets[name] }

    /// Reads the file at `path`; a missing or unreadable file means no targets (the
    /// benchmark still measures, it just cannot judge).
    public static func load(_ path: String) -> Thresholds {
        var result = Thresholds()
        guard let data = FileManager.default.contents(atPath: path),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let section = root["benchmarks"] as? [String: Any]
        else { return result }
        for (name, value) in section {
            guard let entry = value as? [String: Any] else { continue }
            let target = Target(minimum: (entry["min"] as? NSNumber)?.doubleValue,
                                maximum: (entry["max"] as? NSNumber)?.doubleValue)
            if target.minimum != nil || target.maximum != nil { result.targets[name] = target }
        }
        return result
    }
}
