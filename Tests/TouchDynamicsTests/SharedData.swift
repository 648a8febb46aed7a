import Foundation

/// Locates the shared real-device recordings at `../shared/data` beside the package root.
/// A user's clone has no such folder; tests that need it are skipped there.
enum SharedData {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TouchDynamicsTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()  // the root's parent
        .appendingPathComponent("shared/data", isDirectory: true)

    static let flutterVelocityFile = directory.appendingPathComponent("velocity/flutter_velocity.json")

    static var hasFlutterVelocity: Bool {
        FileManager.default.fileExists(atPath: flutterVelocityFile.path)
    }
}

/// The events and expected velocities of Flutter's velocity-tracker test data, as the
/// shared file states them.
struct FlutterVelocityData: Decodable {
    struct Event: Decodable {
        var type: String
        var t_ms: Int64
        var pointer: Int
        var x: Double
        var y: Double
    }
    struct Expected: Decodable {
        var pointer: Int
        var vx_px_per_s: Double
        var vy_px_per_s: Double
    }
    struct Interrupted: Decodable {
        struct Velocity: Decodable {
            var vx_px_per_s: Double
            var vy_px_per_s: Double
        }
        var events: [Event]
        var expected: Velocity
    }

    var events: [Event]
    var expected: [Expected]
    var interrupted_case: Interrupted

    static func load() throws -> FlutterVelocityData {
        let data = try Data(contentsOf: SharedData.flutterVelocityFile)
        return try JSONDecoder().decode(FlutterVelocityData.self, from: data)
    }
}

/// |actual − expected| / |expected|, or the absolute difference when expected is zero.
func relativeError(_ actual: Double, _ expected: Double) -> Double {
    expected == 0 ? abs(actual) : abs((actual - expected) / expected)
}
