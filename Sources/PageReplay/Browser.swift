import Foundation
import TouchBenchSupport

/// A headless Chromium started for one replay, spoken to over `--remote-debugging-pipe`,
/// with a throw-away profile. ``close()`` (or deinit) stops it and always reaps it.
final class Browser {
    let client: DevToolsClient
    private let process: BrowserProcess
    private let profile: String
    private var closed = false

    /// The flags every launch uses: no sandbox (containers run as root), no GPU, nothing
    /// that phones home, no throttling of a page that is not focused, and host resolution
    /// limited to localhost, so nothing a page asks for reaches beyond the machine.
    static let flags = [
        "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--no-default-browser-check", "--disable-extensions", "--disable-background-networking", "--disable-sync",
        "--disable-component-update", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
        "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows", "--disable-features=Translate,MediaRouter,OptimizationHints",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE ::1",
    ]

    /// The flags the deterministic page clock adds: frames begin only when TouchBench sends
    /// them, and each runs every stage (main thread included) before it is drawn, so one
    /// BeginFrame is one animation frame of the page.
    static let beginFrameFlags = ["--enable-begin-frame-control", "--run-all-compositor-stages-before-draw"]

    /// Profiles are `touchbench-page-PID-XXXXXX` in the temporary directory, PID the run's.
    static let profilePrefix = "touchbench-page-"

    /// Removes the profiles of runs that ended without removing theirs (a run stopped by a
    /// signal cannot): those whose process no longer exists. A live run's is left alone.
    static func removeProfilesOfEndedRuns() {
        let folder = NSTemporaryDirectory()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(profilePrefix) {
            let rest = name.dropFirst(profilePrefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(atPath: folder + (folder.hasSuffix("/") ? "" : "/") + name)
            }
        }
    }

    /// Starts `executable` (found by ``BrowserLocator`` when `nil`) and waits until it answers;
    /// with `beginFrameControl`, its pages draw only the frames they are sent.
    init(executable: String? = nil, beginFrameControl: Bool = false, startTimeout: Int64 = 20_000_000_000) throws(PageReplayError) {
        let path: String
        if let executable { path = executable } else { path = try BrowserLocator.locate() }
        Self.removeProfilesOfEndedRuns()
        var template = Array((NSTemporaryDirectory() + "\(Self.profilePrefix)\(getpid())-XXXXXX").utf8CString)
        guard let directory = template.withUnsafeMutableBufferPointer({ buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }) else {
            throw PageReplayError(.browserFailed, file: path, reason: "could not get a temporary profile directory")
        }
        profile = String(cString: directory)
        do {
            process = try BrowserProcess(executable: path, arguments: Self.flags + (beginFrameControl ? Self.beginFrameFlags : []) + ["--user-data-dir=\(profile)/profile", "about:blank"],
                                         logPath: profile + "/browser.log")
        } catch {
            try? FileManager.default.removeItem(atPath: profile)
            throw error
        }
        client = DevToolsClient(transport: process, name: path)
        do {
            try client.call("Browser.getVersion", timeout: startTimeout)
        } catch {
            let log = logTail()
            close()
            throw PageReplayError(error.kind == .timeout ? .timeout : .browserFailed, file: path,
                                  reason: "did not start answering DevTools commands" + (log.isEmpty ? "" : " (its log ends: \(log))"))
        }
    }

    deinit { close() }

    /// The last line of the browser's own log, for an error message.
    func logTail() -> String {
        guard let text = try? String(contentsOfFile: profile + "/browser.log", encoding: .utf8) else { return "" }
        return String(text.split(separator: "\n").last ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// Stops the browser, reaps it and removes its profile.
    func close() {
        guard !closed else { return }
        closed = true
        _ = try? client.post("Browser.close")
        process.terminate()
        try? FileManager.default.removeItem(atPath: profile)
    }
}
