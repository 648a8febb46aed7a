import TouchInput

/// The column streams of a chunk payload, in file order (docs/FORMAT.md, "Chunk payload").
package enum ChunkStream: Int, CaseIterable {
    case time = 0, kindPhase, id, fields
    case x, y, force, majorRadius, majorRadiusTolerance, altitude, azimuth, roll, dx, dy
    case buttons, modifiers, flags, key, label, strings

    /// The most bytes one sample can add to this stream (a varint is at most 10 bytes; a
    /// run-length pair at most 20), so encoders can size their buffers before the loop.
    package var worstCaseBytesPerSample: Int {
        switch self {
        case .time, .x, .y, .force, .majorRadius, .majorRadiusTolerance, .altitude, .azimuth, .roll, .dx, .dy, .label: 10
        case .kindPhase, .id, .fields: 20
        case .buttons, .key: 5
        case .modifiers, .flags: 1
        case .strings: 0
        }
    }
}

/// How a chunk's time steps are laid out after the unit (docs/FORMAT.md).
package enum TimeStreamMode: UInt8 {
    case varints = 0
    case bytePlanes = 1
}

/// The ten fixed-point columns that are delta-coded per contact, and their quanta.
package struct DeltaColumns {
    /// Per-contact state: the ten previous values, then the previous x and y steps (the
    /// location is predicted to second order: a finger's next step is like its last).
    package static let slotCount = 12
    package static let previousXStep = 10
    package static let previousYStep = 11
    /// Samples carrying any of these fields touch the per-contact table.
    package static let fields: SampleFields = [.location, .force, .majorRadius, .majorRadiusTolerance,
                                                .altitude, .azimuth, .roll, .scrollDelta]
    package let position: Double
    package let force: Double
    package let radius: Double
    package let angle: Double
    package let scroll: Double

    package init(_ quanta: FieldQuanta) {
        position = quanta.position
        force = quanta.force
        radius = quanta.radius
        angle = quanta.angle
        scroll = quanta.scroll
    }
}

/// Fixed-point conversion: the one definition of how a value lands on its grid.
package enum Quantizer {
    /// The largest magnitude in quanta that a value may have: deltas stay exact in Int64 and
    /// integers stay exact in Double.
    package static let limit: Double = 4_503_599_627_370_496 // 2^52

    /// The grid index of a value already known to be representable.
    @inline(__always)
    package static func checkedIndex(of value: Double, quantum: Double) -> Int64 {
        let scaled = value / quantum
        return abs(scaled) <= limit ? nearest(scaled) : 0
    }

    /// Rounds half away from zero, like `rounded()`, without a libm call: truncation is one
    /// instruction, and the remainder `scaled − trunc(scaled)` is exact below 2^52.
    @inline(__always)
    static func nearest(_ scaled: Double) -> Int64 {
        var whole = Int64(scaled)
        let remainder = scaled - Double(whole)
        if remainder >= 0.5 { whole += 1 } else if remainder <= -0.5 { whole -= 1 }
        return whole
    }

    /// The value of grid index `index`.
    @inline(__always)
    package static func value(at index: Int64, quantum: Double) -> Double {
        Double(index) * quantum
    }
}

/// Previous fixed-point values per contact, so coordinates are delta-coded along each
/// contact's own path rather than across interleaved fingers.
///
/// Slots live in scratch memory sized for one contact per sample, the worst case of a chunk,
/// so the table never reallocates inside the codec loop. In front of them, a small
/// direct-mapped cache from contact to slot: five fingers and a pencil interleave sample by
/// sample, so the contact changes on nearly every sample and a scan per change was a tenth
/// of a decode.
package struct ContactTable {
    private static let cacheWays = 16
    /// Beyond this many contacts in a chunk, a dictionary finds them; below, a scan does.
    private static let scanned = 8
    /// Every contact's key in order of arrival (in the scratch memory: no allocation per chunk).
    private let keys: UnsafeMutablePointer<Int64>
    private var count = 0
    /// Every contact, once there are more than `scanned`.
    private var overflow: [UInt64: Int] = [:]
    /// `cacheWays` keys (`UInt64.max` where empty), then the slot base of each.
    private let cache: UnsafeMutablePointer<Int64>
    private var values: UnsafeMutablePointer<Int64>

    /// How many values the storage of a table for `contacts` contacts must hold.
    package static func storageCount(contacts: Int) -> Int {
        2 * cacheWays + contacts * (DeltaColumns.slotCount + 1)
    }

    /// Starts an empty table over `storage`, which must hold ``storageCount(contacts:)`` values
    /// for `contacts`, every contact the chunk can have (at most one per sample).
    package init(storage: UnsafeMutablePointer<Int64>, contacts: Int) {
        cache = storage
        cache.initialize(repeating: Int64(bitPattern: .max), count: Self.cacheWays)
        keys = storage + 2 * Self.cacheWays
        values = keys + contacts
    }

    /// The previous values of the contact `kind`/`id`, adding it (all zero) when new.
    @inline(__always)
    package mutating func slots(kind: SampleKind, id: UInt32) -> UnsafeMutablePointer<Int64> {
        let key = ContactKey(kind: kind, id: id).packed
        let way = Int(truncatingIfNeeded: (key ^ key >> 29) & UInt64(Self.cacheWays - 1))
        if cache[way] == Int64(bitPattern: key) { return values + Int(cache[Self.cacheWays + way]) }
        let base = slotIndex(for: key) * DeltaColumns.slotCount
        cache[way] = Int64(bitPattern: key)
        cache[Self.cacheWays + way] = Int64(base)
        return values + base
    }

    private mutating func slotIndex(for key: UInt64) -> Int {
        // Contacts arrive in order and the live ones are the newest, so scanning the last few
        // slots finds one without hashing; the dictionary (which holds every contact once
        // there are more than the scan sees) keeps chunks with thousands of contacts linear.
        let packed = Int64(bitPattern: key)
        var slot = count - 1
        for _ in 0..<min(count, Self.scanned) {
            if keys[slot] == packed { return slot }
            slot -= 1
        }
        if count > Self.scanned, let slot = overflow[key] { return slot }
        let newSlot = count
        keys[newSlot] = packed
        count += 1
        if count > Self.scanned {
            if overflow.isEmpty {
                for index in 0..<count { overflow[UInt64(bitPattern: keys[index])] = index }
            } else {
                overflow[key] = newSlot
            }
        }
        (values + newSlot * DeltaColumns.slotCount).initialize(repeating: 0, count: DeltaColumns.slotCount)
        return newSlot
    }
}
