import Foundation

/// CPU time the host took from this virtual machine: the `steal` column of `/proc/stat`.
///
/// A dispatcher at real-time priority can still be late when the hypervisor runs someone
/// else on its virtual CPU; nothing inside the machine can prevent that, so a run reports how
/// much was stolen while it dispatched and a reader can tell the host's lateness from ours
/// (on a shared CI runner a run of a few seconds saw 0 to 470 ms stolen; its p99 lateness
/// rose from 0.06 to 11 ms with it).
struct HostSteal {
    /// Steal so far, ms, summed over every CPU; `nil` where the system does not report it.
    static func total() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        return parse(Substring(text), ticksPerSecond: Double(sysconf(Int32(_SC_CLK_TCK))))
    }

    /// The steal of the aggregate `cpu` line of a `/proc/stat` text, ms.
    static func parse(_ text: Substring, ticksPerSecond: Double) -> Double? {
        guard ticksPerSecond > 0, let line = text.split(separator: "\n", maxSplits: 1).first,
              line.hasPrefix("cpu ") else { return nil }
        let fields = line.split(separator: " ")
        // cpu user nice system idle iowait irq softirq steal ...
        guard fields.count > 8, let ticks = UInt64(fields[8]) else { return nil }
        return Double(ticks) / ticksPerSecond * 1000
    }
}
