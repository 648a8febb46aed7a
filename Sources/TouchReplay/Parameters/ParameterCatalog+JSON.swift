import TouchBenchSupport

extension Parameter {
    /// The parameter as `touchbench scenes --json` lists it.
    var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string(name)), ("summary", .string(summary)), ("unit", .string(unit)),
            ("default", choices.isEmpty ? .number(defaultValue) : .string(text(of: defaultValue))),
            ("range", .array([.number(range.lowerBound), .number(range.upperBound)])),
            ("step", .number(step)), ("source", .string(source)),
            ("sensitivity", .object([("trace", .string(sensitivity.trace)), ("scene", .string(sensitivity.scene)),
                                     ("metric", .string(sensitivity.metric))])),
        ]
        if !choices.isEmpty { members.append(("choices", .array(choices.map { .string($0) }))) }
        return .object(members)
    }
}

extension ParameterCatalog {
    /// `touchbench scenes --json`: every scene with its summary and the parameters acting in
    /// it, `[{name, summary, parameters: [{name, summary, unit, default, range, step, source,
    /// sensitivity, choices?}]}]`.
    public static var scenesJSONText: String {
        let scenes: [JSONValue] = SceneKind.allCases.map { scene in
            .object([("name", .string(scene.name)), ("summary", .string(scene.summary)),
                     ("parameters", .array(parameters(of: scene).map(\.json)))])
        }
        return JSONWriter.document(.array(scenes))
    }
}
