import TouchInput

/// Turns a time-ordered run of samples into a chunk's raw (uncompressed) columnar payload,
/// and measures the quantisation error of what it stores.
///
/// Each column is written through a pointer into scratch memory sized for the worst case
/// before the loop, so the loop does no bounds or uniqueness checks and never reallocates.
package struct ChunkEncoder {
    private let quanta: DeltaColumns
    private let streamMemory = ScratchMemory<UInt8>()
    private let contactMemory = ScratchMemory<Int64>()
    /// The worst error of everything encoded so far.
    package private(set) var quantizationError = QuantizationError()

    package init(quanta: FieldQuanta) {
        self.quanta = DeltaColumns(quanta)
    }

    /// Appends the raw payload of `samples` (non-empty and time-ordered) to `payload`,
    /// replacing its contents. Values must be representable (``TraceWriter`` checks).
    package mutating func encode(_ samples: ArraySlice<InputSample>, into payload: inout [UInt8]) {
        let count = samples.count
        var offsets: [Int] = []
        var start = 0
        for stream in ChunkStream.allCases {
            offsets.append(start)
            // The slack covers per-stream headers (the time unit and mode).
            start += stream.worstCaseBytesPerSample * count + 16
        }
        let base = streamMemory.reserve(max(start, 1))
        var writers = ColumnWriters(base: base, offsets: offsets)
        var contacts = ContactTable(storage: contactMemory.reserve(ContactTable.storageCount(contacts: count)), contacts: count)
        var labels = LabelTable()
        writers.encode(samples, quanta: quanta, contacts: &contacts, labels: &labels, error: &quantizationError)

        var table: [UInt8] = []
        table.appendVarint(UInt64(labels.texts.count))
        for text in labels.texts {
            let utf8 = Array(text.utf8)
            table.appendVarint(UInt64(utf8.count))
            table.append(contentsOf: utf8)
        }
        let lengths = writers.lengths
        payload.removeAll(keepingCapacity: true)
        payload.appendVarint(UInt64(ContainerFormat.streamCount))
        for length in lengths { payload.appendVarint(UInt64(length)) }
        payload.appendVarint(UInt64(table.count))
        for (index, length) in lengths.enumerated() {
            payload.append(contentsOf: UnsafeBufferPointer(start: base + offsets[index], count: length))
        }
        payload.append(contentsOf: table)
    }
}

/// The labels of one chunk, each stored once.
private struct LabelTable {
    var texts: [String] = []
    var indices: [MarkerLabel: Int] = [:]

    mutating func index(of label: MarkerLabel) -> Int {
        if let index = indices[label] { return index }
        texts.append(label.text)
        indices[label] = texts.count - 1
        return texts.count - 1
    }
}

/// A varint writer over raw memory that was sized for the worst case.
private struct StreamWriter {
    let start: UnsafeMutablePointer<UInt8>
    var end: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) {
        self.start = start
        end = start
    }

    var count: Int { end - start }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        end.pointee = value
        end += 1
    }

    @inline(__always)
    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            end.pointee = UInt8(truncatingIfNeeded: value) | 0x80
            end += 1
            value >>= 7
        }
        end.pointee = UInt8(value)
        end += 1
    }

    @inline(__always)
    mutating func signedVarint(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }
}

/// One writer per column (the string table is built separately), and run-length state.
private struct ColumnWriters {
    var time, kindPhase, id, fields: StreamWriter
    var x, y, force, majorRadius, majorRadiusTolerance, altitude, azimuth, roll, dx, dy: StreamWriter
    var buttons, modifiers, flags, key, label: StreamWriter

    init(base: UnsafeMutablePointer<UInt8>, offsets: [Int]) {
        func at(_ stream: ChunkStream) -> StreamWriter { StreamWriter(base + offsets[stream.rawValue]) }
        time = at(.time); kindPhase = at(.kindPhase); id = at(.id); fields = at(.fields)
        x = at(.x); y = at(.y); force = at(.force); majorRadius = at(.majorRadius)
        majorRadiusTolerance = at(.majorRadiusTolerance); altitude = at(.altitude); azimuth = at(.azimuth)
        roll = at(.roll); dx = at(.dx); dy = at(.dy); buttons = at(.buttons); modifiers = at(.modifiers)
        flags = at(.flags); key = at(.key); label = at(.label)
    }

    /// Byte counts of the 19 streams before the string table, in file order.
    var lengths: [Int] {
        [time, kindPhase, id, fields, x, y, force, majorRadius, majorRadiusTolerance, altitude, azimuth,
         roll, dx, dy, buttons, modifiers, flags, key, label].map(\.count)
    }

