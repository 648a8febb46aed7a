import TouchTrace
import TraceFormats
import TraceSynthesis

/// `touchbench synth`: a deterministic synthetic gesture trace.
enum SynthCommand {
    static let list = Flag("list", "Name every gesture and what it exercises.")
    static let suite = Option("suite", "MANIFEST", "Rebuild every synthesized trace of a suite manifest.")
    static let output = Option("output", short: "o", "FILE", "The file to write.")
    static let seed = Option("seed", "N", "The random seed (default 0).") { (text) throws(UsageError) in
        guard let value = UInt64(text) else { throw UsageError(message: "--seed must be a non-negative integer, not '\(text)'") }
        return value
    }
    static let rate = Option("rate", "HZ", "Touch digitizer rate: 60, 120 (default) or 240; the pencil is always 240.") { (text) throws(UsageError) in
        guard let value = Int(text), SynthesisOptions.supportedRates.contains(value) else {
            throw UsageError(message: "--rate must be \(SynthesisOptions.supportedRatesText), not '\(text)'")
        }
        return value
    }
    static let device = Option("device", "NAME", "phone (390×844 pt, default) or tablet (1024×1366 pt).")
    static let noise = Option("noise", "on|off", "Hand tremor, digitizer noise and timing jitter (default on).")
    static let duration = Option.number("duration", "S", "Length of a session in seconds (1…86400).",
                                        in: 1...SynthesisOptions.maximumSessionDuration)
    static let speed = Option("speed", "LOW-HIGH", "Lift speeds of a pip-throw, app-switch or app-switch-catch in pt/s, or one speed for all (default 250-1250; within 100-5000).")

    static let command = Command(
        name: "synth",
        summary: "Write a deterministic, realistic synthetic gesture trace with ground-truth markers.",
        usage: "GESTURE -o FILE [--seed N] [--rate HZ] [--device phone|tablet] [--noise on|off] [--duration S] [--speed LOW-HIGH] | --list | --suite MANIFEST",
        discussion: """
            The same arguments give a byte-identical file on any machine. FILE ending in .jsonl
            (or .ndjson, or '-') gets the JSON Lines form; anything else a .touchtrace file (a name of
            another form, such as .csv, is a usage error: convert the result instead). --duration sets
            the length of a session in seconds (default 180). --suite rebuilds every trace of a
            suite manifest that has a recipe (scripts/regenerate-traces uses it for Traces/).
            """,
        options: [list, suite, output, seed, rate, device, noise, duration, speed],
        positionals: 0...1
    ) { arguments in
        if arguments[list] {
            try refuseOthers(than: "--list", arguments)
            let width = (Gesture.allCases.map(\.name.count).max() ?? 0) + 2
            for gesture in Gesture.allCases { print(gesture.name.padding(toLength: width) + gesture.summary) }
            print(MixedSession.name.padding(toLength: width) + MixedSession.summary)
            return ExitCode.success
        }
        if let manifest = try arguments.value(suite) {
            try refuseOthers(than: "--suite", arguments)
            return try synthesizeSuite(manifest)
        }
        guard let name = arguments.positionals.first else { throw UsageError(message: "synth needs a GESTURE (see --list)") }
        let outputPath = try arguments.required(output)
        try OutputSafety.refuseContainer(named: outputPath, alsoWrites: .jsonl)
        if name == MixedSession.name {
            try refuseUnused(speed, by: name, arguments, usedBy: Gesture.allCases.filter(\.usesThrowSpeed))
            return try synthesizeMixedSession(to: outputPath, arguments)
        }
        // A SynthesisError here is a usage error (main.swift maps it to 64).
        var options = SynthesisOptions()
        let gesture = try Gesture(parsing: name)
        if !gesture.usesThrowSpeed { try refuseUnused(speed, by: name, arguments, usedBy: Gesture.allCases.filter(\.usesThrowSpeed)) }
        if gesture != .session { try refuseUnused(duration, by: name, arguments, usedBy: [.session], mixedSession: true) }
        if let value = try arguments.value(seed) { options.seed = value }
        if let value = try arguments.value(rate) { options.rate = value }
        if let value = try arguments.value(device) { options.device = try DeviceProfile(parsing: value) }
        if let value = try arguments.value(noise) { options.noise = try NoiseModel(parsing: value) }
        if let value = try arguments.value(duration) { options.sessionDuration = value }
        if let value = try arguments.value(speed) { options.throwSpeed = try SynthesisRecipe.speedRange(value) }
        let synthesizer = try GestureSynthesizer(options: options)
        if writesJSONLines(outputPath) {
            try synthesizer.writeJSONLines(gesture, toFileAt: outputPath)
        } else {
            let summary = try synthesizer.write(gesture, toFileAt: outputPath)
            Console.error("\(outputPath): \(gesture.name), \(summary.sampleCount) samples, \(summary.byteCount) bytes.")
        }
        return ExitCode.success
    }

