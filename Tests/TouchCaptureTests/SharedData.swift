import Foundation

/// The shared recordings (`../shared/data` beside the package root), which a user's clone
/// does not have: tests that need them are skipped when they are absent.
enum SharedData {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let evemuDirectory = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/evemu")

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: evemuDirectory.path) }

    /// Every recording with events, by file name.
    static var recordings: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: evemuDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") }.sorted()
    }

    static func path(_ name: String) -> String { evemuDirectory.appendingPathComponent(name).path }
}
