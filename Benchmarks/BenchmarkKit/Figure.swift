import Foundation

/// One measured figure of a benchmark: what CI dashboards track and the table prints.
public struct Figure: Sendable {
    public var name: String
    public var unit: String
    public var value: Double
    public var biggerIsBetter: Bool
    /// What the number was measured against, printed beside it (e.g. "1.21× decode alone").
    public var note: String

    public init(_ name: String, unit: String, value: Double, biggerIsBetter: Bool, note: String = "") {
        self.name = name
        self.unit = unit
        self.value = value
        self.biggerIsBetter = biggerIsBetter
        self.note = note
    }

    /// The value with its unit, scaled for reading.
    public var formattedValue: String {
        switch unit {
        case "samples/s", "frames/s": return String(format: "%.2f M %@", value / 1e6, unit)
        case "MB": return String(format: "%.1f MB", value)
        case "ms": return String(format: "%.3f ms", value)
        case "µs": return String(format: "%.2f µs", value)
        case "×": return String(format: "%.2f×", value)
        case "s": return String(format: "%.3f s", value)
        default: return String(format: "%.3f %@", value, unit)
        }
    }
}
