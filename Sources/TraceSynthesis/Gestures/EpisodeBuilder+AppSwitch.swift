import TouchBenchSupport
import TouchInput

/// App switching along the home indicator in the `home` scene, whose apps' cards lie side by
/// side a screen width plus 20 pt apart: a swipe along the bottom edge thrown toward the app
/// beside (`app-switch`), one that starts along the edge and turns up into a home flick
/// (`app-switch-home`), and a switch caught during its settle by a swipe back the other way
/// (`app-switch-catch`). Each writes the destination it means.
extension EpisodeBuilder {
    /// What follows the swipe along the indicator.
    enum AppSwitch {
        case single, home, caught
    }

    /// The distance between two apps' cards in the `home` scene (`HomeScene.cardGap`).
    private var cardSpacing: Double { width + 20 }

    /// When the catching swipe lands after the first one's lift: the snap spring (response
    /// 0.5 s, damping 0.85) has covered a third to nine tenths of its way.
    static let appSwitchCatchDelay = 0.08...0.25

    mutating func planAppSwitch(_ kind: AppSwitch) {
        let rightward = random.uniform(0, 1) < 0.5
        switch kind {
        case .single:
            _ = indicatorThrow(at: 0, rightward: rightward)
        case .caught:
            let lift = indicatorThrow(at: 0, rightward: rightward)
            let land = lift + random.uniform(Self.appSwitchCatchDelay.lowerBound, Self.appSwitchCatchDelay.upperBound)
            // Back the other way: from the app it was heading for (now the current one) to
            // the one it left.
            _ = indicatorThrow(at: land, rightward: !rightward)
        case .home:
            indicatorTurnHome(rightward: rightward)
        }
    }

    /// A swipe along the bottom edge toward the app on the left (`rightward`: the cards move
    /// right) or on the right, landing at local time `land` and thrown at a speed drawn from
    /// ``throwSpeed``: the finger travels what the projection of that speed does not cover of
    /// one card's spacing (at least 40 pt), a few degrees up from the edge, as a thumb goes.
    /// `release` and `intent:previousApp` (or `nextApp`) at the lift. Returns the local lift.
    private mutating func indicatorThrow(at land: Double, rightward: Bool) -> Double {
        let speed = random.uniform(throwSpeed.lowerBound, throwSpeed.upperBound)
        let tilt = random.uniform(0.02, 0.1)
        let direction = Vector(x: (rightward ? 1 : -1) * Elementary.portableCos(tilt), y: -Elementary.portableSin(tilt))
        let travel = max(40, cardSpacing - Self.projectedDistance(speed: speed))
        let startX = (rightward ? random.uniform(0.1, 0.25) : random.uniform(0.75, 0.9)) * width
        let grab = Vector(x: startX, y: height - random.uniform(1, 4))
        let (path, lift) = throwMove(from: grab, along: direction, travel: travel, speed: speed, landing: land)
        let timing = addFinger(.movements(path), landing: land, lifting: lift)
        addMarker(.release, at: timing.upTime)
        addIntent(rightward ? .previousApp : .nextApp, at: timing.upTime)
        return timing.up
    }

    /// Along the bottom edge for 80–160 pt, then turned up into a fast swipe lifted in flight:
    /// the hand changed its mind from the app beside to home. The upward submovement starts
    /// halfway through the sideways one, so the gesture never stops; `intent:home` where the
    /// model's upward speed first exceeds its sideways speed, `release` at the lift.
    private mutating func indicatorTurnHome(rightward: Bool) {
        let side = random.uniform(80, 160) * (rightward ? 1 : -1)
        let sideDuration = random.uniform(0.2, 0.3)
        let turnStart = 0.005 + sideDuration * random.uniform(0.5, 0.7)
        let upLength = height * random.uniform(0.3, 0.45)
        let upDuration = random.uniform(0.16, 0.24)
        let startX = (rightward ? random.uniform(0.1, 0.3) : random.uniform(0.7, 0.9)) * width
        var path = MovementPath(start: Vector(x: startX, y: height - random.uniform(1, 4)))
        path.move(by: Vector(x: side, y: -random.uniform(0, 0.05) * abs(side)), from: 0.005, over: sideDuration)
        path.move(by: Vector(x: random.uniform(-0.05, 0.05) * upLength, y: -upLength), from: turnStart, over: upDuration)
        let lift = turnStart + upDuration * random.uniform(0.55, 0.7)
        let timing = addFinger(.movements(path), landing: 0, lifting: lift)
        let turn = bisect(turnStart...lift) {
            let velocity = path.velocity(at: $0)
            return -velocity.y <= abs(velocity.x)
        }
        addIntent(.home, atLocal: turn)
        addMarker(.release, at: timing.upTime)
    }
}
