import TouchInput

/// Turns a time-ordered run of samples into a chunk's raw (uncompressed) columnar payload.
///
/// It keeps its stream buffers between chunks so that steady-state encoding allocates
/// nothing. Samples must already be validated (``TraceWriter`` does that on append).
package struct ChunkEncoder {
    private let columnQuanta: [Double]
    private var streams: [[UInt8]]
    private var contacts = ContactTable()
    private var strings: [String] = []
    private var stringIndex: [String: Int] = [:]

    package init(quanta: FieldQuanta) {
        columnQuanta = DeltaColumn.quanta(quanta)
        streams = Array(repeating: [], count: TraceFormat.streamCount)
    }

    /// The raw payload of `samples` (non-empty, time-ordered, starting at `samples[0].time`).
    package mutating func encode(_ samples: ArraySlice<InputSample>, into payload: inout [UInt8]) {
        for index in streams.indices { streams[index].removeAll(keepingCapacity: true) }
        contacts.reset()
        strings.removeAll(keepingCapacity: true)
        stringIndex.removeAll(keepingCapacity: true)

        var previousTime = samples.first?.time ?? 0
        var kindPhaseRun = RunLength<UInt64>()
        var idRun = RunLength<UInt64>()
        var fieldsRun = RunLength<UInt64>()

        for sample in samples {
            streams[ChunkStream.time.rawValue].appendVarint(UInt64(sample.time - previousTime))
            previousTime = sample.time
            kindPhaseRun.add(UInt64(sample.kind.rawValue) << 3 | UInt64(sample.phase.rawValue),
                             flushingInto: &streams[ChunkStream.kindPhase.rawValue])
            idRun.add(UInt64(sample.id), flushingInto: &streams[ChunkStream.id.rawValue])
            let fields = sample.fields
            fieldsRun.add(UInt64(fields.rawValue), flushingInto: &streams[ChunkStream.fields.rawValue])
            encodeDeltaColumns(of: sample, fields: fields)
            if let buttons = sample.buttons { streams[ChunkStream.buttons.rawValue].appendVarint(UInt64(buttons)) }
            if fields.contains(.modifiers) { streams[ChunkStream.modifiers.rawValue].append(sample.modifiers.rawValue) }
            if fields.contains(.flags) { streams[ChunkStream.flags.rawValue].append(sample.flags.rawValue) }
            if let key = sample.key { streams[ChunkStream.key.rawValue].appendVarint(UInt64(key)) }
            if let label = sample.label { streams[ChunkStream.label.rawValue].appendVarint(UInt64(intern(label))) }
        }
        kindPhaseRun.finish(into: &streams[ChunkStream.kindPhase.rawValue])
        idRun.finish(into: &streams[ChunkStream.id.rawValue])
        fieldsRun.finish(into: &streams[ChunkStream.fields.rawValue])

        var table: [UInt8] = []
        table.appendVarint(UInt64(strings.count))
        for string in strings {
            let utf8 = Array(string.utf8)
            table.appendVarint(UInt64(utf8.count))
            table.append(contentsOf: utf8)
        }
        streams[ChunkStream.strings.rawValue] = table

        payload.removeAll(keepingCapacity: true)
        payload.appendVarint(UInt64(TraceFormat.streamCount))
        for stream in streams { payload.appendVarint(UInt64(stream.count)) }
        for stream in streams { payload.append(contentsOf: stream) }
    }

    @inline(__always)
    private mutating func encodeDeltaColumns(of sample: InputSample, fields: SampleFields) {
        let deltaFields: SampleFields = [.location, .force, .majorRadius, .majorRadiusTolerance,
                                         .altitude, .azimuth, .roll, .scrollDelta]
        guard !fields.isDisjoint(with: deltaFields) else { return }
        let base = contacts.base(kind: sample.kind, id: sample.id)
        if fields.contains(.location) {
            put(sample.x, column: 0, base: base)
            put(sample.y, column: 1, base: base)
        }
        if let force = sample.force { put(force, column: 2, base: base) }
        if let radius = sample.majorRadius { put(radius, column: 3, base: base) }
        if let tolerance = sample.majorRadiusTolerance { put(tolerance, column: 4, base: base) }
        if let altitude = sample.altitude { put(altitude, column: 5, base: base) }
        if let azimuth = sample.azimuth { put(azimuth, column: 6, base: base) }
        if let roll = sample.roll { put(roll, column: 7, base: base) }
        if let delta = sample.scrollDelta {
            put(delta.dx, column: 8, base: base)
            put(delta.dy, column: 9, base: base)
        }
    }

    @inline(__always)
    private mutating func put(_ value: Double, column: Int, base: Int) {
        let index = Quantizer.index(of: value, quantum: columnQuanta[column]) ?? 0
        let slot = base + column
        streams[DeltaColumn.firstStream + column].appendSignedVarint(index &- contacts.previous[slot])
        contacts.update(slot, to: index)
    }

    private mutating func intern(_ label: String) -> Int {
        if let index = stringIndex[label] { return index }
        strings.append(label)
        stringIndex[label] = strings.count - 1
        return strings.count - 1
    }
}

/// Run-length coding of a slowly changing column: (value, run) varint pairs.
package struct RunLength<Value: FixedWidthInteger & UnsignedInteger> {
    private var value: Value = 0
    private var run: UInt64 = 0

    package init() {}

    @inline(__always)
    package mutating func add(_ next: Value, flushingInto stream: inout [UInt8]) {
        if run > 0 && next == value {
            run += 1
            return
        }
        finish(into: &stream)
        value = next
        run = 1
    }

    package mutating func finish(into stream: inout [UInt8]) {
        guard run > 0 else { return }
        stream.appendVarint(UInt64(value))
        stream.appendVarint(run)
        run = 0
    }
}
