import BenchReports
import Foundation
import PageReplay
import TouchInput
import TouchReplay
import TouchTrace

/// `touchbench replay FILE --page URL|FILE`: the trace into a web page in headless Chromium.
enum PageReplayCommand {
    static func run(_ arguments: ParsedArguments, path: String) throws -> Int32 {
        if arguments.isGiven(ReplayCommand.scene) { throw UsageError(message: "--scene and --page exclude each other") }
        for option in [ReplayCommand.vsyncPhase.spec.name, ReplayCommand.traceEvents.spec.name]
        where arguments.values(named: option) != nil {
            throw UsageError(message: "--\(option) does not apply with --page (the browser's own frames are measured)")
        }
        let rateText = arguments.text(ReplayCommand.rate) ?? PagePacing.virtualClock.rawValue
        guard let pacing = PagePacing(argument: rateText) else {
            throw UsageError(message: "with --page, --rate must be max (the page clock), 1 or max-safe, not '\(rateText)'")
        }
        let address = try pageAddress(arguments.text(ReplayCommand.page) ?? "")
        var settings = PageReplaySettings(page: address, viewport: try arguments.value(ReplayCommand.viewport), pacing: pacing,
                                          selector: arguments.text(ReplayCommand.selector))
        if let refresh = try arguments.value(ReplayCommand.refresh) { settings.refreshHz = try pageRefresh(refresh, pacing: pacing) }
        if let delay = try arguments.value(ReplayCommand.presentDelay) { settings.presentationDelay = delay }
        let input = try TraceFiles.open(path)
        try OutputSafety.refuse([ReplayCommand.json], of: arguments, sameAs: input.companionFiles)
        var samples: [InputSample] = []
        while let sample = try input.source.nextSample() { samples.append(sample) }
        TraceFiles.warnAfterReading(input)
        if let first = samples.first, let last = samples.last {
            Console.progress(String(format: "replaying %.1f s of input into %@ …", Double(last.time - first.time) / 1e9, address.argument))
        }
        var runs: [PageRun] = []
        let repeats = try arguments.value(ReplayCommand.repeats) ?? 1
        for index in 0..<repeats {
            let label = repeats > 1 ? "run \(index + 1) of \(repeats): " : ""
            // Only on a terminal (Console.progress), so a pipe or a CI log stays quiet.
            let show: (String) -> Void = { Console.progress(label + $0 + " …") }
            runs.append(try PageReplayer.replay(samples: samples, metadata: input.metadata, settings: settings, traceName: path,
                                                progress: Console.showsProgress ? show : nil))
        }
        Console.endProgress()
        guard var run = runs.last, let record = RunRecord.overRepeats(runs.map(\.record)) else { return ExitCode.failure }
        run.record = record
        run.latenessP99Ms = runs.map(\.latenessP99Ms).max() ?? 0
        run.latenessMaxMs = runs.map(\.latenessMaxMs).max() ?? 0
        run.hostStealMs = runs.reduce(Double?.some(0)) { sum, run in sum.flatMap { total in run.hostStealMs.map { total + $0 } } }
        let output = try arguments.value(ReplayCommand.json)
        if let output {
            let file = try TextOutput(path: output)
            try file.write(run.record.jsonText)
            try file.close()
        }
        if !arguments.writesToStandardOutput([ReplayCommand.json, ReplayCommand.traceEvents, ReplayCommand.recordFrameCost]) {
            print(ReplaySummary.text(run.record, refresh: .fixed(run.record.refreshHz), extra: MetricName.pageCases))
            print("")
            print("browser   \(run.browser); \(run.usedHook ? "state from touchbench.report" : settings.selector.map { "followed \($0)" } ?? "no hook and no --selector: only timing")")
            if run.inputSettleMs == nil {
                print(String(format: "dispatch  %d commands, %d refused; lateness p50 %.3f ms, p99 %.3f ms, max %.3f ms%@%@",
                             run.sent, run.refused, run.latenessP50Ms, run.latenessP99Ms, run.latenessMaxMs,
                             run.realtimeDispatch ? "" : " (real-time priority refused)",
                             run.hostStealMs.map { String(format: "; host steal %.0f ms", $0) } ?? ""))
            } else {
                print("dispatch  \(run.sent) commands, \(run.refused) refused")
            }
            if let refusal = run.firstRefusal { print("          first refusal: \(refusal)") }
            if case .integer(let cancels)? = run.record.extras["pageBrowserCancels"] {
                print("browser   took \(cancels) touch\(cancels == 1 ? "" : "es") for itself (pointercancel: no touch-action: none where the finger landed?); what the page got is timing")
            }
            if let settle = run.inputSettleMs {
                print(String(format: "clock     the page clock at %g Hz: every frame sent by TouchBench after its inputs (settle %g ms, %d attempt%@, %d input-queue flush%@)%@",
                             run.record.refreshHz, settle, run.attempts, run.attempts == 1 ? "" : "s",
                             run.inputFlushes, run.inputFlushes == 1 ? "" : "es",
                             runs.allSatisfy(\.exactTimes) ? "; the page read every time exactly"
                                : runs.allSatisfy(\.exactFrameTimes) ? "; the page read its frame times exactly, not every event time" + eventTimesOff(runs)
                                : "; the page's times coarsened at random") + eventZeroMissed(runs))
                for (index, miss) in run.misses.enumerated() { print("          attempt \(index + 1) made again (\(miss))") }
            }
        }
        return ExitCode.success
    }

    /// `--refresh` with `--page`: the page clock sends its frames at one fixed rate; on the
    /// wall clock headless Chromium draws at its own 60 Hz, which no flag changes.
    private static func pageRefresh(_ refresh: RefreshRate, pacing: PagePacing) throws(UsageError) -> Double {
        guard pacing == .virtualClock else {
            throw UsageError(message: "--refresh applies with --page only on the page clock (--rate max): with --rate \(pacing.rawValue) headless Chromium draws its own 60 Hz frames")
        }
        guard case .fixed(let hz) = refresh else {
            throw UsageError(message: "--refresh with --page takes one fixed rate (such as 60 or 120), not an adaptive MIN-MAX range: the page clock sends its frames at a fixed rate")
        }
        return hz
    }

    /// How many event times the runs' pages read one 100 µs step off (and further), over all the runs.
    private static func eventTimesOff(_ runs: [PageRun]) -> String {
        let times = runs.compactMap(\.eventTimes).reduce(PageEventTimes(), +)
        return " (\(times.late) of \(times.read) read 100 µs late, \(times.early) early\(times.furtherOff > 0 ? ", \(times.furtherOff) further off" : "")"
            + "\(runs.count > 1 ? " over the \(runs.count) runs" : ""))"
    }

    /// The runs whose page's event zero (``PageEventZero``) was not found, whose events were
    /// sent on its time origin instead: empty when there are none.
    private static func eventZeroMissed(_ runs: [PageRun]) -> String {
        let missed = runs.compactMap(\.eventZero).filter { $0.micros == nil }
        guard let first = missed.first else { return "" }
        return "; event times sent on the page's time origin\(runs.count > 1 ? " in \(missed.count) of the \(runs.count) runs" : ""), "
            + "where they may read 100 µs off: \(first.account)"
    }

    /// The page argument; one not on this machine is a usage error.
    private static func pageAddress(_ text: String) throws -> PageAddress {
        let result = Result { () throws(PageReplayError) -> PageAddress in try PageAddress(text) }
        if case .failure(let error) = result, error.kind == .pageNotLocal { throw UsageError(message: String(error.description.dropLast())) }
        return try result.get()
    }
}
