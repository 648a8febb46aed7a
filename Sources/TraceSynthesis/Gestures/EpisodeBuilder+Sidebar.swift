import TouchBenchSupport
import TouchInput

/// Gestures for the `sidebar` scene (``SidebarLayout``): a throw in from the left edge that
/// opens it (`sidebar-open`), a pull past the open width to the third column, overpulled and
/// held (`sidebar-third-column`), and catches both ways (`sidebar-catch`). Every length and
/// speed is a share of the open width w, so the gestures mean the same on any screen.
extension EpisodeBuilder {
    /// Which sidebar gesture.
    enum SidebarGesture {
        case open, thirdColumn, caught
    }

    /// When a catch lands after the lift it interrupts: 40–70 ms, while the spring (response
    /// 0.35 s) has covered between a fifth and three quarters of its way.
    static let sidebarCatchDelay = 0.04...0.07

    mutating func planSidebar(_ gesture: SidebarGesture) {
        let layout = SidebarLayout(screenWidth: width)
        let w = layout.openWidth
        switch gesture {
        case .open:
            _ = edgeThrowOpen(at: 0, w: w)
        case .thirdColumn:
            pullToThirdColumn(layout: layout)
        case .caught:
            // Opened, flicked closed from on it, and caught while it closes (the reveal
            // between 0.45 and 0.85 w), thrown 0.3–0.5 w open again: nearest stop open. A
            // sidebar that ignores the catch closes and misses this intent.
            let opened = edgeThrowOpen(at: 0, w: w)
            let closing = flickClosed(at: opened + random.uniform(0.8, 1.0), w: w)
            let back = sidebarThrow(at: closing + catchDelay(), fromX: random.uniform(0.2, 0.4) * w,
                                    rightward: true, total: (0.3 * w)...(0.5 * w), speed: (0.4 * w)...(0.6 * w))
            addIntent(.sidebarOpen, at: back.upTime)
            // Flicked closed again, which both sidebars then are (a touch off the edge of a
            // closed sidebar moves nothing) ...
            let closed = flickClosed(at: back.up + random.uniform(0.8, 1.0), w: w)
            // ... opened from the edge and caught while it opens (the reveal between a fifth
            // of w and w), thrown 0.7–1.0 w back: nearest stop closed. The sidebar that
            // ignores the catch ends open, off the last intent.
            let reopened = edgeThrowOpen(at: closed + random.uniform(0.8, 1.0), w: w)
            let last = sidebarThrow(at: reopened + catchDelay(), fromX: random.uniform(0.6, 0.9) * w,
                                    rightward: false, total: (0.7 * w)...(1.0 * w), speed: (1.0 * w)...(2.0 * w))
            addIntent(.sidebarClosed, at: last.upTime)
        }
    }

    /// How long after a lift the catch lands.
    private mutating func catchDelay() -> Double {
        random.uniform(Self.sidebarCatchDelay.lowerBound, Self.sidebarCatchDelay.upperBound)
    }

    /// A flick closed from on the open sidebar (0.6–0.9 w in), carrying it 0.8–1.0 w back at
    /// 1.5–2.5 w per second. `intent:sidebarClosed` at the lift, which it returns.
    private mutating func flickClosed(at land: Double, w: Double) -> Double {
        let timing = sidebarThrow(at: land, fromX: random.uniform(0.6, 0.9) * w, rightward: false,
                                  total: (0.8 * w)...(1.0 * w), speed: (1.5 * w)...(2.5 * w))
        addIntent(.sidebarClosed, at: timing.upTime)
        return timing.up
    }

    /// A throw in from the left edge that opens the sidebar: 0.85–1.15 w of travel and
    /// projection together, at 0.6–1.5 w per second. `intent:sidebarOpen` at the lift, which
    /// it returns (local seconds).
    private mutating func edgeThrowOpen(at land: Double, w: Double) -> Double {
        let timing = sidebarThrow(at: land, fromX: random.uniform(1, 4), rightward: true,
                                  total: (0.85 * w)...(1.15 * w), speed: (0.6 * w)...(1.5 * w))
        addIntent(.sidebarOpen, at: timing.upTime)
        return timing.up
    }

    /// A throw sideways landing at local time `land` at x `fromX` (y 20–80 % of the height),
    /// a few degrees off horizontal, lifted at a speed drawn from `speed` after travelling
    /// what its projection does not cover of a total drawn from `total` (at least 30 pt).
    /// `release` at the lift.
    private mutating func sidebarThrow(at land: Double, fromX x: Double, rightward: Bool,
                                       total: ClosedRange<Double>, speed: ClosedRange<Double>) -> ContactTiming {
        let lift = random.uniform(speed.lowerBound, speed.upperBound)
        let tilt = random.uniform(-0.08, 0.08)
        let direction = Vector(x: (rightward ? 1 : -1) * Elementary.portableCos(tilt), y: Elementary.portableSin(tilt))
        let travel = max(30, random.uniform(total.lowerBound, total.upperBound) - Self.projectedDistance(speed: lift))
        let grab = Vector(x: x, y: random.uniform(0.2, 0.8) * height)
        // A move of at least 0.4 s: the pan measures the release velocity by a quadratic fit
        // over the last 100 ms, which on a shorter minimum-jerk move lifted as it brakes
        // reads up to twice the lift speed and projects the sidebar a stop too far.
        let (path, up) = throwMove(from: grab, along: direction, travel: travel, speed: lift, landing: land, durations: 0.4...0.9)
        let timing = addFinger(.movements(path), landing: land, lifting: up)
        addMarker(.release, at: timing.upTime)
        return timing
    }

    /// From the left edge, a drag past the open width to the third column and on 40–120 pt
    /// (less where the screen ends), rubber-banding, held still 0.1–0.2 s and lifted at rest:
    /// `intent:thirdColumn` at the lift.
    private mutating func pullToThirdColumn(layout: SidebarLayout) {
        let over = min(random.uniform(40, 120), width - layout.lastStop - 30)
        let duration = random.uniform(0.4, 0.6)
        var path = MovementPath(start: Vector(x: random.uniform(1, 4), y: random.uniform(0.2, 0.8) * height))
        path.move(by: Vector(x: layout.lastStop + over, y: random.uniform(-20, 20)), from: 0.03, over: duration)
        let timing = addFinger(.movements(path), landing: 0, lifting: 0.03 + duration + random.uniform(0.1, 0.2))
        addIntent(.thirdColumn, at: timing.upTime)
    }
}
