import Foundation
import TouchDynamics

extension Command {
    static let spring = Command(
        name: "spring",
        summary: "Describe a spring animation: stiffness, damping, settling, overshoot and its curve.",
        usage: "--response R --damping-ratio Z [--from A --to B --velocity V] [--tolerance E] [--json]",
        discussion: """
            A spring is described by its damping ratio and response (seconds), mass 1:
            stiffness = (2π/response)², damping = 4π·ratio/response. The curve is sampled every
            1 ms (closed form, no integration) until it has settled within the tolerance
            (default 0.1 % of |B − A|, at least 0.001), at most 10 s.
            """,
        options: [
            .value("response", "R", "Response in seconds (required)."),
            .value("damping-ratio", "Z", "Damping ratio: 1 critically damped, < 1 bouncy (required)."),
            .value("from", "A", "Start value (default 0)."),
            .value("to", "B", "Target value (default 1)."),
            .value("velocity", "V", "Initial velocity in units per second (default 0)."),
            .value("tolerance", "E", "Settling tolerance in value units."),
            .flag("json", "Print {stiffness, damping, settlingDuration, overshoot, samples: [{t, value, velocity}]}."),
        ],
        positionals: 0...0
    ) { arguments in
        guard let response = try arguments.number("response"), let ratio = try arguments.number("damping-ratio") else {
            throw UsageError(message: "spring needs --response and --damping-ratio")
        }
        let from = try arguments.number("from") ?? 0
        let to = try arguments.number("to") ?? 1
        let velocity = try arguments.number("velocity") ?? 0
        let spring: Spring
        do {
            spring = try Spring(dampingRatio: ratio, response: response)
        } catch {
            throw UsageError(message: "\(error)")
        }
        let tolerance = try arguments.number("tolerance", in: 1e-12...1e12) ?? max(abs(to - from) * 0.001, 0.001)
        let animation = SpringAnimation(spring: spring, from: from, to: to, initialVelocity: velocity)
        let settling = animation.settlingDuration(tolerance: tolerance)
        let horizon = min(settling.isFinite ? settling : 10, 10)
        let steps = Int((horizon * 1000).rounded(.up))
        let samples = (0...steps).map { step -> (Double, Double, Double) in
            let t = Double(step) / 1000
            return (t, animation.value(at: t), animation.velocity(at: t))
        }
        if arguments.flag("json") {
            var object: [String: Any] = [
                "response": response, "dampingRatio": ratio, "mass": spring.mass,
                "stiffness": spring.stiffness, "damping": spring.damping,
                "from": from, "to": to, "initialVelocity": velocity, "tolerance": tolerance,
                "overshoot": animation.peakOvershoot,
                "samples": samples.map { ["t": $0.0, "value": $0.1, "velocity": $0.2] },
            ]
            object["settlingDuration"] = settling.isFinite ? settling : NSNull()
            object["relativeOvershoot"] = animation.relativePeakOvershoot ?? NSNull()
            print(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self))
        } else {
            print(String(format: "stiffness          %.4f", spring.stiffness))
            print(String(format: "damping            %.4f", spring.damping))
            print(settling.isFinite ? String(format: "settling duration  %.4f s (within %g)", settling, tolerance) : "settling duration  never (undamped)")
            print(String(format: "peak overshoot     %.4f", animation.peakOvershoot)
                  + (animation.relativePeakOvershoot.map { String(format: " (%.2f %% of the distance)", $0 * 100) } ?? ""))
            for sample in samples where Int((sample.0 * 1000).rounded()) % 50 == 0 {
                print(String(format: "  t %.3f s  value %10.4f  velocity %10.4f", sample.0, sample.1, sample.2))
            }
        }
        return ExitCode.success
    }
}
