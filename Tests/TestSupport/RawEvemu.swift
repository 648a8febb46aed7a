import Foundation

/// An independent, deliberately naive reading of evemu `E:` lines, so that tests check the
/// importer against the source events rather than against itself.
public struct RawEvemu {
    public struct Event { public var micros: Int64; public var type: Int; public var code: Int; public var value: Int }
    public var events: [Event] = []

    public init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("E: ") {
            let f = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let time = f[1].split(separator: ".")
            events.append(Event(micros: Int64(time[0])! * 1_000_000 + Int64(time[1])!,
                                type: Int(f[2], radix: 16)!, code: Int(f[3], radix: 16)!, value: Int(f[4])!))
        }
    }

    /// Protocol B replayed by hand: for each SYN_REPORT, the (tracking id, x, y) of every slot
    /// touched in that frame while a contact is live, plus lifts as (id, nil).
    public func slotPaths() -> (paths: [Int: [(Int, Int)]], starts: Int, frames: Set<Int64>) {
        var slot = 0
        var ids: [Int: Int] = [:], xs: [Int: Int] = [:], ys: [Int: Int] = [:]
        var touched = Set<Int>()
        var paths: [Int: [(Int, Int)]] = [:]
        var starts = 0
        var frames = Set<Int64>()
        for e in events {
            if e.type == 3 {
                switch e.code {
                case 0x2f: slot = e.value
                case 0x39:
                    if e.value >= 0 { starts += 1; ids[slot] = e.value } else { ids[slot] = nil }
                    touched.insert(slot)
                case 0x35: xs[slot] = e.value; touched.insert(slot)
                case 0x36: ys[slot] = e.value; touched.insert(slot)
                case 0x30, 0x3a: touched.insert(slot)
                default: break
                }
            } else if e.type == 0 && e.code == 0 {
                for s in touched.sorted() {
                    if let id = ids[s] { paths[id, default: []].append((xs[s] ?? 0, ys[s] ?? 0)) }
                }
                if !touched.isEmpty { frames.insert(e.micros) }
                touched.removeAll()
            }
        }
        return (paths, starts, frames)
    }

    public var firstMicros: Int64 { events.first?.micros ?? 0 }
    public var lastReportMicros: Int64 { events.last { $0.type == 0 && $0.code == 0 }?.micros ?? 0 }
}
