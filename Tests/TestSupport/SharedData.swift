import Foundation

/// The shared recordings (`../shared/data` beside the package root), which a user's clone
/// does not have: tests that need them are skipped when they are absent.
public enum SharedData {
    public static let packageRoot: URL = Golden.packageRoot

    public static let evemuDirectory = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/evemu")

    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: evemuDirectory.path) }

    /// Every recording with events, by file name.
    public static var recordings: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: evemuDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") }.sorted()
    }

    public static func path(_ name: String) -> String { evemuDirectory.appendingPathComponent(name).path }
}
