import TouchInput

/// Scratch columns for one block of samples: each column of a chunk is decoded for the block
/// in its own tight loop (its cursor and a few pointers in registers), then one pass builds
/// the samples. A block's columns stay in the L1 cache; the samples are written once.
final class BlockColumns {
    static let capacity = 128
    /// The ten fixed-point columns, in ``ChunkStream`` order from `x`.
    static let valueColumns = 10

    let times = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)
    /// The three run-length columns, as read (each checked against its limit).
    let kindPhases = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    let ids = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    let fields = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
    /// Each sample's per-contact slots; set only for samples carrying a delta-coded field.
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<Int64>>.allocate(capacity: capacity)
    let values = UnsafeMutablePointer<Double>.allocate(capacity: capacity * valueColumns)
    let buttons = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    let keys = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
    let modifiers = UnsafeMutablePointer<ModifierFlags>.allocate(capacity: capacity)
    let flags = UnsafeMutablePointer<SampleFlags>.allocate(capacity: capacity)
    let labels = UnsafeMutablePointer<MarkerLabel>.allocate(capacity: capacity)

    init() {}

    deinit {
        times.deallocate(); kindPhases.deallocate(); ids.deallocate(); fields.deallocate()
        slots.deallocate(); values.deallocate(); buttons.deallocate(); keys.deallocate()
        modifiers.deallocate(); flags.deallocate(); labels.deallocate()
    }

    /// The block's values of fixed-point column `column` (0 is x … 9 is dy).
    @inline(__always)
    func values(_ column: Int) -> UnsafeMutablePointer<Double> { values + column * Self.capacity }
}

