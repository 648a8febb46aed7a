import BenchReports
import Foundation
import TouchReplay
import TouchTrace

/// `touchbench sweep`: a trace or suite replayed over a grid of parameter values.
enum SweepCommand {
    static let set = Option("set", "NAME=a,b,…", "A parameter and the values to sweep (repeatable: the grid is every combination).",
                            repeats: true) { (text) throws(UsageError) in
        let (name, values): (String, String)
        do throws(ParameterError) { (name, values) = try ParameterValues.split(text) } catch { throw UsageError(message: error.description) }
        return Sweep.Axis(name: name, values: values.split(separator: ",", omittingEmptySubsequences: false).map(String.init))
    }
    static let scene = Option("scene", "SCENE", "The scene for a single trace (default: the first scene every swept parameter acts in).") { (name) throws(UsageError) in
        guard let kind = SceneKind(name: name) else {
            throw UsageError(message: "unknown scene '\(name)'; the scenes are \(SceneKind.names.joined(separator: ", "))")
        }
        return kind
    }
    static let json = Option("json", "OUT", "Write the touchbench.sweep/1 result (- for standard output).")
    static let html = Option("html", "OUT", "Write line charts of every metric the grid moves against the swept values.")

    static let command = Command(
        name: "sweep",
        summary: "Replay a trace or suite over a grid of parameter values and show every metric against every value.",
        usage: "TRACE|DIR|MANIFEST --set NAME=a,b,… [--set NAME=…] [--scene SCENE] [--frame-cost PROFILE] [--json OUT] [--html OUT]",
        discussion: """
            Replays on the virtual clock at every combination of the --set values (the first
            --set varies slowest; at most 10 000 combinations) and prints, per trace and scene,
            each deterministic metric the grid moves with its headline value at every point;
            metrics that stay the same are counted. Parameters: 'touchbench scenes'. Reading a
            sweep: docs/CI.md.
            """,
        options: [set, scene, ParameterOptions.frameCost, json, html],
        positionals: 1...1
    ) { arguments in
        let target = arguments.positionals[0]
        let axes = try arguments.values(set)
        guard !axes.isEmpty else { throw UsageError(message: "sweep needs at least one --set NAME=a,b,…") }
        var sweep: Sweep
        do throws(ParameterError) { sweep = try Sweep(axes: axes) } catch { throw UsageError(message: error.description) }
        let (plan, inputs, base) = try plan(target, axes: axes, scene: try arguments.value(scene))
        let cost = try ParameterOptions.frameCost(arguments)
        try OutputSafety.refuse([json, html], of: arguments, sameAs: inputs + [cost.recordedFile].compactMap { $0 })
        let bar = ProgressBar()
        _ = try sweep.run(plan: plan, base: base, frameCost: cost) { done, total in bar.show(done: done, total: total, what: "sweeping") }
        Console.endProgress()
        if let output = try arguments.value(json) {
            let file = try TextOutput(path: output)
            try file.write(sweep.jsonText)
            try file.close()
        }
        if let output = try arguments.value(html) {
            let file = try TextOutput(path: output)
            try file.write(SweepHTML.render(sweep))
            try file.close()
        }
        if !arguments.writesToStandardOutput([json, html]) { print(table(sweep)) }
        return ExitCode.success
    }

    /// The runs to sweep — a suite's trace × scene pairs, or one trace through one scene — and
    /// the parameters every run keeps (a suite's own, which the swept ones override).
    static func plan(_ target: String, axes: [Sweep.Axis], scene: SceneKind?) throws
        -> (runs: [(path: String, trace: String, scene: String)], inputs: [String], base: ParameterValues) {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: target, isDirectory: &isFolder)
        if exists && (isFolder.boolValue || target.hasSuffix(".json")) {
            let (suite, manifest) = try SuiteDiscovery.resolve(target)
            let runs = try SuiteDiscovery.runs(of: suite, manifest: manifest, scene: scene?.name)
            if let scene, runs.isEmpty { throw UsageError(message: "--scene \(scene.name) is run by no trace of \(manifest)") }
            let base = try ParameterOptions.suiteValues(suite.parameters ?? [:], source: manifest,
                                                        scenes: suite.sceneNames)
            // As for one trace: an axis no scene swept reads would change nothing.
            let swept = Array(Set(runs.map(\.scene))).sorted()
            if let idle = axes.first(where: { ParameterOptions.unread($0.name, by: swept) != nil }) {
                throw UsageError(message: "--set \(idle.name) changes nothing here: no scene swept (\(swept.joined(separator: ", "))) reads it; 'touchbench scenes' lists each scene's parameters")
            }
            return (runs, SuiteDiscovery.inputFiles(of: suite, manifest: manifest), base)
        }
        let owners = Set(axes.compactMap { ParameterCatalog.parameter($0.name)?.owner })
        if let scene {
            let read = ParameterCatalog.owners(of: scene)
            let foreign = axes.map(\.name).filter { ParameterCatalog.parameter($0).map { !read.contains($0.owner) } ?? false }
            if !foreign.isEmpty {
                throw UsageError(message: "scene \(scene.name) does not read \(foreign.joined(separator: ", ")): sweeping it would change nothing")
            }
        }
        guard let chosen = scene ?? SceneKind.allCases.first(where: { owners.isSubset(of: ParameterCatalog.owners(of: $0)) }) else {
            throw UsageError(message: "no scene takes all of \(axes.map(\.name).joined(separator: ", ")); give --scene")
        }
        return ([(target, URL(fileURLWithPath: target).lastPathComponent, chosen.name)], [target], ParameterValues())
    }

    /// Per run, each metric the grid moves against the grid points.
    static func table(_ sweep: Sweep) -> String {
        let labels = sweep.pointLabels
        var text = ""
        let lines = sweep.lines
        var index = 0
        while index < lines.count {
            let trace = lines[index].trace, scene = lines[index].scene
            var end = index
            while end < lines.count && lines[end].trace == trace && lines[end].scene == scene { end += 1 }
            let group = lines[index..<end]
            var table = TextTable(columns: ["metric"] + labels)
            for line in group where line.varies {
                table.add([line.metric.rawValue] + line.values.map { $0.map { String(format: "%.3f", $0) } ?? "—" })
            }
            let still = group.filter { !$0.varies }.count
            text += "\(trace) · \(scene)\n" + table.rendered + "\n\(still) metric\(still == 1 ? "" : "s") unchanged across the grid\n\n"
            index = end
        }
        return text + "Values are each metric's headline statistic (docs/METRICS.md); --json for every statistic."
    }
}