    mutating func encode(
        _ samples: ArraySlice<InputSample>, quanta q: DeltaColumns, contacts: inout ContactTable,
        labels: inout LabelTable, error: inout QuantizationError
    ) {
        var kindPhaseRun = RunLength(), idRun = RunLength(), fieldRun = RunLength()
        var worst = error
        Self.writeTimes(of: samples, into: &time)
        for sample in samples {
            kindPhaseRun.add(UInt64(sample.kind.rawValue) << 3 | UInt64(sample.phase.rawValue), into: &kindPhase)
            idRun.add(UInt64(sample.id), into: &id)
            let present = sample.fields
            fieldRun.add(UInt64(present.rawValue), into: &fields)
            if !present.isDisjoint(with: DeltaColumns.fields) {
                let slots = contacts.slots(kind: sample.kind, id: sample.id)
                if present.contains(.location) {
                    Self.putPredicted(sample.x, &x, slots + 0, slots + DeltaColumns.previousXStep, q.position, &worst.position)
                    Self.putPredicted(sample.y, &y, slots + 1, slots + DeltaColumns.previousYStep, q.position, &worst.position)
                }
                if let value = sample.force { Self.put(value, &force, slots + 2, q.force, &worst.force) }
                if let value = sample.majorRadius { Self.put(value, &majorRadius, slots + 3, q.radius, &worst.radius) }
                if let value = sample.majorRadiusTolerance { Self.put(value, &majorRadiusTolerance, slots + 4, q.radius, &worst.radius) }
                if let value = sample.altitude { Self.put(value, &altitude, slots + 5, q.angle, &worst.angle) }
                if let value = sample.azimuth { Self.put(value, &azimuth, slots + 6, q.angle, &worst.angle) }
                if let value = sample.roll { Self.put(value, &roll, slots + 7, q.angle, &worst.angle) }
                if let delta = sample.scrollDelta {
                    Self.put(delta.dx, &dx, slots + 8, q.scroll, &worst.scroll)
                    Self.put(delta.dy, &dy, slots + 9, q.scroll, &worst.scroll)
                }
            }
            if let value = sample.buttons { buttons.varint(UInt64(value)) }
            if present.contains(.modifiers) { modifiers.byte(sample.modifiers.rawValue) }
            if present.contains(.flags) { flags.byte(sample.flags.rawValue) }
            if let value = sample.key { key.varint(UInt64(value)) }
            if let value = sample.markerLabel { label.varint(UInt64(labels.index(of: value))) }
        }
        kindPhaseRun.finish(into: &kindPhase)
        idRun.finish(into: &id)
        fieldRun.finish(into: &fields)
        error = worst
    }

    /// Writes the time stream: the unit, then the steps in that unit — as four byte planes
    /// (all low bytes, then all second bytes, …) when every step fits 32 bits, which lets zstd
    /// model each byte position on its own, else as varints.
    private static func writeTimes(of samples: ArraySlice<InputSample>, into time: inout StreamWriter) {
        let unit = timeUnit(of: samples)
        time.varint(unit)
        // Dividing by a unit of 1 would still cost a division per sample.
        @inline(__always) func scaled(_ step: Int64) -> UInt64 { unit == 1 ? UInt64(step) : UInt64(step) / unit }
        var previous = samples.first?.time ?? 0
        var largest: Int64 = 0
        for sample in samples {
            largest = max(largest, sample.time - previous)
            previous = sample.time
        }
        previous = samples.first?.time ?? 0
        guard scaled(largest) <= UInt64(UInt32.max) else {
            time.byte(TimeStreamMode.varints.rawValue)
            for sample in samples {
                time.varint(scaled(sample.time - previous))
                previous = sample.time
            }
            return
        }
        time.byte(TimeStreamMode.bytePlanes.rawValue)
        let count = samples.count
        let planes = time.end
        for (index, sample) in samples.enumerated() {
            let step = UInt32(truncatingIfNeeded: scaled(sample.time - previous))
            previous = sample.time
            planes[index] = UInt8(truncatingIfNeeded: step)
            planes[count + index] = UInt8(truncatingIfNeeded: step >> 8)
            planes[2 * count + index] = UInt8(truncatingIfNeeded: step >> 16)
            planes[3 * count + index] = UInt8(truncatingIfNeeded: step >> 24)
        }
        time.end += 4 * count
    }

    /// The greatest common divisor of the chunk's time steps (1 when there are none): a
    /// microsecond clock's steps are stored in microseconds, a millisecond clock's in
    /// milliseconds, at no cost to nanosecond traces.
    private static func timeUnit(of samples: ArraySlice<InputSample>) -> UInt64 {
        var unit: UInt64 = 0
        var previous = samples.first?.time ?? 0
        for sample in samples {
            let step = UInt64(sample.time - previous)
            previous = sample.time
            if step == 0 || (unit != 0 && step % unit == 0) { continue }
            var a = unit, b = step
            while b != 0 { (a, b) = (b, a % b) }
            unit = a
            if unit == 1 { return 1 }
        }
        return max(unit, 1)
    }

    /// Writes the difference between this step and the contact's previous step.
    @inline(__always)
    private static func putPredicted(
        _ value: Double, _ writer: inout StreamWriter, _ slot: UnsafeMutablePointer<Int64>,
        _ stepSlot: UnsafeMutablePointer<Int64>, _ quantum: Double, _ worst: inout Double
    ) {
        let index = Quantizer.checkedIndex(of: value, quantum: quantum)
        let step = index &- slot.pointee
        writer.signedVarint(step &- stepSlot.pointee)
        slot.pointee = index
        stepSlot.pointee = step
        let error = abs(Quantizer.value(at: index, quantum: quantum) - value)
        if error > worst { worst = error }
    }

    @inline(__always)
    private static func put(
        _ value: Double, _ writer: inout StreamWriter, _ slot: UnsafeMutablePointer<Int64>, _ quantum: Double,
        _ worst: inout Double
    ) {
        let index = Quantizer.checkedIndex(of: value, quantum: quantum)
        writer.signedVarint(index &- slot.pointee)
        slot.pointee = index
        let error = abs(Quantizer.value(at: index, quantum: quantum) - value)
        if error > worst { worst = error }
    }
}

/// Run-length coding of a slowly changing column: (value, run) varint pairs.
private struct RunLength {
    private var value: UInt64 = 0
    private var run: UInt64 = 0

    @inline(__always)
    mutating func add(_ next: UInt64, into stream: inout StreamWriter) {
        if run > 0 && next == value {
            run += 1
            return
        }
        finish(into: &stream)
        value = next
        run = 1
    }

    mutating func finish(into stream: inout StreamWriter) {
        guard run > 0 else { return }
        stream.varint(value)
        stream.varint(run)
        run = 0
    }
}
