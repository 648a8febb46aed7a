import TouchInput

/// The `button` reference scene: a 120 × 50 pt button placed where the first touch lands.
/// It highlights at once on touch-down, stays highlighted while the finger is within the
/// hit slop (70 pt around it, as UIKit does), un-highlights when dragged out and
/// re-highlights when back in; a lift inside is a tap. A second tap within 300 ms commits
/// a double tap at once; a single tap is committed only when that delay has passed.
public struct ButtonScene: Scene {
    static let size = (width: 120.0, height: 50.0)
    static let slop = 70.0
    static let doubleTapDelay: Int64 = 300_000_000
    static let doubleTapDistance = 40.0

    private var centerX: Double?
    private var centerY = 0.0
    private var drag = DragTracker()
    private var highlight = AnimatedValue(0)
    private var pressed = false
    private var lastTapTime: Int64?
    private var lastTapX = 0.0, lastTapY = 0.0
    private var singlePending: Int64?
    private var taps = 0
    public private(set) var state = SceneState()

    public init(context: SceneContext = SceneContext()) {}

    private func inside(_ x: Double, _ y: Double, slop: Double) -> Bool {
        guard let centerX else { return false }
        return abs(x - centerX) <= Self.size.width / 2 + slop && abs(y - centerY) <= Self.size.height / 2 + slop
    }

    public mutating func handle(_ sample: InputSample) {
        let event = drag.handle(sample)
        let time = sample.time.seconds
        switch event {
        case .down:
            if centerX == nil { centerX = sample.x; centerY = sample.y }
            pressed = inside(sample.x, sample.y, slop: 0)
            if pressed { highlight.set(1) }
        case .moved, .panBegan:
            let within = inside(sample.x, sample.y, slop: Self.slop)
            if within && !pressed && drag.isDown {
                pressed = true
                highlight.set(1)
            } else if !within && pressed {
                pressed = false
                highlight.spring(to: 0, velocity: 0, at: time, with: Springs.quick)
            }
        case .up:
            if pressed && inside(sample.x, sample.y, slop: Self.slop) {
                if let last = lastTapTime, sample.time - last <= Self.doubleTapDelay,
                   abs(sample.x - lastTapX) <= Self.doubleTapDistance, abs(sample.y - lastTapY) <= Self.doubleTapDistance {
                    state.destination = "doubleTap"
                    singlePending = nil
                    lastTapTime = nil
                } else {
                    singlePending = sample.time + Self.doubleTapDelay
                    lastTapTime = sample.time
                    lastTapX = sample.x; lastTapY = sample.y
                }
                taps += 1
            }
            pressed = false
            highlight.spring(to: 0, velocity: 0, at: time, with: Springs.quick)
        case .cancelled:
            pressed = false
            highlight.spring(to: 0, velocity: 0, at: time, with: Springs.quick)
        case .none:
            return
        }
    }

    public mutating func advance(to time: Int64) {
        if let due = singlePending, time >= due {
            state.destination = "tap"
            singlePending = nil
        }
        highlight.update(at: time.seconds)
        state.x = highlight.value
        state.y = 0
        state.targetX = highlight.target
        state.isAnimating = highlight.isAnimating || singlePending != nil
    }

    public func animatedValues() -> [(name: String, value: Double)] { [("highlight", highlight.value)] }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("tap", pressed ? "highlighted" : singlePending != nil ? "waitingForDoubleTap" : "idle")]
    }
}
