import Foundation
import TouchDynamics

/// `touchbench project`: where a release velocity comes to rest.
enum ProjectCommand {
    static let velocity = Option.number("velocity", "V", "Release velocity in units per second (required).")
    static let rate = Option("rate", "RATE", "normal (0.998, default), fast (0.99) or a number between 0 and 1.") { (text) throws(UsageError) in
        guard let rate = DecelerationRate(argument: text) else {
            throw UsageError(message: "--rate must be normal, fast or a number between 0 and 1, not '\(text)'")
        }
        return rate
    }
    static let from = Option.number("from", "X", "The value at release (default 0).")
    static let json = Flag("json", "Print {distance, restingValue, rate, duration} as JSON.")

    static let command = Command(
        name: "project",
        summary: "Print where a value released at a velocity comes to rest under scroll-view deceleration.",
        usage: "--velocity V [--rate normal|fast|R] [--from X] [--json]",
        discussion: """
            distance = (V / 1000) · r / (1 − r), V in units per second and r the deceleration
            rate per millisecond (normal 0.998, fast 0.99). Works for positions, scales and angles.
            """,
        options: [velocity, rate, from, json],
        positionals: 0...0
    ) { arguments in
        guard let speed = try arguments.value(velocity) else { throw UsageError(message: "project needs --velocity") }
        let deceleration = try arguments.value(rate) ?? .normal
        let start = try arguments.value(from) ?? 0
        let projection = ReleaseProjection(velocity: speed, rate: deceleration, from: start)
        if arguments[json] {
            print(projection.jsonText)
        } else {
            print(String(format: "%.1f (from %g it comes to rest at %.1f; its speed falls under 1 unit/s after %.3f s at rate %g per ms)",
                         projection.distance, start, projection.restingValue, projection.durationToRest, deceleration.rawValue))
        }
        return ExitCode.success
    }
}
