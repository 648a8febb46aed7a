import BenchReports
import TouchReplay

/// `--set NAME=VALUE` (repeatable) and `--frame-cost PROFILE`, shared by `replay`, `bench`,
/// `demo` and `sweep`: the tunables of ``ParameterCatalog`` and the virtual clock's cost model.
enum ParameterOptions {
    static let set = Option("set", "NAME=VALUE",
                            "Set a scene, recognizer or display parameter (repeatable; 'touchbench scenes' lists them).",
                            repeats: true) { (text) throws(UsageError) in
        var values = ParameterValues()
        _ = try apply(text, to: &values)
        return text
    }

    static let frameCost = Option("frame-cost", "PROFILE",
                                  "Charge frame work on the virtual clock: constant:10ms, spikes:30ms/10, first:50ms, per-sample:200us, measured:2 (not deterministic), busy:4ms (really spent per frame, not charged: a stand-in for slower code to check a timing gate), recorded:FILE (from replay --record-frame-cost); join terms with +, recorded last.") { (text) throws(UsageError) in
        do throws(FrameCostError) { return try FrameCost(profile: text) } catch { throw UsageError(message: error.description) }
    }

    /// The `--frame-cost` profile given (none by default) with its `recorded:FILE` read, so a
    /// missing or bad recording stops the command before it replays anything (66, 65).
    static func frameCost(_ arguments: ParsedArguments) throws -> FrameCost {
        try (arguments.value(frameCost) ?? FrameCost()).loadingRecording()
    }

    /// The parameters of `--set`, over `base` (a suite's own, read from the manifest
    /// `source`); a bad `--set` is a usage error naming it and its valid values, a bad one of
    /// the manifest is bad data naming the manifest (65). With `scenes`, a parameter no scene
    /// among them reads is refused either way (it would change nothing), as is a `--set` name
    /// given twice (only the last would count).
    static func values(_ arguments: ParsedArguments, over base: [String: String] = [:], source: String? = nil,
                       scenes: [String]? = nil) throws -> ParameterValues {
        var values = try suiteValues(base, source: source, scenes: scenes)
        var given = Set<String>()
        for assignment in try arguments.values(Self.set) {
            let name = try apply(assignment, to: &values)
            try noteOnce(name, in: &given)
            if let scenes, let readers = unread(name, by: scenes) {
                throw UsageError(message: "--set \(name) changes nothing here: no scene run (\(readers)) reads it; 'touchbench scenes' lists each scene's parameters")
            }
        }
        return values
    }

    /// Adds `name` to the `--set` names `given` so far; a name given twice is a usage error
    /// (only the last would count).
    static func noteOnce(_ name: String, in given: inout Set<String>) throws(UsageError) {
        guard given.insert(name).inserted else { throw UsageError(message: "--set \(name) is given twice; give it once") }
    }

    /// Applies one `NAME=VALUE` to `values` and returns its name; an unknown name or a value
    /// out of its range is a usage error naming it and its valid values.
    static func apply(_ assignment: String, to values: inout ParameterValues) throws(UsageError) -> String {
        do throws(ParameterError) {
            let name = try ParameterValues.split(assignment).name
            try values.apply(assignment)
            return name
        } catch {
            throw UsageError(message: error.description)
        }
    }

    /// A suite's own parameters (`"parameters"` in the manifest `source`), each refused as bad
    /// data naming the manifest when its value is not one the parameter takes or, with
    /// `scenes`, when no scene among them reads it.
    static func suiteValues(_ base: [String: String], source: String?, scenes: [String]?) throws(BenchReportError) -> ParameterValues {
        var values = ParameterValues()
        for (name, value) in base.sorted(by: { $0.key < $1.key }) {
            do throws(ParameterError) {
                try values.set(name, to: value)
            } catch {
                throw BenchReportError(.malformed, path: source, reason: "sets parameters: \(error.description)")
            }
            if let scenes, let readers = unread(name, by: scenes) {
                throw BenchReportError(.malformed, path: source,
                                       reason: "sets \(name), which changes nothing: no scene of the suite (\(readers)) reads it; 'touchbench scenes' lists each scene's parameters")
            }
        }
        return values
    }

    /// The scenes run, listed, when none of `scenes` reads parameter `name`; `nil` when one does
    /// (or the parameter belongs to none, as the display's do).
    static func unread(_ name: String, by scenes: [String]) -> String? {
        guard let owner = ParameterCatalog.parameter(name)?.owner,
              !scenes.contains(where: { SceneKind(name: $0).map { ParameterCatalog.owners(of: $0).contains(owner) } ?? false })
        else { return nil }
        return scenes.joined(separator: ", ")
    }
}
