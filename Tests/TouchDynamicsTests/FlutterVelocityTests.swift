import Testing
@testable import TouchDynamics

/// Replays the 306 real pointer events of Flutter's velocity-tracker tests and compares
/// `lsq2` with the velocities Flutter reports at each pointer-up.
///
/// Skipped where `../shared/data` is absent (a user's clone has no shared data folder).
@Suite(
    "lsq2 against Flutter's recorded strokes",
    .enabled(if: SharedData.hasFlutterVelocity,
             "needs ../shared/data/velocity/flutter_velocity.json beside the package root")
)
struct FlutterVelocityTests {
    /// Flutter's own tolerance: 0.1 % per component.
    static let tolerance = 0.001

    /// Replays events as the file's replay semantics state: one tracker for the whole stream,
    /// never reset; downs and moves are added; each up asks for the velocity at its time.
    static func replay(_ events: [FlutterVelocityData.Event]) -> [Velocity] {
        var tracker = VelocityTracker(strategy: .lsq2)
        var results: [Velocity] = []
        for event in events {
            let time = event.t_ms * 1_000_000
            switch event.type {
            case "PointerDownEvent", "PointerMoveEvent":
                tracker.add(time: time, x: event.x, y: event.y)
            case "PointerUpEvent":
                results.append(tracker.velocity(at: time))
            default:
                break
            }
        }
        return results
    }

    @Test func allThirteenStrokesMatchFlutter() throws {
        let data = try FlutterVelocityData.load()
        let velocities = Self.replay(data.events)
        try #require(velocities.count == 13)
        try #require(data.expected.count == 13)
        var worst = 0.0
        for (velocity, expected) in zip(velocities, data.expected) {
            let ex = relativeError(velocity.x, expected.vx_px_per_s)
            let ey = relativeError(velocity.y, expected.vy_px_per_s)
            #expect(ex < Self.tolerance, "pointer \(expected.pointer) vx \(velocity.x) vs \(expected.vx_px_per_s)")
            #expect(ey < Self.tolerance, "pointer \(expected.pointer) vy \(velocity.y) vs \(expected.vy_px_per_s)")
            worst = max(worst, ex, ey)
        }
        // The same algorithm in double precision: far tighter than Flutter's tolerance.
        #expect(worst < 1e-9, "worst relative error \(worst)")
    }

    @Test func interruptedStrokeUsesOnlySamplesAfterTheGap() throws {
        let data = try FlutterVelocityData.load()
        let velocities = Self.replay(data.interrupted_case.events)
        try #require(velocities.count == 1)
        let expected = data.interrupted_case.expected
        #expect(relativeError(velocities[0].x, expected.vx_px_per_s) < Self.tolerance)
        #expect(relativeError(velocities[0].y, expected.vy_px_per_s) < Self.tolerance)
    }

    @Test func liftLongAfterTheLastMoveHasNoVelocity() throws {
        let data = try FlutterVelocityData.load()
        var tracker = VelocityTracker(strategy: .lsq2)
        for event in data.events.prefix(while: { $0.type != "PointerUpEvent" }) {
            tracker.add(time: event.t_ms * 1_000_000, x: event.x, y: event.y)
        }
        let newest = try #require(tracker.newestTime)
        #expect(tracker.velocity(at: newest + 40_000_000) != .zero)
        #expect(tracker.velocity(at: newest + 40_000_001) == .zero)
    }
}
