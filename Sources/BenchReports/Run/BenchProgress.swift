/// The progress line of a long bench run: a bar, the count, the rate and the time left.
///
/// ```
/// ▕██████▌             ▏  3 214/10 000 runs  412/s  0:16 left  t0321.touchtrace scroll
/// ```
///
/// The rate is that of the last few seconds (an exponential average), so a suite whose
/// traces differ in length still gets a steady estimate; the time left is the remaining
/// work at that rate. It is a pure value: the command line decides where (and whether) to
/// draw it, and redraws at most a few times a second.
public struct BenchProgress: Sendable {
    public private(set) var done = 0
    public let total: Int
    /// Seconds since the start at the last ``update(done:now:)``.
    public private(set) var elapsed = 0.0
    /// Runs per second, smoothed; `nil` until a second of work has been seen.
    public private(set) var rate: Double?
    private var sampleTime = 0.0
    private var sampleDone = 0

    /// The width of the bar, in cells.
    public static let barWidth = 20

    public init(total: Int) { self.total = max(0, total) }

    /// Records that `done` runs have finished `now` seconds after the start.
    public mutating func update(done: Int, now: Double) {
        self.done = min(max(0, done), total)
        elapsed = now
        let span = now - sampleTime
        guard span >= 1 else { return }
        let recent = Double(self.done - sampleDone) / span
        rate = rate.map { 0.7 * $0 + 0.3 * recent } ?? recent
        sampleTime = now
        sampleDone = self.done
    }

    /// Seconds left at the current rate, or `nil` while the rate is unknown or zero.
    public var secondsLeft: Double? {
        guard let rate, rate > 0 else { return nil }
        return Double(total - done) / rate
    }

    /// The bar in eighths of a cell, e.g. `▕████▌   ▏`.
    public var bar: String {
        let eighths = total == 0 ? 0 : done * Self.barWidth * 8 / total
        let full = eighths / 8, part = eighths % 8
        var text = "▕" + String(repeating: "█", count: full)
        if full < Self.barWidth {
            text += part == 0 ? " " : String(Self.partials[part - 1])
            text += String(repeating: " ", count: Self.barWidth - full - 1)
        }
        return text + "▏"
    }

    /// The whole line for `what` is being run now.
    public func line(_ what: String) -> String {
        var text = "\(bar) \(done)/\(total) runs"
        if let rate { text += "  " + Self.rateText(rate) }
        if let left = secondsLeft { text += "  " + Self.clock(left) + " left" }
        return text + "  " + what
    }

    static let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    static func rateText(_ rate: Double) -> String {
        rate >= 10 ? "\(Int(rate.rounded()))/s" : "\(Int((rate * 10).rounded()) / 10).\(Int((rate * 10).rounded()) % 10)/s"
    }

    /// `m:ss`, or `h:mm:ss` from an hour.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let mm = hours > 0 && minutes < 10 ? "0\(minutes)" : "\(minutes)"
        let ss = secs < 10 ? "0\(secs)" : "\(secs)"
        return hours > 0 ? "\(hours):\(mm):\(ss)" : "\(mm):\(ss)"
    }
}
