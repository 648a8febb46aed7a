import Foundation
import RunRecord

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
              let root = try? JSON(parsing: String(decoding: data, as: UTF8.self)),
              let section = root["benchmarks"]?.objectMembers
        else { return result }
        for (name, entry) in section {
            let target = Target(minimum: entry["min"]?.doubleValue, maximum: entry["max"]?.doubleValue)
            if target.minimum != nil || target.maximum != nil { result.targets[name] = target }
        }
        return result
    }
}
