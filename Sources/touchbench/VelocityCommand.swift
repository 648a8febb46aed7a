import Foundation
import TouchDynamics
import TouchGestures
import TouchInput
import TouchTrace
import TraceFormats

/// `touchbench velocity`: every contact's velocity at each lift.
enum VelocityCommand {
    static let strategy = Option("strategy", "NAME", "lsq2 (least squares, degree 2; default), impulse, or naive (last two samples).") {
        (name) throws(UsageError) in
        guard let strategy = VelocityStrategy(rawValue: name) else {
            throw UsageError(message: "--strategy must be lsq2, impulse or naive, not '\(name)'")
        }
        return strategy
    }
    static let json = Flag("json", "Print [{id, t, vx, vy}] as JSON.")

    static let command = Command(
        name: "velocity",
        summary: "Print the velocity of every contact at each lift.",
        usage: "FILE [--strategy lsq2|impulse|naive] [--json]",
        discussion: """
            For each contact's lift (an 'ended' sample), the velocity in points per second that
            the tracker reports from the contact's earlier samples (the lift sample itself is
            not added, as Android and Flutter do). A lift more than 40 ms after the contact's
            last movement has zero velocity.
            """,
        options: [strategy, json],
        positionals: 1...1
    ) { arguments in
        var tracker = LiftVelocityTracker(strategy: try arguments.value(strategy) ?? .lsq2)
        let input = try TraceFiles.open(arguments.positionals[0])
        var lifts: [LiftVelocityTracker.Lift] = []
        try input.source.forEachSample { sample in
            if let lift = tracker.add(sample) { lifts.append(lift) }
        }
        TraceFiles.warnAfterReading(input)
        if arguments[json] {
            print(LiftVelocityTracker.Lift.jsonText(lifts))
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
}
