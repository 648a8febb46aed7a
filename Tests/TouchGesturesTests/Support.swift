import Foundation
import Testing
import TouchGestures
import TouchInput
import TraceFormats
import TraceSynthesis

/// Shared helpers: synthesized traces, the shared recordings, counting events.
enum Support {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let evemuDirectory = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/evemu")
    static var hasRecordings: Bool { FileManager.default.fileExists(atPath: evemuDirectory.path) }
    static let skipMessage: Comment = "../shared/data/evemu is absent: the shared recordings are not in this checkout"

    static func recording(_ name: String) throws -> ImportedTrace {
        try TraceFormat.importTrace(from: evemuDirectory.appendingPathComponent(name).path)
    }

    static func synthesize(_ gesture: Gesture, seed: UInt64 = 1, rate: Int = 120, noise: NoiseModel = .standard) throws -> SynthesizedTrace {
        try GestureSynthesizer(options: SynthesisOptions(seed: seed, rate: rate, noise: noise)).synthesize(gesture)
    }

    static func events(_ samples: [InputSample], screen: TraceMetadata.Screen?) -> [GestureEvent] {
        StandardArena.events(of: samples, screen: Rect(screen: screen))
    }

    static func count(_ events: [GestureEvent], _ gesture: GestureKind, _ state: RecognizerState) -> Int {
        events.filter { $0.gesture == gesture && $0.state == state }.count
    }

    /// The recognized counts a test compares: taps, double taps, long presses, pans, edge pans.
    static func counts(_ events: [GestureEvent]) -> GestureCounts {
        GestureCounts(
            taps: count(events, .tap, .recognized), doubleTaps: count(events, .doubleTap, .recognized),
            longPresses: count(events, .longPress, .began), pans: count(events, .pan, .began),
            edgePans: count(events, .edgePan, .began))
    }
}

struct GestureCounts: Equatable, CustomStringConvertible {
    var taps = 0, doubleTaps = 0, longPresses = 0, pans = 0, edgePans = 0
    var description: String { "taps \(taps) doubleTaps \(doubleTaps) longPresses \(longPresses) pans \(pans) edgePans \(edgePans)" }
}
