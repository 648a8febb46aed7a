import Foundation
import TouchDynamics
import TouchInput

/// The `pinch` reference scene: a photo scaled, rotated and moved by two fingers (and
/// moved 1:1 by one). At the lift, scale and rotation are projected with their release
/// velocities: the scale springs to its projection kept within 1…4, the rotation to the
/// nearest quarter turn of its projection, the position back to centre when not zoomed.
public struct PinchScene: Scene {
    private var translationX = AnimatedValue(0)
    private var translationY = AnimatedValue(0)
    private var scale = AnimatedValue(1)
    private var rotation = AnimatedValue(0)
    private var ids: [UInt32] = []
    private var xs = [0.0, 0.0], ys = [0.0, 0.0]
    private var startDistance = 1.0, startAngle = 0.0, startCenterX = 0.0, startCenterY = 0.0
    private var startScale = 1.0, startRotation = 0.0, startX = 0.0, startY = 0.0
    private var scaleVelocity = AxisVelocityTracker()
    private var rotationVelocity = AxisVelocityTracker()
    private var panVelocity = VelocityTracker()
    public private(set) var state = SceneState()

    public init(context: SceneContext = SceneContext()) {
        ids.reserveCapacity(2)
    }

    private var centerX: Double { ids.count == 2 ? (xs[0] + xs[1]) / 2 : xs[0] }
    private var centerY: Double { ids.count == 2 ? (ys[0] + ys[1]) / 2 : ys[0] }
    private var distance: Double { max(1, ((xs[1] - xs[0]) * (xs[1] - xs[0]) + (ys[1] - ys[0]) * (ys[1] - ys[0])).squareRoot()) }
    private var angle: Double { atan2(ys[1] - ys[0], xs[1] - xs[0]) }

    /// Starts a new segment of the gesture from the current contacts, keeping what is shown.
    private mutating func rebase(at time: Int64) {
        for value in [\PinchScene.translationX, \.translationY, \.scale, \.rotation] {
            self[keyPath: value].set(self[keyPath: value].value)
        }
        startScale = scale.value; startRotation = rotation.value
        startX = translationX.value; startY = translationY.value
        startCenterX = centerX; startCenterY = centerY
        if ids.count == 2 { startDistance = distance; startAngle = angle }
        scaleVelocity.reset(); rotationVelocity.reset(); panVelocity.reset()
    }

    public mutating func handle(_ sample: InputSample) {
        guard DragTracker.isContact(sample) else { return }
        let slot = ids.firstIndex(of: sample.id)
        if sample.phase == .began {
            guard slot == nil, ids.count < 2 else { return }
            ids.append(sample.id)
            xs[ids.count - 1] = sample.x; ys[ids.count - 1] = sample.y
            rebase(at: sample.time)
            return
        }
        guard let slot else { return }
        xs[slot] = sample.x; ys[slot] = sample.y
        if sample.phase.isTerminal {
            release(at: sample.time)
            ids.remove(at: slot)
            if slot == 0 { xs[0] = xs[1]; ys[0] = ys[1] }
            if !ids.isEmpty { rebase(at: sample.time) }
            return
        }
        var angleChange = 0.0
        if ids.count == 2 {
            angleChange = angle - startAngle
            if angleChange > .pi { angleChange -= 2 * .pi } else if angleChange < -.pi { angleChange += 2 * .pi }
            scale.set(startScale * distance / startDistance)
            rotation.set(startRotation + angleChange)
            scaleVelocity.add(time: sample.time, value: scale.value)
            rotationVelocity.add(time: sample.time, value: rotation.value)
        }
        translationX.set(startX + centerX - startCenterX)
        translationY.set(startY + centerY - startCenterY)
        panVelocity.add(time: sample.time, x: translationX.value, y: translationY.value)
    }

    private mutating func release(at time: Int64) {
        let seconds = time.seconds
        if ids.count == 2 {
            let scaleGoal = min(4, max(1, project(scale.value, velocity: scaleVelocity.velocity(at: time))))
            let turns = (project(rotation.value, velocity: rotationVelocity.velocity(at: time)) / (Double.pi / 2)).rounded()
            scale.spring(to: scaleGoal, velocity: scaleVelocity.velocity(at: time), at: seconds, with: Springs.snap)
            rotation.spring(to: turns * Double.pi / 2, velocity: rotationVelocity.velocity(at: time), at: seconds, with: Springs.snap)
        } else if scale.value <= 1 {
            let velocity = panVelocity.velocity(at: time)
            translationX.spring(to: 0, velocity: velocity.x, at: seconds, with: Springs.snap)
            translationY.spring(to: 0, velocity: velocity.y, at: seconds, with: Springs.snap)
        } else {
            let velocity = panVelocity.velocity(at: time)
            translationX.coast(velocity: velocity.x, at: seconds, range: nil, bounce: nil)
            translationY.coast(velocity: velocity.y, at: seconds, range: nil, bounce: nil)
        }
    }

    public mutating func advance(to time: Int64) {
        let seconds = time.seconds
        translationX.update(at: seconds); translationY.update(at: seconds)
        scale.update(at: seconds); rotation.update(at: seconds)
        state.x = translationX.value
        state.y = translationY.value
        state.targetX = translationX.target
        state.targetY = translationY.target
        state.isAnimating = translationX.isAnimating || translationY.isAnimating || scale.isAnimating || rotation.isAnimating
        state.tracking = ids.count == 1 ? ids[0] : nil
        state.destination = ids.count == 2 ? "pinching" : ""
    }

    public func animatedValues() -> [(name: String, value: Double)] {
        [("x", translationX.value), ("y", translationY.value), ("scale", scale.value), ("rotation", rotation.value)]
    }

    public func recognizerStates() -> [(name: String, state: String)] {
        [("pinch", ids.count == 2 ? "changed" : "possible"), ("pan", ids.count == 1 ? "changed" : "possible")]
    }
}
