import BenchReports
import RunRecord
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

@Suite struct WriterTests {
    /// A regressed result against its baseline, with one budget failing.
    static func regressed() throws -> (BenchResult, BenchResult, BenchComparison) {
        let baseline = Fixtures.result()
        var current = baseline
        var entry = try #require(current.entries.first { $0.scene == "scroll" })
        entry.metrics["event_latency_ms"] = Fixtures.latency(18)
        entry.metrics["hitch_time_ratio_ms_per_s"] = .single(11, kind: .deterministic)
        current.insert(entry)
        return (current, baseline, BenchComparison(current: current, baseline: baseline))
    }

    @Test func junitXMLParsesWithOneCasePerTraceSceneBudget() throws {
        let (current, _, comparison) = try Self.regressed()
        let xml = JUnitReport(comparison: comparison).render()
        let shape = XMLShape()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = shape
        #expect(parser.parse())
        #expect(shape.elements.first == "testsuites")
        #expect(shape.count("testsuite") == current.scenes.count)
        let budgetCases = comparison.budgetChecks.count
        // Plus one baseline case per trace × scene.
        #expect(shape.count("testcase") == budgetCases + current.entries.count)
        // The hitch budget, and the baseline case naming both regressed metrics.
        #expect(shape.count("failure") == 2)
        #expect(shape.failureMessages.contains { $0.contains("event_latency_ms") })
        #expect(shape.failureMessages.contains { $0.contains("hitch time ratio") })
        #expect(shape.rootAttributes["failures"] == "2")
    }

    /// A damaged result's frame count (the reader takes any non-negative integer) made a
    /// duration past Int64's milliseconds, which trapped (hostile report of 5 December); it is
    /// written in full, with no exponent, as the schema's SUREFIRE_TIME wants.
    @Test func junitXMLWritesADurationBeyondInt64Milliseconds() throws {
        var entry = Fixtures.entry("huge.touchtrace", "scroll")
        entry.frames = Int.max
        let result = BenchResult(entries: [entry], environment: Fixtures.environment, calibration: Fixtures.calibration())
        let xml = JUnitReport(comparison: BenchComparison(current: result, baseline: result), current: result).render()
        #expect(XMLParser(data: Data(xml.utf8)).parse())
        let seconds = String(format: "%.3f", Double(Int.max) / entry.refreshHz)
        #expect(xml.contains("time=\"\(seconds)\""))
        #expect(!seconds.contains("e"))
    }

    /// A trace name with characters XML 1.0 cannot carry (a noncharacter, a C0 control: a
    /// file may be named so) still gives a parseable report, the characters written visibly.
    @Test(arguments: ["non\u{FFFE}character", "bell\u{7}and\u{FFFF}", "tab\tand\u{1F}"])
    func junitXMLCarriesNamesXMLCannot(name: String) throws {
        let result = BenchResult(entries: [Fixtures.entry(name + ".touchtrace", "scroll")], environment: Fixtures.environment,
                                 calibration: Fixtures.calibration())
        let xml = JUnitReport(comparison: BenchComparison(current: result, baseline: result)).render()
        // XML 1.0's Char production (Foundation's parser here is more lenient than xmllint,
        // which scripts/test-consumers runs on such a report).
        let allowed: (Unicode.Scalar) -> Bool = { scalar in
            let value = scalar.value
            return [0x9, 0xA, 0xD].contains(value) || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
        }
        #expect(!name.unicodeScalars.allSatisfy(allowed))
        #expect(xml.unicodeScalars.allSatisfy(allowed))
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let visible = name.unicodeScalars.map { $0 == "\t" || ($0.value >= 0x20 && $0.value < 0xFFFE) ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }.joined()
        #expect(xml.contains(visible))
    }

