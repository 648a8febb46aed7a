import TouchBenchSupport

/// The model trajectory of one contact: where the finger, pencil tip or pointer is at each
/// instant of its episode's local clock, before tremor and sensor noise.
enum ContactPath: Sendable, Hashable {
    case movements(MovementPath)
    case polar(PolarPath)

    func position(at t: Double) -> Vector {
        switch self {
        case .movements(let path): path.position(at: t)
        case .polar(let path): path.position(at: t)
        }
    }

    func velocity(at t: Double) -> Vector {
        switch self {
        case .movements(let path): path.velocity(at: t)
        case .polar(let path): path.velocity(at: t)
        }
    }

    func isMoving(at t: Double) -> Bool {
        switch self {
        case .movements(let path): path.isMoving(at: t)
        case .polar(let path): path.isMoving(at: t)
        }
    }
}
