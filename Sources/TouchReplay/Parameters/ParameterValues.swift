import TouchBenchSupport

/// The parameters set for a run (`--set name=value`), over the defaults of
/// ``ParameterCatalog``. Only what was set is kept, so a run with nothing set is the
/// default run and its record carries no `parameters` member.
public struct ParameterValues: Sendable, Hashable {
    private var values: [String: Double] = [:]

    /// Nothing set: every parameter at its default.
    public init() {}

    /// The value of `parameter`: what was set, else its default.
    public subscript(_ parameter: Parameter) -> Double { values[parameter.name] ?? parameter.defaultValue }

    /// The value set for `parameter`, `nil` when it was left at its default.
    public func assigned(_ parameter: Parameter) -> Double? { values[parameter.name] }

    /// Whether nothing was set.
    public var isEmpty: Bool { values.isEmpty }

    /// Sets the parameter `name` to `value` (a number, a choice's name, `true` or `false`).
    /// Throws for an unknown name or a value outside the parameter's range.
    public mutating func set(_ name: String, to value: String) throws(ParameterError) {
        let parameter = try ParameterCatalog.named(name)
        values[name] = try parameter.parse(value)
    }

    /// Sets a parameter from one `name=value` assignment.
    public mutating func apply(_ assignment: String) throws(ParameterError) {
        let (name, value) = try Self.split(assignment)
        try set(name, to: value)
    }

    /// `name=value` split at the first `=`, or an error naming the assignment.
    public static func split(_ assignment: String) throws(ParameterError) -> (name: String, value: String) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
            throw ParameterError(name: assignment, reason: "a --set takes NAME=VALUE (run 'touchbench scenes' for the names)")
        }
        return (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]))
    }

    /// What was set, by name, as written in result files (sorted by name when encoded).
    public var assignments: [String: String] {
        var texts: [String: String] = [:]
        for (name, value) in values {
            texts[name] = ParameterCatalog.parameter(name)?.text(of: value) ?? Self.format(value)
        }
        return texts
    }

    /// A number as parameters are written: the canonical JSON form.
    static func format(_ value: Double) -> String { JSONWriter.format(value) }
}
