import Foundation
import Testing
@testable import PageReplay

/// Throw-away browser profiles: a run stopped by a signal cannot remove its own, so the next
/// run removes those whose process has ended (hostile report 20 found 1.2 MB left per SIGTERM).
@Suite struct BrowserProfileTests {
    @Test func profilesOfEndedRunsAreRemovedAndLiveOnesKept() throws {
        let folder = NSTemporaryDirectory()
        // No process has a pid at or above pid_max, so this one has ended.
        let pidMax = (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 4_194_304
        let tag = UInt32.random(in: 0...UInt32.max)
        let ended = folder + "/" + Browser.profilePrefix + "\(pidMax)-ended\(tag)"
        let live = folder + "/" + Browser.profilePrefix + "\(getppid())-live\(tag)"
        let foreign = folder + "/" + Browser.profilePrefix + "notapid-\(tag)"
        for path in [ended, live, foreign] {
            try FileManager.default.createDirectory(atPath: path + "/profile", withIntermediateDirectories: true)
        }
        defer { for path in [ended, live, foreign] { try? FileManager.default.removeItem(atPath: path) } }
        Browser.removeProfilesOfEndedRuns()
        #expect(!FileManager.default.fileExists(atPath: ended))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(FileManager.default.fileExists(atPath: foreign))
    }
}
