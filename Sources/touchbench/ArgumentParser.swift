/// The command line's own small argument parser: long options (`--name value`,
/// `--name=value`), short aliases, flags, positionals, and help generated from the
/// declarations. Commands declare typed ``Option`` and ``Flag`` values and read them back
/// through those values, so a misspelt option does not compile.
struct OptionSpec: Sendable {
    var name: String
    var short: Character?
    /// The placeholder of the option's value; `nil` for a flag.
    var valueName: String?
    var help: String
    /// Whether the option may be given several times (values are kept in order).
    var repeats = false
}

/// What the parser and the help need of a declared option.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// A flag (`--json`): given or not.
struct Flag: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, short: Character? = nil, _ help: String) {
        spec = OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    /// `--help`, which every command takes.
    static let help = Flag("help", short: "h", "Show this help.")
}

/// An option with a value, converted to `Value` (with its own usage error) when the command
/// reads it.
struct Option<Value>: OptionDeclaration {
    let spec: OptionSpec
    let convert: @Sendable (String) throws(UsageError) -> Value

    init(_ name: String, short: Character? = nil, _ valueName: String, _ help: String, repeats: Bool = false,
         convert: @escaping @Sendable (String) throws(UsageError) -> Value) {
        spec = OptionSpec(name: name, short: short, valueName: valueName, help: help, repeats: repeats)
        self.convert = convert
    }

    /// `--name` as written in messages.
    var flagName: String { "--\(spec.name)" }
}

extension Option where Value == String {
    /// An option whose value is taken as written.
    init(_ name: String, short: Character? = nil, _ valueName: String, _ help: String, repeats: Bool = false) {
        self.init(name, short: short, valueName, help, repeats: repeats) { $0 }
    }
}

extension Option where Value == Double {
    /// A number, checked for form and range.
    static func number(_ name: String, _ valueName: String, _ help: String,
                       in range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) -> Option {
        Option(name, valueName, help) { (text) throws(UsageError) in
            guard let number = Double(decimalText: text), number.isFinite, range.contains(number) else {
                throw UsageError(message: "--\(name) must be a number from \(Self.shown(range.lowerBound)) to \(Self.shown(range.upperBound)), not '\(text)'")
            }
            // -0 means 0: kept, it printed as "-0.0" and "-0" (hostile report 16 L6).
            return number == 0 ? 0 : number
        }
    }

    /// A bound as a person writes it: `86400`, not `86400.0`.
    private static func shown(_ bound: Double) -> String {
        bound == bound.rounded() && abs(bound) < 1e15 ? String(Int64(bound)) : "\(bound)"
    }
}

extension Option where Value == Int {
    /// An integer, checked for form and range.
    static func integer(_ name: String, _ valueName: String, _ help: String, in range: ClosedRange<Int> = Int.min...Int.max) -> Option {
        Option(name, valueName, help) { (text) throws(UsageError) in
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(message: "--\(name) must be an integer from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return number
        }
    }
}

extension Option where Value == Int64 {
    /// A time: `1.5s`, `250ms`, `120us`, `40ns` or a bare integer of nanoseconds.
    static func time(_ name: String, _ valueName: String, _ help: String) -> Option {
        Option(name, valueName, help) { (text) throws(UsageError) in try TimeArgument.nanoseconds(text, option: name) }
    }

    /// A bound of a window on the trace's timeline: a time as ``time(_:_:_:)`` takes, or a
    /// negative one, rounded up to the nanosecond (`from <= t < to` then keeps exactly the
    /// samples within the bounds as written).
    static func windowBound(_ name: String, _ valueName: String, _ help: String) -> Option {
        Option(name, valueName, help) { (text) throws(UsageError) in
            try TimeArgument.nanoseconds(text, option: name, signed: true, rounding: .up)
        }
    }
}

/// A usage mistake: exit 64 with one sentence and a pointer to `--help`.
struct UsageError: Error {
    var message: String
}

/// What a command received, read back through its declarations.
struct ParsedArguments {
    var command: String
    var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    init(command: String) { self.command = command }