    @Test func benchmarkJSONIsACustomSmallerIsBetterArray() throws {
        let (current, _, _) = try Self.regressed()
        let text = BenchmarkJSONReport(result: current).render()
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(!array.isEmpty)
        for element in array {
            #expect(element["name"] is String && element["unit"] is String && element["value"] is NSNumber)
        }
        #expect(Set(array.compactMap { $0["name"] as? String }).count == array.count)
        let cpu = try #require(array.first { ($0["name"] as? String)?.contains("cpu_per_frame_us") == true })
        #expect((cpu["range"] as? String)?.hasPrefix("± ") == true)
    }

    @Test func markdownPutsTheVerdictFirstAndExplainsEachRow() throws {
        let (_, _, comparison) = try Self.regressed()
        let markdown = MarkdownReport(comparison: comparison, baselineName: "main.json").render()
        let first = try #require(markdown.split(separator: "\n").first)
        #expect(first.contains("FAIL") && first.contains("2 regressions") && first.contains("1 budget failure"))
        #expect(markdown.contains("### Scene `scroll`"))
        #expect(markdown.contains("▲ +"))
        #expect(markdown.contains("❌ regression: deterministic"))
        #expect(markdown.contains("timing, noise") || markdown.contains("= same"))
    }

    @Test func markdownStaysUnderOneMebibyteForAHugeSuite() throws {
        let baseline = Fixtures.result(traces: 12_000, scenes: ["scroll", "pip", "home"])
        var current = baseline
        for index in Swift.stride(from: 0, to: current.entries.count, by: 7) {
            var entry = current.entries[index]
            entry.metrics["event_latency_ms"] = Fixtures.latency(19)
            current.insert(entry)
        }
        let comparison = BenchComparison(current: current, baseline: baseline)
        let clock = ContinuousClock()
        var markdown = ""
        let elapsed = clock.measure { markdown = MarkdownReport(comparison: comparison, baselineName: "main.json").render() }
        #expect(markdown.utf8.count < 1 << 20)
        #expect(markdown.hasPrefix("## ❌ TouchBench: FAIL"))
        #expect(markdown.contains("_Truncated"))
        #expect(markdown.contains("… and "))
        #expect(elapsed < .seconds(30))
    }

    @Test func htmlIsSelfContainedWithEveryChart() throws {
        let suite = Fixtures.suite(count: 6)
        let runner = BenchRunner(replayer: Fixtures.FakeReplayer(), repeats: 2, seriesFor: BenchRunner.defaultChartedRun(suite: suite))
        let current = try runner.run(suite: suite, manifestPath: "m.json", shard: nil, environment: Fixtures.environment)
        let comparison = BenchComparison(current: current, baseline: current)
        let html = HTMLReport(comparison: comparison, result: current, baseline: current, baselineName: "base.json").render()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("src=") && !html.contains("<link") && !html.contains("@import") && !html.contains("url("))
        for chart in ["latency-p50", "latency-p99", "frame-latency", "bars-event_latency_ms", "over-time"] {
            #expect(html.contains("data-chart=\"\(chart)\""), "missing chart \(chart)")
        }
        #expect(html.contains("id=\"render-status\""))
    }

    @Test func theBundledThresholdsFileParses() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let thresholds = try BenchThresholds.load(from: root.appendingPathComponent("Benchmarks/thresholds.json").path)
        #expect(thresholds.budgets.contains { $0.metric == "hitch_time_ratio_ms_per_s" && $0.warning == 5 && $0.critical == 10 })
        #expect(thresholds.deterministicDefault.isExact)
        #expect(thresholds.timingDefault.alpha == 0.05)
    }
}

/// Records the element names and failure messages of an XML document.
final class XMLShape: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var failureMessages: [String] = []
    var rootAttributes: [String: String] = [:]

    func count(_ name: String) -> Int { elements.filter { $0 == name }.count }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        if elements.isEmpty { rootAttributes = attributes }
        elements.append(elementName)
        if elementName == "failure" { failureMessages.append(attributes["message"] ?? "") }
    }
}
