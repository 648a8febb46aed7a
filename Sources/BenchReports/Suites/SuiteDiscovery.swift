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
    /// `.touchtrace` in it through `scenes` (default `scroll`; a scene named twice is a
    /// ``BenchReportErrorKind/badRequest``).
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
        // As a manifest naming a trace and scene twice is refused (TraceSuite.load): the
        // result would hold two entries for one run, which compare and merge refuse.
        var seen = Set<String>()
        if let repeated = sceneList.first(where: { !seen.insert($0).inserted }) {
            throw BenchReportError(.badRequest, path: nil, reason: "the scene list names \(repeated) twice; name each scene once")
        }
        return (TraceSuite(traces: traces.map { TraceSuite.Entry(file: $0, scenes: sceneList) }), manifest)
    }

    /// The thresholds file `path`, else the one `suite` names (budgets for that suite's
    /// targets, such as a page suite's), else `Benchmarks/thresholds.json` in the current
    /// folder or beside the suite's folder, else ``BenchThresholds/standard``.
    public static func thresholds(_ path: String?, suite: TraceSuite? = nil, manifest: String) throws -> BenchThresholds {
        guard let file = thresholdsFile(path, suite: suite, manifest: manifest) else { return .standard }
        return try BenchThresholds.load(from: file)
    }

    /// The thresholds file ``thresholds(_:suite:manifest:)`` reads, `nil` for the standard ones.
    public static func thresholdsFile(_ path: String?, suite: TraceSuite? = nil, manifest: String) -> String? {
        if let path { return path }
        let folder = URL(fileURLWithPath: manifest).deletingLastPathComponent()
        if let own = suite?.thresholds { return folder.appendingPathComponent(own).path }
        let beside = folder.deletingLastPathComponent().appendingPathComponent("Benchmarks/thresholds.json").path
        return ["Benchmarks/thresholds.json", beside].first { FileManager.default.fileExists(atPath: $0) }
    }

    /// Every file a bench of `suite` reads: the manifest, each trace, each page given as a file,
    /// and the thresholds file (`thresholds` given, else the one found), so that no report is
    /// written over one of them.
    public static func inputFiles(of suite: TraceSuite, manifest: String, thresholds: String? = nil) -> [String] {
        let traces = suite.traces.map { TraceSuite.path(of: $0, manifestPath: manifest) }
        let pages = zip(suite.traces, traces).flatMap { entry, trace in
            entry.scenes.compactMap { PageTarget(scene: $0)?.file(forTraceAt: trace) }
        }
        return [manifest] + traces + pages + [thresholdsFile(thresholds, suite: suite, manifest: manifest)].compactMap { $0 }
    }

    /// The scenes `suite` names that no scene of the registry has and that are not page
    /// targets, sorted.
    public static func unknownScenes(in suite: TraceSuite) -> [String] {
        unknownScenes(suite.traces.flatMap(\.scenes))
    }

    /// The names among `scenes` that are neither a scene nor a page target, sorted, once each.
    public static func unknownScenes(_ scenes: [String]) -> [String] {
        Set(scenes.filter { PageTarget(scene: $0) == nil }).subtracting(SceneKind.names).sorted()
    }

    /// What `bench`, `demo`, `sweep` and `sensitivity` check of a manifest before the first
    /// run, so all refuse the same defects with the same code (65, naming the manifest) rather
    /// than one failing midway and another passing on nothing: a suite without a trace and
    /// scene to run, and a scene that is none. Web pages (`page:FILE|URL`) run under `bench`
    /// alone (`allowingPages`); the others replay the reference scenes on the virtual clock.
    public static func checkRunnable(_ suite: TraceSuite, manifest: String, allowingPages: Bool) throws(BenchReportError) {
        // A trace with no scene runs nothing either (`"scenes": []`).
        guard suite.traces.contains(where: { !$0.scenes.isEmpty }) else {
            throw BenchReportError(.malformed, path: manifest, reason: "has no trace to run")
        }
        let named = suite.traces.flatMap(\.scenes)
        let unknown = unknownScenes(named)
        guard unknown.isEmpty else {
            throw BenchReportError(.malformed, path: manifest,
                                   reason: "names unknown scene\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")); the scenes are \(SceneKind.names.joined(separator: ", ")), or page:FILE|URL for a web page (under bench)")
        }
        let pages = Set(named.filter { PageTarget(scene: $0) != nil }).sorted()
        guard allowingPages || pages.isEmpty else {
            throw BenchReportError(.malformed, path: manifest,
                                   reason: "names the web page\(pages.count == 1 ? "" : "s") \(pages.joined(separator: ", ")), which only bench replays (this command replays the reference scenes on the virtual clock)")
        }
    }

    /// The runs of `suite` (trace path, name in the suite, scene), those of `scene` alone when
    /// it is given (possibly none), after ``checkRunnable(_:manifest:allowingPages:)`` without
    /// pages: what `sweep` and `sensitivity` replay, refused as `bench` and `demo` refuse it.
    public static func runs(of suite: TraceSuite, manifest: String, scene: String? = nil)
        throws(BenchReportError) -> [(path: String, trace: String, scene: String)] {
        try checkRunnable(suite, manifest: manifest, allowingPages: false)
        return suite.traces.flatMap { entry in
            entry.scenes.filter { scene == nil || $0 == scene }.map { (TraceSuite.path(of: entry, manifestPath: manifest), entry.file, $0) }
        }
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
