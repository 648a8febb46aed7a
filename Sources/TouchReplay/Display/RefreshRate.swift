import RunRecord
import TouchBenchSupport

/// How often a display refreshes.
public enum RefreshRate: Sendable, Hashable, CustomStringConvertible {
    /// A fixed rate in hertz: 60, 120, or any positive number.
    case fixed(Double)
    /// An adaptive display (ProMotion-like) that refreshes at the top of the range while the
    /// hand is on the glass or content moves fast, and at the bottom when it is nearly still.
    case adaptive(ClosedRange<Double>)

    /// The highest rate: the grid every vsync lies on.
    public var maximumHz: Double {
        switch self {
        case .fixed(let hz): hz
        case .adaptive(let range): range.upperBound
        }
    }

    /// The lowest rate.
    public var minimumHz: Double {
        switch self {
        case .fixed(let hz): hz
        case .adaptive(let range): range.lowerBound
        }
    }

    /// The rates a display may have, in hertz: the range a run record accepts, so that every
    /// rate touchbench replays at reads back from its result file.
    public static let hertzRange: ClosedRange<Double> = RunRecord.refreshHzRange

    /// Parses `120`, `60`, or an adaptive range `24-120`; `nil` when a rate lies outside
    /// ``hertzRange`` or the range runs backwards.
    public init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, let low = Double(decimalText: parts[0]), let high = Double(decimalText: parts[1]),
           Self.hertzRange.contains(low), Self.hertzRange.contains(high), low <= high {
            self = low == high ? .fixed(high) : .adaptive(low...high)
        } else if parts.count == 1, let hz = Double(decimalText: argument), Self.hertzRange.contains(hz) {
            self = .fixed(hz)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .fixed(let hz): "\(Self.format(hz)) Hz"
        case .adaptive(let range): "\(Self.format(range.lowerBound))–\(Self.format(range.upperBound)) Hz adaptive"
        }
    }

    private static func format(_ hz: Double) -> String {
        hz == hz.rounded() ? String(Int(hz)) : String(hz)
    }
}
