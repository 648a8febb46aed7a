import Foundation
import TouchDynamics
import TouchGestures
import TouchInput
import TouchTrace

extension Command {
    static let velocity = Command(
        name: "velocity",
        summary: "Print the velocity of every contact at each lift.",
        usage: "FILE [--strategy lsq2|impulse|naive] [--json]",
        discussion: """
            For each contact's lift (an 'ended' sample), the velocity in points per second that
            the tracker reports from the contact's earlier samples (the lift sample itself is
            not added, as Android and Flutter do). A lift more than 40 ms after the contact's
            last movement has zero velocity.
            """,
        options: [
            .value("strategy", "NAME", "lsq2 (least squares, degree 2; default), impulse, or naive (last two samples)."),
            .flag("json", "Print [{id, t, vx, vy}] as JSON."),
        ],
        positionals: 1...1
    ) { arguments in
        let name = arguments.value("strategy") ?? "lsq2"
        guard let strategy = VelocityStrategy(rawValue: name) else {
            throw UsageError(message: "--strategy must be lsq2, impulse or naive, not '\(name)'")
        }
        let source = try TraceFiles.openSource(arguments.positionals[0])
        var tracker = LiftVelocityTracker(strategy: strategy)
        var lifts: [LiftVelocityTracker.Lift] = []
        while let sample = try source.nextSample() {
            if let lift = tracker.add(sample) { lifts.append(lift) }
        }
        if arguments.flag("json") {
            let objects = lifts.map { ["id": Int($0.id), "t": $0.time, "vx": $0.velocity.x, "vy": $0.velocity.y] as [String: Any] }
            print(String(decoding: try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self))
        } else if lifts.isEmpty {
            print("no lifts")
        } else {
            for lift in lifts {
                print(String(format: "contact %u lifts at %.3f s: vx %.1f pt/s, vy %.1f pt/s (speed %.1f pt/s)",
                             lift.id, Double(lift.time) / 1e9, lift.velocity.x, lift.velocity.y, lift.velocity.magnitude))
            }
        }
        return ExitCode.success
    }

    static let project = Command(
        name: "project",
        summary: "Print where a value released at a velocity comes to rest under scroll-view deceleration.",
        usage: "--velocity V [--rate normal|fast|R] [--from X] [--json]",
        discussion: """
            distance = (V / 1000) · r / (1 − r), V in units per second and r the deceleration
            rate per millisecond (normal 0.998, fast 0.99). Works for positions, scales and angles.
            """,
        options: [
            .value("velocity", "V", "Release velocity in units per second (required)."),
            .value("rate", "RATE", "normal (0.998, default), fast (0.99) or a number between 0 and 1."),
            .value("from", "X", "The value at release (default 0)."),
            .flag("json", "Print {distance, restingValue, rate, duration} as JSON."),
        ],
        positionals: 0...0
    ) { arguments in
        guard let velocity = try arguments.number("velocity") else { throw UsageError(message: "project needs --velocity") }
        let rateText = arguments.value("rate") ?? "normal"
        guard let rate = DecelerationRate(argument: rateText) else {
            throw UsageError(message: "--rate must be normal, fast or a number between 0 and 1, not '\(rateText)'")
        }
        let start = try arguments.number("from") ?? 0
        let distance = rate.projectedDistance(velocity: velocity)
        let curve = DecelerationCurve(value: start, velocity: velocity, rate: rate)
        let duration = curve.duration(untilSpeedBelow: 1)
        if arguments.flag("json") {
            let object: [String: Any] = ["velocity": velocity, "rate": rate.rawValue, "distance": distance,
                                         "restingValue": start + distance, "durationToRestSeconds": duration]
            print(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
        } else {
            print(String(format: "%.1f (from %g it comes to rest at %.1f; its speed falls under 1 unit/s after %.3f s at rate %g per ms)",
                         distance, start, start + distance, duration, rate.rawValue))
        }
        return ExitCode.success
    }
}
