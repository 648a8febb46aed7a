import TouchReplay

/// `touchbench scenes`: the reference scenes and every parameter that acts in each.
enum ScenesCommand {
    static let json = Flag("json", "Print [{name, summary, parameters: [{name, summary, unit, default, range, step, source, sensitivity, choices?}]}].")

    static let command = Command(
        name: "scenes",
        summary: "List the scenes with their parameters: name, default, unit, valid range and where the default comes from.",
        usage: "[--json]",
        discussion: """
            Every parameter can be set for a run with --set NAME=VALUE on replay, bench, demo
            and sweep, or in a suite manifest's "parameters" object. 'step' is the change the
            sensitivity test makes, and 'sensitivity' the trace, scene and deterministic metric
            that move with it on the bundled corpus (the evidence that a gate notices it).
            """,
        options: [json],
        positionals: 0...0
    ) { arguments in
        if arguments[json] {
            print(ParameterCatalog.scenesJSONText, terminator: "")
            return ExitCode.success
        }
        for scene in SceneKind.allCases {
            print("\(scene.name): \(scene.summary)")
            var table = TextTable(columns: ["parameter", "default", "unit", "valid", "step", "moves", "source"])
            for parameter in ParameterCatalog.parameters(of: scene) {
                let valid = parameter.choices.isEmpty
                    ? "\(parameter.text(of: parameter.range.lowerBound))…\(parameter.text(of: parameter.range.upperBound))"
                    : parameter.choices.joined(separator: "|")
                let step = parameter.choices.isEmpty ? String(parameter.step) : "→ \(parameter.text(of: parameter.defaultValue + parameter.step))"
                table.add([parameter.name, parameter.text(of: parameter.defaultValue), parameter.unit, valid, step,
                           parameter.sensitivity.metric, parameter.source])
            }
            print(table.rendered.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            print("")
        }
        print("Set with --set NAME=VALUE (replay, bench, demo, sweep) or a suite's \"parameters\"; --json for every field.")
        return ExitCode.success
    }
}
