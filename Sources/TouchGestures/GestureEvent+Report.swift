import TouchBenchSupport

/// The shape in which `touchbench gestures --json` reports an event, so a library user gets
/// the same members and a test can check them without running the command line.
extension GestureEvent {
    /// A member's value: a name, an integer or a number.
    public enum ReportValue: Sendable, Hashable {
        case text(String)
        case integer(Int64)
        case number(Double)
    }

    /// The event's members by key: `gesture`, `state`, `t` (ns), `id`, and whichever of
    /// `x`/`y`, `dx`/`dy`, `vx`/`vy`, `projectedDx`/`projectedDy`, `scale`, `scaleVelocity`,
    /// `rotation`, `rotationVelocity`, `detector`, `delayMs`, `target` apply.
    public var reportMembers: [String: ReportValue] {
        var members: [String: ReportValue] = [:]
        forEachReportMember { key, value in members[key.name] = value }
        return members
    }

    /// The keys of ``reportMembers``, in the order JSON writes them (sorted).
    enum ReportKey: Int, CaseIterable {
        case delayMs, detector, dx, dy, gesture, id, projectedDx, projectedDy, rotation, rotationVelocity
        case scale, scaleVelocity, state, t, target, vx, vy, x, y

        /// The key as JSON writes it (spelled out: a case's name read by reflection would change
        /// with a `description`).
        var name: String {
            switch self {
            case .delayMs: "delayMs"
            case .detector: "detector"
            case .dx: "dx"
            case .dy: "dy"
            case .gesture: "gesture"
            case .id: "id"
            case .projectedDx: "projectedDx"
            case .projectedDy: "projectedDy"
            case .rotation: "rotation"
            case .rotationVelocity: "rotationVelocity"
            case .scale: "scale"
            case .scaleVelocity: "scaleVelocity"
            case .state: "state"
            case .t: "t"
            case .target: "target"
            case .vx: "vx"
            case .vy: "vy"
            case .x: "x"
            case .y: "y"
            }
        }
    }

    /// Hands `body` each of ``reportMembers`` in the order of its key: the one list of what an
    /// event reports, which ``jsonText`` writes in turn without building a dictionary.
    func forEachReportMember(_ body: (ReportKey, ReportValue) -> Void) {
        if let delay { body(.delayMs, .number(Double(delay) / 1e6)) }
        if let detector { body(.detector, .text(detector.rawValue)) }
        if let translation { body(.dx, .number(translation.dx)); body(.dy, .number(translation.dy)) }
        body(.gesture, .text(gesture.name))
        body(.id, .integer(Int64(contact)))
        if let projectedTranslation {
            body(.projectedDx, .number(projectedTranslation.dx))
            body(.projectedDy, .number(projectedTranslation.dy))
        }
        if let rotation { body(.rotation, .number(rotation)) }
        if let rotationVelocity { body(.rotationVelocity, .number(rotationVelocity)) }
        if let scale { body(.scale, .number(scale)) }
        if let scaleVelocity { body(.scaleVelocity, .number(scaleVelocity)) }
        body(.state, .text(state.rawValue))
        body(.t, .integer(time))
        if let target { body(.target, .integer(Int64(target))) }
        if let velocity { body(.vx, .number(velocity.x)); body(.vy, .number(velocity.y)) }
        if let location { body(.x, .number(location.x)); body(.y, .number(location.y)) }
    }
}
