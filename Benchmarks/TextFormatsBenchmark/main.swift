// Text forms benchmark (issue 16): export and import throughput of the evdev text forms
// (evemu, libinput record, getevent) and CSV on a synthesized session with fingers and a
// pencil, in samples per second, with the peak resident memory of each import (in a child
// process), side by side with `zstd -d` of the same text (what decompressing it alone costs).
// Release build: `scripts/bench`.
import BenchmarkKit
import Foundation
import TouchInput
import TouchTrace
import TraceFormats
import TraceSynthesis

func peakResidentMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
          let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return .nan }
    return kilobytes / 1024
}

// Child mode: `--child FORMAT FILE` imports one file and prints its peak memory.
let arguments = CommandLine.arguments
if arguments.count >= 4, arguments[1] == "--child", let format = TraceFormat(rawValue: arguments[2]) {
    do { _ = try TraceFormat.importTrace(from: arguments[3], format: format) } catch { BenchmarkOptions.fail("child: \(error)") }
    print(peakResidentMB())
    exit(0)
}

let options = BenchmarkOptions(usage: "TextFormatsBenchmark [--minutes M]", values: ["minutes"])
let minutes = options.number("minutes", default: 10)
let directory = Measure.temporaryDirectory("text-forms-bench")
defer { try? FileManager.default.removeItem(at: directory) }

let tracePath = directory.appendingPathComponent("session.touchtrace").path
let samples: [InputSample]
let metadata: TraceMetadata
do {
    let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 16, rate: 240, sessionDuration: minutes * 60))
    try synthesizer.write(.session, toFileAt: tracePath)
    let reader = try TraceReader(path: tracePath)
    var cursor = reader.makeCursor()
    var all: [InputSample] = []
    while let sample = try cursor.next() { all.append(sample) }
    samples = all
    metadata = reader.metadata
} catch { BenchmarkOptions.fail("cannot synthesize the session: \(error)") }

/// Runs `command` and returns its wall time in seconds.
func run(_ command: String, _ arguments: [String]) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [command] + arguments
    process.standardOutput = FileHandle.nullDevice
    return Measure.seconds {
        do { try process.run() } catch { BenchmarkOptions.fail("cannot run \(command): \(error)") }
        process.waitUntilExit()
    }
}

func childPeak(_ format: TraceFormat, _ path: String) -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = ["--child", format.rawValue, path]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch { BenchmarkOptions.fail("cannot start a child: \(error)") }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
}

var report = Report(title: "Text forms: \(samples.count) samples (\(Int(minutes)) min session, fingers and a pencil)", prefix: "text")
for (format, ext) in [(TraceFormat.evemu, "evemu"), (.libinput, "yml"), (.getevent, "getevent"), (.csv, "csv")] {
    let path = directory.appendingPathComponent("session.\(ext)").path
    let export = Measure.median((0..<options.repeats).map { _ in
        Measure.seconds { do { try TraceFormat.export(format, metadata: metadata, samples: samples, to: path) } catch { BenchmarkOptions.fail("\(error)") } }
    })
    let imported = Measure.median((0..<Swift.max(1, options.repeats / 2)).map { _ in
        Measure.seconds { do { _ = try TraceFormat.importTrace(from: path, format: format) } catch { BenchmarkOptions.fail("\(error)") } }
    })
    let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    _ = run("zstd", ["-q", "-f", "-3", path, "-o", path + ".zst"])
    let zstd = Measure.median((0..<options.repeats).map { _ in run("zstd", ["-q", "-d", "-c", path + ".zst"]) })
    let rate = Double(samples.count)
    report.add(Figure("\(format.rawValue) export", unit: "samples/s", value: rate / export, biggerIsBetter: true,
                      note: "\(bytes / 1_000_000) MB of text"))
    report.add(Figure("\(format.rawValue) import", unit: "samples/s", value: rate / imported, biggerIsBetter: true))
    report.add(Figure("\(format.rawValue) zstd -d of the same text", unit: "samples/s", value: rate / zstd, biggerIsBetter: true))
    report.add(Figure("\(format.rawValue) import peak memory", unit: "MB", value: childPeak(format, path), biggerIsBetter: false))
}
do { try report.finish(options: options) } catch { BenchmarkOptions.fail("cannot write the report: \(error)") }
