/// A clock that never waits: it jumps to each deadline, so a replay runs as fast as the CPU
/// allows and gives the same numbers on any machine.
///
/// Work a scene declares (``Scene/virtualCost``) moves it forward, which is how tests make a
/// scene exactly as slow as they want.
public struct VirtualClock: ReplayClock, Sendable, Hashable {
    private var current: Int64

    /// A clock standing at trace time `start`.
    public init(start: Int64 = .min) {
        current = start
    }

    public var isVirtual: Bool { true }

    public func now() -> Int64 { current }

    @inline(__always)
    public mutating func wait(until time: Int64) -> Int64 {
        if time > current { current = time }
        return 0
    }

    @inline(__always)
    public mutating func spend(_ nanoseconds: Int64) {
        if nanoseconds > 0 { current &+= nanoseconds }
    }
}
