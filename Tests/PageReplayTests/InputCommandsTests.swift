import Testing
import TouchBenchSupport
import TouchInput
@testable import PageReplay

@Suite struct InputCommandsTests {
    private func touch(_ phase: SamplePhase, id: UInt32, x: Double, y: Double, at time: Int64 = 0) -> InputSample {
        InputSample(time: time, kind: .touch, phase: phase, id: id, x: x, y: y)
    }

    private func text(_ command: (method: String, params: [(key: String, value: JSONValue)])?) -> String {
        guard let command else { return "nil" }
        return command.method + " " + JSONWriter.compact(.object(command.params), escapingSlashes: false)
    }

    @Test func oneFingerDownMoveUpWithEveryContactInEachEvent() {
        var commands = InputCommands(scaleX: 2, scaleY: 0.5)
        #expect(text(commands.command(for: touch(.began, id: 1, x: 10, y: 20), epoch: 1_500_000_000))
            == #"Input.dispatchTouchEvent {"modifiers":0,"timestamp":1.5,"touchPoints":[{"id":1,"x":20,"y":10}],"type":"touchStart"}"#)
        #expect(text(commands.command(for: touch(.began, id: 2, x: 30, y: 40), epoch: 2_000_000_000))
            == #"Input.dispatchTouchEvent {"modifiers":0,"timestamp":2,"touchPoints":[{"id":1,"x":20,"y":10},{"id":2,"x":60,"y":20}],"type":"touchStart"}"#)
        #expect(text(commands.command(for: touch(.moved, id: 1, x: 11, y: 20), epoch: 2_000_000_000))
            == #"Input.dispatchTouchEvent {"modifiers":0,"timestamp":2,"touchPoints":[{"id":1,"x":22,"y":10},{"id":2,"x":60,"y":20}],"type":"touchMove"}"#)
        // Lifting one of two: the other stays, so it is a move without the lifted one.
        #expect(text(commands.command(for: touch(.ended, id: 1, x: 11, y: 20), epoch: 2_000_000_000))
            == #"Input.dispatchTouchEvent {"modifiers":0,"timestamp":2,"touchPoints":[{"id":2,"x":60,"y":20}],"type":"touchMove"}"#)
        #expect(text(commands.command(for: touch(.cancelled, id: 2, x: 30, y: 40), epoch: 2_000_000_000))
            == #"Input.dispatchTouchEvent {"modifiers":0,"timestamp":2,"touchPoints":[],"type":"touchCancel"}"#)
        // A lift of a contact never put down sends nothing.
        #expect(commands.command(for: touch(.ended, id: 9, x: 0, y: 0), epoch: 0) == nil)
    }

    @Test func aPencilAndAFingerSharingAnIdAreTwoTouchPoints() {
        // An evdev round trip numbers both 1: the pencil gets the first id past every trace
        // id while the finger holds 1, and its lift leaves the finger down.
        var commands = InputCommands(scaleX: 1, scaleY: 1)
        _ = commands.command(for: touch(.began, id: 1, x: 10, y: 20), epoch: 0)
        let pencil = InputSample(time: 0, kind: .pencil, phase: .began, id: 1, x: 50, y: 60)
        #expect(text(commands.command(for: pencil, epoch: 0))
            == #"Input.dispatchTouchEvent {"modifiers":0,"timestamp":0,"touchPoints":[{"id":1,"x":10,"y":20},{"id":4294967296,"x":50,"y":60}],"type":"touchStart"}"#)
        #expect(text(commands.command(for: touch(.moved, id: 1, x: 11, y: 20), epoch: 0))
            == #"Input.dispatchTouchEvent {"modifiers":0,"timestamp":0,"touchPoints":[{"id":1,"x":11,"y":20},{"id":4294967296,"x":50,"y":60}],"type":"touchMove"}"#)
        var lift = pencil
        lift.phase = .ended
        #expect(text(commands.command(for: lift, epoch: 0))
            == #"Input.dispatchTouchEvent {"modifiers":0,"timestamp":0,"touchPoints":[{"id":1,"x":11,"y":20}],"type":"touchMove"}"#)
    }

    @Test func pointerWheelAndKeys() {
        var commands = InputCommands(scaleX: 1, scaleY: 1)
        var press = InputSample(time: 0, kind: .pointer, phase: .began, id: 1, x: 5, y: 6)
        press.modifiers = [.shift, .command]
        #expect(text(commands.command(for: press, epoch: 0))
            == #"Input.dispatchMouseEvent {"button":"left","buttons":1,"clickCount":1,"modifiers":12,"timestamp":0,"type":"mousePressed","x":5,"y":6}"#)
        let hover = InputSample(time: 0, kind: .pointer, phase: .hoverMoved, id: 1, x: 5, y: 6)
        #expect(text(commands.command(for: hover, epoch: 0))
            == #"Input.dispatchMouseEvent {"button":"none","buttons":0,"modifiers":0,"timestamp":0,"type":"mouseMoved","x":5,"y":6}"#)
        var wheel = InputSample(time: 0, kind: .scroll, phase: .moved, id: 0, x: 1, y: 2)
        wheel.scrollDelta = (0, -40)
        #expect(text(commands.command(for: wheel, epoch: 0))
            == #"Input.dispatchMouseEvent {"deltaX":0,"deltaY":-40,"modifiers":0,"timestamp":0,"type":"mouseWheel","x":1,"y":2}"#)
        var key = InputSample(time: 0, kind: .key, phase: .began, id: 0, x: 0, y: 0)
        key.key = 4
        #expect(text(commands.command(for: key, epoch: 0))
            == #"Input.dispatchKeyEvent {"code":"KeyA","key":"a","modifiers":0,"text":"a","timestamp":0,"type":"keyDown","windowsVirtualKeyCode":65}"#)
        key.phase = .ended
        key.key = 82
        #expect(text(commands.command(for: key, epoch: 0))
            == #"Input.dispatchKeyEvent {"code":"ArrowUp","key":"ArrowUp","modifiers":0,"timestamp":0,"type":"keyUp","windowsVirtualKeyCode":38}"#)
        #expect(commands.command(for: InputSample(time: 0, kind: .marker, phase: .began, id: 0, x: 0, y: 0), epoch: 0) == nil)
    }

    @Test func maxSafeCutsOnlyIdlePauses() {
        let samples = [
            touch(.began, id: 1, x: 0, y: 0, at: 0), touch(.moved, id: 1, x: 0, y: 0, at: 3_000_000_000),
            touch(.ended, id: 1, x: 0, y: 0, at: 3_010_000_000), touch(.began, id: 1, x: 0, y: 0, at: 9_010_000_000),
        ]
        #expect(DispatchSchedule(samples: samples, pacing: .realTime).offsets == [0, 3_000_000_000, 3_010_000_000, 9_010_000_000])
        // The 3 s with a finger down stay; the 6 s idle pause after the lift becomes 1 s.
        #expect(DispatchSchedule(samples: samples, pacing: .maxSafe).offsets == [0, 3_000_000_000, 3_010_000_000, 4_010_000_000])
    }
}
