import TouchInput

/// Scratch columns for one block of samples: the time and run-length columns of the block, and
/// each sample's per-contact slots. The samples themselves are built once, in the output, and
/// every value column is then written straight into them (``InputSampleLayout``).
final class BlockColumns {
    static let capacity = 128

    let times = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)
    /// The three run-length columns, as read (each checked against its limit).
    let kindPhases = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    let ids = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    let fields = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    /// Each sample's per-contact slots; set only for samples carrying a delta-coded field.
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<Int64>>.allocate(capacity: capacity)

    init() {}

    deinit {
        times.deallocate(); kindPhases.deallocate(); ids.deallocate(); fields.deallocate(); slots.deallocate()
    }
}

/// Which samples of a block carry one optional field: every one (`dense`), or those whose
/// field bits have `bit`.
struct BlockPresence {
    let bit: UInt64
    let dense: Bool
    let count: Int
    let fields: UnsafePointer<UInt64>

    /// Calls `body` with the index of every sample carrying the field, in order.
    @inline(__always)
    func forEach(_ body: (Int) throws -> Void) rethrows {
        if dense {
            for j in 0..<count { try body(j) }
        } else {
            for j in 0..<count where fields[j] & bit != 0 { try body(j) }
        }
    }

    /// Calls `body` with the index of every sample carrying the field, in order, and whether
    /// its cursors have room for a varint each: a loop while `room()` holds, then one for
    /// the samples left (near the ends of the columns). The first loop's body then has no
    /// call out of line, and keeps its values in registers.
    @inline(__always)
    func forEach(room: () -> Bool, _ body: (Int, _ hasRoom: Bool) throws -> Void) rethrows {
        var j = 0
        if dense {
            while j < count, room() {
                try body(j, true)
                j &+= 1
            }
            while j < count {
                try body(j, false)
                j &+= 1
            }
        } else {
            while j < count, room() {
                if fields[j] & bit != 0 { try body(j, true) }
                j &+= 1
            }
            while j < count {
                if fields[j] & bit != 0 { try body(j, false) }
                j &+= 1
            }
        }
    }

    /// A bound on the zig-zag varint of a delta or location residual: a contact's values stay
    /// within ±2^52 (``Quantizer/limit``, checked before each is kept), so a step between two
    /// is within ±2^53 and a valid residual (a step minus the one before) within ±2^54, its
    /// varint at most 2^55. Below the bound (magnitudes below 2^55), a value plus a delta (or
    /// a step plus a residual, plus a value) cannot overflow Int64, so the range check alone
    /// decides, as the checked arithmetic of the sample-by-sample decoder does.
    static let deltaLimit: UInt64 = 1 << 56

    /// Whether a fixed-point index lies within ±``Quantizer/limit``: one addition and one
    /// unsigned comparison.
    @inline(__always)
    static func inRange(_ index: Int64) -> Bool {
        let limit = Int64(Quantizer.limit)
        return UInt64(bitPattern: index &+ limit) <= UInt64(bitPattern: 2 &* limit)
    }
}

extension ColumnCursors {
    /// Decodes every sample of the chunk into `out` (room for `header.sampleCount`), a block
    /// of ``BlockColumns/capacity`` samples at a time. It checks everything the sample-order
    /// loop (``decode(header:labels:quanta:contacts:into:)``) checks, with the same
    /// primitives, but may find a different problem first when a chunk has several: callers
    /// re-decode a refused chunk in sample order for the exact reason.
    mutating func decodeBlocks(
        header: ChunkHeader, labels: [MarkerLabel], quanta q: DeltaColumns, contacts: ContactTable,
        layout: InputSampleLayout, block b: BlockColumns, into out: UnsafeMutablePointer<InputSample>
    ) throws {
        var contacts = contacts
        var clock = try SampleClock(&time, header: header)
        var kindPhaseRun = RunReader(), idRun = RunReader(), fieldRun = RunReader()
        var start = 0
        while start < header.sampleCount {
            let count = min(BlockColumns.capacity, header.sampleCount - start)
            try clock.fill(b.times, count: count, from: start, cursor: &time)
            // A valid kind-and-phase byte is < 64; its kind is checked sample by sample below.
            _ = try kindPhaseRun.fill(b.kindPhases, count: count, limit: 63, cursor: &kindPhase)
            _ = try idRun.fill(b.ids, count: count, limit: UInt64(UInt32.max), cursor: &id)
            let limit = UInt64(SampleFields.all.rawValue)
            let (any, all) = try fieldRun.fill(b.fields, count: count, limit: limit, cursor: &fields)
            try Self.begin(count: count, from: b, into: out + start)
            try decodeValues(count: count, any: any, all: all, labels: labels, quanta: q, contacts: &contacts,
                             layout: layout, block: b, samples: out + start)
            start += count
        }
        try finish(clock: clock, kindPhaseRun, idRun, fieldRun)
    }

