#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libFuzzer binary for every harness; `FUZZ_TARGET` names the one to run (see
/// docs/FUZZING.md and `scripts/fuzz`). A harness may throw any typed error: only a crash,
/// a hang, a leak or a broken invariant (reported by trapping) is a finding.
enum FuzzTarget: String, CaseIterable, Sendable {
    case container, repair, jsonl, evemu, libinput, getevent, csv, pointerEvents = "pointer-events", benchResult = "bench-result"

    func run(_ bytes: UnsafeRawBufferPointer) {
        switch self {
        case .container: ContainerHarness.read(bytes)
        case .repair: ContainerHarness.repair(bytes)
        case .jsonl: ContainerHarness.jsonLines(bytes)
        case .evemu: ImportHarness.run(bytes, format: .evemu)
        case .libinput: ImportHarness.run(bytes, format: .libinput)
        case .getevent: ImportHarness.run(bytes, format: .getevent)
        case .csv: ImportHarness.run(bytes, format: .csv)
        case .pointerEvents: ImportHarness.run(bytes, format: .pointerEvents)
        case .benchResult: ResultHarness.run(bytes)
        }
    }
}

let selectedTarget: FuzzTarget = {
    let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        fputs("error: set FUZZ_TARGET to one of \(names).\n", stderr)
        exit(2)
    }
    return target
}()

/// Where the harnesses put the bytes for readers that take a path: memory-backed when
/// /dev/shm exists, one name per process so parallel jobs do not collide.
enum Scratch {
    static let directory: String = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    static func path(_ name: String) -> String { "\(directory)/touchbench-fuzz-\(getpid())-\(name)" }

    /// Writes `bytes` to a scratch file and returns its path.
    static func write(_ bytes: UnsafeRawBufferPointer, as name: String) -> String {
        let path = path(name)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(fd >= 0, "cannot create \(path)")
        var done = 0
        while done < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + done, bytes.count - done)
            precondition(written > 0, "cannot write \(path)")
            done += written
        }
        close(fd)
        return path
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data.map(UnsafeRawPointer.init), count: data == nil ? 0 : count)
    selectedTarget.run(bytes)
    return 0
}
