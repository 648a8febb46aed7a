import BenchReports
import TraceSynthesis

/// `touchbench experiment pip`: the PIP corner experiment, nearest corner against projection.
enum ExperimentCommand {
    static let throwCount = Option.integer("throws", "N", "Throws per speed band (default 20).", in: 1...1000)
    static let device = Option("device", "NAME", "phone (390×844 pt, default) or tablet (1024×1366 pt).")
    static let json = Flag("json", "Print {experiment, device, bands: [{low, high, throws, projection, nearestCorner}]}.")

    static let command = Command(
        name: "experiment",
        summary: "Reproduce the PIP experiment: corner accuracy by flick speed, projection vs nearest corner.",
        usage: "pip [--throws N] [--device phone|tablet] [--json]",
        discussion: """
            Synthesizes N pip-throw gestures per lift-speed band (200–1400 pt/s in steps of 200;
            seed k of every band aims at the same corner, only the speed differs), replays each
            through the pip scene with the corner chosen by the projection of the release
            velocity and by the corner nearest to where the window is let go, and prints the
            share that end in the corner they were aimed at (intent_accuracy). Deterministic.
            See docs/GESTURES.md ("The PIP experiment").
            """,
        options: [throwCount, device, json],
        positionals: 1...1
    ) { arguments in
        guard arguments.positionals.first == "pip" else {
            throw UsageError(message: "the experiment is 'pip', not '\(arguments.positionals.first ?? "")'")
        }
        let profile = try arguments.value(device).map { (name) throws(SynthesisError) in try DeviceProfile(parsing: name) } ?? .phone
        let result = try PipCornerExperiment.run(throwsPerBand: try arguments.value(throwCount) ?? 20, device: profile)
        if arguments[json] {
            print(result.jsonText)
        } else {
            print("PIP corner accuracy by lift speed (\(profile.name), 120 Hz, noise on): throws that end in the corner "
                  + "they were aimed at\n")
            print(result.markdown, terminator: "")
        }
        return ExitCode.success
    }
}
