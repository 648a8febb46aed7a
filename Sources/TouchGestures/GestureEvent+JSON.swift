extension GestureEvent {
    /// The event as one JSON object, keys sorted: `{"gesture", "state", "t", "id"}` and
    /// whichever of location (`x`, `y`), translation (`dx`, `dy`), velocity (`vx`, `vy`),
    /// `projectedDx`/`projectedDy`, `scale`, `scaleVelocity`, `rotation`, `rotationVelocity`,
    /// `detector`, `delayMs` and `target` the event has.
    ///
    /// `touchbench gestures --json` streams these, one per event, as the elements of an
    /// array; the text is the one Foundation's `JSONSerialization` writes with sorted keys
    /// (numbers as Swift describes them, integral ones without `.0`), without its cost.
    public var jsonText: String {
        var text = "{"
        func member(_ key: String, _ value: String) {
            if text.utf8.count > 1 { text += "," }
            text += "\"" + key + "\":" + value
        }
        // In sorted key order.
        if let delay { member("delayMs", Self.number(Double(delay) / 1e6)) }
        if let detector { member("detector", "\"" + detector.rawValue + "\"") }
        if let translation {
            member("dx", Self.number(translation.dx))
            member("dy", Self.number(translation.dy))
        }
        member("gesture", "\"" + gesture.name + "\"")
        member("id", String(contact))
        if let projectedTranslation {
            member("projectedDx", Self.number(projectedTranslation.dx))
            member("projectedDy", Self.number(projectedTranslation.dy))
        }
        if let rotation { member("rotation", Self.number(rotation)) }
        if let rotationVelocity { member("rotationVelocity", Self.number(rotationVelocity)) }
        if let scale { member("scale", Self.number(scale)) }
        if let scaleVelocity { member("scaleVelocity", Self.number(scaleVelocity)) }
        member("state", "\"" + state.rawValue + "\"")
        member("t", String(time))
        if let target { member("target", String(target)) }
        if let velocity {
            member("vx", Self.number(velocity.x))
            member("vy", Self.number(velocity.y))
        }
        if let location {
            member("x", Self.number(location.x))
            member("y", Self.number(location.y))
        }
        return text + "}"
    }

    /// Swift's shortest round-trip text, without the `.0` of an integral value; `null` for
    /// a value JSON cannot hold.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
