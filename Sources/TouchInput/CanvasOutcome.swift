/// What one gesture on the `canvas` reference scene did, as its ``Destination``: who drew ink
/// and what the other hand changed. A gesture lasts from a contact landing with nothing else
/// down to the next such landing, so the pencil-with-touch families state one outcome each:
/// `ink+pan` (the pencil drew while a finger panned), `ink+zoom`, `ink+scrub7` (the pencil drew
/// while a finger set the scrubber to step 7 of ``ScrubberLayout``).
///
/// It lives with the sample vocabulary because intent markers name it (`intent:ink+pan`).
public struct CanvasOutcome: Sendable, Hashable, CustomStringConvertible {
    /// Who drew ink during the gesture.
    public enum Ink: Sendable, Hashable {
        /// Nothing drew.
        case none
        /// The pencil drew and no finger did: the roles the seeds describe.
        case pencil
        /// A finger drew (whether or not the pencil did too): the finger never should.
        case finger
    }

    /// What the gesture changed besides ink: the scrubber wins over a zoom, a zoom over a pan.
    public enum Change: Sendable, Hashable {
        case still, pan, zoom
        /// A contact held the scrubber; it shows `step`.
        case scrub(Int)
    }

    public var ink: Ink
    public var change: Change

    public init(ink: Ink, change: Change) {
        self.ink = ink
        self.change = change
    }

    /// `ink+pan`, `fingerInk+zoom`, `noInk+scrub3`, …
    public var description: String {
        let inkName = switch ink {
        case .none: "noInk"
        case .pencil: "ink"
        case .finger: "fingerInk"
        }
        let changeName = switch change {
        case .still: "still"
        case .pan: "pan"
        case .zoom: "zoom"
        case .scrub(let step): "scrub\(step)"
        }
        return inkName + "+" + changeName
    }

    /// The outcome ``description`` spells, or `nil` for any other text.
    public init?(name: String) {
        let parts = name.split(separator: "+", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "noInk": ink = .none
        case "ink": ink = .pencil
        case "fingerInk": ink = .finger
        default: return nil
        }
        switch parts[1] {
        case "still": change = .still
        case "pan": change = .pan
        case "zoom": change = .zoom
        default:
            let text = parts[1]
            guard text.hasPrefix("scrub"), let step = Int(text.dropFirst(5)), step >= 0, "scrub\(step)" == text else { return nil }
            change = .scrub(step)
        }
    }
}
