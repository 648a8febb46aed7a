import Foundation
import PageReplay
import RunRecord
import TouchBenchSupport
import TouchTrace

/// A suite entry's page target: the scene name `page:FILE` or `page:URL` replays the trace
/// into that web page in headless Chromium (docs/PAGES.md) instead of a reference scene.
/// A relative file is found from the trace file's folder, so a suite and its pages move
/// together; a URL must be on localhost.
public struct PageTarget: Sendable, Hashable {
    /// The prefix that marks a page in a suite's scene list.
    public static let prefix = "page:"

    /// The page as written after the prefix.
    public let page: String

    /// The target `scene` names, or `nil` when it names a reference scene.
    public init?(scene: String) {
        guard scene.hasPrefix(Self.prefix), scene.count > Self.prefix.count else { return nil }
        page = String(scene.dropFirst(Self.prefix.count))
    }

    /// The page's address for a trace at `tracePath`.
    public func address(forTraceAt tracePath: String) throws(PageReplayError) -> PageAddress {
        try PageAddress(besideTrace(at: tracePath) ?? page)
    }

    /// The page's file for a trace at `tracePath`, or `nil` when the page is a web address: an
    /// input of the run, which no output may overwrite.
    public func file(forTraceAt tracePath: String) -> String? {
        if let beside = besideTrace(at: tracePath) { return beside }
        let lower = page.lowercased()
        // A file URL's path, percent-decoded (`file:///a%20b.html`, `file://localhost/x`).
        if lower.hasPrefix("file://") { return URL(string: page)?.path }
        return lower.contains("://") ? nil : page
    }

    /// The page's path when it is written relative to the trace's folder (neither absolute nor
    /// an address).
    private func besideTrace(at tracePath: String) -> String? {
        guard !page.hasPrefix("/"), !page.lowercased().contains("://") else { return nil }
        let folder = URL(fileURLWithPath: tracePath).deletingLastPathComponent()
        return folder.appendingPathComponent(page).standardizedFileURL.path
    }
}

extension Replaying {
    /// One run of the trace at `path` into the page, on the page clock (its frames sent by
    /// TouchBench, so which frame takes which sample is the trace's; docs/PAGES.md).
    /// Its time is the run's wall-clock duration (browser start, page load, the frames,
    /// the tail), not the replaying thread's CPU time: the run mostly waits on the browser,
    /// so samples per second would say little of TouchBench. Bench reports it as
    /// `page_run_wall_ms`, not as replay throughput.
    func replay(path: String, page target: PageTarget) throws -> ReplayOutcome {
        let reader = try TraceReader(path: path)
        let settings = PageReplaySettings(page: try target.address(forTraceAt: path))
        let clock = ContinuousClock()
        let start = clock.now
        let run = try PageReplayer.replay(reader: reader, settings: settings, traceName: path)
        return ReplayOutcome(entry: run.record.atWrittenPrecision, elapsedSeconds: start.duration(to: clock.now).inSeconds, clock: .wall)
    }
}
