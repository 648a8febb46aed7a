// Text forms benchmark (issues 16 and 17): export and import throughput of every text form —
// the evdev forms (evemu, libinput record, getevent), CSV and JSON Lines — on the realistic
// marker-dense mixed trace (`touchbench synth mixed-session`: up to five fingers at 240 Hz, a
// pencil at 120 Hz, scrolls, keys, a marker every few seconds) of a short and a long length,
// in samples per second, each beside `zstd -d` of the same text timed in the same run, with
// the per-sample cost of the long trace over the short one (1 h ÷ 10 min by default) and the
// peak resident memory of each import and export in a child process. Times are CPU seconds
// (user + system) of this process and of `zstd` (medians of --repeat runs), so that the load of
// a shared machine distorts them less than wall time; the load average is printed with them.
//
// Export and import go through what `convert` uses: `TraceOutput.sink` fed every sample, and
// `TraceInput` drained sample by sample. Release build: `scripts/bench`, or
// `swift run -c release --package-path Benchmarks TextFormatsBenchmark [--short 10 --long 60]`.
import BenchmarkKit
import Foundation
import TouchInput
import TouchTrace
import TraceFormats
import TraceSynthesis

/// Every sample of the mixed session of `minutes`.
func session(minutes: Double) -> (TraceMetadata, [InputSample]) {
    let session = MixedSession(seed: 17, duration: minutes * 60)
    return (session.metadata, Array(session))
}

func export(_ form: TraceForm, _ metadata: TraceMetadata, _ samples: [InputSample], to path: String) throws {
    let sink = try TraceOutput.sink(writing: form, to: path, metadata: metadata)
    for sample in samples { try sink.append(sample) }
    try sink.finishWriting()
}

/// Imports `path` as `form` sample by sample; returns the count.
func importCount(_ form: TraceForm, _ path: String) throws -> Int {
    let input = try TraceInput(path: path, form: form)
    var count = 0
    while try input.source.nextSample() != nil { count += 1 }
    return count
}

// Child mode: `--child import|export FORM FILE [MINUTES]` does one pass and prints its peak.
let arguments = CommandLine.arguments
if arguments.count >= 5, arguments[1] == "--child", let form = TraceForm(name: arguments[3]) {
    do {
        if arguments[2] == "import" {
            _ = try importCount(form, arguments[4])
        } else {
            let (metadata, samples) = session(minutes: Double(arguments[5]) ?? 1)
            let before = Measure.peakResidentMB()
            try export(form, metadata, samples, to: arguments[4])
            print(before)
        }
    } catch { BenchmarkOptions.fail("child: \(error)") }
    print(Measure.peakResidentMB())
    exit(0)
}

let options = BenchmarkOptions(usage: "TextFormatsBenchmark [--short MINUTES] [--long MINUTES] [--forms evemu,libinput,…]",
                               values: ["short", "long", "forms"])
let lengths = [options.number("short", default: 10), options.number("long", default: 60)]
let allForms: [(TraceForm, String)] = [
    (.foreign(.evemu), "evemu"), (.foreign(.libinput), "yml"), (.foreign(.getevent), "getevent"),
    (.foreign(.csv), "csv"), (.jsonl, "jsonl"),
]
let wanted = options.extra["forms"].map { Set($0.split(separator: ",").map(String.init)) }
let forms = allForms.filter { wanted?.contains($0.0.name) ?? true }
let directory = Measure.temporaryDirectory("text-forms-bench")
defer { try? FileManager.default.removeItem(at: directory) }

/// The peak resident memory of a child doing one pass, in MB, and (for an export) the
/// peak before it started, once the samples were in memory.
func childPeak(_ arguments: [String]) -> (before: Double, peak: Double) {
    let numbers = Measure.child(arguments).numbers
    return (numbers.count > 1 ? numbers[0] : .nan, numbers.last ?? .nan)
}


struct Pass { var seconds: Double; var samples: Int; var rate: Double { Double(samples) / seconds } }
var passes: [String: [Pass]] = [:]  // "evemu export" → one per length
var report = Report(title: "Text forms on the mixed session (\(lengths.map { "\(Int($0)) min" }.joined(separator: ", ")), seed 17), "
                    + "median of \(options.repeats); load \(Measure.loadAverage())", prefix: "text: ")
for minutes in lengths {
    let (metadata, samples) = session(minutes: minutes)
    let label = "\(Int(minutes)) min"
    Measure.progress("\(label): \(samples.count) samples, \(samples.filter { $0.kind == .marker }.count) markers")
    for (form, ext) in forms {
        let path = directory.appendingPathComponent("mixed-\(Int(minutes)).\(ext)").path
        let exported = Measure.median((0..<options.repeats).map { _ in
            CPUTime.seconds { do { try export(form, metadata, samples, to: path) } catch { BenchmarkOptions.fail("\(error)") } }
        })
        var count = 0
        let imported = Measure.median((0..<options.repeats).map { _ in
            CPUTime.seconds { do { count = try importCount(form, path) } catch { BenchmarkOptions.fail("\(error)") } }
        })
        let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        _ = CPUTime.seconds(running: "zstd", ["-q", "-f", "-3", "-T1", path, "-o", path + ".zst"])
        let zstd = Measure.median((0..<options.repeats).map { _ in CPUTime.seconds(running: "zstd", ["-q", "-d", "-c", path + ".zst"]) })
        let n = Double(samples.count)
        let zstdRate = n / zstd
        let importPeak = childPeak(["import", form.name, path]).peak
        let exportPeak = childPeak(["export", form.name, path + ".child", String(minutes)])
        try? FileManager.default.removeItem(atPath: path + ".child")
        if form == .foreign(.csv) { try? FileManager.default.removeItem(atPath: path + ".child.metadata.json") }
        report.add(Figure("\(form.name) export, \(label)", unit: "samples/s", value: n / exported, biggerIsBetter: true,
                          note: String(format: "%.2f× zstd -d; %d MB of text; peak %.0f MB (%.0f MB with the samples alone)",
                                       zstd / exported, bytes / 1_000_000, exportPeak.peak, exportPeak.before)))
        report.add(Figure("\(form.name) import, \(label)", unit: "samples/s", value: Double(count) / imported, biggerIsBetter: true,
                          note: String(format: "%.2f× zstd -d; peak %.0f MB", zstd / imported, importPeak)))
        report.add(Figure("\(form.name) zstd -d of the same text, \(label)", unit: "samples/s", value: zstdRate, biggerIsBetter: true))
        passes["\(form.name) export", default: []].append(Pass(seconds: exported, samples: samples.count))
        passes["\(form.name) import", default: []].append(Pass(seconds: imported, samples: count))
        passes["\(form.name) zstd -d", default: []].append(Pass(seconds: zstd, samples: samples.count))
        for file in [path, path + ".zst", path + ".metadata.json"] { try? FileManager.default.removeItem(atPath: file) }
    }
}
if lengths.count == 2 {
    // Per-sample cost of the long trace over the short one: 1.0 is linear.
    for (form, _) in forms {
        for pass in ["export", "import", "zstd -d"] {
            guard let both = passes["\(form.name) \(pass)"], both.count == 2 else { continue }
            report.add(Figure("\(form.name) \(pass) per-sample cost, \(Int(lengths[1])) min ÷ \(Int(lengths[0])) min", unit: "×",
                              value: both[0].rate / both[1].rate, biggerIsBetter: false))
        }
    }
}
do { try report.finish(options: options) } catch { BenchmarkOptions.fail("cannot write the report: \(error)") }
