import TouchInput

/// Why a chunk payload that passed its checksum still does not decode: only a writer bug or
/// a deliberately forged file gets here, and it must not crash either.
package struct ChunkDecodingProblem: Error {
    package var reason: String
}

/// Turns a chunk's raw columnar payload back into samples, checking every count and range.
///
/// The loop reads each column through its own local cursor and keeps per-contact state in
/// scratch memory: this is the codec's hottest path (Benchmarks/CodecBenchmark).
package struct ChunkDecoder {
    private let quanta: DeltaColumns
    private let contactMemory = ScratchMemory<Int64>()
    private let block = BlockColumns()

    package init(quanta: FieldQuanta) {
        self.quanta = DeltaColumns(quanta)
    }

    /// Decodes the payload described by `header` into `samples` (replacing its contents).
    package func decode(
        _ payload: UnsafeRawBufferPointer, header: ChunkHeader, into samples: inout [InputSample]
    ) throws(ChunkDecodingProblem) {
        samples.removeAll(keepingCapacity: true)
        // The fast path writes the samples straight into the array's new storage; a chunk it
        // refuses is decoded again sample by sample, which names the first problem exactly.
        if (try? decodeBlocks(payload, header: header, into: &samples)) != nil { return }
        try decodeSampleBySample(payload, header: header, into: &samples)
    }

    /// The fast path alone, for the tests: whether it takes a chunk, and what it makes of it
    /// (``decode(_:header:into:)`` would hide a fast path that refused everything).
    package func decodeBlocksOnly(_ payload: UnsafeRawBufferPointer, header: ChunkHeader, into samples: inout [InputSample]) throws {
        samples.removeAll(keepingCapacity: true)
        try decodeBlocks(payload, header: header, into: &samples)
    }

    /// The reference decoder: one sample at a time, in order, so that a damaged chunk reports
    /// the problem of its earliest sample. ``decode(_:header:into:)`` gives the same samples
    /// and the same errors (ChunkDecoderTests compares them on damaged payloads).
    package func decodeSampleBySample(
        _ payload: UnsafeRawBufferPointer, header: ChunkHeader, into samples: inout [InputSample]
    ) throws(ChunkDecodingProblem) {
        samples.removeAll(keepingCapacity: true)
        samples.reserveCapacity(header.sampleCount)
        do {
            var (columns, labels, contacts) = try prepare(payload, header: header)
            try columns.decode(header: header, labels: labels, quanta: quanta, contacts: contacts, into: &samples)
        } catch let problem as ChunkDecodingProblem {
            throw problem
        } catch {
            throw ChunkDecodingProblem(reason: "a column stream ends early")
        }
    }

    private func decodeBlocks(_ payload: UnsafeRawBufferPointer, header: ChunkHeader, into samples: inout [InputSample]) throws {
        let count = header.sampleCount
        if #available(macOS 26, *) {
            try samples.append(addingCapacity: count) { (span: inout OutputSpan<InputSample>) throws in
                try span.withUnsafeMutableBufferPointer { buffer, initialized in
                    try decodeBlocks(payload, header: header, filling: buffer)
                    initialized = count
                }
            }
        } else {
            samples = try Array(unsafeUninitializedCapacity: count) { buffer, initialized in
                try decodeBlocks(payload, header: header, filling: buffer)
                initialized = count
            }
        }
    }

    private func decodeBlocks(
        _ payload: UnsafeRawBufferPointer, header: ChunkHeader, filling buffer: UnsafeMutableBufferPointer<InputSample>
    ) throws {
        guard let base = buffer.baseAddress, header.sampleCount <= buffer.count else {
            throw ChunkDecodingProblem(reason: "no room for \(header.sampleCount) samples")
        }
        guard let layout = InputSampleLayout.current else { throw ChunkDecodingProblem(reason: "the sample layout is unknown") }
        var (columns, labels, contacts) = try prepare(payload, header: header)
        try columns.decodeBlocks(header: header, labels: labels, quanta: quanta, contacts: contacts, layout: layout,
                                 block: block, into: base)
    }

    /// The column cursors, the string table and an empty contact table for one chunk.
    private func prepare(_ payload: UnsafeRawBufferPointer, header: ChunkHeader) throws -> (ColumnCursors, [MarkerLabel], ContactTable) {
        var (columns, strings) = try Self.splitStreams(payload)
        let labels = try Self.readLabels(&strings, limit: header.sampleCount)
        let storage = contactMemory.reserve(ContactTable.storageCount(contacts: header.sampleCount))
        return (columns, labels, ContactTable(storage: storage, contacts: header.sampleCount))
    }

    /// The column cursors and the string table's cursor; no allocation (it runs per chunk).
    private static func splitStreams(_ payload: UnsafeRawBufferPointer) throws -> (ColumnCursors, strings: ByteCursor) {
        var cursor = ByteCursor(payload)
        let count = try cursor.readVarint()
        guard count == UInt64(ContainerFormat.streamCount) else {
            throw ChunkDecodingProblem(reason: "the payload declares \(count) column streams, version 1 has \(ContainerFormat.streamCount)")
        }
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: ContainerFormat.streamCount) { lengths in
            var total = 0
            for stream in 0..<ContainerFormat.streamCount {
                let length = try cursor.readVarint()
                guard length <= UInt64(payload.count) else {
                    throw ChunkDecodingProblem(reason: "a column stream claims \(length) bytes in a \(payload.count)-byte payload")
                }
                lengths[stream] = Int(length)
                total += Int(length)
            }
            guard total == cursor.remaining else {
                throw ChunkDecodingProblem(reason: "the column streams add up to \(total) bytes but \(cursor.remaining) follow")
            }
            return try withUnsafeTemporaryAllocation(of: ByteCursor.self, capacity: ContainerFormat.streamCount) { s in
                for stream in 0..<ContainerFormat.streamCount {
                    s.initializeElement(at: stream, to: ByteCursor(try cursor.readBytes(lengths[stream])))
                }
                let columns = ColumnCursors(
                    time: s[0], kindPhase: s[1], id: s[2], fields: s[3], x: s[4], y: s[5], force: s[6], majorRadius: s[7],
                    majorRadiusTolerance: s[8], altitude: s[9], azimuth: s[10], roll: s[11], dx: s[12], dy: s[13],
                    buttons: s[14], modifiers: s[15], flags: s[16], key: s[17], label: s[18])
                return (columns, s[ChunkStream.strings.rawValue])
            }
        }
    }

    private static func readLabels(_ cursor: inout ByteCursor, limit: Int) throws -> [MarkerLabel] {
        let count = try cursor.readVarint()
        guard count <= UInt64(limit) else {
            throw ChunkDecodingProblem(reason: "the string table claims \(count) labels for \(limit) samples")
        }
        var labels: [MarkerLabel] = []
        for _ in 0..<Int(count) {
            let length = try cursor.readVarint()
            guard length <= UInt64(cursor.remaining) else {
                throw ChunkDecodingProblem(reason: "a label runs past the end of the string table")
            }
            let bytes = try cursor.readBytes(Int(length))
            guard let string = String(validating: bytes, as: UTF8.self) else {
                throw ChunkDecodingProblem(reason: "a label is not valid UTF-8")
            }
            if let problem = TraceText.problem(string) { throw ChunkDecodingProblem(reason: "a label \(problem)") }
            labels.append(MarkerLabel(string))
        }
        guard cursor.isAtEnd else { throw ChunkDecodingProblem(reason: "the string table has bytes left over") }
        return labels
    }
}

