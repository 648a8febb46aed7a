import RunRecord

extension RunRecord {
    /// What identifies an entry within a bench result: the trace and the scene.
    public var key: EntryKey { EntryKey(trace: trace, scene: scene) }
}

/// The identity of an entry in a bench result, ordered by trace then scene.
public struct EntryKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var trace: String
    public var scene: String

    public init(trace: String, scene: String) {
        self.trace = trace
        self.scene = scene
    }

    public static func < (lhs: EntryKey, rhs: EntryKey) -> Bool {
        (lhs.trace, lhs.scene) < (rhs.trace, rhs.scene)
    }

    /// The trace's name without its extension, for tables.
    public var traceName: String {
        trace.hasSuffix(".touchtrace") ? String(trace.dropLast(".touchtrace".count)) : trace
    }

    public var description: String { "\(trace) · \(scene)" }
}
