import TouchInput

/// Why a chunk payload that passed its checksum still does not decode: only a writer bug or
/// a deliberately forged file gets here, and it must not crash either.
package struct ChunkDecodingProblem: Error {
    package var reason: String
}

/// Turns a chunk's raw columnar payload back into samples, checking every count and range.
package struct ChunkDecoder {
    private let columnQuanta: [Double]
    private var contacts = ContactTable()

    package init(quanta: FieldQuanta) {
        columnQuanta = DeltaColumn.quanta(quanta)
    }

    /// Decodes the payload described by `header` into `samples` (replacing its contents).
    package mutating func decode(
        _ payload: UnsafeRawBufferPointer, header: ChunkHeader, into samples: inout [InputSample]
    ) throws(ChunkDecodingProblem) {
        samples.removeAll(keepingCapacity: true)
        samples.reserveCapacity(header.sampleCount)
        contacts.reset()
        do {
            var streams = try splitStreams(payload)
            let strings = try readStrings(&streams[ChunkStream.strings.rawValue], limit: header.sampleCount)
            try decodeSamples(&streams, strings: strings, header: header, into: &samples)
            for (index, stream) in streams.enumerated() where !stream.isAtEnd {
                throw ChunkDecodingProblem(reason: "column stream \(index) has \(stream.remaining) bytes left over")
            }
        } catch let problem as ChunkDecodingProblem {
            throw problem
        } catch {
            throw ChunkDecodingProblem(reason: "a column stream ends early")
        }
    }

    private func splitStreams(_ payload: UnsafeRawBufferPointer) throws -> [ByteCursor] {
        var cursor = ByteCursor(payload)
        let count = try cursor.readVarint()
        guard count == UInt64(TraceFormat.streamCount) else {
            throw ChunkDecodingProblem(reason: "the payload declares \(count) column streams, version 1 has \(TraceFormat.streamCount)")
        }
        var lengths: [Int] = []
        var total = 0
        for _ in 0..<TraceFormat.streamCount {
            let length = try cursor.readVarint()
            guard length <= UInt64(payload.count) else {
                throw ChunkDecodingProblem(reason: "a column stream claims \(length) bytes in a \(payload.count)-byte payload")
            }
            lengths.append(Int(length))
            total += Int(length)
        }
        guard total == cursor.remaining else {
            throw ChunkDecodingProblem(reason: "the column streams add up to \(total) bytes but \(cursor.remaining) follow")
        }
        return try lengths.map { ByteCursor(try cursor.readBytes($0)) }
    }

    private func readStrings(_ cursor: inout ByteCursor, limit: Int) throws -> [String] {
        let count = try cursor.readVarint()
        guard count <= UInt64(limit) else {
            throw ChunkDecodingProblem(reason: "the string table claims \(count) labels for \(limit) samples")
        }
        var strings: [String] = []
        for _ in 0..<Int(count) {
            let length = try cursor.readVarint()
            guard length <= UInt64(cursor.remaining) else {
                throw ChunkDecodingProblem(reason: "a label runs past the end of the string table")
            }
            let bytes = try cursor.readBytes(Int(length))
            guard let string = String(validating: bytes, as: UTF8.self) else {
                throw ChunkDecodingProblem(reason: "a label is not valid UTF-8")
            }
            strings.append(string)
        }
        return strings
    }

    private mutating func decodeSamples(
        _ streams: inout [ByteCursor], strings: [String], header: ChunkHeader, into samples: inout [InputSample]
    ) throws {
        var time = header.firstTime
        var kindPhase = RunReader(), id = RunReader(), fieldMask = RunReader()
        var values = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        for index in 0..<header.sampleCount {
            let delta = try streams[ChunkStream.time.rawValue].readVarint()
            guard delta <= UInt64(Int64.max), index > 0 || delta == 0 else {
                throw ChunkDecodingProblem(reason: "sample \(index) has an impossible time step")
            }
            let (next, overflow) = time.addingReportingOverflow(Int64(delta))
            guard !overflow, next <= header.lastTime else {
                throw ChunkDecodingProblem(reason: "sample \(index) lies after the chunk's time range")
            }
            time = next
            let kp = try kindPhase.next(&streams[ChunkStream.kindPhase.rawValue])
            guard let kind = SampleKind(rawValue: UInt8(truncatingIfNeeded: kp >> 3)), kp >> 3 < 8,
                  let phase = SamplePhase(rawValue: UInt8(kp & 7)) else {
                throw ChunkDecodingProblem(reason: "sample \(index) has an unknown kind \(kp >> 3)")
            }
            let rawID = try id.next(&streams[ChunkStream.id.rawValue])
            guard rawID <= UInt64(UInt32.max) else { throw ChunkDecodingProblem(reason: "sample \(index) has an id beyond 32 bits") }
            let rawFields = try fieldMask.next(&streams[ChunkStream.fields.rawValue])
            guard rawFields <= UInt64(SampleFields.all.rawValue) else {
                throw ChunkDecodingProblem(reason: "sample \(index) sets unknown field bits")
            }
            let fields = SampleFields(rawValue: UInt16(rawFields))
            try decodeDeltaColumns(&streams, fields: fields, kind: kind, id: UInt32(rawID), into: &values)
            var buttons: UInt32 = 0, key: UInt32 = 0, label: String? = nil
            var modifiers = ModifierFlags(), flags = SampleFlags()
            if fields.contains(.buttons) { buttons = try Self.readUInt32(&streams[ChunkStream.buttons.rawValue]) }
            if fields.contains(.modifiers) { modifiers = ModifierFlags(rawValue: try streams[ChunkStream.modifiers.rawValue].readByte()) }
            if fields.contains(.flags) { flags = SampleFlags(rawValue: try streams[ChunkStream.flags.rawValue].readByte()) }
            if fields.contains(.key) { key = try Self.readUInt32(&streams[ChunkStream.key.rawValue]) }
            if fields.contains(.label) {
                let labelIndex = try streams[ChunkStream.label.rawValue].readVarint()
                guard labelIndex < UInt64(strings.count) else {
                    throw ChunkDecodingProblem(reason: "sample \(index) names label \(labelIndex) of \(strings.count)")
                }
                label = strings[Int(labelIndex)]
            }
            samples.append(InputSample(
                time: time, kind: kind, phase: phase, id: UInt32(rawID), fields: fields,
                x: values.0, y: values.1, force: values.2, majorRadius: values.3, majorRadiusTolerance: values.4,
                altitude: values.5, azimuth: values.6, roll: values.7, dx: values.8, dy: values.9,
                buttons: buttons, key: key, modifiers: modifiers, flags: flags, label: label))
        }
        guard time == header.lastTime else {
            throw ChunkDecodingProblem(reason: "the last sample's time differs from the chunk header's")
        }
        guard kindPhase.isExhausted, id.isExhausted, fieldMask.isExhausted else {
            throw ChunkDecodingProblem(reason: "a run-length column covers more samples than the chunk holds")
        }
    }

    @inline(__always)
    private mutating func decodeDeltaColumns(
        _ streams: inout [ByteCursor], fields: SampleFields, kind: SampleKind, id: UInt32,
        into values: inout (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double)
    ) throws {
        values = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let deltaFields: SampleFields = [.location, .force, .majorRadius, .majorRadiusTolerance,
                                         .altitude, .azimuth, .roll, .scrollDelta]
        guard !fields.isDisjoint(with: deltaFields) else { return }
        let base = contacts.base(kind: kind, id: id)
        if fields.contains(.location) {
            values.0 = try take(&streams, column: 0, base: base)
            values.1 = try take(&streams, column: 1, base: base)
        }
        if fields.contains(.force) { values.2 = try take(&streams, column: 2, base: base) }
        if fields.contains(.majorRadius) { values.3 = try take(&streams, column: 3, base: base) }
        if fields.contains(.majorRadiusTolerance) { values.4 = try take(&streams, column: 4, base: base) }
        if fields.contains(.altitude) { values.5 = try take(&streams, column: 5, base: base) }
        if fields.contains(.azimuth) { values.6 = try take(&streams, column: 6, base: base) }
        if fields.contains(.roll) { values.7 = try take(&streams, column: 7, base: base) }
        if fields.contains(.scrollDelta) {
            values.8 = try take(&streams, column: 8, base: base)
            values.9 = try take(&streams, column: 9, base: base)
        }
    }

    @inline(__always)
    private mutating func take(_ streams: inout [ByteCursor], column: Int, base: Int) throws -> Double {
        let delta = try streams[DeltaColumn.firstStream + column].readSignedVarint()
        let slot = base + column
        let (index, overflow) = contacts.previous[slot].addingReportingOverflow(delta)
        guard !overflow, abs(index) <= Int64(Quantizer.limit) else {
            throw ChunkDecodingProblem(reason: "a coordinate leaves the representable range")
        }
        contacts.update(slot, to: index)
        return Quantizer.value(at: index, quantum: columnQuanta[column])
    }

    private static func readUInt32(_ cursor: inout ByteCursor) throws -> UInt32 {
        let value = try cursor.readVarint()
        guard value <= UInt64(UInt32.max) else { throw ChunkDecodingProblem(reason: "a value exceeds 32 bits") }
        return UInt32(value)
    }
}

/// Reads a run-length column written by ``RunLength``.
private struct RunReader {
    private var value: UInt64 = 0
    private var remaining: UInt64 = 0

    var isExhausted: Bool { remaining == 0 }

    @inline(__always)
    mutating func next(_ cursor: inout ByteCursor) throws -> UInt64 {
        if remaining == 0 {
            value = try cursor.readVarint()
            remaining = try cursor.readVarint()
            guard remaining > 0 else { throw ChunkDecodingProblem(reason: "a run-length column has an empty run") }
        }
        remaining -= 1
        return value
    }
}
