/// The reference scenes: the one registry of their names, summaries and factories. Adding a
/// scene is adding a case here; every switch over it must then say what the scene is.
public enum SceneKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case scroll, pip, home, button, sheet, pinch, pointer, menu, board, sidebar, canvas, press

    /// The scene's name as the command line and result files spell it.
    public var name: String { rawValue }
    public var description: String { rawValue }

    /// The scene named `name`, or `nil` for an unknown name.
    public init?(name: String) { self.init(rawValue: name) }

    /// Every scene's name, in the order `touchbench` lists them.
    public static var names: [String] { allCases.map(\.name) }

    /// The scene named `name`, or ``ReplayError`` naming the known scenes.
    public static func named(_ name: String) throws(ReplayError) -> SceneKind {
        guard let kind = SceneKind(name: name) else {
            throw ReplayError("unknown scene '\(name)'; the scenes are \(names.joined(separator: ", "))")
        }
        return kind
    }

    /// One line about the scene.
    public var summary: String {
        switch self {
        case .scroll: "2-D scroll view: 1:1 tracking (finger, wheel, trackpad), deceleration, rubber band, catch"
        case .pip: "picture-in-picture window: drag, project to a corner, spring there, catch in flight"
        case .home: "edge swipe up: home, app switcher on a pause, back to the app; along the indicator to the app beside; a launch caught by a tap, swipe or flick"
        case .button: "button: highlight on touch-down, hit slop, cancel and re-enter, single vs double tap"
        case .sheet: "bottom sheet: a tap opens it (critically damped), a flick down dismisses it (damping 0.8)"
        case .pinch: "photo: pinch to scale and rotate with projection and springs back into range"
        case .pointer: "trackpad pointer: a bar and a grid of targets; magnetism on highlight buttons, none on hover effects"
        case .menu: "menu: a press opens it, drag to an item and lift selects, a tap or scroll outside dismisses; live while it animates"
        case .board: "board of objects: drag moves, Option-drag copies, Shift adds to the selection, Command-click acts at once; wheel, trackpad and mouse scroll it as a finger"
        case .sidebar: "sidebar: swipe in from the left edge, projected to closed, open or a third column; rubber band; caught both ways"
        case .canvas: "canvas: the pencil draws while fingers pan and pinch-zoom at the same time; the finger never draws"
        case .press: "force-press switch: grows with pressure, a press past the threshold switches it (with hysteresis)"
        }
    }

    /// A new scene of this kind for `context`.
    public func make(context: SceneContext) -> any Scene {
        switch self {
        case .scroll: ScrollScene(context: context, parameters: .init(context.parameters))
        case .pip: PipScene(context: context, parameters: .init(context.parameters))
        case .home: HomeScene(context: context, parameters: .init(context.parameters))
        case .button: ButtonScene(context: context, parameters: .init(context.parameters))
        case .sheet: SheetScene(context: context, parameters: .init(context.parameters))
        case .pinch: PinchScene(context: context, parameters: .init(context.parameters))
        case .pointer: PointerScene(context: context, parameters: .init(context.parameters))
        case .menu: MenuScene(context: context, parameters: .init(context.parameters))
        case .board: BoardScene(context: context, parameters: .init(context.parameters))
        case .sidebar: SidebarScene(context: context, parameters: .init(context.parameters))
        case .canvas: CanvasScene(context: context, parameters: .init(context.parameters))
        case .press: PressScene(context: context, parameters: .init(context.parameters))
        }
    }

    /// Calls `visitor` with a new concrete scene of this kind, so that the replay loop is
    /// specialised for it (an existential scene would cost a dynamic call per sample).
    func visit<V: SceneVisitor>(context: SceneContext, _ visitor: V) throws -> V.Output {
        switch self {
        case .scroll: try visitor.visit(ScrollScene(context: context, parameters: .init(context.parameters)))
        case .pip: try visitor.visit(PipScene(context: context, parameters: .init(context.parameters)))
        case .home: try visitor.visit(HomeScene(context: context, parameters: .init(context.parameters)))
        case .button: try visitor.visit(ButtonScene(context: context, parameters: .init(context.parameters)))
        case .sheet: try visitor.visit(SheetScene(context: context, parameters: .init(context.parameters)))
        case .pinch: try visitor.visit(PinchScene(context: context, parameters: .init(context.parameters)))
        case .pointer: try visitor.visit(PointerScene(context: context, parameters: .init(context.parameters)))
        case .menu: try visitor.visit(MenuScene(context: context, parameters: .init(context.parameters)))
        case .board: try visitor.visit(BoardScene(context: context, parameters: .init(context.parameters)))
        case .sidebar: try visitor.visit(SidebarScene(context: context, parameters: .init(context.parameters)))
        case .canvas: try visitor.visit(CanvasScene(context: context, parameters: .init(context.parameters)))
        case .press: try visitor.visit(PressScene(context: context, parameters: .init(context.parameters)))
        }
    }
}

/// Something done with a concrete scene type (see ``SceneKind/visit(context:_:)``).
protocol SceneVisitor {
    associatedtype Output
    func visit<S: Scene>(_ scene: S) throws -> Output
}
