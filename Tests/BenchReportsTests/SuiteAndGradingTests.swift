import Foundation
import Testing
import TouchReplay
import TouchTrace
@testable import BenchReports

@Suite("Suite discovery, thresholds search and hitch grading")
struct SuiteAndGradingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("suites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("scroll gets the scrolling bands, every other scene the animation bands; boundaries as budgets grade")
    func hitchBands() {
        #expect(HitchBands.forScene("scroll") == .scrolling)
        for scene in SceneKind.allCases where scene != .scroll { #expect(HitchBands.forScene(scene.name) == .animation) }
        let scrolling = HitchBands.scrolling
        #expect([0, 4.99, 5, 10, 10.01].map(scrolling.grade) == [.good, .good, .warning, .warning, .critical])
        let animation = HitchBands.animation
        #expect([9.99, 10, 25, 25.5].map(animation.grade) == [.good, .warning, .warning, .critical])
        #expect(scrolling.legend == "Apple's scrolling bands: <5 good, 5–10 warning, >10 critical")
        #expect(animation.legend == "Apple's animation bands: <10 good, 10–25 warning, >25 critical")
    }

    @Test("the standard budgets and the bundled thresholds grade hitches by the same bands as replay")
    func budgetsAgreeWithTheBands() throws {
        let bundled = try BenchThresholds.load(from: Self.root.appendingPathComponent("Benchmarks/thresholds.json").path)
        for thresholds in [BenchThresholds.standard, bundled] {
            for scene in SceneKind.allCases {
                let budgets = thresholds.budgets.filter { $0.metric == .hitchTimeRatio && $0.applies(to: scene.name) }
                #expect(budgets.count == 1, "\(scene)")
                let bands = HitchBands.forScene(scene.name)
                #expect(budgets.first?.warning == bands.warning && budgets.first?.critical == bands.critical, "\(scene)")
            }
        }
    }

    @Test func aFolderWithoutManifestRunsItsTracesThroughScroll() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["b.touchtrace", "a.touchtrace", "notes.txt"] {
            try Data().write(to: folder.appendingPathComponent(name))
        }
        let (suite, manifest) = try SuiteDiscovery.resolve(folder.path)
        #expect(manifest == folder.appendingPathComponent("manifest.json").path)
        #expect(suite.traces.map(\.file) == ["a.touchtrace", "b.touchtrace"])
        #expect(suite.traces.allSatisfy { $0.scenes == ["scroll"] })
        let chosen = try SuiteDiscovery.resolve(folder.path, scenes: ["pip", "nope"]).suite
        #expect(SuiteDiscovery.unknownScenes(in: chosen) == ["nope"])
        #expect(SuiteDiscovery.run(named: "b", in: chosen) == EntryKey(trace: "b.touchtrace", scene: "pip"))
        #expect(SuiteDiscovery.run(named: "a.touchtrace:pip", in: chosen) == EntryKey(trace: "a.touchtrace", scene: "pip"))
        #expect(SuiteDiscovery.run(named: "c", in: chosen) == nil)
        // A scene the trace does not run in, and empty names (an unset variable), name no run.
        for choice in ["a.touchtrace:home", "a:", "", ":", "::", ":pip"] {
            #expect(SuiteDiscovery.run(named: choice, in: chosen) == nil, "\(choice)")
        }
    }

    @Test("a scene named twice for a folder is refused, as a manifest naming it twice is")
    func aSceneNamedTwiceIsRefused() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("a.touchtrace"))
        let error = try #require(throws: BenchReportError.self) { try SuiteDiscovery.resolve(folder.path, scenes: ["scroll", "pip", "scroll"]) }
        #expect(error.kind == .badRequest)
        #expect(error.description == "the scene list names scroll twice; name each scene once.")
    }

    @Test("the files a bench reads: manifest, every trace and the thresholds, so no report overwrites one")
    func inputFilesOfASuite() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.json").path
        var suite = TraceSuite(traces: [.init(file: "a.touchtrace", scenes: ["scroll"]), .init(file: "sub/b.touchtrace", scenes: ["pip"])])
        let traces = [folder.appendingPathComponent("a.touchtrace").path, folder.appendingPathComponent("sub/b.touchtrace").path]
        #expect(SuiteDiscovery.inputFiles(of: suite, manifest: manifest, thresholds: "/x/t.json") == [manifest] + traces + ["/x/t.json"])
        suite.thresholds = "own.json"
        #expect(SuiteDiscovery.inputFiles(of: suite, manifest: manifest) == [manifest] + traces + [folder.appendingPathComponent("own.json").path])
        // A page given as a file is read too (relative to its trace, absolute, or a file:// URL);
        // a web address is no file.
        suite.traces[1].scenes += ["page:../p.html", "page:/abs/q.html", "page:file:///abs/r%20s.html", "page:file://localhost/abs/t.html",
                                   "page:http://localhost:8000/"]
        #expect(SuiteDiscovery.inputFiles(of: suite, manifest: manifest)
            == [manifest] + traces + [folder.appendingPathComponent("p.html").path, "/abs/q.html", "/abs/r s.html", "/abs/t.html",
                                      folder.appendingPathComponent("own.json").path])
    }

    @Test("a manifest naming itself or its thresholds as a trace is refused: synth --suite would write over it")
    func aManifestNamingItselfAsATraceIsRefused() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("m.json")
        try Data(#"{"schema":"touchbench.suite/1","traces":[{"file":"./m.json","scenes":["scroll"],"recipe":{"gesture":"tap"}}]}"#.utf8).write(to: manifest)
        let own = try #require(throws: TraceFileError.self) { try TraceSuite.load(from: manifest.path) }
        #expect(own.description == "\(manifest.path): names its own manifest ('./m.json') as a trace.")
        try Data(#"{"schema":"touchbench.suite/1","thresholds":"t.json","traces":[{"file":"t.json","scenes":["scroll"]}]}"#.utf8).write(to: manifest)
        try Data("{}".utf8).write(to: folder.appendingPathComponent("t.json"))
        let thresholds = try #require(throws: TraceFileError.self) { try TraceSuite.load(from: manifest.path) }
        #expect(thresholds.description == "\(manifest.path): names its thresholds file ('t.json') as a trace.")
    }

    @Test func missingAndEmptySuitesAreTypedErrors() throws {
        let folder = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = try #require(throws: BenchReportError.self) { try SuiteDiscovery.resolve(folder.path) }
        #expect(empty.kind == .noSuite && empty.path == folder.path)
        let missing = folder.appendingPathComponent("missing").path
        let absent = try #require(throws: BenchReportError.self) { try SuiteDiscovery.resolve(missing) }
        #expect(absent.kind == .cannotOpen && absent.description == "\(missing): cannot be opened.")
    }

    @Test("the bundled suite is found from the checkout of the executable; thresholds beside it")
    func bundledSuiteAndThresholds() throws {
        let executable = Self.root.appendingPathComponent(".build/debug/touchbench").path
        let manifest = try SuiteDiscovery.defaultManifest(executablePath: executable)
        #expect(try TraceSuite.load(from: manifest).traces.count == 45)
        let bundled = try BenchThresholds.load(from: Self.root.appendingPathComponent("Benchmarks/thresholds.json").path)
        let thresholds = try SuiteDiscovery.thresholds(nil, manifest: Self.root.appendingPathComponent("Traces/manifest.json").path)
        #expect(thresholds.budgets.map(\.name) == bundled.budgets.map(\.name))
        #expect(bundled.budgets.count > BenchThresholds.standard.budgets.count)
        let elsewhere = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let standard = try SuiteDiscovery.thresholds(nil, manifest: elsewhere.appendingPathComponent("suite/manifest.json").path)
        let fromCurrentFolder = FileManager.default.fileExists(atPath: "Benchmarks/thresholds.json")
        #expect(standard.budgets.map(\.name) == (fromCurrentFolder ? bundled : BenchThresholds.standard).budgets.map(\.name))
    }
}