/// One cursor per column, held in stored properties so the loop touches no arrays.
struct ColumnCursors {
    var time, kindPhase, id, fields: ByteCursor
    var x, y, force, majorRadius, majorRadiusTolerance, altitude, azimuth, roll, dx, dy: ByteCursor
    var buttons, modifiers, flags, key, label: ByteCursor

    var leftovers: Int {
        time.remaining + kindPhase.remaining + id.remaining + fields.remaining + x.remaining + y.remaining
            + force.remaining + majorRadius.remaining + majorRadiusTolerance.remaining + altitude.remaining
            + azimuth.remaining + roll.remaining + dx.remaining + dy.remaining + buttons.remaining
            + modifiers.remaining + flags.remaining + key.remaining + label.remaining
    }

    /// The loop of ``ChunkDecoder/decodeSampleBySample(_:header:into:)``;
    /// ``decodeBlocks(header:labels:quanta:contacts:block:into:)`` is the fast path.
    mutating func decode(
        header: ChunkHeader, labels: [MarkerLabel], quanta q: DeltaColumns, contacts: ContactTable,
        into samples: inout [InputSample]
    ) throws {
        var contacts = contacts
        var clock = try SampleClock(&time, header: header)
        var kindPhaseRun = RunReader(), idRun = RunReader(), fieldRun = RunReader()
        for index in 0..<header.sampleCount {
            let current = try clock.next(&time, index: index)
            let (kind, phase) = try Self.kindPhase(try kindPhaseRun.next(&kindPhase), index: index)
            let sampleID = try Self.id(try idRun.next(&id), index: index)
            let present = try Self.fields(try fieldRun.next(&fields), index: index)
            // Raw bit tests: OptionSet.contains is a generic call the optimiser leaves outlined here.
            @inline(__always) func has(_ field: SampleFields) -> Bool { present.rawValue & field.rawValue != 0 }
            var vx = 0.0, vy = 0.0, vForce = 0.0, vRadius = 0.0, vTolerance = 0.0
            var vAltitude = 0.0, vAzimuth = 0.0, vRoll = 0.0, vDX = 0.0, vDY = 0.0
            if has(DeltaColumns.fields) {
                let slots = contacts.slots(kind: kind, id: sampleID)
                if has(.location) {
                    vx = try Self.takePredicted(&x, slots + 0, slots + DeltaColumns.previousXStep, q.position)
                    vy = try Self.takePredicted(&y, slots + 1, slots + DeltaColumns.previousYStep, q.position)
                }
                if has(.force) { vForce = try Self.take(&force, slots + 2, q.force) }
                if has(.majorRadius) { vRadius = try Self.take(&majorRadius, slots + 3, q.radius) }
                if has(.majorRadiusTolerance) { vTolerance = try Self.take(&majorRadiusTolerance, slots + 4, q.radius) }
                if has(.altitude) { vAltitude = try Self.take(&altitude, slots + 5, q.angle) }
                if has(.azimuth) { vAzimuth = try Self.take(&azimuth, slots + 6, q.angle) }
                if has(.roll) { vRoll = try Self.take(&roll, slots + 7, q.angle) }
                if has(.scrollDelta) {
                    vDX = try Self.take(&dx, slots + 8, q.scroll)
                    vDY = try Self.take(&dy, slots + 9, q.scroll)
                }
            }
            var vButtons: UInt32 = 0, vKey: UInt32 = 0, vLabel = MarkerLabel.none
            var vModifiers = ModifierFlags(), vFlags = SampleFlags()
            if has(.buttons) { vButtons = try Self.readUInt32(&buttons) }
            if has(.modifiers) { vModifiers = ModifierFlags(rawValue: try modifiers.readByte()) }
            if has(.flags) { vFlags = SampleFlags(rawValue: try flags.readByte()) }
            if has(.key) { vKey = try Self.readUInt32(&key) }
            if has(.label) { vLabel = try Self.label(&label, labels, index: index) }
            samples.append(InputSample(
                time: current, kind: kind, phase: phase, id: sampleID, fields: present,
                x: vx, y: vy, force: vForce, majorRadius: vRadius, majorRadiusTolerance: vTolerance,
                altitude: vAltitude, azimuth: vAzimuth, roll: vRoll, dx: vDX, dy: vDY,
                buttons: vButtons, key: vKey, modifiers: vModifiers, flags: vFlags, label: vLabel))
        }
        try finish(clock: clock, kindPhaseRun, idRun, fieldRun)
    }

