import TouchInput

/// Writes a trace as `libinput record` YAML (format version 1), the file `libinput replay`
/// replays and ``LibinputRecordImporter`` reads: the header keys libinput's recorder writes
/// (`version`, `ndevices`, `libinput`, `system`), one device with its `evdev` description
/// (`name`, `id`, `codes` per type, `absinfo` as `[min, max, fuzz, flat, resolution]`,
/// `properties`) and its `events`, one `- evdev:` list of `[sec, usec, type, code, value]`
/// per frame, times from the first event.
///
/// The device is the one the evemu export describes (``EvdevExportPlan``). TouchBench's
/// metadata, mapping and markers travel in comments (``TouchBenchComments``), which YAML
/// readers skip.
public enum LibinputRecordExporter {
    /// The YAML text of `samples` (in time order) described by `metadata`.
    public static func export(metadata: TraceMetadata, samples: [InputSample]) throws -> String {
        var renderer = Renderer()
        return try EvdevTextExport.string(&renderer, metadata: metadata, samples: samples)
    }

    static func write(
        metadata: TraceMetadata, survey: EvdevExportSurvey, next: () throws -> InputSample?, flush: (inout TextBuffer) throws -> Void
    ) throws -> EvdevEncoder.Losses {
        var renderer = Renderer()
        return try EvdevTextExport.run(&renderer, metadata: metadata, survey: survey, next: next, flush: flush)
    }

    struct Renderer: EvdevTextRenderer {
        static let format = TraceFormat.libinput
        /// Times of the previous SYN_REPORT, for the `+Nms` note libinput writes beside it.
        private var lastFrameMilliseconds: Int64 = 0

        func header(plan: EvdevExportPlan, metadata: TraceMetadata, comments: TouchBenchComments, into out: inout TextBuffer) {
            let device = plan.device
            out.append("version: 1\nndevices: 1\n")
            if let line = comments.metadataLine { out.append(text: line); out.append(byte: 0x0a) }
            if let line = comments.mappingLine { out.append(text: line); out.append(byte: 0x0a) }
            for marker in comments.markers { out.append(text: TouchBenchComments.markerLine(marker)); out.append(byte: 0x0a) }
            out.append("libinput:\n  version: \"1.22.1\"\n  git: \"unknown\"\n")
            out.append("system:\n  os: \"touchbench\"\n  kernel: \"unknown\"\n  dmi: \"unknown\"\n")
            out.append(text: "devices:\n- node: \(device.node ?? "/dev/input/event0")\n  evdev:\n")
            out.append(text: "    # Name: \(TouchBenchComments.escapingLineBreaks(device.name))\n")
            out.append(text: "    name: \"\(Self.escaped(device.name))\"\n")
            out.append("    id: [")
            out.append(decimal: Int64(device.bus)); out.append(", ")
            out.append(decimal: Int64(device.vendor)); out.append(", ")
            out.append(decimal: Int64(device.product)); out.append(", ")
            out.append(decimal: Int64(device.version)); out.append("]\n")
            out.append("    codes:\n")
            for type in plan.eventTypes {
                let codes = type == EvdevCode.evAbs ? Set(device.axes.keys).union(device.codes[type] ?? []) : device.codes[type] ?? []
                out.append("      ")
                out.append(decimal: Int64(type))
                out.append(": [")
                for (index, code) in codes.sorted().enumerated() {
                    if index > 0 { out.append(", ") }
                    out.append(decimal: Int64(code))
                }
                out.append("] # ")
                out.append(text: EvdevNames.types[type] ?? "?")
                out.append(byte: 0x0a)
            }
            if !device.axes.isEmpty {
                out.append("    absinfo:\n")
                for code in device.axes.keys.sorted() {
                    guard let axis = device.axes[code] else { continue }
                    out.append("      ")
                    out.append(decimal: Int64(code))
                    out.append(": [")
                    for (index, number) in [axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution].enumerated() {
                        if index > 0 { out.append(", ") }
                        out.append(decimal: number)
                    }
                    out.append("]\n")
                }
            }
            out.append("    properties: [")
            for (index, property) in device.properties.sorted().enumerated() {
                if index > 0 { out.append(", ") }
                out.append(decimal: Int64(property))
            }
            out.append("]\n  events:\n")
        }

        mutating func frame(_ events: [EvdevEvent], into out: inout TextBuffer) {
            out.append("  - evdev:\n")
            var time = LineCursor.Repeated()
            var lastFrame = lastFrameMilliseconds
            for event in events {
                let micros = event.time >= 0 ? (event.time + 500) / 1000 : 0
                let typeName = EvdevNames.typeNameBytes(event.type) ?? EvdevNames.unknownBytes
                let codeName = EvdevNames.codeNameBytes(type: event.type, code: event.code) ?? EvdevNames.unknownBytes
                // 7 + 22 + 3 × 22 + 4 + 13 + 18 + 20 + 3 bytes and the names, at most.
                out.write(reserving: 192 + typeName.count + codeName.count) { line in
                    line.append("    - [")
                    line.append(&time, key: micros) {
                        $0.append(decimal: micros / 1_000_000, width: 3)
                        $0.append(", ")
                        $0.append(decimal: micros % 1_000_000, width: 6)
                    }
                    line.append(", ")
                    line.append(decimal: Int64(event.type), width: 3)
                    line.append(", ")
                    line.append(decimal: Int64(event.code), width: 3)
                    line.append(", ")
                    line.append(decimal: Int64(event.value), width: 7)
                    line.append("] # ")
                    if event.type == EvdevCode.evSyn {
                        let milliseconds = micros / 1000
                        line.append("------------ ")
                        line.append(bytes: codeName)
                        line.append(" (0) ---------- +")
                        line.append(decimal: milliseconds - lastFrame)
                        line.append("ms\n")
                        lastFrame = milliseconds
                    } else {
                        line.appendEventNames(type: typeName, code: codeName, value: event.value)
                    }
                }
            }
            lastFrameMilliseconds = lastFrame
        }

        func marker(_ sample: InputSample, into out: inout TextBuffer) {}

        func footer(into out: inout TextBuffer) {}

        /// A double-quoted YAML scalar's content.
        static func escaped(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case "\n", "\r", "\t": result += " "
                // YAML line breaks (TraceText keeps U+2028 and U+2029 in a name): YAML's own escapes.
                case "\u{85}": result += "\\N"
                case "\u{2028}": result += "\\L"
                case "\u{2029}": result += "\\P"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
    }
}
