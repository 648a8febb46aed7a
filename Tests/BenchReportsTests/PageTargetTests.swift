import Foundation
import Testing
import BenchReports
import TouchTrace

/// A suite's `page:` targets and its own thresholds: what bench needs to run web pages.
@Suite("Page targets in suites")
struct PageTargetTests {
    static let root = SuiteAndGradingTests.root

    @Test("a page: scene names a page; a reference scene or a bare prefix does not")
    func parsing() {
        #expect(PageTarget(scene: "page:../Pages/scroller.html")?.page == "../Pages/scroller.html")
        #expect(PageTarget(scene: "page:http://localhost:8000/app")?.page == "http://localhost:8000/app")
        #expect(PageTarget(scene: "scroll") == nil)
        #expect(PageTarget(scene: "page:") == nil)
        #expect(PageTarget(scene: "Page:x.html") == nil)
    }

    @Test("a relative page is found from the trace's folder; URLs stay as written; elsewhere is refused")
    func addresses() throws {
        let trace = Self.root.appendingPathComponent("Traces/drag.touchtrace").path
        let scroller = try #require(PageTarget(scene: "page:../Pages/scroller.html")).address(forTraceAt: trace)
        #expect(scroller.url == "file://" + Self.root.appendingPathComponent("Pages/scroller.html").path)
        let local = try #require(PageTarget(scene: "page:http://127.0.0.1:9000/")).address(forTraceAt: trace)
        #expect(local.url == "http://127.0.0.1:9000/")
        #expect(throws: (any Error).self) { try PageTarget(scene: "page:https://example.com/")?.address(forTraceAt: trace) }
        #expect(throws: (any Error).self) { try PageTarget(scene: "page:missing.html")?.address(forTraceAt: trace) }
    }

    @Test("the bundled page suite: every scene a page that exists, its own budgets, no unknown scene")
    func bundledPageSuite() throws {
        let manifest = Self.root.appendingPathComponent("Traces/pages.json").path
        let suite = try TraceSuite.load(from: manifest)
        #expect(suite.thresholds == "pages.thresholds.json")
        #expect(SuiteDiscovery.unknownScenes(in: suite).isEmpty)
        for entry in suite.traces {
            for scene in entry.scenes {
                let target = try #require(PageTarget(scene: scene))
                _ = try target.address(forTraceAt: TraceSuite.path(of: entry, manifestPath: manifest))
            }
        }
        try SuiteDiscovery.checkPages(in: suite, manifest: manifest)
        var mistyped = suite
        mistyped.traces[mistyped.traces.count - 1].scenes.append("page:../Pages/no-such-page.html")
        #expect(throws: (any Error).self) { try SuiteDiscovery.checkPages(in: mistyped, manifest: manifest) }
        let own = try SuiteDiscovery.thresholds(nil, suite: suite, manifest: manifest)
        #expect(own.budgets.contains { $0.metric == "presented_lag_ms" && $0.critical == 100 })
        // The bundled corpus keeps the general budgets: the page suite's do not leak into it.
        let bundledManifest = Self.root.appendingPathComponent("Traces/manifest.json").path
        let general = try SuiteDiscovery.thresholds(nil, suite: try TraceSuite.load(from: bundledManifest), manifest: bundledManifest)
        #expect(general.budgets.contains { $0.metric == "presented_lag_ms" && $0.critical == 50 })
    }

    @Test("a manifest's thresholds must lie inside its folder and be a file name")
    func thresholdsMember() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-suite-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manifest = folder.appendingPathComponent("manifest.json").path
        for (text, problem) in [(#""../t.json""#, "names a thresholds file outside its folder ('../t.json')"),
                                (#""/etc/t.json""#, "names a thresholds file outside its folder ('/etc/t.json')"),
                                ("3", "its thresholds is not a file name")] {
            try #"{"schema": "touchbench.suite/1", "thresholds": \#(text), "traces": []}"#.write(toFile: manifest, atomically: true, encoding: .utf8)
            let error = try #require(throws: TraceFileError.self) { try TraceSuite.load(from: manifest) }
            #expect(error.description.contains(problem), "\(error)")
        }
        var suite = TraceSuite(traces: [TraceSuite.Entry(file: "a.touchtrace", scenes: ["page:a.html"])])
        suite.thresholds = "a.thresholds.json"
        try suite.jsonText.write(toFile: manifest, atomically: true, encoding: .utf8)
        #expect(try TraceSuite.load(from: manifest) == suite)
    }
}
