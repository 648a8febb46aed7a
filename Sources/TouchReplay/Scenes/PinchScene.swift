import TouchInput

public struct PinchScene: Scene {
    public private(set) var state = SceneState()
    public init(context: SceneContext = SceneContext()) {}
    public mutating func handle(_ sample: InputSample) {}
    public mutating func advance(to time: Int64) {}
}