    /// Builds the samples of a block from its time and run-length columns, every optional
    /// value zero (absent), as ``InputSample`` stores an absent field.
    @inline(never)
    private static func begin(count: Int, from b: BlockColumns, into out: UnsafeMutablePointer<InputSample>) throws {
        // The columns in locals: a store into a sample could alias the block's stored pointers.
        let times = b.times, kindPhases = b.kindPhases, ids = b.ids, fields = b.fields
        for j in 0..<count {
            let (kind, phase) = try kindPhase(kindPhases[j], index: j)
            (out + j).initialize(to: InputSample(
                time: times[j], kind: kind, phase: phase, id: UInt32(truncatingIfNeeded: ids[j]),
                fields: SampleFields(rawValue: UInt16(truncatingIfNeeded: fields[j])),
                x: 0, y: 0, force: 0, majorRadius: 0, majorRadiusTolerance: 0, altitude: 0, azimuth: 0, roll: 0, dx: 0, dy: 0,
                buttons: 0, key: 0, modifiers: [], flags: [], label: .none))
        }
    }

    /// The optional columns of one block, written into its samples (built by `begin`).
    private mutating func decodeValues(
        count: Int, any: UInt64, all: UInt64, labels: [MarkerLabel], quanta q: DeltaColumns,
        contacts: inout ContactTable, layout: InputSampleLayout, block b: BlockColumns, samples: UnsafeMutablePointer<InputSample>
    ) throws {
        let fields = UnsafePointer(b.fields)
        let deltaBits = UInt64(DeltaColumns.fields.rawValue)
        if any & deltaBits != 0 {
            // In place: a local copy shared the table's storage with `contacts`, so the first
            // new contact of every block copied the whole table (quadratic in a chunk of new
            // ids: review of 3 December). A refused block leaves it changed, which is harmless:
            // the reference decoder that takes over prepares its own.
            for j in 0..<count where fields[j] & deltaBits != 0 {
                b.slots[j] = contacts.slots(kind: samples[j].kind, id: samples[j].id)
            }
        }
        let slots = UnsafePointer(b.slots)
        let raw = UnsafeMutableRawPointer(samples)
        func presence(_ field: SampleFields) -> BlockPresence? {
            let bit = UInt64(field.rawValue)
            return any & bit == 0 ? nil : BlockPresence(bit: bit, dense: all & bit != 0, count: count, fields: fields)
        }
        // Each column is its own function (see `deltas`): a loop over a few registers.
        if let p = presence(.location) {
            try Self.locations(&x, &y, p, quantum: q.position, slots: slots, into: raw + layout.values[0], raw + layout.values[1])
        }
        func deltaColumn(_ field: SampleFields, _ cursor: inout ByteCursor, _ column: Int, _ quantum: Double) throws {
            guard let p = presence(field) else { return }
            try Self.deltas(&cursor, p, slot: column, quantum: quantum, slots: slots, into: raw + layout.values[column])
        }
        let touch = UInt64(SampleFields([.force, .majorRadius, .majorRadiusTolerance]).rawValue)
        if all & touch == touch, let p = presence(.force) {
            // Every sample of the block carries all three (a block of touches): one loop.
            try Self.touchDeltas(&force, &majorRadius, &majorRadiusTolerance, p, quanta: (q.force, q.radius),
                                 slots: slots, into: raw + layout.values[2], raw + layout.values[3], raw + layout.values[4])
        } else {
            try deltaColumn(.force, &force, 2, q.force)
            try deltaColumn(.majorRadius, &majorRadius, 3, q.radius)
            try deltaColumn(.majorRadiusTolerance, &majorRadiusTolerance, 4, q.radius)
        }
        try deltaColumn(.altitude, &altitude, 5, q.angle)
        try deltaColumn(.azimuth, &azimuth, 6, q.angle)
        try deltaColumn(.roll, &roll, 7, q.angle)
        try deltaColumn(.scrollDelta, &dx, 8, q.scroll)
        try deltaColumn(.scrollDelta, &dy, 9, q.scroll)
        try Self.plain(&buttons, presence(.buttons), into: raw + layout.buttons) { try Self.readUInt32(&$0) }
        try Self.plain(&modifiers, presence(.modifiers), into: raw + layout.modifiers) { ModifierFlags(rawValue: try $0.readByte()) }
        try Self.plain(&flags, presence(.flags), into: raw + layout.flags) { SampleFlags(rawValue: try $0.readByte()) }
        try Self.plain(&key, presence(.key), into: raw + layout.key) { try Self.readUInt32(&$0) }
        try Self.plain(&label, presence(.label), into: raw + layout.label) {
            try Self.label(&$0, labels, index: 0) // (the index only names the sample in a message)
        }
    }

    /// One delta-coded column of a block, each value stored into its sample (`out` is the
    /// field of the block's first sample). Its own function, so that the cursor, the quantum
    /// and the pointers stay in registers: nothing the loop stores through a contact slot
    /// can then alias them.
    @inline(never)
    private static func deltas(
        _ cursor: inout ByteCursor, _ p: BlockPresence, slot: Int, quantum: Double,
        slots: UnsafePointer<UnsafeMutablePointer<Int64>>, into out: UnsafeMutableRawPointer
    ) throws {
        var local = cursor
        let limit = BlockPresence.deltaLimit
        try p.forEach(room: { local.hasRoom }) { j, hasRoom in
            let delta = try local.readSignedVarint(below: limit, hasRoom: hasRoom)
            let previous = slots[j] + slot
            // No overflow: see BlockPresence.deltaLimit.
            let index = previous.pointee &+ delta
            guard BlockPresence.inRange(index) else { throw ChunkDecodingProblem(reason: "out of range") }
            previous.pointee = index
            (out + j &* MemoryLayout<InputSample>.stride).storeBytes(of: Quantizer.value(at: index, quantum: quantum), as: Double.self)
        }
        cursor = local
    }

