import TouchInput

/// Writes a trace as an Android `getevent -lp` device header followed by `getevent -lt` event
/// lines (`[   seconds.micros] /dev/input/event0: EV_ABS ABS_MT_POSITION_X 0000a1b2`), the log
/// ``GeteventImporter`` reads and the form sendevent-style replay tools on a phone take.
///
/// The device is the one the evemu export describes (``EvdevExportPlan``), its axes listed
/// with ranges and resolutions as `getevent -p` prints them. TouchBench's metadata, mapping
/// and markers travel in `#` comment lines (``TouchBenchComments``); getevent itself prints
/// none, and tools that replay the event lines skip anything that is not one.
public enum GeteventExporter {
    /// The log text of `samples` (in time order) described by `metadata`.
    public static func export(metadata: TraceMetadata, samples: [InputSample]) throws -> String {
        var renderer = Renderer(epoch: metadata.epochNanoseconds ?? 0)
        return try EvdevTextExport.string(&renderer, metadata: metadata, samples: samples)
    }

    static func write(
        metadata: TraceMetadata, survey: EvdevExportSurvey, next: () throws -> InputSample?, flush: (inout TextBuffer) throws -> Void
    ) throws -> EvdevEncoder.Losses {
        var renderer = Renderer(epoch: metadata.epochNanoseconds ?? 0)
        return try EvdevTextExport.run(&renderer, metadata: metadata, survey: survey, next: next, flush: flush)
    }

    struct Renderer: EvdevTextRenderer {
        static let format = TraceFormat.getevent
        let epoch: Int64
        var node = "/dev/input/event0"
        /// ``node`` as bytes, written on every event line.
        var nodeBytes: [UInt8] = Array("/dev/input/event0".utf8)

        init(epoch: Int64) { self.epoch = epoch }

        mutating func header(plan: EvdevExportPlan, metadata: TraceMetadata, comments: TouchBenchComments, into out: inout TextBuffer) {
            let device = plan.device
            node = device.node ?? node
            nodeBytes = Array(node.utf8)
            if let line = comments.metadataLine { out.append(text: line); out.append(byte: 0x0a) }
            if let line = comments.mappingLine { out.append(text: line); out.append(byte: 0x0a) }
            for marker in comments.markers { out.append(text: TouchBenchComments.markerLine(marker)); out.append(byte: 0x0a) }
            out.append(text: "add device 1: \(node)\n")
            for (label, id) in [("  bus:      ", device.bus), ("  vendor    ", device.vendor), ("  product   ", device.product),
                                ("  version   ", device.version)] {
                out.append(text: label)
                out.append(hex: UInt32(id), width: 4)
                out.append(byte: 0x0a)
            }
            out.append(text: "  name:     \"\(device.name)\"\n  events:\n")
            for type in plan.eventTypes where type != EvdevCode.evSyn && type != EvdevCode.evAbs {
                guard let codes = device.codes[type], !codes.isEmpty else { continue }
                out.append("    ")
                out.append(text: String(EvdevNames.types[type]?.dropFirst(3) ?? "?"))
                out.append(" (")
                out.append(hex: UInt32(type), width: 4)
                out.append("):")
                for code in codes.sorted() {
                    out.append(byte: 0x20)
                    out.append(text: Self.name(type: type, code: code))
                }
                out.append(byte: 0x0a)
            }
            for (index, code) in device.axes.keys.sorted().enumerated() {
                guard let axis = device.axes[code] else { continue }
                out.append(index == 0 ? "    ABS (0003): " : "                ")
                let name = Self.name(type: EvdevCode.evAbs, code: code)
                out.append(text: name)
                out.append(spaces: 22 - name.utf8.count)
                out.append(": value 0, min ")
                out.append(decimal: axis.minimum)
                out.append(", max ")
                out.append(decimal: axis.maximum)
                out.append(", fuzz ")
                out.append(decimal: axis.fuzz)
                out.append(", flat ")
                out.append(decimal: axis.flat)
                out.append(", resolution ")
                out.append(decimal: axis.resolution)
                out.append(byte: 0x0a)
            }
            out.append("  input props:\n")
            if device.properties.isEmpty { out.append("    <none>\n") }
            for property in device.properties.sorted() {
                out.append(text: property == EvdevDevice.propertyDirect ? "    INPUT_PROP_DIRECT\n" : "    INPUT_PROP_\(property)\n")
            }
        }

        func frame(_ events: [EvdevEvent], into out: inout TextBuffer) {
            var time = LineCursor.Repeated()
            nodeBytes.withUnsafeBytes { node in
                for event in events {
                    // A type without a name is written in hexadecimal as `String(type, radix: 16)`
                    // writes it, a code without one in four hexadecimal digits (``name(type:code:)``).
                    let typeName = EvdevNames.typeNameBytes(event.type)
                    let codeName = EvdevNames.codeNameBytes(type: event.type, code: event.code)
                    // 1 + 28 + 2 + 2 + 12 + 1 + 20 + 1 + 8 + 1 bytes, the node and the names, at most.
                    out.write(reserving: 128 + node.count + (typeName?.count ?? 0) + (codeName?.count ?? 0)) { line in
                        line.append(byte: 0x5b)
                        line.append(&time, key: event.time) { $0.append(microsecondTime: epoch &+ event.time, secondsWidth: 8) }
                        line.append("] ")
                        line.append(bytes: node)
                        line.append(": ")
                        var start = line.pointer
                        if let typeName { line.append(bytes: typeName) } else { line.append(hex: UInt32(event.type), width: 1) }
                        line.append(padding: 12 - (line.pointer - start), 0x20)
                        line.append(byte: 0x20)
                        start = line.pointer
                        if let codeName { line.append(bytes: codeName) } else { line.append(hex: UInt32(event.code), width: 4) }
                        line.append(padding: 20 - (line.pointer - start), 0x20)
                        line.append(byte: 0x20)
                        if event.type == EvdevCode.evKey, event.value == 0 || event.value == 1 {
                            if event.value == 1 { line.append("DOWN") } else { line.append("UP") }
                        } else {
                            line.append(hex: UInt32(bitPattern: event.value), width: 8)
                        }
                        line.append(byte: 0x0a)
                    }
                }
            }
        }

        func marker(_ sample: InputSample, into out: inout TextBuffer) {}

        func footer(into out: inout TextBuffer) {}

        /// The code's name as getevent -l prints it, or its hexadecimal number.
        static func name(type: UInt16, code: UInt16) -> String {
            if let name = EvdevNames.codeName(type: type, code: code) { return name }
            let digits = String(code, radix: 16)
            return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
        }
    }
}
