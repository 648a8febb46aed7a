/// The reference scenes by name, and which of them fit a trace.
public enum SceneCatalog {
    /// Every reference scene, in the order `touchbench` lists them.
    public static let names = ["scroll", "pip", "home", "button", "sheet", "pinch", "pointer"]

    /// One line about each scene.
    public static let summaries: [String: String] = [
        "scroll": "2-D scroll view: 1:1 tracking, deceleration, rubber band, catch",
        "pip": "picture-in-picture window: drag, project to a corner, spring there, catch in flight",
        "home": "edge swipe up: home, app switcher on a pause, back to the app; launch interruptible",
        "button": "button: highlight on touch-down, hit slop, cancel and re-enter, single vs double tap",
        "sheet": "bottom sheet: a tap opens it (critically damped), a flick down dismisses it (damping 0.8)",
        "pinch": "photo: pinch to scale and rotate with projection and springs back into range",
        "pointer": "pointer: hover over targets with magnetism",
    ]

    /// A new scene named `name` for `context`, or `nil` for an unknown name.
    public static func make(_ name: String, context: SceneContext) -> (any Scene)? {
        switch name {
        case "scroll": ScrollScene(context: context)
        case "pip": PipScene(context: context)
        case "home": HomeScene(context: context)
        case "button": ButtonScene(context: context)
        case "sheet": SheetScene(context: context)
        case "pinch": PinchScene(context: context)
        case "pointer": PointerScene(context: context)
        default: nil
        }
    }

    /// Calls `visitor` with the concrete scene `name`, so that the replay loop is
    /// specialised for it (an existential scene would cost a dynamic call per sample).
    static func visit<V: SceneVisitor>(_ name: String, context: SceneContext, _ visitor: V) throws -> V.Output? {
        switch name {
        case "scroll": try visitor.visit(ScrollScene(context: context))
        case "pip": try visitor.visit(PipScene(context: context))
        case "home": try visitor.visit(HomeScene(context: context))
        case "button": try visitor.visit(ButtonScene(context: context))
        case "sheet": try visitor.visit(SheetScene(context: context))
        case "pinch": try visitor.visit(PinchScene(context: context))
        case "pointer": try visitor.visit(PointerScene(context: context))
        default: nil
        }
    }

    /// The scenes that exercise a synthesized gesture (the metadata's `gesture` key); every
    /// scene for a trace of unknown origin or a mixed session.
    public static func scenes(forGesture gesture: String?) -> [String] {
        switch gesture {
        case "tap", "double-tap", "long-press", "modifier-tap": ["button", "sheet"]
        case "drag", "reversal": ["scroll", "pip"]
        case "flick", "catch": ["scroll", "pip", "sheet"]
        case "pause", "home-flick", "back-to-app": ["home"]
        case "pinch", "rotate", "multi-finger": ["pinch"]
        case "pointer-hover", "scroll-wheel": ["pointer"]
        case "pencil-stroke": ["scroll"]
        default: names
        }
    }
}

/// Something done with a concrete scene type (see ``SceneCatalog/visit(_:context:_:)``).
protocol SceneVisitor {
    associatedtype Output
    func visit<S: Scene>(_ scene: S) throws -> Output
}