    /// The checks once every sample is decoded: the clock ends on the header's last time, and
    /// every column is consumed exactly.
    func finish(clock: SampleClock, _ kindPhases: RunReader, _ ids: RunReader, _ fields: RunReader) throws {
        guard clock.current == clock.last else {
            throw ChunkDecodingProblem(reason: "the last sample's time differs from the chunk header's")
        }
        guard kindPhases.isExhausted, ids.isExhausted, fields.isExhausted else {
            throw ChunkDecodingProblem(reason: "a run-length column covers more samples than the chunk holds")
        }
        let left = leftovers
        guard left == 0 else { throw ChunkDecodingProblem(reason: "the column streams have \(left) bytes left over") }
    }

    @inline(__always)
    static func kindPhase(_ kp: UInt64, index: Int) throws -> (SampleKind, SamplePhase) {
        guard kp < 64, let kind = SampleKind(rawValue: UInt8(kp >> 3)), let phase = SamplePhase(rawValue: UInt8(kp & 7)) else {
            throw ChunkDecodingProblem(reason: "sample \(index) has an unknown kind \(kp >> 3)")
        }
        return (kind, phase)
    }

    @inline(__always)
    static func id(_ rawID: UInt64, index: Int) throws -> UInt32 {
        guard rawID <= UInt64(UInt32.max) else { throw ChunkDecodingProblem(reason: "sample \(index) has an id beyond 32 bits") }
        return UInt32(rawID)
    }