    /// Rebuilds every trace of the manifest that has a recipe, the whole manifest checked
    /// before the first file is written (``SuiteSynthesis``): a bad recipe, or one file named
    /// with two recipes, is refused (65, as a manifest naming a trace and scene twice is).
    private static func synthesizeSuite(_ manifest: String) throws -> Int32 {
        let plan: SuiteSynthesis
        do { plan = try SuiteSynthesis(try TraceSuite.load(from: manifest), manifestPath: manifest) } catch let problem as SuiteSynthesis.Problem {
            throw CommandFailure(code: ExitCode.dataError, message: "\(manifest): \(problem.reason)")
        }
        for trace in plan.traces { try OutputSafety.refuseContainer(named: trace.path) }
        for trace in plan.traces {
            let summary = try SuiteSynthesis.write(trace)
            print("\(trace.file): \(summary.sampleCount) samples, \(summary.byteCount) bytes")
        }
        return ExitCode.success
    }

    /// Refuses `option` given for a family that does not read it (it would change nothing, in
    /// silence), naming the families that do, as `replay --set` refuses a parameter no scene reads.
    private static func refuseUnused<Value>(_ option: Option<Value>, by name: String, _ arguments: ParsedArguments,
                                     usedBy gestures: [Gesture], mixedSession: Bool = false) throws {
        guard try arguments.value(option) != nil else { return }
        let users = gestures.map(\.name) + (mixedSession ? [MixedSession.name] : [])
        throw UsageError(message: "\(option.flagName) changes nothing for \(name): only \(users.joined(separator: ", ")) read it")
    }

    /// `--list` and `--suite` stand alone: a gesture or an option given with them would be
    /// ignored without a word (`synth --list -o x.touchtrace` wrote nothing and said nothing).
    private static func refuseOthers(than mode: String, _ arguments: ParsedArguments) throws {
        // Every option of the command but the mode itself and --help (a flag's presence is
        // not a value, so --list is asked for apart).
        let options = command.options.map(\.spec).filter { $0.valueName != nil && "--\($0.name)" != mode }
        let given = options.filter { arguments.values(named: $0.name) != nil }.map { "--\($0.name)" }
            + (mode == "--list" ? [] : arguments[list] ? ["--list"] : [])
            + arguments.positionals.prefix(1).map { "the gesture '\($0)'" }
        guard let first = given.first else { return }
        throw UsageError(message: "\(mode) takes no gesture or other option, so \(first) would change nothing")
    }

    /// The scale benchmarks' marker-dense workload, streamed to the file (any length, flat memory).
    /// Whether synth writes JSON Lines to `path` (standard output, or a name of that form:
    /// `.jsonl`, `.ndjson`), the one rule its two writers and the output check share.
    private static func writesJSONLines(_ path: String) -> Bool {
        path == "-" || TraceForm.byExtension(of: path, forOutput: true) == .jsonl
    }

    private static func synthesizeMixedSession(to outputPath: String, _ arguments: ParsedArguments) throws -> Int32 {
        // Its rates are fixed and its noise and speeds its own: an option it would ignore is
        // refused rather than silently not applied (`--rate 60` wrote a 240 Hz trace).
        for option in [rate.spec, noise.spec, speed.spec] where arguments.values(named: option.name) != nil {
            throw UsageError(message: "--\(option.name) does not apply to \(MixedSession.name) (touch \(MixedSession.touchHz) Hz, pencil \(MixedSession.pencilHz) Hz, its own noise and speeds)")
        }
        let seconds = try arguments.value(duration) ?? 600
        var profile = DeviceProfile.phone
        if let value = try arguments.value(device) {
            do { profile = try DeviceProfile(parsing: value) } catch { throw UsageError(message: error.description) }
        }
        let session = MixedSession(seed: try arguments.value(seed) ?? 0, duration: seconds, device: profile)
        if writesJSONLines(outputPath) {
            try session.writeJSONLines(toFileAt: outputPath)
        } else {
            let summary = try session.write(toFileAt: outputPath)
            Console.error("\(outputPath): \(MixedSession.name), \(summary.sampleCount) samples, \(summary.byteCount) bytes.")
        }
        return ExitCode.success
    }
}
