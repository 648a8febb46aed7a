/// Picks the device to import from a log that recorded several.
enum EvdevDeviceChoice {
    /// What the choice needs of a device: its names and counts of its events (the streamed
    /// importers count them in a first pass instead of holding the events).
    struct Candidate {
        var node: String
        var name: String
        var eventCount: Int
        /// `ABS_MT_POSITION_X` events.
        var touchCount: Int
        /// `BTN_TOOL_PEN` key events.
        var penCount: Int

        init(node: String, name: String, eventCount: Int, touchCount: Int, penCount: Int) {
            self.node = node
            self.name = name
            self.eventCount = eventCount
            self.touchCount = touchCount
            self.penCount = penCount
        }

        init(node: String, name: String, events: [EvdevEvent]) {
            var counts = Counts()
            for event in events { counts.count(event) }
            self.init(node: node, name: name, eventCount: events.count, touchCount: counts.touch, penCount: counts.pen)
        }
    }

    /// The counts of one device's events that the choice reads.
    struct Counts {
        var events = 0
        var touch = 0
        var pen = 0

        @inline(__always)
        mutating func count(_ event: EvdevEvent) {
            events += 1
            if event.type == EvdevCode.evAbs, event.code == EvdevCode.absMTPositionX { touch += 1 }
            if event.type == EvdevCode.evKey, event.code == EvdevCode.btnToolPen { pen += 1 }
        }
    }

    /// The one named `wanted` (node or name), else the touchscreen: the most
    /// `ABS_MT_POSITION_X` events, else a pen, else the most events. `cutLine`: the file's last
    /// event line, cut and not read (``ImportedTrace/cutLine``), named when there are no events.
    static func choose(_ candidates: [Candidate], wanted: String?, cutLine: Int? = nil) throws -> Int {
        if let wanted {
            if let index = candidates.firstIndex(where: { $0.node == wanted || $0.name == wanted }) { return index }
            let names = candidates.map { $0.name.isEmpty ? $0.node : "\($0.node) (\"\($0.name)\")" }
            throw TraceFormatError("no device \(quoted(wanted)); the file has \(names.joined(separator: ", ")).")
        }
        let withEvents = candidates.indices.filter { candidates[$0].eventCount > 0 }
        guard !withEvents.isEmpty else {
            throw TraceFormatError("the file holds no input events" + (cutLine == nil ? "." : " (its last event line is cut)."), line: cutLine)
        }
        let touch = withEvents.map { ($0, candidates[$0].touchCount) }
        if let best = touch.filter({ $0.1 > 0 }).max(by: { ($0.1, $1.0) < ($1.1, $0.0) }) { return best.0 }
        if let pen = withEvents.first(where: { candidates[$0].penCount > 0 }) { return pen }
        return withEvents.max { (candidates[$0].eventCount, $1) < (candidates[$1].eventCount, $0) } ?? withEvents[0]
    }
}
