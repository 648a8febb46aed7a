/// The modelled display: its vsync grid, the app's frame budget and the presentation delay.
///
/// Vsync `n` is at `phase + ⌊n · 10⁹ / hz⌋` ns on the trace's timeline (exact integer
/// arithmetic for integral rates, so no drift over hours). The app works on frame `n` at its
/// vsync; the render server composites it at `n + 1`; the glass shows it at
/// `n + presentationDelay` (2 by default, as phones do). Work that misses its budget is shown
/// at a later vsync: see ``presentationIndex(frame:workEnd:)``.
public struct DisplayModel: Sendable, Hashable {
    /// The refresh rate (vsyncs lie on the grid of its maximum).
    public var refresh: RefreshRate
    /// Where the vsync grid starts on the trace's timeline, in nanoseconds.
    public var vsyncPhase: Int64
    /// Frames between the vsync at which the app works and the one at which the glass shows
    /// the result.
    public var presentationDelay: Int
    /// How long the app may work on a frame before it misses its vsync, in nanoseconds;
    /// `nil` means one refresh period.
    public var frameBudget: Int64?

    /// A display refreshing at `refresh`.
    public init(refresh: RefreshRate = .fixed(120), vsyncPhase: Int64 = 0, presentationDelay: Int = 2, frameBudget: Int64? = nil) {
        self.refresh = refresh
        self.vsyncPhase = vsyncPhase
        self.presentationDelay = max(0, presentationDelay)
        self.frameBudget = frameBudget
    }

    /// One refresh period at the maximum rate, in nanoseconds (fractional).
    public var period: Double { 1e9 / refresh.maximumHz }

    /// The budget in nanoseconds.
    public var budget: Int64 { frameBudget ?? Int64(period.rounded(.down)) }

    /// How many grid vsyncs an adaptive display skips between frames when idle (1 when fixed).
    public var idleStride: Int64 {
        max(1, Int64((refresh.maximumHz / refresh.minimumHz).rounded(.down)))
    }

    /// The time of vsync `index`, in nanoseconds.
    @inline(__always)
    public func vsync(_ index: Int64) -> Int64 {
        let hz = refresh.maximumHz
        if hz == hz.rounded(), hz >= 1 { return Self.vsync(index, wholeHertz: Int64(hz), phase: vsyncPhase) }
        return vsyncPhase &+ Int64((Double(index) * 1e9 / hz).rounded(.down))
    }

    /// Vsync `index` at a whole refresh rate `hz`: phase + ⌊index · 10⁹ / hz⌋, split to keep
    /// index · 10⁹ from overflowing for any index a trace can reach. Floored for a negative
    /// index too (a time before the phase): Swift's `/` and `%` truncate toward zero, which
    /// put such a vsync a nanosecond late, and out of step with the rate that is not whole.
    @inline(__always)
    static func vsync(_ index: Int64, wholeHertz h: Int64, phase: Int64) -> Int64 {
        var whole = index / h, part = index % h
        if part < 0 {
            whole -= 1
            part += h
        }
        return phase &+ whole &* 1_000_000_000 &+ (part &* 1_000_000_000) / h
    }

    /// The index of the first vsync at or after `time`.
    @inline(__always)
    public func index(atOrAfter time: Int64) -> Int64 {
        var index = Int64((Double(time &- vsyncPhase) / period).rounded(.up))
        while vsync(index) < time { index += 1 }
        while vsync(index - 1) >= time { index -= 1 }
        return index
    }

    /// The vsync at which frame `frame`, whose work ended at `workEnd`, is shown: the first
    /// frame k ≥ `frame` whose deadline (vsync k + budget) the work met, plus the
    /// presentation delay. The frames between are the ones the display showed stale.
    @inline(__always)
    public func presentationIndex(frame: Int64, workEnd: Int64) -> Int64 {
        var met = frame
        if workEnd > vsync(frame) &+ budget {
            met = index(atOrAfter: workEnd &- budget)
        }
        return met + Int64(presentationDelay)
    }
}
