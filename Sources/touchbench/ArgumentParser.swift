/// The command line's own small argument parser: long options (`--name value`,
/// `--name=value`), short aliases, flags, positionals, and help generated from the spec.
struct OptionSpec: Sendable {
    var name: String
    var short: Character?
    /// The placeholder of the option's value; `nil` for a flag.
    var valueName: String?
    var help: String
    /// Whether the option may be given several times (values are kept in order).
    var repeats = false

    static func flag(_ name: String, short: Character? = nil, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func value(_ name: String, short: Character? = nil, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }
}

/// A usage mistake: exit 64 with one sentence and a pointer to `--help`.
struct UsageError: Error {
    var message: String
}

/// What a command received.
struct ParsedArguments {
    var command: String
    var positionals: [String] = []
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []

    init(command: String) { self.command = command }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func value(_ name: String) -> String? { values[name]?.last }

    func allValues(_ name: String) -> [String] { values[name] ?? [] }

    func required(_ name: String) throws(UsageError) -> String {
        guard let value = value(name) else { throw UsageError(message: "\(command) needs --\(name)") }
        return value
    }

    /// A numeric option, checked for form and range.
    func number(_ name: String, in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError(message: "--\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    func integer(_ name: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(message: "--\(name) must be an integer from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    mutating func add(_ spec: OptionSpec, value: String?) {
        if let value { values[spec.name, default: []].append(value) } else { flags.insert(spec.name) }
    }
}

/// A subcommand: its spec, its help, and what it runs.
struct Command: Sendable {
    var name: String
    var summary: String
    /// The synopsis after `touchbench NAME`, e.g. `FILE [--json]`.
    var usage: String
    var discussion: String = ""
    var options: [OptionSpec] = []
    /// How many positionals are allowed.
    var positionals: ClosedRange<Int> = 0...0
    var run: @Sendable (ParsedArguments) throws -> Int32

    var help: String {
        var text = "USAGE: touchbench \(name) \(usage)\n\n\(summary)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        let all = options + [OptionSpec.flag("help", short: "h", "Show this help.")]
        text += "\nOPTIONS:\n"
        for option in all {
            var left = "  "
            if let short = option.short { left += "-\(short), " }
            left += "--\(option.name)"
            if let valueName = option.valueName { left += " \(valueName)" }
            let padding = max(1, 28 - left.count)
            text += left + String(repeating: " ", count: padding) + option.help + "\n"
        }
        return text
    }

    /// Parses `arguments` (those after the command name) against the spec.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments(command: name)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") || isNegativeNumber(argument) {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name: String
            var inlineValue: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard argument.count == 2, let short = argument.last,
                      let spec = options.first(where: { $0.short == short }) ?? (short == "h" ? OptionSpec.flag("help", "") : nil) else {
                    throw UsageError(message: "\(self.name) has no option '\(argument)'")
                }
                name = spec.name
            }
            if name == "help" {
                parsed.add(.flag("help", ""), value: nil)
                continue
            }
            guard let spec = options.first(where: { $0.name == name }) else {
                throw UsageError(message: "\(self.name) has no option '--\(name)'")
            }
            if spec.valueName == nil {
                guard inlineValue == nil else { throw UsageError(message: "--\(name) takes no value") }
                parsed.add(spec, value: nil)
                continue
            }
            if inlineValue == nil {
                guard index < arguments.count else { throw UsageError(message: "--\(name) needs a value (\(spec.valueName ?? "VALUE"))") }
                inlineValue = arguments[index]
                index += 1
            }
            if !spec.repeats && parsed.value(name) != nil {
                throw UsageError(message: "--\(name) is given more than once")
            }
            parsed.add(spec, value: inlineValue)
        }
        if parsed.flag("help") { return parsed }
        guard positionals.contains(parsed.positionals.count) else {
            if parsed.positionals.count < positionals.lowerBound {
                throw UsageError(message: "\(name) needs \(usage.split(separator: " ").first.map(String.init) ?? "an argument")")
            }
            throw UsageError(message: "\(name) takes at most \(positionals.upperBound) argument(s), got '\(parsed.positionals.joined(separator: " "))'")
        }
        return parsed
    }

    private func isNegativeNumber(_ text: String) -> Bool {
        text.count > 1 && text.hasPrefix("-") && Double(text) != nil
    }
}
