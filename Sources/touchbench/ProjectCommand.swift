import Foundation
import TouchDynamics

/// `touchbench project`: where a release velocity comes to rest.
enum ProjectCommand {
    // Bounded as spring's are: beyond them the projection overflows to inf and writes null
    // (hostile report 17).
    static let velocity = Option.number("velocity", "V", "Release velocity in units per second, -1e12…1e12 (required).", in: -1e12...1e12)
    static let rate = Option("rate", "RATE", "normal (0.998, default), fast (0.99) or a number between 0 and 1.") { (text) throws(UsageError) in
        guard let rate = DecelerationRate(argument: text) else {
            throw UsageError(message: "--rate must be normal, fast or a number between 0 and 1, not '\(text)'")
        }
        return rate
    }
    static let from = Option.number("from", "X", "The value at release, -1e12…1e12 (default 0).", in: -1e12...1e12)
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
        guard projection.distance.isFinite, projection.restingValue.isFinite, projection.durationToRest.isFinite else {
            throw UsageError(message: "a release at \(speed) units/s under rate \(deceleration.rawValue) travels further than a number can hold; use a smaller velocity or rate")
        }
        if arguments[json] {
            print(projection.jsonText)
        } else {
            print(String(format: "%.1f (from %g it comes to rest at %.1f; its speed falls under 1 unit/s after %.3f s at rate %g per ms)",
                         projection.distance, start, projection.restingValue, projection.durationToRest, deceleration.rawValue))
        }
        return ExitCode.success
    }
}
