/// A ``DisplayModel`` resolved once for the frame loop: the same vsync times, indices and
/// presentation as the model's own methods, with the refresh rate's integrality, the period,
/// the budget and the idle stride computed up front instead of on every call (the loop asks
/// for half a dozen vsyncs a frame, and each call re-derived them from the refresh enum).
struct VsyncGrid: Sendable {
    let display: DisplayModel
    /// The refresh rate in whole hertz when it is one (exact integer vsync arithmetic).
    private let hz: Int64?
    private let hzValue: Double
    let period: Double
    let budget: Int64
    let idleStride: Int64
    let presentationDelay: Int64

    init(_ display: DisplayModel) {
        self.display = display
        let maximum = display.refresh.maximumHz
        hz = maximum == maximum.rounded() && maximum >= 1 ? Int64(maximum) : nil
        hzValue = maximum
        period = display.period
        budget = display.budget
        idleStride = display.idleStride
        presentationDelay = Int64(display.presentationDelay)
    }

    /// ``DisplayModel/vsync(_:)``.
    @inline(__always)
    func vsync(_ index: Int64) -> Int64 {
        if let h = hz { return DisplayModel.vsync(index, wholeHertz: h, phase: display.vsyncPhase) }
        return display.vsyncPhase &+ Int64((Double(index) * 1e9 / hzValue).rounded(.down))
    }

    /// ``DisplayModel/index(atOrAfter:)``.
    @inline(__always)
    func index(atOrAfter time: Int64) -> Int64 {
        var index = Int64((Double(time &- display.vsyncPhase) / period).rounded(.up))
        while vsync(index) < time { index += 1 }
        while vsync(index - 1) >= time { index -= 1 }
        return index
    }

    /// ``DisplayModel/presentationIndex(frame:workEnd:)``, given the frame's vsync.
    @inline(__always)
    func presentationIndex(frame: Int64, vsync: Int64, workEnd: Int64) -> Int64 {
        var met = frame
        if workEnd > vsync &+ budget {
            met = index(atOrAfter: workEnd &- budget)
        }
        return met + presentationDelay
    }
}
