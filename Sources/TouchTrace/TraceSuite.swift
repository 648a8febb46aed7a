import Foundation

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

    public init(traces: [Entry]) {
        schema = Self.schema
        self.traces = traces
    }

    /// Reads a manifest file; trace paths are then resolved against its folder.
    public static func load(from path: String) throws(TraceFileError) -> TraceSuite {
        let data = Data(try SystemFile.readWhole(path))
        let suite: TraceSuite
        do {
            suite = try JSONDecoder().decode(TraceSuite.self, from: data)
        } catch {
            throw TraceFileError(.malformed, path: path, reason: "is not a touchbench.suite/1 manifest (\(error.localizedDescription))")
        }
        guard suite.schema.hasPrefix("touchbench.suite/1") else {
            throw TraceFileError(.malformed, path: path, reason: "has schema '\(suite.schema)', not touchbench.suite/1")
        }
        for entry in suite.traces where entry.file.isEmpty || entry.file.hasPrefix("/") || entry.file.contains("..") {
            throw TraceFileError(.malformed, path: path, reason: "names a trace outside its folder ('\(entry.file)')")
        }
        return suite
    }

    /// The path of `entry`'s trace for a manifest at `manifestPath`.
    public static func path(of entry: Entry, manifestPath: String) -> String {
        URL(fileURLWithPath: manifestPath).deletingLastPathComponent().appendingPathComponent(entry.file).path
    }

    /// The manifest as JSON with sorted keys, for writing.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(self)
    }
}
