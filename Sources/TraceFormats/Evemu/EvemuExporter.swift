import Foundation
import TouchInput

/// Writes a trace as an evemu recording (description and events) that libevemu reads,
/// `evemu-device` creates and `evemu-play` replays, and that ``EvemuImporter`` reads back to
/// the same samples.
///
/// The description declares the event type mask (`B: 00`), every code the events use (`B:`
/// lines per type, `EV_ABS` included) and every axis with its range and resolution (`A:`);
/// see ``EvdevExportPlan`` for the device. Comments carry what evdev cannot (see
/// ``TouchBenchComments``); markers stay among the events.
///
/// What evdev cannot express is approximated, and does not survive the round trip:
/// `cancelled` becomes a lift, `stationary` a move; times are written to the microsecond
/// (markers keep their nanoseconds); pencil ids are renumbered from 1 in order of appearance,
/// as the importer numbers pens. ``TraceFormat/losses(_:samples:)`` counts each.
public enum EvemuExporter {
    /// The evemu text for `samples` (in time order) described by `metadata`.
    public static func export(metadata: TraceMetadata, samples: [InputSample]) throws -> String {
        var renderer = Renderer(epoch: metadata.epochNanoseconds ?? 0)
        return try EvdevTextExport.string(&renderer, metadata: metadata, samples: samples)
    }

    /// Writes the evemu text to `output` chunk by chunk.
    static func write(
        metadata: TraceMetadata, survey: EvdevExportSurvey, next: () throws -> InputSample?, flush: (inout TextBuffer) throws -> Void
    ) throws -> EvdevEncoder.Losses {
        var renderer = Renderer(epoch: metadata.epochNanoseconds ?? 0)
        return try EvdevTextExport.run(&renderer, metadata: metadata, survey: survey, next: next, flush: flush)
    }

    struct Renderer: EvdevTextRenderer {
        static let format = TraceFormat.evemu
        let epoch: Int64

        func header(plan: EvdevExportPlan, metadata: TraceMetadata, comments: TouchBenchComments, into out: inout TextBuffer) {
            let device = plan.device
            out.append("# EVEMU 1.3\n")
            if let line = comments.metadataLine { out.append(text: line); out.append(byte: 0x0a) }
            if let line = comments.mappingLine { out.append(text: line); out.append(byte: 0x0a) }
            out.append(text: "# Input device name: \"\(device.name)\"\n")
            out.append(text: "N: \(device.name)\n")
            out.append("I:")
            for id in [device.bus, device.vendor, device.product, device.version] {
                out.append(byte: 0x20)
                out.append(hex: UInt32(id), width: 4)
            }
            out.append(byte: 0x0a)
            line(tag: "P:", type: nil, bytes: Self.bitmask(device.properties, minimumBytes: 8), into: &out)
            line(tag: "B:", type: 0, bytes: Self.bitmask(Set(plan.eventTypes), minimumBytes: 8), into: &out)
            for type in UInt16(1)...EvdevCode.evMax {
                guard let codes = device.codes[type], !codes.isEmpty else { continue }
                line(tag: "B:", type: type, bytes: Self.bitmask(codes, minimumBytes: 8), into: &out)
            }
            for code in device.axes.keys.sorted() {
                guard let axis = device.axes[code] else { continue }
                out.append("A: ")
                out.append(hex: UInt32(code), width: 2)
                for number in [axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution] {
                    out.append(byte: 0x20)
                    out.append(decimal: number)
                }
                out.append(byte: 0x0a)
            }
            out.append("################################\n#      Waiting for events      #\n################################\n")
        }

        /// `P:` or `B: tt` lines of eight bytes each.
        private func line(tag: StaticString, type: UInt16?, bytes: [UInt8], into out: inout TextBuffer) {
            var offset = 0
            while offset < bytes.count {
                out.append(tag)
                if let type { out.append(byte: 0x20); out.append(hex: UInt32(type), width: 2) }
                for byte in bytes[offset..<Swift.min(offset + 8, bytes.count)] {
                    out.append(byte: 0x20)
                    out.append(hex: UInt32(byte), width: 2)
                }
                out.append(byte: 0x0a)
                offset += 8
            }
        }

        func frame(_ events: [EvdevEvent], into out: inout TextBuffer) {
            var time = LineCursor.Repeated()
            for event in events {
                let typeName = EvdevNames.typeNameBytes(event.type) ?? EvdevNames.unknownBytes
                let codeName = EvdevNames.codeNameBytes(type: event.type, code: event.code) ?? EvdevNames.unknownBytes
                // 3 + 28 + 3 × 9 + 20 + 3 + 3 + 1 + 20 + 1 bytes and the names, at most.
                out.write(reserving: 128 + typeName.count + codeName.count) { line in
                    line.append("E: ")
                    line.append(&time, key: event.time) { $0.append(microsecondTime: epoch &+ event.time) }
                    line.append(byte: 0x20)
                    line.append(hex: UInt32(event.type), width: 4)
                    line.append(byte: 0x20)
                    line.append(hex: UInt32(event.code), width: 4)
                    line.append(byte: 0x20)
                    // evemu's `%04d`: at least four characters, zero-padded after the sign.
                    line.append(decimal: Int64(event.value), width: 4, pad: 0x30)
                    line.append("\t# ")
                    line.appendEventNames(type: typeName, code: codeName, value: event.value)
                }
            }
        }

        func marker(_ sample: InputSample, into out: inout TextBuffer) {
            out.append(text: TouchBenchComments.markerLine(sample))
            out.append(byte: 0x0a)
        }

        func footer(into out: inout TextBuffer) {}

        static func bitmask(_ bits: Set<UInt16>, minimumBytes: Int) -> [UInt8] {
            let largest = Int(bits.max() ?? 0)
            let count = Swift.max(minimumBytes, (largest / 64 + 1) * 8)
            var bytes = [UInt8](repeating: 0, count: count)
            for bit in bits { bytes[Int(bit) / 8] |= 1 << (bit % 8) }
            return bytes
        }
    }
}
