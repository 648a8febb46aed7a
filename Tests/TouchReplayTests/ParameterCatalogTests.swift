import Testing
import TouchDynamics
import TouchGestures
import TouchReplay

@Suite("Parameter catalogue")
struct ParameterCatalogTests {
    @Test("names are unique, dotted, and their owners act in some scene")
    func names() {
        let names = ParameterCatalog.all.map(\.name)
        #expect(Set(names).count == names.count)
        for parameter in ParameterCatalog.all {
            #expect(parameter.name.contains("."), "\(parameter.name)")
            #expect(SceneKind.allCases.contains { ParameterCatalog.parameters(of: $0).contains(parameter) }, "\(parameter.name)")
            #expect(SceneKind(name: parameter.sensitivity.scene) != nil, "\(parameter.name)")
        }
    }

    @Test("nothing set gives every scene the parameters it was built with before the catalogue")
    func defaultsAreTheScenesOwn() {
        let none = ParameterValues()
        #expect(ScrollScene.Parameters(none) == ScrollScene.Parameters())
        #expect(PipScene.Parameters(none) == PipScene.Parameters())
        #expect(HomeScene.Parameters(none) == HomeScene.Parameters())
        #expect(ButtonScene.Parameters(none) == ButtonScene.Parameters())
        #expect(SheetScene.Parameters(none) == SheetScene.Parameters())
        #expect(PinchScene.Parameters(none) == PinchScene.Parameters())
        #expect(PointerScene.Parameters(none) == PointerScene.Parameters())
        #expect(none.assignments.isEmpty)
        // `gestures --set`: nothing set is the standard arena (a catalogue default that
        // drifted from a recognizer's would change every `gestures` output).
        #expect(StandardArena.Tuning(none) == StandardArena.Tuning())
    }

    @Test("a set value reaches the scene's parameters")
    func setValuesReachScenes() throws {
        var values = ParameterValues()
        try values.apply("pan.hysteresis=30")
        try values.apply("pip.corner_policy=nearestCorner")
        try values.apply("button.double_tap_timeout_ms=250")
        try values.apply("scroll.catches_moving_content=false")
        try values.apply("home.pause_detector=timer")
        #expect(ScrollScene.Parameters(values) == ScrollScene.Parameters(hysteresis: 30, catchesMovingContent: false))
        #expect(PipScene.Parameters(values) == PipScene.Parameters(cornerPolicy: .nearestCorner, hysteresis: 30))
        #expect(ButtonScene.Parameters(values).doubleTapTimeout == 250_000_000)
        #expect(HomeScene.Parameters(values).pauseDetector == .timer)
        #expect(values.assignments == ["pan.hysteresis": "30", "pip.corner_policy": "nearestCorner",
                                       "button.double_tap_timeout_ms": "250", "scroll.catches_moving_content": "0",
                                       "home.pause_detector": "timer"])
    }

    @Test("unknown names and bad values are errors naming the parameter and its valid values")
    func errors() {
        var values = ParameterValues()
        #expect(throws: ParameterError(name: "pan.hysterisis", reason: "no such parameter; the parameters are under pan, scroll, pip, home, pause, timer, button, sheet, display, pinch, pointer, canvas, press, sidebar, menu (run 'touchbench scenes')")) {
            try values.apply("pan.hysterisis=3")
        }
        #expect(throws: ParameterError(name: "pan.hysteresis", reason: "'-1' is not a number from 0 to 200 pt")) {
            try values.apply("pan.hysteresis=-1")
        }
        #expect(throws: ParameterError(name: "pan.hysteresis", reason: "'nan' is not a number from 0 to 200 pt")) {
            try values.apply("pan.hysteresis=nan")
        }
        #expect(throws: ParameterError(name: "display.presentation_delay", reason: "'2.5' is not an integer from 0 to 16 frames")) {
            try values.apply("display.presentation_delay=2.5")
        }
        #expect(throws: ParameterError(name: "pip.corner_policy", reason: "'nearest' is not one of projection, nearestCorner")) {
            try values.apply("pip.corner_policy=nearest")
        }
        #expect(throws: ParameterError.self) { try values.apply("pan.hysteresis") }
        #expect(values.isEmpty)
    }
}
