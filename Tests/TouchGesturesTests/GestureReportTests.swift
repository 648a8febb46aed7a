import Testing
import TouchDynamics
import TouchGestures
import TouchInput

@Suite("What gestures --json reports per event")
struct GestureReportTests {
    @Test func aTapReportsItsPlaceOnly() {
        var event = GestureEvent(gesture: .tap, state: .recognized, time: 250_000_000, contact: 3)
        event.location = Point(x: 10.5, y: 20)
        #expect(event.reportMembers == [
            "gesture": .text("tap"), "state": .text("recognized"), "t": .integer(250_000_000), "id": .integer(3),
            "x": .number(10.5), "y": .number(20),
        ])
    }

    @Test("a delayed single tap reports the delay in ms; a pause its detector; hover its target")
    func optionalMembers() {
        var tap = GestureEvent(gesture: .tap, state: .recognized, time: 1, contact: 1)
        tap.delay = 300_000_000
        #expect(tap.reportMembers["delayMs"] == .number(300))
        var pause = GestureEvent(gesture: .pause, state: .recognized, time: 2, contact: 1)
        pause.detector = .deceleration
        #expect(pause.reportMembers["detector"] == .text("deceleration"))
        var hover = GestureEvent(gesture: .hover, state: .changed, time: 3, contact: 1)
        hover.target = 2
        #expect(hover.reportMembers["target"] == .integer(2))
        #expect(Set(hover.reportMembers.keys) == ["gesture", "state", "t", "id", "target"])
    }

    @Test("a pan reports translation, velocity and the projected rest; a pinch its scale and rotation")
    func motionMembers() {
        var pan = GestureEvent(gesture: .pan, state: .ended, time: 4, contact: 1)
        pan.translation = Offset(dx: 1, dy: -2)
        pan.velocity = Velocity(x: 300, y: -40)
        pan.projectedTranslation = Offset(dx: 150, dy: -22)
        #expect(pan.reportMembers["dx"] == .number(1) && pan.reportMembers["dy"] == .number(-2))
        #expect(pan.reportMembers["vx"] == .number(300) && pan.reportMembers["vy"] == .number(-40))
        #expect(pan.reportMembers["projectedDx"] == .number(150) && pan.reportMembers["projectedDy"] == .number(-22))
        var pinch = GestureEvent(gesture: .pinch, state: .changed, time: 5, contact: 1)
        pinch.scale = 1.5
        pinch.scaleVelocity = 0.25
        pinch.rotation = 0.1
        pinch.rotationVelocity = -0.5
        #expect(Set(pinch.reportMembers.keys) == ["gesture", "state", "t", "id", "scale", "scaleVelocity", "rotation", "rotationVelocity"])
        #expect(pinch.reportMembers["rotationVelocity"] == .number(-0.5))
    }
}
