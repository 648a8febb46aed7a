import Foundation

/// The options every benchmark executable takes (`scripts/bench` passes `--json` and
/// `--traces-dir`); anything else is handed to the benchmark's own parser.
public struct BenchmarkOptions {
    public var jsonPath: String?
    public var tracesDirectory = "Traces"
    public var thresholdsPath = "Benchmarks/thresholds.json"
    public var repeats = 5
    /// Arguments this parser does not know, in order, as (name, value) pairs; a flag without
    /// a value has an empty one.
    public var extra: [String: String] = [:]

    /// Parses `CommandLine.arguments`; prints `usage` and exits for `--help`.
    public init(usage: String, flags: Set<String> = [], values: Set<String> = []) {
        var arguments = CommandLine.arguments.dropFirst()
        func value(of name: String) -> String {
            guard let value = arguments.popFirst() else { Self.fail("\(name) needs a value\n\(usage)") }
            return value
        }
        while let argument = arguments.popFirst() {
            switch argument {
            case "--json": jsonPath = value(of: argument)
            case "--traces-dir": tracesDirectory = value(of: argument)
            case "--thresholds": thresholdsPath = value(of: argument)
            case "--repeat":
                guard let count = Int(value(of: argument)), count > 0 else { Self.fail("--repeat needs a positive count") }
                repeats = count
            case "--help", "-h":
                print("USAGE: \(usage)\n  common: [--json OUT] [--traces-dir DIR] [--thresholds FILE] [--repeat N]")
                exit(0)
            default:
                let name = String(argument.drop(while: { $0 == "-" }))
                if flags.contains(name) { extra[name] = "" }
                else if values.contains(name) { extra[name] = value(of: argument) }
                else { Self.fail("unknown argument '\(argument)'\nUSAGE: \(usage)") }
            }
        }
    }

    /// A positive number given as `--name X`, or `fallback`.
    public func number(_ name: String, default fallback: Double) -> Double {
        guard let text = extra[name] else { return fallback }
        guard let value = Double(text), value.isFinite, value > 0 else { Self.fail("--\(name) needs a positive number, not '\(text)'") }
        return value
    }

    /// Benchmarks may stop with a message: prints it to stderr and exits with status 1.
    public static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(1)
    }
}
