import TouchBenchSupport

/// One tunable of a scene, a recognizer or the display model: its name (`pan.hysteresis`),
/// what it means, its default, unit and valid range, where the default comes from, and the
/// evidence that a gate notices it (``Sensitivity``).
///
/// Values are numbers; a parameter with ``choices`` takes one of those names (stored as its
/// index) and a yes/no parameter takes `true`/`false` (1/0).
public struct Parameter: Sendable, Hashable {
    /// Where a change of one ``step`` shows on the bundled corpus: the trace and scene to
    /// replay and the deterministic metric that moves.
    public struct Sensitivity: Sendable, Hashable {
        public var trace: String
        public var scene: String
        public var metric: String

        public init(trace: String, scene: String, metric: String) {
            self.trace = trace
            self.scene = scene
            self.metric = metric
        }
    }

    /// The dotted name `--set` takes: the owner (scene, recognizer or `display`) and the tunable.
    public var name: String
    /// One sentence: what it changes.
    public var summary: String
    /// The unit (`pt`, `ms`, `s`, `frames`, …), `choice` or `bool`.
    public var unit: String
    public var defaultValue: Double
    /// The values `--set` accepts (for a choice, the indices of ``choices``).
    public var range: ClosedRange<Double>
    /// The names of a choice's values, in index order; empty for numbers.
    public var choices: [String]
    /// Whether only whole numbers are valid.
    public var isInteger: Bool
    /// The change the sensitivity test applies (added to the default; for a choice or a yes/no,
    /// the value index it moves to is `default + step`).
    public var step: Double
    /// Where the default comes from (the platform's value, a paper, a measurement).
    public var source: String
    public var sensitivity: Sensitivity

    public init(_ name: String, _ summary: String, unit: String, default defaultValue: Double, range: ClosedRange<Double>,
                step: Double, integer: Bool = false, choices: [String] = [], source: String, sensitivity: Sensitivity) {
        self.name = name
        self.summary = summary
        self.unit = unit
        self.defaultValue = defaultValue
        self.range = range
        self.choices = choices
        self.isInteger = integer || !choices.isEmpty
        self.step = step
        self.source = source
        self.sensitivity = sensitivity
    }

    /// The owner of the parameter: the part of its name before the first dot.
    public var owner: String { String(name.prefix { $0 != "." }) }

    /// How `value` is written: a choice's name, `true`/`false`, or the number.
    public func text(of value: Double) -> String {
        if !choices.isEmpty {
            let index = Int(value)
            return choices.indices.contains(index) ? choices[index] : String(index)
        }
        if isInteger, let whole = Int64(exactly: value) { return String(whole) }
        return ParameterValues.format(value)
    }

    /// The valid values in words, as usage errors name them.
    public var validValues: String {
        if !choices.isEmpty { return "one of " + choices.joined(separator: ", ") }
        let low = text(of: range.lowerBound), high = text(of: range.upperBound)
        return (isInteger ? "an integer" : "a number") + " from \(low) to \(high)" + (unit.isEmpty ? "" : " \(unit)")
    }

    /// Parses `text` as a value of this parameter, or throws naming the parameter and its range.
    public func parse(_ text: String) throws(ParameterError) -> Double {
        if !choices.isEmpty {
            if let index = choices.firstIndex(of: text) { return Double(index) }
            throw ParameterError(name: name, reason: "'\(text)' is not \(validValues)")
        }
        let value: Double?
        switch text {
        case "true" where choices.isEmpty && range == 0...1 && isInteger: value = 1
        case "false" where choices.isEmpty && range == 0...1 && isInteger: value = 0
        default: value = Double(decimalText: text)
        }
        guard let value, value.isFinite, range.contains(value), !isInteger || value == value.rounded() else {
            throw ParameterError(name: name, reason: "'\(text)' is not \(validValues)")
        }
        return value
    }
}

/// A `--set` that names no parameter or gives a value out of its range: a usage error.
public struct ParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter as written.
    public var name: String
    public var reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "parameter \(name): \(reason)" }
}
