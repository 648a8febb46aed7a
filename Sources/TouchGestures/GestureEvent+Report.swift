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
        var members: [String: ReportValue] = [
            "gesture": .text(gesture.name), "state": .text(state.rawValue), "t": .integer(time), "id": .integer(Int64(contact)),
        ]
        if let location { members["x"] = .number(location.x); members["y"] = .number(location.y) }
        if let translation { members["dx"] = .number(translation.dx); members["dy"] = .number(translation.dy) }
        if let velocity { members["vx"] = .number(velocity.x); members["vy"] = .number(velocity.y) }
        if let projectedTranslation {
            members["projectedDx"] = .number(projectedTranslation.dx)
            members["projectedDy"] = .number(projectedTranslation.dy)
        }
        if let scale { members["scale"] = .number(scale) }
        if let scaleVelocity { members["scaleVelocity"] = .number(scaleVelocity) }
        if let rotation { members["rotation"] = .number(rotation) }
        if let rotationVelocity { members["rotationVelocity"] = .number(rotationVelocity) }
        if let detector { members["detector"] = .text(detector.rawValue) }
        if let delay { members["delayMs"] = .number(Double(delay) / 1e6) }
        if let target { members["target"] = .integer(Int64(target)) }
        return members
    }
}
