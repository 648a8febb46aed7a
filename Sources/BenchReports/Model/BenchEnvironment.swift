import RunRecord
import Foundation
import TouchBenchSupport
import TouchTrace

/// Where and how a bench result was produced. Two results compare their timing metrics only
/// when their ``machine`` and ``settings`` agree; deterministic metrics compare anywhere.
///
/// Nothing here changes from one run to the next on the same machine (no time stamps, no
/// host names), so that shards merged are byte-identical to the unsharded run.
public struct BenchEnvironment: Sendable, Hashable {
    /// Operating system and version, e.g. "Linux 6.8" or "macOS 15.1".
    public var os: String
    /// CPU architecture, e.g. "x86_64".
    public var arch: String
    /// The CPU's model name.
    public var cpu: String
    /// Active processor cores.
    public var cores: Int
    /// `release` or `debug`: the build the numbers come from.
    public var build: String
    /// Repeated runs per trace × scene for the timing metrics.
    public var repeats: Int
    /// Everything else that decides the numbers (clock, refresh rate, …), by name.
    public var settings: [String: String]

    public init(os: String, arch: String, cpu: String, cores: Int, build: String, repeats: Int,
                settings: [String: String] = [:]) {
        self.os = os
        self.arch = arch
        self.cpu = cpu
        self.cores = cores
        self.build = build
        self.repeats = repeats
        self.settings = settings
    }

    /// The machine this process runs on, built the way this module was.
    public static func current(repeats: Int, settings: [String: String] = [:]) -> BenchEnvironment {
        let info = ProcessInfo.processInfo
        #if DEBUG
        let build = "debug"
        #else
        let build = "release"
        #endif
        return BenchEnvironment(os: osName(info), arch: architecture, cpu: cpuModel(), cores: info.activeProcessorCount,
                                build: build, repeats: repeats, settings: settings)
    }

    /// The machine in one phrase, for warnings.
    public var machine: String { "\(cpu) ×\(cores), \(os) \(arch), \(build) build" }

    /// Why timing metrics of `self` and `other` cannot be compared, or `nil` when they can.
    public func timingMismatch(with other: BenchEnvironment) -> String? {
        var differences: [String] = []
        if os != other.os || arch != other.arch || cpu != other.cpu || cores != other.cores {
            differences.append("machine '\(other.machine)' vs '\(machine)'")
        } else if build != other.build {
            differences.append("\(other.build) vs \(build) build")
        }
        if settings != other.settings {
            let keys = Set(settings.keys).union(other.settings.keys).sorted()
                .filter { settings[$0] != other.settings[$0] }
            differences.append("settings " + keys.map { "\($0) \(other.settings[$0] ?? "—") vs \(settings[$0] ?? "—")" }.joined(separator: ", "))
        }
        return differences.isEmpty ? nil : differences.joined(separator: "; ")
    }

    private static var architecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "arm64"
        #else
        "other"
        #endif
    }

    private static func osName(_ info: ProcessInfo) -> String {
        let version = info.operatingSystemVersion
        #if os(Linux)
        let name = "Linux"
        #elseif os(macOS)
        let name = "macOS"
        #else
        let name = "unknown"
        #endif
        return "\(name) \(version.majorVersion).\(version.minorVersion)"
    }

    private static func cpuModel() -> String {
        #if os(Linux)
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
            for line in text.split(separator: "\n") where line.hasPrefix("model name") {
                if let colon = line.firstIndex(of: ":") {
                    return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        #endif
        return "unknown CPU"
    }
}

extension BenchEnvironment {
    package init(json value: JSONValue) {
        self.init(os: value["os"]?.stringValue ?? "unknown", arch: value["arch"]?.stringValue ?? "unknown",
                  cpu: value["cpu"]?.stringValue ?? "unknown", cores: Int(value["cores"]?.integerValue ?? 0),
                  build: value["build"]?.stringValue ?? "unknown", repeats: Int(value["repeats"]?.integerValue ?? 0))
        for (key, setting) in value["settings"]?.objectMembers ?? [] {
            settings[key] = setting.stringValue
        }
    }

    package var json: JSONValue {
        .object([
            ("os", .string(os)), ("arch", .string(arch)), ("cpu", .string(cpu)), ("cores", .integer(Int64(cores))),
            ("build", .string(build)), ("repeats", .integer(Int64(repeats))),
            ("settings", .object(settings.map { ($0.key, .string($0.value)) })),
        ])
    }
}
