import TouchInput

/// The column streams of a chunk payload, in file order (docs/FORMAT.md, "Chunk payload").
package enum ChunkStream: Int, CaseIterable {
    case time = 0, kindPhase, id, fields
    case x, y, force, majorRadius, majorRadiusTolerance, altitude, azimuth, roll, dx, dy
    case buttons, modifiers, flags, key, label, strings
}

/// The ten fixed-point columns that are delta-coded per contact.
package enum DeltaColumn {
    package static let count = 10
    /// The presence bit that carries each column.
    package static let presence: [SampleFields] = [
        .location, .location, .force, .majorRadius, .majorRadiusTolerance,
        .altitude, .azimuth, .roll, .scrollDelta, .scrollDelta,
    ]
    /// The stream of each column: they follow one another from ``ChunkStream/x``.
    package static let firstStream = ChunkStream.x.rawValue

    /// The quantum of each column under `quanta`.
    package static func quanta(_ quanta: FieldQuanta) -> [Double] {
        [quanta.position, quanta.position, quanta.force, quanta.radius, quanta.radius,
         quanta.angle, quanta.angle, quanta.angle, quanta.scroll, quanta.scroll]
    }
}

/// Fixed-point conversion: the one definition of how a value lands on its grid.
package enum Quantizer {
    /// The largest magnitude in quanta that a value may have: deltas stay exact in Int64 and
    /// integers stay exact in Double.
    package static let limit: Double = 4_503_599_627_370_496 // 2^52

    /// The grid index of `value`, or `nil` when it is not finite or too large for its quantum.
    @inline(__always)
    package static func index(of value: Double, quantum: Double) -> Int64? {
        let scaled = (value / quantum).rounded()
        guard scaled.isFinite, abs(scaled) <= limit else { return nil }
        return Int64(scaled)
    }

    /// The value of grid index `index`.
    @inline(__always)
    package static func value(at index: Int64, quantum: Double) -> Double {
        Double(index) * quantum
    }
}

/// Previous fixed-point values per contact, so coordinates are delta-coded along each
/// contact's own path rather than across interleaved fingers.
package struct ContactTable {
    private var keys: [UInt64] = []
    private var overflow: [UInt64: Int] = [:]
    /// `slot * DeltaColumn.count + column`.
    package private(set) var previous: [Int64] = []
    private var lastKey: UInt64 = .max
    private var lastSlot = 0

    package init() {}

    package mutating func reset() {
        keys.removeAll(keepingCapacity: true)
        overflow.removeAll(keepingCapacity: true)
        previous.removeAll(keepingCapacity: true)
        lastKey = .max
        lastSlot = 0
    }

    /// The first index into ``previous`` for the contact `kind`/`id`, adding it when new.
    @inline(__always)
    package mutating func base(kind: SampleKind, id: UInt32) -> Int {
        let key = UInt64(kind.rawValue) << 32 | UInt64(id)
        if key == lastKey { return lastSlot * DeltaColumn.count }
        let slot = slotIndex(for: key)
        lastKey = key
        lastSlot = slot
        return slot * DeltaColumn.count
    }

    @inline(__always)
    package mutating func update(_ index: Int, to value: Int64) {
        previous[index] = value
    }

    private mutating func slotIndex(for key: UInt64) -> Int {
        // A linear scan is fastest for the handful of fingers of real input; a dictionary
        // keeps hostile files with thousands of contacts linear overall.
        let scanned = min(keys.count, 8)
        for slot in 0..<scanned where keys[slot] == key { return slot }
        if let slot = overflow[key] { return slot }
        let slot = keys.count
        keys.append(key)
        if slot >= 8 { overflow[key] = slot }
        previous.append(contentsOf: repeatElement(0, count: DeltaColumn.count))
        return slot
    }
}
