import TouchInput

/// The two contacts a pinch or a rotation follows, and the geometry between them.
struct ContactPair: Sendable, Hashable {
    private(set) var ids: [UInt32] = []
    private(set) var locations: [Point] = []

    var isComplete: Bool { ids.count == 2 }
    var first: UInt32 { ids.first ?? 0 }

    func contains(_ id: UInt32) -> Bool { ids.contains(id) }

    /// Adds a contact; `false` when two are already followed.
    mutating func add(_ id: UInt32, at point: Point) -> Bool {
        guard ids.count < 2 else { return false }
        ids.append(id)
        locations.append(point)
        return true
    }

    mutating func move(_ id: UInt32, to point: Point) {
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
        return Trigonometry.atan2(locations[1].y - locations[0].y, locations[1].x - locations[0].x)
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