    /// The force, radius and radius tolerance columns of a block every sample of which carries
    /// all three, in one loop: a contact's slots found and a loop run once for the three.
    @inline(never)
    private static func touchDeltas(
        _ forces: inout ByteCursor, _ radii: inout ByteCursor, _ tolerances: inout ByteCursor, _ p: BlockPresence,
        quanta: (force: Double, radius: Double), slots: UnsafePointer<UnsafeMutablePointer<Int64>>,
        into forceOut: UnsafeMutableRawPointer, _ radiusOut: UnsafeMutableRawPointer, _ toleranceOut: UnsafeMutableRawPointer
    ) throws {
        var f = forces, r = radii, t = tolerances
        let limit = BlockPresence.deltaLimit
        try p.forEach(room: { f.hasRoom && r.hasRoom && t.hasRoom }) { j, hasRoom in
            let df = try f.readSignedVarint(below: limit, hasRoom: hasRoom)
            let dr = try r.readSignedVarint(below: limit, hasRoom: hasRoom)
            let dt = try t.readSignedVarint(below: limit, hasRoom: hasRoom)
            let contact = slots[j], offset = j &* MemoryLayout<InputSample>.stride
            // No overflow: see BlockPresence.deltaLimit.
            let force = contact[2] &+ df, radius = contact[3] &+ dr, tolerance = contact[4] &+ dt
            guard BlockPresence.inRange(force), BlockPresence.inRange(radius), BlockPresence.inRange(tolerance) else {
                throw ChunkDecodingProblem(reason: "out of range")
            }
            contact[2] = force
            contact[3] = radius
            contact[4] = tolerance
            (forceOut + offset).storeBytes(of: Quantizer.value(at: force, quantum: quanta.force), as: Double.self)
            (radiusOut + offset).storeBytes(of: Quantizer.value(at: radius, quantum: quanta.radius), as: Double.self)
            (toleranceOut + offset).storeBytes(of: Quantizer.value(at: tolerance, quantum: quanta.radius), as: Double.self)
        }
        forces = f
        radii = r
        tolerances = t
    }

    /// The x and y columns of a block, in one loop (they are always present together):
    /// second-order prediction, see ``DeltaColumns``.
    @inline(never)
    private static func locations(
        _ xCursor: inout ByteCursor, _ yCursor: inout ByteCursor, _ p: BlockPresence, quantum: Double,
        slots: UnsafePointer<UnsafeMutablePointer<Int64>>, into xs: UnsafeMutableRawPointer, _ ys: UnsafeMutableRawPointer
    ) throws {
        var xLocal = xCursor, yLocal = yCursor
        let limit = BlockPresence.deltaLimit
        try p.forEach(room: { xLocal.hasRoom && yLocal.hasRoom }) { j, hasRoom in
            let dx = try xLocal.readSignedVarint(below: limit, hasRoom: hasRoom)
            let dy = try yLocal.readSignedVarint(below: limit, hasRoom: hasRoom)
            let contact = slots[j], offset = j &* MemoryLayout<InputSample>.stride
            // No overflow: see BlockPresence.deltaLimit.
            let xStep = contact[DeltaColumns.previousXStep] &+ dx
            let yStep = contact[DeltaColumns.previousYStep] &+ dy
            let x = contact[0] &+ xStep, y = contact[1] &+ yStep
            guard BlockPresence.inRange(x), BlockPresence.inRange(y) else {
                throw ChunkDecodingProblem(reason: "a coordinate leaves the representable range")
            }
            contact[0] = x
            contact[1] = y
            contact[DeltaColumns.previousXStep] = xStep
            contact[DeltaColumns.previousYStep] = yStep
            (xs + offset).storeBytes(of: Quantizer.value(at: x, quantum: quantum), as: Double.self)
            (ys + offset).storeBytes(of: Quantizer.value(at: y, quantum: quantum), as: Double.self)
        }
        xCursor = xLocal
        yCursor = yLocal
    }

    /// A column read value by value, each stored into its sample (`p` nil when no sample of
    /// the block has the field: the samples keep their zero).
    @inline(__always)
    private static func plain<T: BitwiseCopyable>(
        _ cursor: inout ByteCursor, _ p: BlockPresence?, into out: UnsafeMutableRawPointer,
        _ read: (inout ByteCursor) throws -> T
    ) throws {
        guard let p else { return }
        var local = cursor
        try p.forEach { j in (out + j &* MemoryLayout<InputSample>.stride).storeBytes(of: try read(&local), as: T.self) }
        cursor = local
    }
}