    /// Whether `flag` was given.
    subscript(flag: Flag) -> Bool { flags.contains(flag.spec.name) }

    /// Whether the option was given at all (its value unread).
    func isGiven<Value>(_ option: Option<Value>) -> Bool { values[option.spec.name] != nil }

    /// The option's value as written (the last one when it repeats).
    func text<Value>(_ option: Option<Value>) -> String? { values[option.spec.name]?.last }

    /// Whether any of `outputs` is `-`: a document goes to standard output, so the command's
    /// table must not follow it there.
    func writesToStandardOutput(_ outputs: [Option<String>]) -> Bool {
        outputs.contains { text($0) == "-" }
    }

    /// The option's value, converted; `nil` when it was not given.
    func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = text(option) else { return nil }
        return try option.convert(text)
    }

    /// Every value of a repeatable option, in order.
    func values<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var converted: [Value] = []
        for text in values[option.spec.name] ?? [] { converted.append(try option.convert(text)) }
        return converted
    }

    /// The option's value, which the command cannot do without.
    func required<Value>(_ option: Option<Value>) throws(UsageError) -> Value {
        guard let value = try value(option) else { throw UsageError(message: "\(command) needs --\(option.spec.name)") }
        return value
    }

    fileprivate mutating func add(_ spec: OptionSpec, value: String?) {
        if let value { values[spec.name, default: []].append(value) } else { flags.insert(spec.name) }
    }

    fileprivate func has(_ name: String) -> Bool { values[name] != nil }

    /// The values given for the option named `name`, `nil` when it was not given.
    func values(named name: String) -> [String]? { values[name] }
}

/// A subcommand: its declarations, its help, and what it runs.
struct Command: Sendable {
    var name: String
    var summary: String
    /// The synopsis after `touchbench NAME`, e.g. `FILE [--json]`.
    var usage: String
    var discussion: String = ""
    var options: [any OptionDeclaration] = []
    /// How many positionals are allowed.
    var positionals: ClosedRange<Int> = 0...0
    var run: @Sendable (ParsedArguments) throws -> Int32

    var help: String {
        var text = "USAGE: touchbench \(name) \(usage)\n\n\(summary)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        text += "\nOPTIONS:\n"
        for option in options.map(\.spec) + [Flag.help.spec] {
            var left = "  "
            if let short = option.short { left += "-\(short), " }
            left += "--\(option.name)"
            if let valueName = option.valueName { left += " \(valueName)" }
            let padding = max(1, 28 - left.count)
            text += left + String(repeating: " ", count: padding) + option.help + "\n"
        }
        return text
    }

    /// Parses `arguments` (those after the command name) against the declarations.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        let specs = options.map(\.spec)
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
                      let spec = specs.first(where: { $0.short == short }) ?? (short == "h" ? Flag.help.spec : nil) else {
                    throw UsageError(message: "\(self.name) has no option '\(argument)'")
                }
                name = spec.name
            }
            if name == Flag.help.spec.name {
                parsed.add(Flag.help.spec, value: nil)
                continue
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
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
            if !spec.repeats && parsed.has(name) {
                throw UsageError(message: "--\(name) is given more than once")
            }
            parsed.add(spec, value: inlineValue)
        }
        if parsed[Flag.help] { return parsed }
        guard positionals.contains(parsed.positionals.count) else {
            if parsed.positionals.count < positionals.lowerBound {
                // The first one missing, by the usage's words before its options ("compare
                // BASE NEW" given one file needs NEW, not BASE).
                let words = usage.split(separator: " ").prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") }
                let missing = parsed.positionals.count < words.count
                    ? words[words.startIndex + parsed.positionals.count] : words.first
                throw UsageError(message: "\(name) needs \(missing.map(String.init) ?? "an argument")")
            }
            throw UsageError(message: "\(name) takes at most \(positionals.upperBound) argument(s), got '\(parsed.positionals.joined(separator: " "))'")
        }
        return parsed
    }

    private func isNegativeNumber(_ text: String) -> Bool {
        text.count > 1 && text.hasPrefix("-") && Double(text) != nil
    }
}
