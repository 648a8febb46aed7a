import BenchReports
import Foundation
import TouchReplay
import TouchTrace

/// `touchbench sensitivity`: every parameter moved by its stated step, and what moves.
enum SensitivityCommand {
    static let parameter = Option("parameter", "NAME", "Step only this parameter (repeatable; default: every one acting in the scenes).",
                                  repeats: true) { (name) throws(UsageError) in
        do throws(ParameterError) { return try ParameterCatalog.named(name) } catch { throw UsageError(message: error.description) }
    }
    static let json = Option("json", "OUT", "Write the touchbench.sensitivity/1 result (- for standard output).")

    static let command = Command(
        name: "sensitivity",
        summary: "Move each parameter by its stated step and show which deterministic metrics move and by how much.",
        usage: "[TRACE|DIR|MANIFEST] [--scene SCENE] [--parameter NAME …] [--frame-cost PROFILE] [--json OUT]",
        discussion: """
            Replays each trace × scene on the virtual clock as it is, then once per parameter
            acting in its scene (touchbench scenes) moved by the step the catalogue states, and
            compares the two as compare does. Lists every deterministic metric and count that
            moved with old → new and whether compare would call it a regression (caught) —
            the evidence that a gate on this corpus notices a change of that parameter —
            and names the parameters that moved nothing. Default: the bundled suite. A single
            TRACE runs through --scene, else every scene. Exit 0 (it reports; it does not gate).
            """,
        options: [SweepCommand.scene, parameter, ParameterOptions.frameCost, json],
        positionals: 0...1
    ) { arguments in
        let chosen = try arguments.values(parameter)
        var analysis = Sensitivity(parameters: chosen.isEmpty ? ParameterCatalog.all : chosen)
        let target = arguments.positionals.first
        let scene = try arguments.value(SweepCommand.scene)
        let frameCost = try ParameterOptions.frameCost(arguments)
        let plan: [(path: String, trace: String, scene: String)]
        var base = ParameterValues()
        var inputs = [frameCost.recordedFile].compactMap { $0 }
        if let target, FileManager.default.fileExists(atPath: target), !target.hasSuffix(".json"), !isFolder(target) {
            let scenes = scene.map { [$0] } ?? SceneKind.allCases
            plan = scenes.map { (target, URL(fileURLWithPath: target).lastPathComponent, $0.name) }
            inputs.append(target)
        } else {
            let (suite, manifest) = try SuiteDiscovery.resolve(target)
            plan = try SuiteDiscovery.runs(of: suite, manifest: manifest, scene: scene?.name)
            if let scene, plan.isEmpty { throw UsageError(message: "--scene \(scene.name) is run by no trace of \(manifest)") }
            base = try ParameterOptions.suiteValues(suite.parameters ?? [:], source: manifest,
                                                    scenes: suite.sceneNames)
            inputs += SuiteDiscovery.inputFiles(of: suite, manifest: manifest)
        }
        try OutputSafety.refuse(output: arguments.text(json), sameAs: inputs)
        // A parameter named twice, or one no scene of the plan reads, would step nothing.
        var named = Set<String>()
        if let twice = chosen.first(where: { !named.insert($0.name).inserted }) {
            throw UsageError(message: "--parameter \(twice.name) is given twice; give it once")
        }
        let planned = Set(plan.compactMap { SceneKind(name: $0.scene) }.flatMap { ParameterCatalog.owners(of: $0) })
        if let idle = chosen.first(where: { !planned.contains($0.owner) }) {
            throw UsageError(message: "--parameter \(idle.name) is read by no scene of this run; 'touchbench scenes' lists each scene's parameters")
        }
        let bar = ProgressBar()
        let findings = try analysis.run(plan: plan, base: base, frameCost: frameCost) { done, total in
            bar.show(done: done, total: total, what: "stepping parameters")
        }
        Console.endProgress()
        if let output = try arguments.value(json) {
            let file = try TextOutput(path: output)
            try file.write(analysis.jsonText)
            try file.close()
            if output == "-" { return ExitCode.success }
        }
        var table = TextTable(columns: ["parameter", "step to", "trace", "scene", "metric", "default", "stepped", "change", "verdict"])
        for finding in findings {
            if finding.moved.isEmpty {
                table.add([finding.parameter.name, finding.value, finding.trace, finding.scene, "(nothing moved)", "", "", "", ""])
            }
            for row in finding.moved {
                table.add([finding.parameter.name, finding.value, finding.trace, finding.scene, "\(row.metric) \(row.statistic.rawValue)",
                           row.baseline.map { String(format: "%.3f", $0) } ?? "—", row.current.map { String(format: "%.3f", $0) } ?? "—",
                           row.relativeChange.map { String(format: "%+.1f %%", $0 * 100) } ?? "—",
                           row.status == .regression ? "caught" : row.status.rawValue])
            }
        }
        print(table.rendered)
        let stepped = Set(findings.map(\.parameter.name))
        let caught = Set(findings.filter(\.isCaught).map(\.parameter.name))
        print("\n\(caught.count) of \(stepped.count) parameters stepped are caught by compare on this corpus")
        let unseen = analysis.unseen.map(\.name)
        if !unseen.isEmpty { print("moved nothing: \(unseen.joined(separator: ", ")) — a gate here would not notice a change of \(unseen.count == 1 ? "it" : "them")") }
        let missed = stepped.subtracting(caught).subtracting(unseen).sorted()
        if !missed.isEmpty { print("moved only within tolerance or for the better: \(missed.joined(separator: ", "))") }
        return ExitCode.success
    }

    private static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }
}
