import TouchInput

extension PointerEventsImporter {
    /// The order in which a capture's events are read. Samples are sorted by time, and the
    /// order a page wrote events of one time in is not to be trusted, so the contact events
    /// (`pointerdown`, `pointermove`, `pointerup`, `pointercancel`) of one pointer at one time
    /// (the same nanosecond) take their meaningful order: down before move before up or cancel,
    /// as far as the pointer's state allows. A pointer that is already down when its events of
    /// that time begin moves, lifts, and only then goes down again (a lift and a new touch).
    /// Every other event keeps its place, and so do the places the run's events fill.
    struct EqualTimeOrder {
        /// Runs of two or more contact events of one pointer at one time (the pointer's key and
        /// the event indices, in the order written), found by the index of their first event.
        private var runs: [Int: (key: UInt64, members: [Int])] = [:]

        static let contactTypes: Set<String> = ["pointerdown", "pointermove", "pointerup", "pointercancel"]

        init(_ events: [PointerEventsDocument.Event], origin: Double) {
            var open: [UInt64: (time: Double, first: Int)] = [:]
            for (index, event) in events.enumerated() {
                guard Self.contactTypes.contains(event.type), let key = PointerState.key(of: event) else { continue }
                let time = PointerState.nanoseconds(event.timeStamp, origin: origin)
                if let run = open[key], run.time == time {
                    runs[run.first, default: (key, [run.first])].members.append(index)
                } else {
                    open[key] = (time, index)
                }
            }
        }

        /// The events of the run that starts at event `index` (`nil` when none does), in the
        /// order they take given whether the pointer is down (`isDown`, asked of its key) as the
        /// run begins; they go to the run's places in turn. Linear in the run's length, however
        /// it is written.
        func run(startingAt index: Int, events: [PointerEventsDocument.Event], isDown: (UInt64) -> Bool) -> (places: [Int], events: [Int])? {
            guard let (key, run) = runs[index] else { return nil }
            var downs: ArraySlice<Int> = [], moves: ArraySlice<Int> = [], ends: ArraySlice<Int> = []
            for member in run {
                switch events[member].type {
                case "pointerdown": downs.append(member)
                case "pointermove": moves.append(member)
                default: ends.append(member)
                }
            }
            var down = isDown(key)
            var ordered: [Int] = []
            ordered.reserveCapacity(run.count)
            while let next = down ? moves.popFirst() ?? ends.popFirst() ?? downs.popFirst()
                : downs.popFirst() ?? moves.popFirst() ?? ends.popFirst() {
                ordered.append(next)
                switch events[next].type {
                case "pointerdown": down = true
                case "pointermove": break
                default: down = false
                }
            }
            return (run, ordered)
        }
    }
}
