import AllocationCounter
import Foundation
import Testing
import TouchInput
import TouchTrace
import TraceFormats
import TraceSynthesis

/// The text importers read their common lines on a fast path (bytes straight into events or
/// samples) and hand anything else to the general parser. These tests hold the fast path to
/// the general one on a synthesized mixed trace, and its cost to a bounded number of heap
/// allocations per sample that does not grow with the trace's length.
@Suite("Text importers' fast paths") struct TextFastPathTests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("text-fast-path-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static func export(_ format: TraceFormat, seconds: Double, name: String) throws -> (path: String, samples: Int) {
        let session = MixedSession(seed: 9, duration: seconds)
        let samples = Array(session)
        let path = directory.appendingPathComponent("\(name).\(format.rawValue)").path
        try TraceFormat.export(format, metadata: session.metadata, samples: samples, to: path)
        return (path, samples.count)
    }

    /// The same line written so that the fast path declines it and the general path reads the
    /// same values: a `0x` before evemu's type, a `+` before getevent's seconds and libinput's
    /// first number, quotes around CSV's time.
    static func defeatingTheFastPath(_ line: Substring, _ format: TraceFormat) -> String {
        switch format {
        case .evemu where line.hasPrefix("E: "):
            var fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            fields[2] = "0x" + fields[2]
            return fields.joined(separator: " ")
        case .getevent where line.hasPrefix("["):
            let stamp = line.dropFirst().prefix { $0 != "]" }
            let digits = stamp.drop { $0 == " " }
            return "[" + String(repeating: " ", count: stamp.count - digits.count) + "+" + digits + line.dropFirst(1 + stamp.count)
        case .libinput where line.hasPrefix("    - ["):
            let rest = line.dropFirst(7)
            let spaces = rest.prefix { $0 == " " }
            return "    - [" + spaces + "+" + rest.dropFirst(spaces.count)
        case .csv where line.first?.isNumber == true:
            let comma = line.firstIndex(of: ",") ?? line.endIndex
            return "\"" + line[..<comma] + "\"" + line[comma...]
        default:
            return String(line)
        }
    }

    @Test(arguments: [TraceFormat.evemu, .libinput, .getevent, .csv])
    func fastPathReadsWhatTheGeneralPathReads(format: TraceFormat) throws {
        let (path, count) = try Self.export(format, seconds: 20, name: "fast-\(format.rawValue)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var changed = 0
        let slowText = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let rewritten = Self.defeatingTheFastPath(line, format)
            if rewritten != line { changed += 1 }
            return rewritten
        }.joined(separator: "\n")
        #expect(changed >= count, "\(changed) lines rewritten for \(count) samples")
        let slowPath = Self.directory.appendingPathComponent("slow-\(format.rawValue).\(format.rawValue)").path
        try slowText.write(toFile: slowPath, atomically: false, encoding: .utf8)
        if format == .csv {
            try? FileManager.default.removeItem(atPath: slowPath + ".metadata.json")
            try FileManager.default.copyItem(atPath: path + ".metadata.json", toPath: slowPath + ".metadata.json")
        }
        let fast = try TraceFormat.importTrace(from: path, format: format)
        let slow = try TraceFormat.importTrace(from: slowPath, format: format)
        #expect(fast.samples.count >= count - count / 50)
        #expect(fast.samples == slow.samples)
        #expect(fast.metadata == slow.metadata)
    }

    /// Heap allocations and bytes of importing `path` (sample by sample, as `convert` reads),
    /// per sample, counted on this thread.
    static func importCost(_ path: String, _ form: TraceForm) throws -> (allocations: Double, bytes: Double, samples: Int) {
        let start = (allocation_counter_thread_allocations(), allocation_counter_thread_bytes())
        let input = try TraceInput(path: path, form: form)
        var count = 0
        while try input.source.nextSample() != nil { count += 1 }
        let end = (allocation_counter_thread_allocations(), allocation_counter_thread_bytes())
        let n = Double(max(1, count))
        return (Double(end.0 - start.0) / n, Double(end.1 - start.1) / n, count)
    }

    /// Neither the allocations nor the bytes allocated per sample grow with the length: no
    /// pass over the lines so far, no copy of the events so far. (Counts, not their size: the
    /// tests run unoptimised, where generic code allocates what a release build does not.)
    @Test(arguments: ["evemu", "libinput", "getevent", "csv", "jsonl"])
    func importAllocationsPerSampleStayFlat(form name: String) throws {
        try #require(allocation_counter_is_active() != 0)
        let form = try #require(TraceForm(name: name))
        func file(_ seconds: Double) throws -> String {
            if case .foreign(let format) = form { return try Self.export(format, seconds: seconds, name: "cost-\(Int(seconds))").path }
            let session = MixedSession(seed: 9, duration: seconds)
            let path = Self.directory.appendingPathComponent("cost-\(Int(seconds)).jsonl").path
            try session.writeJSONLines(toFileAt: path)
            return path
        }
        let short = try Self.importCost(try file(20), form), long = try Self.importCost(try file(80), form)
        #expect(long.samples > 3 * short.samples)
        #expect(long.allocations <= short.allocations * 1.2 + 0.02, "\(name): \(short.allocations) → \(long.allocations) allocations per sample")
        // Doubling growth allocates between 2 and 4 times an array's final size; a hidden
        // copy of everything so far, per line or per sample, would cost four times as much
        // per sample at four times the length.
        #expect(long.bytes <= short.bytes * 2.2, "\(name): \(short.bytes) → \(long.bytes) bytes per sample")
    }
}
