import TouchTrace
import TraceSynthesis

extension Command {
    static let synth = Command(
        name: "synth",
        summary: "Write a deterministic, realistic synthetic gesture trace with ground-truth markers.",
        usage: "GESTURE -o FILE [--seed N] [--rate HZ] [--device phone|tablet] [--noise on|off] [--duration S] | --list | --suite MANIFEST",
        discussion: """
            The same arguments give a byte-identical file on any machine. FILE ending in .jsonl
            (or '-') gets the JSON Lines form; anything else a .touchtrace file. --duration sets
            the length of a session in seconds (default 180). --suite rebuilds every trace of a
            suite manifest that has a recipe (scripts/regenerate-traces uses it for Traces/).
            """,
        options: [
            .flag("list", "Name every gesture and what it exercises."),
            .value("suite", "MANIFEST", "Rebuild every synthesized trace of a suite manifest."),
            .value("output", short: "o", "FILE", "The file to write."),
            .value("seed", "N", "The random seed (default 0)."),
            .value("rate", "HZ", "Touch digitizer rate: 60, 120 (default) or 240; the pencil is always 240."),
            .value("device", "NAME", "phone (390×844 pt, default) or tablet (1024×1366 pt)."),
            .value("noise", "on|off", "Hand tremor, digitizer noise and timing jitter (default on)."),
            .value("duration", "S", "Length of a session in seconds (1…86400)."),
        ],
        positionals: 0...1
    ) { arguments in
        if arguments.flag("list") {
            let width = (Gesture.allCases.map(\.name.count).max() ?? 0) + 2
            for gesture in Gesture.allCases { print(gesture.name.padding(toLength: width) + gesture.summary) }
            return ExitCode.success
        }
        if let manifest = arguments.value("suite") {
            let suite = try TraceSuite.load(from: manifest)
            for entry in suite.traces {
                guard let recipe = entry.recipe else { continue }
                do {
                    let made = try SynthesisRecipe(recipe)
                    let path = TraceSuite.path(of: entry, manifestPath: manifest)
                    let summary = try GestureSynthesizer(options: made.options).write(made.gesture, toFileAt: path)
                    print("\(entry.file): \(summary.sampleCount) samples, \(summary.byteCount) bytes")
                } catch let error as SynthesisError {
                    throw CommandFailure(code: ExitCode.dataError, message: "\(manifest): the recipe of \(entry.file) is invalid: \(error.description)")
                }
            }
            return ExitCode.success
        }
        guard let name = arguments.positionals.first else { throw UsageError(message: "synth needs a GESTURE (see --list)") }
        let output = try arguments.required("output")
        var options = SynthesisOptions()
        do {
            let gesture = try Gesture(parsing: name)
            if let seed = arguments.value("seed") {
                guard let value = UInt64(seed) else { throw UsageError(message: "--seed must be a non-negative integer, not '\(seed)'") }
                options.seed = value
            }
            if let rate = try arguments.integer("rate", in: 1...100_000) { options.rate = rate }
            if let device = arguments.value("device") { options.device = try DeviceProfile(parsing: device) }
            if let noise = arguments.value("noise") { options.noise = try NoiseModel(parsing: noise) }
            if let duration = try arguments.number("duration", in: 0...1e9) { options.sessionDuration = duration }
            let synthesizer = try GestureSynthesizer(options: options)
            if output == "-" || output.lowercased().hasSuffix(".jsonl") {
                try synthesizer.writeJSONLines(gesture, toFileAt: output)
            } else {
                let summary = try synthesizer.write(gesture, toFileAt: output)
                Console.error("\(output): \(gesture.name), \(summary.sampleCount) samples, \(summary.byteCount) bytes.")
            }
        } catch let error as SynthesisError {
            throw UsageError(message: error.description)
        }
        return ExitCode.success
    }
}
