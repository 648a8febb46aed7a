import TouchBenchSupport
import TouchInput

/// The two contacts a pinch or a rotation follows, and the geometry between them.
struct ContactPair: Sendable, Hashable {
    /// By kind and id: a pencil and a finger may share an id.
    private(set) var ids: [ContactKey] = []
    private(set) var locations: [Point] = []
    /// The half-vector from the midpoint to the first contact, and the midpoint, when the
    /// second contact landed.
    private var initialHalf = Offset.zero
    private(set) var initialMidpoint = Point.zero

    var isComplete: Bool { ids.count == 2 }
    var first: UInt32 { ids.first?.id ?? 0 }

    func contains(_ id: ContactKey) -> Bool { ids.contains(id) }

    /// Adds a contact; `false` when two are already followed.
    mutating func add(_ id: ContactKey, at point: Point) -> Bool {
        guard ids.count < 2 else { return false }
        ids.append(id)
        locations.append(point)
        if isComplete {
            initialMidpoint = midpoint
            initialHalf = locations[0].offset(from: midpoint)
        }
        return true
    }

    mutating func move(_ id: ContactKey, to point: Point) {
        if let index = ids.firstIndex(of: id) { locations[index] = point }
    }

    /// The distance between the two contacts, in points.
    var span: Double {
        guard locations.count == 2 else { return 0 }
        return locations[0].distance(to: locations[1])
    }

    /// The direction from the first contact to the second, in radians (−π…π).
    var angle: Double {
        guard locations.count == 2 else { return 0 }
        return Elementary.atan2(locations[1].y - locations[0].y, locations[1].x - locations[0].x)
    }

    /// How far the midpoint has moved since the second contact landed, in points.
    var midpointShift: Double { midpoint.distance(to: initialMidpoint) }

    /// How far each finger has moved relative to the midpoint since the second contact
    /// landed: the spreading and turning, without the translation, in points.
    var deformation: Double {
        guard locations.count == 2 else { return 0 }
        let half = locations[0].offset(from: midpoint)
        return Offset(dx: half.dx - initialHalf.dx, dy: half.dy - initialHalf.dy).length
    }

    /// Whether the pair has deformed by more than `hysteresis` points per finger, more than
    /// it has moved as a whole, and with `component` (the spread or the arc per finger) at
    /// least half of that deformation: the condition for a pinch or a rotation to begin.
    func hasDeformed(beyond hysteresis: Double, component: Double) -> Bool {
        let deformation = deformation
        return deformation > hysteresis && deformation > midpointShift && component >= deformation / 2
    }

    var midpoint: Point {
        guard locations.count == 2 else { return locations.first ?? .zero }
        return Point(x: (locations[0].x + locations[1].x) / 2, y: (locations[0].y + locations[1].y) / 2)
    }
}

/// The smallest difference `to − from` between two angles, in −π…π.
func angleDifference(from: Double, to: Double) -> Double {
    var difference = to - from
    while difference > Double.pi { difference -= 2 * Double.pi }
    while difference < -Double.pi { difference += 2 * Double.pi }
    return difference
}
