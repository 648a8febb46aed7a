import Foundation
import TouchReplay
import TouchTrace

/// Finding a suite and its thresholds as `bench`, `demo` and `compare` do, so a library user
/// runs the same suite with the same budgets.
public enum SuiteDiscovery {
    /// The bundled suite: `Traces/manifest.json` in the current folder, else in the checkout
    /// that built `executablePath` (`.build/<config>/touchbench` → the package root).
    public static func defaultManifest(executablePath: String? = CommandLine.arguments.first) throws(BenchReportError) -> String {
        let local = "Traces/manifest.json"
        if FileManager.default.fileExists(atPath: local) { return local }
        if let executablePath {
            var folder = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent(local).path
                if FileManager.default.fileExists(atPath: candidate) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
        }
        throw BenchReportError(.noSuite, reason: "cannot find Traces/manifest.json")
    }

    /// The suite `argument` names (a manifest, a folder, or `nil` for the bundled one) and the
    /// manifest path its traces resolve against. A folder means its `manifest.json`, else every
    /// `.touchtrace` in it through `scenes` (default `scroll`).
    public static func resolve(_ argument: String?, scenes: [String]? = nil,
                               executablePath: String? = CommandLine.arguments.first) throws -> (suite: TraceSuite, manifest: String) {
        guard let argument else {
            let manifest = try defaultManifest(executablePath: executablePath)
            return (try TraceSuite.load(from: manifest), manifest)
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
            throw BenchReportError(.cannotOpen, path: argument, reason: "cannot be opened")
        }
        guard isFolder.boolValue else { return (try TraceSuite.load(from: argument), argument) }
        let manifest = URL(fileURLWithPath: argument).appendingPathComponent("manifest.json").path
        if FileManager.default.fileExists(atPath: manifest) { return (try TraceSuite.load(from: manifest), manifest) }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: argument) } catch {
            throw BenchReportError(.cannotOpen, path: argument, reason: "cannot be listed")
        }
        let traces = names.filter { $0.hasSuffix(".touchtrace") }.sorted()
        guard !traces.isEmpty else {
            throw BenchReportError(.noSuite, path: argument, reason: "has neither a manifest.json nor .touchtrace files")
        }
        let sceneList = scenes ?? [SceneKind.scroll.name]
        return (TraceSuite(traces: traces.map { TraceSuite.Entry(file: $0, scenes: sceneList) }), manifest)
    }

    /// The thresholds file `path`, else the one `suite` names (budgets for that suite's
    /// targets, such as a page suite's), else `Benchmarks/thresholds.json` in the current
    /// folder or beside the suite's folder, else ``BenchThresholds/standard``.
    public static func thresholds(_ path: String?, suite: TraceSuite? = nil, manifest: String) throws -> BenchThresholds {
        if let path { return try BenchThresholds.load(from: path) }
        let folder = URL(fileURLWithPath: manifest).deletingLastPathComponent()
        if let own = suite?.thresholds { return try BenchThresholds.load(from: folder.appendingPathComponent(own).path) }
        let beside = folder.deletingLastPathComponent().appendingPathComponent("Benchmarks/thresholds.json").path
        for candidate in ["Benchmarks/thresholds.json", beside] where FileManager.default.fileExists(atPath: candidate) {
            return try BenchThresholds.load(from: candidate)
        }
        return .standard
    }

    /// The scenes `suite` names that no scene of the registry has and that are not page
    /// targets, sorted.
    public static func unknownScenes(in suite: TraceSuite) -> [String] {
        Set(suite.traces.flatMap(\.scenes).filter { PageTarget(scene: $0) == nil }).subtracting(SceneKind.names).sorted()
    }

    /// Checks that every page target of `suite` is a page on this machine before anything
    /// runs, so a mistyped page fails at once rather than after the runs before it.
    public static func checkPages(in suite: TraceSuite, manifest: String) throws {
        for entry in suite.traces {
            for scene in entry.scenes {
                _ = try PageTarget(scene: scene)?.address(forTraceAt: TraceSuite.path(of: entry, manifestPath: manifest))
            }
        }
    }

    /// The run `choice` names in `suite`: `TRACE[:SCENE]`, the trace with or without its
    /// `.touchtrace` extension, the scene by default the trace's first; `nil` when the suite
    /// has no such trace or the trace does not run in that scene.
    public static func run(named choice: String, in suite: TraceSuite) -> EntryKey? {
        let parts = choice.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.first, !name.isEmpty else { return nil }
        let file = name.hasSuffix(".touchtrace") ? name : name + ".touchtrace"
        guard let entry = suite.traces.first(where: { $0.file == file || $0.file == name }) else { return nil }
        guard parts.count > 1 else { return EntryKey(trace: entry.file, scene: entry.scenes.first ?? SceneKind.scroll.name) }
        // A scene the trace does not run in has no run to chart.
        guard entry.scenes.contains(parts[1]) else { return nil }
        return EntryKey(trace: entry.file, scene: parts[1])
    }
}
