import Foundation
import TouchBenchSupport

/// A suite of traces and the scenes each is replayed through: the manifest that
/// `touchbench demo` and `touchbench bench` read (the bundled one is `Traces/manifest.json`).
///
/// ```json
/// {"schema": "touchbench.suite/1",
///  "traces": [{"file": "flick.touchtrace", "scenes": ["scroll", "pip"],
///              "description": "…", "recipe": {"gesture": "flick", "seed": "1"}}]}
/// ```
/// A `recipe` (optional) says how a synthesized trace was made, so it can be rebuilt.
public struct TraceSuite: Sendable, Hashable, Codable {
    public struct Entry: Sendable, Hashable, Codable {
        /// The trace file, relative to the manifest's folder.
        public var file: String
        /// Scenes to replay it through.
        public var scenes: [String]
        public var description: String?
        /// Synthesis settings (gesture, seed, rate, device, noise, duration), when synthesized.
        public var recipe: [String: String]?

        public init(file: String, scenes: [String], description: String? = nil, recipe: [String: String]? = nil) {
            self.file = file
            self.scenes = scenes
            self.description = description
            self.recipe = recipe
        }
    }

    public static let schema = "touchbench.suite/1"

    public var schema: String
    public var traces: [Entry]
    /// Parameters set for every run of the suite (`"parameters": {"pan.hysteresis": 30}`),
    /// checked against the scenes' catalogue by whoever replays; `nil` when the manifest sets none.
    public var parameters: [String: String]?

    /// Every scene the suite's traces name, once each, sorted: what a suite's parameters must
    /// be read by.
    public var sceneNames: [String] { Array(Set(traces.flatMap(\.scenes))).sorted() }
    /// The suite's own thresholds file, relative to the manifest's folder (`"thresholds":
    /// "pages.thresholds.json"`): budgets for what this suite replays, such as a page suite's
    /// for a browser's frames; `nil` when the manifest names none.
    public var thresholds: String?

    public init(traces: [Entry]) {
        schema = Self.schema
        self.traces = traces
    }

    /// Reads a manifest file; trace paths are then resolved against its folder.
    public static func load(from path: String) throws(TraceFileError) -> TraceSuite {
        var bytes = try SystemFile.readWhole(path)
        let suite: TraceSuite
        do {
            suite = try TraceSuite(json: try JSONValue.parse(bytes: &bytes))
        } catch let error as JSONValue.SyntaxError {
            throw TraceFileError(.malformed, path: path, offset: error.offset,
                                 reason: "is not a touchbench.suite/1 manifest (not JSON: \(error.reason))")
        } catch {
            throw TraceFileError(.malformed, path: path, reason: "is not a touchbench.suite/1 manifest (\(error))")
        }
        guard suite.schema == Self.schema else {
            throw TraceFileError(.malformed, path: path, reason: "has schema '\(suite.schema)', not touchbench.suite/1")
        }
        for entry in suite.traces where !isInsideFolder(entry.file) {
            throw TraceFileError(.malformed, path: path, reason: "names a trace outside its folder ('\(entry.file)')")
        }
        // Each trace × scene is one entry of a result: a pair named twice would give a result
        // that compare and merge must refuse.
        var pairs = Set<[String]>()
        for entry in suite.traces {
            let file = entry.file.hasPrefix("./") ? String(entry.file.dropFirst(2)) : entry.file
            for scene in entry.scenes where !pairs.insert([file, scene]).inserted {
                throw TraceFileError(.malformed, path: path, reason: "names '\(entry.file)' with the scene \(scene) twice")
            }
        }
        if let thresholds = suite.thresholds, !isInsideFolder(thresholds) {
            throw TraceFileError(.malformed, path: path, reason: "names a thresholds file outside its folder ('\(thresholds)')")
        }
        // A trace is an output of `synth --suite`: one that is the manifest (or its
        // thresholds) would be rebuilt over the file that names it.
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let ownFiles = [path] + (suite.thresholds.map { [folder.appendingPathComponent($0).path] } ?? [])
        for entry in suite.traces {
            let trace = Self.path(of: entry, manifestPath: path)
            if let own = ownFiles.first(where: { SystemFile.isSameFile($0, trace) }) {
                throw TraceFileError(.malformed, path: path, reason: "names its \(own == path ? "own manifest" : "thresholds file") ('\(entry.file)') as a trace")
            }
        }
        return suite
    }