    @inline(__always)
    static func fields(_ rawFields: UInt64, index: Int) throws -> SampleFields {
        guard rawFields <= UInt64(SampleFields.all.rawValue) else {
            throw ChunkDecodingProblem(reason: "sample \(index) sets unknown field bits")
        }
        return SampleFields(rawValue: UInt16(rawFields))
    }

    @inline(__always)
    static func label(_ cursor: inout ByteCursor, _ labels: [MarkerLabel], index: Int) throws -> MarkerLabel {
        let labelIndex = try cursor.readVarint()
        guard labelIndex < UInt64(labels.count) else {
            throw ChunkDecodingProblem(reason: "sample \(index) names label \(labelIndex) of \(labels.count)")
        }
        return labels[Int(labelIndex)]
    }

    @inline(__always)
    static func takePredicted(
        _ cursor: inout ByteCursor, _ slot: UnsafeMutablePointer<Int64>, _ stepSlot: UnsafeMutablePointer<Int64>, _ quantum: Double
    ) throws -> Double {
        try applyPredicted(try cursor.readSignedVarint(), slot, stepSlot, quantum)
    }

    @inline(__always)
    static func take(_ cursor: inout ByteCursor, _ slot: UnsafeMutablePointer<Int64>, _ quantum: Double) throws -> Double {
        try apply(try cursor.readSignedVarint(), slot, quantum)
    }

    /// Adds a location residual to the contact's previous step, and that step to its
    /// previous value (second-order prediction); the value in points.
    @inline(__always)
    static func applyPredicted(
        _ residual: Int64, _ slot: UnsafeMutablePointer<Int64>, _ stepSlot: UnsafeMutablePointer<Int64>, _ quantum: Double
    ) throws(ChunkDecodingProblem) -> Double {
        let limit = Int64(Quantizer.limit)
        let (step, stepOverflow) = stepSlot.pointee.addingReportingOverflow(residual)
        let (index, overflow) = slot.pointee.addingReportingOverflow(step)
        guard !stepOverflow, !overflow, index <= limit, index >= -limit else {
            throw ChunkDecodingProblem(reason: "a coordinate leaves the representable range")
        }
        slot.pointee = index
        stepSlot.pointee = step
        return Quantizer.value(at: index, quantum: quantum)
    }

    /// Adds a delta to the contact's previous value of the field; the value in its unit.
    @inline(__always)
    static func apply(_ delta: Int64, _ slot: UnsafeMutablePointer<Int64>, _ quantum: Double) throws(ChunkDecodingProblem) -> Double {
        let (index, overflow) = slot.pointee.addingReportingOverflow(delta)
        guard !overflow, index <= Int64(Quantizer.limit), index >= -Int64(Quantizer.limit) else {
            throw ChunkDecodingProblem(reason: "a coordinate leaves the representable range")
        }
        slot.pointee = index
        return Quantizer.value(at: index, quantum: quantum)
    }

    @inline(__always)
    static func readUInt32(_ cursor: inout ByteCursor) throws -> UInt32 {
        let value = try cursor.readVarint()
        guard value <= UInt64(UInt32.max) else { throw ChunkDecodingProblem(reason: "a value exceeds 32 bits") }
        return UInt32(value)
    }
}
