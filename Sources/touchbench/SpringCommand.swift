import Foundation
import TouchDynamics

/// `touchbench spring`: a spring animation described.
enum SpringCommand {
    // Bounded so that every printed number is finite: a response of 1e-300 s printed an
    // infinite stiffness and a 300-digit damping.
    static let response = Option.number("response", "R", "Response in seconds, 0.001…1000 (required).", in: 0.001...1000)
    static let dampingRatio = Option.number("damping-ratio", "Z", "Damping ratio, 0…1000: 1 critically damped, < 1 bouncy (required).", in: 0...1000)
    static let from = Option.number("from", "A", "Start value (default 0).", in: -1e12...1e12)
    static let to = Option.number("to", "B", "Target value (default 1).", in: -1e12...1e12)
    static let velocity = Option.number("velocity", "V", "Initial velocity in units per second (default 0).", in: -1e12...1e12)
    static let tolerance = Option.number("tolerance", "E", "Settling tolerance in value units.", in: 1e-12...1e12)
    static let json = Flag("json", "Print {stiffness, damping, settlingDuration, overshoot, samples: [{t, value, velocity}]}.")

    static let command = Command(
        name: "spring",
        summary: "Describe a spring animation: stiffness, damping, settling, overshoot and its curve.",
        usage: "--response R --damping-ratio Z [--from A --to B --velocity V] [--tolerance E] [--json]",
        discussion: """
            A spring is described by its damping ratio and response (seconds), mass 1:
            stiffness = (2π/response)², damping = 4π·ratio/response. The curve is sampled every
            1 ms (closed form, no integration) until it has settled within the tolerance
            (default 0.1 % of |B − A|, at least 0.001), at most 10 s.
            """,
        options: [response, dampingRatio, from, to, velocity, tolerance, json],
        positionals: 0...0
    ) { arguments in
        guard let responseTime = try arguments.value(response), let ratio = try arguments.value(dampingRatio) else {
            throw UsageError(message: "spring needs --response and --damping-ratio")
        }
        let start = try arguments.value(from) ?? 0
        let target = try arguments.value(to) ?? 1
        let initialVelocity = try arguments.value(velocity) ?? 0
        let spring: Spring
        do {
            spring = try Spring(dampingRatio: ratio, response: responseTime)
        } catch {
            throw UsageError(message: "\(error)")
        }
        let animation = SpringAnimation(spring: spring, from: start, to: target, initialVelocity: initialVelocity)
        let curve = SpringCurve(animation: animation, tolerance: try arguments.value(tolerance))
        let settling = curve.settlingDuration, settleWithin = curve.tolerance
        if arguments[json] {
            print(curve.jsonText)
        } else {
            print(String(format: "stiffness          %.4f", spring.stiffness))
            print(String(format: "damping            %.4f", spring.damping))
            print(settling.isFinite ? String(format: "settling duration  %.4f s (within %g)", settling, settleWithin) : "settling duration  never (undamped)")
            print(String(format: "peak overshoot     %.4f", animation.peakOvershoot)
                  + (animation.relativePeakOvershoot.map { String(format: " (%.2f %% of the distance)", $0 * 100) } ?? ""))
            for point in curve.points where Int((point.time * 1000).rounded()) % 50 == 0 {
                print(String(format: "  t %.3f s  value %10.4f  velocity %10.4f", point.time, point.value, point.velocity))
            }
        }
        return ExitCode.success
    }
}
