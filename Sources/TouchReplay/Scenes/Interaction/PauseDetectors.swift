/// Detects a pausing finger from its deceleration: once it has moved fast (over
/// ``armingSpeed``), the pause is reported at the first sample whose speed over the last
/// ``window`` falls below ``restSpeed``. Moving fast again ends the pause.
struct DecelerationPauseDetector: Sendable {
    static let armingSpeed = 300.0
    static let restSpeed = 60.0
    static let window: Int64 = 24_000_000

    // A ring of recent positions: enough for the window at 240 Hz and above.
    private var times = [Int64](repeating: 0, count: 16)
    private var xs = [Double](repeating: 0, count: 16)
    private var ys = [Double](repeating: 0, count: 16)
    private var count = 0
    private var head = 0
    private var armed = false
    /// Whether the finger is paused now.
    private(set) var isPaused = false
    /// When the first pause of the contact was reported.
    private(set) var detected: Int64?

    mutating func reset() {
        count = 0
        armed = false
        isPaused = false
        detected = nil
    }

    mutating func add(time: Int64, x: Double, y: Double) {
        head = (head + 1) & 15
        times[head] = time; xs[head] = x; ys[head] = y
        count = min(count + 1, 16)
        // The newest held sample at least a window older than this one.
        var index = head
        var found = false
        for _ in 1..<count {
            index = (index + 15) & 15
            if time - times[index] >= Self.window { found = true; break }
        }
        guard found else { return }
        let dt = Double(time - times[index]) / 1e9
        let dx = x - xs[index], dy = y - ys[index]
        let speed = (dx * dx + dy * dy).squareRoot() / dt
        if speed >= Self.armingSpeed {
            armed = true
            isPaused = false
        } else if armed && speed < Self.restSpeed {
            armed = false
            isPaused = true
            if detected == nil { detected = time }
        }
    }
}

/// The timer-based detector kept for comparison: the finger, after moving at least
/// ``minimumTravel``, stays within ``radius`` of one spot for ``duration``.
struct TimerPauseDetector: Sendable {
    static let radius = 4.0
    static let duration: Int64 = 150_000_000
    static let minimumTravel = 20.0

    private var anchorX = 0.0, anchorY = 0.0, anchorTime: Int64 = 0
    private var startX = 0.0, startY = 0.0
    private var started = false
    private var travelled = false
    private(set) var detected: Int64?

    mutating func reset() {
        started = false
        travelled = false
        detected = nil
    }

    mutating func add(time: Int64, x: Double, y: Double) {
        if !started {
            started = true
            startX = x; startY = y
            anchorX = x; anchorY = y; anchorTime = time
            return
        }
        if !travelled {
            let dx = x - startX, dy = y - startY
            travelled = dx * dx + dy * dy >= Self.minimumTravel * Self.minimumTravel
        }
        let dx = x - anchorX, dy = y - anchorY
        if dx * dx + dy * dy > Self.radius * Self.radius {
            anchorX = x; anchorY = y; anchorTime = time
        } else if travelled && detected == nil && time - anchorTime >= Self.duration {
            detected = time
        }
    }
}
