import TouchBenchSupport

/// The index footer as JSON (docs/FORMAT.md): `{"quantizationError": {…}, "sampleCount": N}`,
/// written compactly with keys sorted, as every earlier writer did.
extension TraceFooter {
    package var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("sampleCount", .integer(Int64(sampleCount)))]
        if let error = quantizationError {
            members.append(("quantizationError", .object([
                ("position", .number(error.position)), ("radius", .number(error.radius)), ("force", .number(error.force)),
                ("angle", .number(error.angle)), ("scroll", .number(error.scroll)),
            ])))
        }
        return .object(members)
    }

    /// `nil` when the value is not a footer.
    package init?(json value: JSONValue) {
        guard let count = value["sampleCount"]?.integerValue, let sampleCount = Int(exactly: count) else { return nil }
        var error: QuantizationError?
        if let member = value["quantizationError"], member != .null {
            guard let position = member["position"]?.doubleValue, let radius = member["radius"]?.doubleValue,
                  let force = member["force"]?.doubleValue, let angle = member["angle"]?.doubleValue,
                  let scroll = member["scroll"]?.doubleValue else { return nil }
            var worst = QuantizationError()
            worst.position = position
            worst.radius = radius
            worst.force = force
            worst.angle = angle
            worst.scroll = scroll
            error = worst
        }
        self.init(sampleCount: sampleCount, quantizationError: error)
    }
}