extension ColumnCursors {
    /// Decodes every sample of the chunk into `out` (room for `header.sampleCount`), a block
    /// of ``BlockColumns/capacity`` samples at a time. It checks everything the sample-order
    /// loop (``decode(header:labels:quanta:contacts:into:)``) checks, with the same
    /// primitives, but may find a different problem first when a chunk has several: callers
    /// re-decode a refused chunk in sample order for the exact reason.
    mutating func decodeBlocks(
        header: ChunkHeader, labels: [MarkerLabel], quanta q: DeltaColumns, contacts: ContactTable,
        block b: BlockColumns, into out: UnsafeMutablePointer<InputSample>
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
            let blockFields = try fieldRun.fill(b.fields, count: count, limit: UInt64(SampleFields.all.rawValue), cursor: &fields)
            try decodeValues(count: count, blockFields: UInt16(blockFields), labels: labels, quanta: q, contacts: &contacts, block: b)
            try Self.assemble(count: count, from: b, into: out + start)
            start += count
        }
        try finish(clock: clock, runs: [kindPhaseRun, idRun, fieldRun])
    }

    /// Builds the samples of a block from its columns.
    @inline(never)
    private static func assemble(count: Int, from b: BlockColumns, into out: UnsafeMutablePointer<InputSample>) throws {
        for j in 0..<count {
            let (kind, phase) = try kindPhase(b.kindPhases[j], index: j)
            (out + j).initialize(to: InputSample(
                time: b.times[j], kind: kind, phase: phase, id: UInt32(truncatingIfNeeded: b.ids[j]),
                fields: SampleFields(rawValue: UInt16(truncatingIfNeeded: b.fields[j])),
                x: b.values(0)[j], y: b.values(1)[j], force: b.values(2)[j], majorRadius: b.values(3)[j],
                majorRadiusTolerance: b.values(4)[j], altitude: b.values(5)[j], azimuth: b.values(6)[j],
                roll: b.values(7)[j], dx: b.values(8)[j], dy: b.values(9)[j],
                buttons: b.buttons[j], key: b.keys[j], modifiers: b.modifiers[j], flags: b.flags[j],
                label: b.labels[j]))
        }
    }

    /// The optional columns of one block whose run-length columns are in `b`.
    private mutating func decodeValues(
        count: Int, blockFields: UInt16, labels: [MarkerLabel], quanta q: DeltaColumns,
        contacts: inout ContactTable, block b: BlockColumns
    ) throws {
        let fields = UnsafePointer(b.fields)
        if blockFields & DeltaColumns.fields.rawValue != 0 {
            // In place: a local copy shared the table's storage with `contacts`, so the first
            // new contact of every block copied the whole table (quadratic in a chunk of new
            // ids: review of 3 December). A refused block leaves it changed, which is harmless:
            // the reference decoder that takes over prepares its own.
            for j in 0..<count where fields[j] & UInt64(DeltaColumns.fields.rawValue) != 0 {
                let (kind, _) = try Self.kindPhase(b.kindPhases[j], index: j)
                b.slots[j] = contacts.slots(kind: kind, id: UInt32(truncatingIfNeeded: b.ids[j]))
            }
        }
        let slots = UnsafePointer(b.slots)
        func present(_ field: SampleFields) -> UInt64? { blockFields & field.rawValue != 0 ? UInt64(field.rawValue) : nil }
        // Each column is its own function (see `deltas`): a loop over a few registers.
        if let bit = present(.location) {
            try Self.locations(&x, &y, bit: bit, quantum: q.position, count: count, fields: fields, slots: slots,
                               into: b.values(0), b.values(1))
        } else {
            b.values(0).initialize(repeating: 0, count: count)
            b.values(1).initialize(repeating: 0, count: count)
        }
        func deltaColumn(_ field: SampleFields, _ cursor: inout ByteCursor, _ column: Int, _ quantum: Double) throws {
            if let bit = present(field) {
                try Self.deltas(&cursor, bit: bit, slot: column, quantum: quantum, count: count, fields: fields,
                                slots: slots, into: b.values(column))
            } else {
                b.values(column).initialize(repeating: 0, count: count)
            }
        }
        try deltaColumn(.force, &force, 2, q.force)
        try deltaColumn(.majorRadius, &majorRadius, 3, q.radius)
        try deltaColumn(.majorRadiusTolerance, &majorRadiusTolerance, 4, q.radius)
        try deltaColumn(.altitude, &altitude, 5, q.angle)
        try deltaColumn(.azimuth, &azimuth, 6, q.angle)
        try deltaColumn(.roll, &roll, 7, q.angle)
        try deltaColumn(.scrollDelta, &dx, 8, q.scroll)
        try deltaColumn(.scrollDelta, &dy, 9, q.scroll)
        try Self.plain(&buttons, present(.buttons), count: count, fields: fields, absent: 0, into: b.buttons) {
            try Self.readUInt32(&$0)
        }
        try Self.plain(&modifiers, present(.modifiers), count: count, fields: fields, absent: [], into: b.modifiers) {
            ModifierFlags(rawValue: try $0.readByte())
        }
        try Self.plain(&flags, present(.flags), count: count, fields: fields, absent: [], into: b.flags) {
            SampleFlags(rawValue: try $0.readByte())
        }
        try Self.plain(&key, present(.key), count: count, fields: fields, absent: 0, into: b.keys) { try Self.readUInt32(&$0) }
        try Self.plain(&label, present(.label), count: count, fields: fields, absent: .none, into: b.labels) {
            try Self.label(&$0, labels, index: 0) // (the index only names the sample in a message)
        }
    }

    /// One delta-coded column of a block. Its own function, so that the cursor, the
    /// quantum and the pointers stay in registers: nothing the loop stores through a contact
    /// slot can then alias them.
    @inline(never)
    private static func deltas(
        _ cursor: inout ByteCursor, bit: UInt64, slot: Int, quantum: Double, count: Int,
        fields: UnsafePointer<UInt64>, slots: UnsafePointer<UnsafeMutablePointer<Int64>>, into out: UnsafeMutablePointer<Double>
    ) throws {
        var local = cursor
        for j in 0..<count {
            out[j] = fields[j] & bit != 0 ? try apply(try local.readSignedVarint(), slots[j] + slot, quantum) : 0
        }
        cursor = local
    }

    /// The x and y columns of a block, in one loop (they are always present together):
    /// second-order prediction, see ``DeltaColumns``.
    @inline(never)
    private static func locations(
        _ xCursor: inout ByteCursor, _ yCursor: inout ByteCursor, bit: UInt64, quantum: Double, count: Int,
        fields: UnsafePointer<UInt64>, slots: UnsafePointer<UnsafeMutablePointer<Int64>>,
        into xs: UnsafeMutablePointer<Double>, _ ys: UnsafeMutablePointer<Double>
    ) throws {
        var xLocal = xCursor, yLocal = yCursor
        for j in 0..<count {
            if fields[j] & bit != 0 {
                let slot = slots[j]
                xs[j] = try applyPredicted(try xLocal.readSignedVarint(), slot, slot + DeltaColumns.previousXStep, quantum)
                ys[j] = try applyPredicted(try yLocal.readSignedVarint(), slot + 1, slot + DeltaColumns.previousYStep, quantum)
            } else {
                xs[j] = 0
                ys[j] = 0
            }
        }
        xCursor = xLocal
        yCursor = yLocal
    }

    /// A column read value by value (`absent` where the sample lacks the field; `bit` nil
    /// when no sample of the block has it).
    @inline(__always)
    private static func plain<T>(
        _ cursor: inout ByteCursor, _ bit: UInt64?, count: Int, fields: UnsafePointer<UInt64>, absent: T,
        into out: UnsafeMutablePointer<T>, _ read: (inout ByteCursor) throws -> T
    ) throws {
        guard let bit else { return out.initialize(repeating: absent, count: count) }
        var local = cursor
        for j in 0..<count { out[j] = fields[j] & bit != 0 ? try read(&local) : absent }
        cursor = local
    }
}
