import Foundation
import TouchTrace

/// The synthesized traces of a suite manifest (`synth --suite`): every entry with a recipe,
/// checked whole before the first file is written, so that a manifest refused leaves every
/// trace as it was. A bad recipe is refused naming its entry; so are two entries naming one
/// file (`a.touchtrace` and `./a.touchtrace`) with different recipes, the second of which
/// would be written over the first (hostile report 4, finding 05). Entries naming one file
/// with the same recipe (the trace listed once per scene) make it once.
public struct SuiteSynthesis: Sendable {
    /// One trace to write: the entry's `file` as the manifest names it, its path (resolved
    /// against the manifest's folder) and how it is made.
    public struct Trace: Sendable {
        public let file: String
        public let path: String
        public let recipe: SynthesisRecipe
    }

    /// Why a manifest's traces cannot be synthesized.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// The entry's `file` as the manifest names it.
        public let file: String
        /// One clause: what is wrong with it.
        public let reason: String
        public var description: String { reason }
    }

    /// The traces in manifest order, each file once.
    public let traces: [Trace]

    /// The traces of `suite`, read from `manifestPath`.
    public init(_ suite: TraceSuite, manifestPath: String) throws(Problem) {
        var traces: [Trace] = []
        var byPlace: [String: Int] = [:]
        for entry in suite.traces {
            guard let recipe = entry.recipe else { continue }
            let made: SynthesisRecipe
            do {
                made = try SynthesisRecipe(recipe)
                _ = try GestureSynthesizer(options: made.options)
            } catch {
                throw Problem(file: entry.file, reason: "the recipe of \(entry.file) is invalid: \(error.clause).")
            }
            let path = TraceSuite.path(of: entry, manifestPath: manifestPath)
            let place = URL(fileURLWithPath: path).standardizedFileURL.path
            if let index = byPlace[place] {
                let earlier = traces[index]
                guard earlier.recipe == made else {
                    throw Problem(file: entry.file, reason: "'\(earlier.file)' and '\(entry.file)' name one file with different recipes; the second would be written over the first, so none is written")
                }
                continue
            }
            byPlace[place] = traces.count
            traces.append(Trace(file: entry.file, path: path, recipe: made))
        }
        self.traces = traces
    }

    /// Writes `trace`'s `.touchtrace` file.
    @discardableResult
    public static func write(_ trace: Trace) throws -> TraceWriter.Summary {
        try GestureSynthesizer(options: trace.recipe.options).write(trace.recipe.gesture, toFileAt: trace.path)
    }
}