    private static func isInsideFolder(_ file: String) -> Bool {
        !file.isEmpty && !file.hasPrefix("/") && !file.contains("..")
    }

    /// The path of `entry`'s trace for a manifest at `manifestPath`.
    public static func path(of entry: Entry, manifestPath: String) -> String {
        URL(fileURLWithPath: manifestPath).deletingLastPathComponent().appendingPathComponent(entry.file).path
    }

    /// The manifest as JSON (sorted keys, the canonical layout), for writing.
    public var jsonText: String {
        JSONWriter.document(.object([
            ("schema", .string(schema)),
            ("traces", .array(traces.map { entry in
                var members: [(key: String, value: JSONValue)] = [
                    ("file", .string(entry.file)), ("scenes", .array(entry.scenes.map { .string($0) })),
                ]
                if let description = entry.description { members.append(("description", .string(description))) }
                if let recipe = entry.recipe { members.append(("recipe", .object(recipe.map { ($0.key, .string($0.value)) }))) }
                return .object(members)
            })),
        ] + (parameters.map { [("parameters", .object($0.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }))] } ?? [])
          + (thresholds.map { [("thresholds", .string($0))] } ?? [])))
    }

    /// Reads a manifest from its JSON value; the error names the member that is wrong.
    init(json value: JSONValue) throws(SuiteError) {
        guard let schema = value["schema"]?.stringValue else { throw SuiteError("it has no schema string") }
        guard let entries = value["traces"]?.arrayValue else { throw SuiteError("it has no traces array") }
        var traces: [Entry] = []
        for (index, entry) in entries.enumerated() {
            guard let file = entry["file"]?.stringValue else { throw SuiteError("trace \(index + 1) has no file string") }
            guard let scenes = entry["scenes"]?.arrayValue?.map(\.stringValue), !scenes.contains(nil) else {
                throw SuiteError("trace \(index + 1) has no scenes array of strings")
            }
            var description: String?
            if let text = entry["description"], text != .null {
                guard let string = text.stringValue else { throw SuiteError("trace \(index + 1) has a description that is not a string") }
                description = string
            }
            var recipe: [String: String]?
            if let object = entry["recipe"], object != .null {
                guard let members = object.objectMembers, members.allSatisfy({ $0.value.stringValue != nil }) else {
                    throw SuiteError("trace \(index + 1) has a recipe that is not an object of strings")
                }
                recipe = Dictionary(members.map { ($0.key, $0.value.stringValue ?? "") }, uniquingKeysWith: { _, last in last })
            }
            traces.append(Entry(file: file, scenes: scenes.compactMap { $0 }, description: description, recipe: recipe))
        }
        self.init(traces: traces)
        self.schema = schema
        if let object = value["parameters"], object != .null {
            guard let members = object.objectMembers else { throw SuiteError("its parameters are not an object") }
            var parameters: [String: String] = [:]
            for (name, member) in members {
                switch member {
                case .string(let text): parameters[name] = text
                case .integer(let number): parameters[name] = String(number)
                case .number(let number): parameters[name] = JSONWriter.format(number)
                case .bool(let flag): parameters[name] = flag ? "true" : "false"
                default: throw SuiteError("its parameter \(name) is not a string, number or boolean")
                }
            }
            self.parameters = parameters
        }
        if let file = value["thresholds"], file != .null {
            guard let name = file.stringValue else { throw SuiteError("its thresholds is not a file name") }
            thresholds = name
        }
    }

    /// Why a JSON value is not a manifest.
    struct SuiteError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
