import TouchBenchSupport
import TouchTrace
import BenchReports
import PageReplay
import TouchCapture
import TouchReplay
import TraceFormats
import TraceSynthesis

/// Every subcommand, in the order `touchbench --help` lists them.
let commands: [Command] = [
    DemoCommand.command, SynthCommand.command, RecordCommand.command, ConvertCommand.command, InfoCommand.command,
    VerifyCommand.command, CatCommand.command, VelocityCommand.command, SpringCommand.command, ProjectCommand.command,
    GesturesCommand.command, ScenesCommand.command, ReplayCommand.command, SweepCommand.command, SensitivityCommand.command, BenchCommand.command, CompareCommand.command, MergeCommand.command,
    ExperimentCommand.command,
]

let generalHelp = """
    USAGE: touchbench COMMAND [OPTIONS]

    Record, convert, replay and measure touch input traces (.touchtrace files).

    COMMANDS:
    \(commands.map { "  " + $0.name.padding(toLength: 12) + $0.summary }.joined(separator: "\n"))

    Run 'touchbench COMMAND --help' for the options of a command.
    Exit codes: 0 success, 1 regression or failed check, 64 usage error,
    65 bad input data, 66 input cannot be opened, 74 I/O error while writing.
    """

func run(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first else {
        print(generalHelp)
        return ExitCode.usage
    }
    if name == "help", arguments.count > 1 {
        // `touchbench help replay` is `touchbench replay --help`.
        guard arguments.count == 2, let command = commands.first(where: { $0.name == arguments[1] }) else {
            Console.error("touchbench help: '\(arguments.dropFirst().joined(separator: " "))' is not a command; run 'touchbench --help' for the list.")
            return ExitCode.usage
        }
        print(command.help, terminator: "")
        return ExitCode.success
    }
    if name == "--help" || name == "-h" || name == "help" {
        print(generalHelp)
        return ExitCode.success
    }
    guard let command = commands.first(where: { $0.name == name }) else {
        Console.error("touchbench: unknown command '\(name)'; run 'touchbench --help' for the list.")
        return ExitCode.usage
    }
    do {
        let parsed = try command.parse(Array(arguments.dropFirst()))
        if parsed[Flag.help] {
            print(command.help, terminator: "")
            return ExitCode.success
        }
        return try command.run(parsed)
    } catch let error as UsageError {
        Console.error(usageLine(command, error.message))
        return ExitCode.usage
    } catch let error as SynthesisError {
        // From an option (`--device watch`): a suite's bad recipe is bad data, said as such
        // by `synth --suite` before it gets here.
        Console.error(usageLine(command, error.clause))
        return ExitCode.usage
    } catch let error as TraceFileError {
        Console.endProgress()
        Console.error(error.description)
        return ExitCode.forError(error)
    } catch let error as TraceFormatError where error.kind == .unsupported && error.path == nil {
        Console.endProgress()
        Console.error(usageLine(command, error.reason))
        return ExitCode.usage
    } catch let error as TraceFormatError {
        Console.endProgress()
        Console.error(error.kind == .unknownForm ? "\(error); name its form with --from." : error.description)
        return ExitCode.forError(error)
    } catch let error as EvdevCaptureError {
        Console.endProgress()
        Console.error(error.description)
        return ExitCode.forError(error)
    } catch let error as BenchReportError where error.kind == .noSuite {
        Console.endProgress()
        let message = error.path.map { "\($0) \(error.reason)" } ?? error.reason + "; run from the repository root or give --suite"
        Console.error(usageLine(command, message))
        return ExitCode.usage
    } catch let error as BenchReportError {
        Console.endProgress()
        Console.error(error.description)
        return ExitCode.forError(error)
    } catch let error as FrameCostFileError {
        Console.endProgress()
        Console.error(error.description)
        return ExitCode.forError(error)
    } catch let error as PageReplayError {
        Console.endProgress()
        Console.error(error.description)
        return ExitCode.forError(error)
    } catch let error as CommandFailure {
        Console.endProgress()
        Console.error(error.message)
        return error.code
    } catch {
        Console.error("touchbench \(command.name): \(error)")
        return ExitCode.failure
    }
}

/// The one line of a usage error: the command, the sentence (its full stop dropped, as it
/// goes on; its case as written, since it may start with a path), and where the help is.
func usageLine(_ command: Command, _ message: String) -> String {
    let sentence = message.hasSuffix(".") ? String(message.dropLast()) : message
    return "touchbench \(command.name): \(sentence); see 'touchbench \(command.name) --help'."
}

/// A command's own failure with its exit code and one sentence.
struct CommandFailure: Error {
    var code: Int32
    var message: String
}

extension String {
    func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}

/// Flushes standard output and reports a write that failed (a full disk, /dev/full, a closed
/// pipe) as exit 74, which `print` alone would silently ignore.
func finishStandardOutput(_ code: Int32) -> Int32 {
    guard !StandardStreams.flushOutput() else { return code }
    Console.error("touchbench: standard output cannot be written (\(StandardStreams.lastErrorMessage)).")
    return code == ExitCode.success ? ExitCode.ioError : code
}

// Before any file is opened (see outputClosedAtStart).
_ = StandardStreams.outputClosedAtStart
// A reader that stops early (`touchbench cat … | head`) makes the next write fail with EPIPE,
// reported as exit 74 like any other failed write, rather than killing the process by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
exit(finishStandardOutput(run(Array(CommandLine.arguments.dropFirst()))))
