/// Picks the device to import from a log that recorded several.
enum EvdevDeviceChoice {
    struct Candidate {
        var node: String
        var name: String
        var events: [EvdevEvent]
    }

    /// The one named `wanted` (node or name), else the touchscreen: the most
    /// `ABS_MT_POSITION_X` events, else a pen, else the most events.
    static func choose(_ candidates: [Candidate], wanted: String?) throws -> Int {
        if let wanted {
            if let index = candidates.firstIndex(where: { $0.node == wanted || $0.name == wanted }) { return index }
            let names = candidates.map { $0.name.isEmpty ? $0.node : "\($0.node) (\"\($0.name)\")" }
            throw TraceFormatError("no device \(quoted(wanted)); the file has \(names.joined(separator: ", ")).")
        }
        func count(_ candidate: Candidate, _ type: UInt16, _ code: UInt16) -> Int {
            candidate.events.lazy.filter { $0.type == type && $0.code == code }.count
        }
        let withEvents = candidates.indices.filter { !candidates[$0].events.isEmpty }
        guard !withEvents.isEmpty else { throw TraceFormatError("the file holds no input events.") }
        let touch = withEvents.map { ($0, count(candidates[$0], EvdevCode.evAbs, EvdevCode.absMTPositionX)) }
        if let best = touch.filter({ $0.1 > 0 }).max(by: { ($0.1, $1.0) < ($1.1, $0.0) }) { return best.0 }
        if let pen = withEvents.first(where: { count(candidates[$0], EvdevCode.evKey, EvdevCode.btnToolPen) > 0 }) { return pen }
        return withEvents.max { (candidates[$0].events.count, $1) < (candidates[$1].events.count, $0) } ?? withEvents[0]
    }
}
