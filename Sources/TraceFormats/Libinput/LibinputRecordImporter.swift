import TouchInput

/// Reads `libinput record` YAML (format version 1): one or more devices, each with its
/// evdev description (`name`, `id`, `codes`, `absinfo`, `properties`) and its `events`, a
/// list of frames `- evdev: [[sec, usec, type, code, value], …]`. The `libinput` and `hid`
/// entries of the events list (written with `--with-libinput` and `--with-hidraw`) are
/// skipped. When the file recorded several devices the touchscreen is chosen as for getevent
/// logs, or the one named by ``ImportOptions/device``.
///
/// Only the YAML subset libinput writes is accepted; anything else is an error naming its line.
public enum LibinputRecordImporter {
    /// Reads the file at `path`; errors name the file and, for malformed content, the line.
    /// The file is streamed once (TouchBench's comments read as the YAML's lines are), never held whole:
    /// events are kept compact, one ``EvdevEvent`` per line.
    public static func read(contentsOf path: String, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        try parse(lines: .file(path), path: path, options: options)
    }

    /// Parses the content of a file; `path` only names it in errors.
    public static func parse(_ text: String, path: String? = nil, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        try parse(lines: .text(text), path: path, options: options)
    }

    static func parse(lines: TextLines, path: String?, options: ImportOptions) throws -> ImportedTrace {
        do {
            var comments = TouchBenchComments()
            let document = try RecordYAML.parse(lines, path: path, comments: &comments)
            var options = options
            if options.screen == nil, let restored = comments.metadata { options.screen = restored.screen }
            var trace = try decode(document, options: options, mapping: comments.mapping)
            comments.restore(into: &trace)
            trace.cutLine = document.cutLine
            return trace
        } catch let error as TraceFormatError {
            throw error.inFile(path)
        }
    }

    private static func decode(_ document: RecordYAML.Document, options: ImportOptions, mapping: EvdevMapping?) throws -> ImportedTrace {
        let recordings = try recordings(document)
        let candidates = recordings.map {
            EvdevDeviceChoice.Candidate(node: $0.device.node ?? "", name: $0.device.name, events: $0.events)
        }
        let chosen = recordings[try EvdevDeviceChoice.choose(candidates, wanted: options.device, cutLine: document.cutLine)]
        return chosen.makeTrace(source: "libinput", options: options, explicitMapping: mapping, extra: extra(document.root))
    }

    /// What the recording's header says of where it was made, for the metadata's extras.
    static func extra(_ root: RecordYAML) -> [String: String] {
        var extra: [String: String] = [:]
        if let libinput = root["libinput"]?["version"]?.string { extra["libinput.version"] = libinput }
        if let kernel = root["system"]?["kernel"]?.string { extra["system.kernel"] = kernel }
        return extra
    }

    /// Every device of the recording with its events.
    static func recordings(_ document: RecordYAML.Document) throws -> [EvdevRecording] {
        let root = document.root
        guard case .mapping = root else { throw TraceFormatError("a libinput recording is a mapping at the top level.", line: root.line) }
        guard let version = root["version"] else { throw TraceFormatError("the recording has no version.", line: root.line) }
        guard version.string == "1" else {
            throw TraceFormatError("only version 1 of the libinput record format is understood.", line: version.line)
        }
        guard let devices = root["devices"], let list = devices.items else {
            throw TraceFormatError("the recording has no devices list.", line: root["devices"]?.line ?? root.line)
        }
        var recordings: [EvdevRecording] = []
        for item in list { recordings.append(try recording(item, events: document.events)) }
        return recordings
    }

    private static func recording(_ item: RecordYAML, events parsed: [EvdevEvent]) throws -> EvdevRecording {
        guard case .mapping = item, let evdev = item["evdev"] else {
            throw TraceFormatError("a device entry needs an evdev description.", line: item.line)
        }
        var device = EvdevDevice(name: evdev["name"]?.string ?? "", node: item["node"]?.string)
        if let id = evdev["id"] {
            let numbers = try integers(id, count: 4, as: UInt16.self, what: "id")
            (device.bus, device.vendor, device.product, device.version) = (numbers[0], numbers[1], numbers[2], numbers[3])
        }
        if case .mapping(let entries, _)? = evdev["codes"] {
            for (key, value) in entries {
                guard let type = UInt16(key), type <= EvdevCode.evMax else {
                    throw TraceFormatError("the event type \(quoted(key)) is not one the kernel defines.", line: value.line)
                }
                for code in try integers(value, count: nil, as: UInt16.self, what: "codes") where code <= EvdevCode.codeMax {
                    device.declare(type: type, code: code)
                }
            }
        }
        if case .mapping(let entries, _)? = evdev["absinfo"] {
            for (key, value) in entries {
                guard let code = UInt16(key), code <= EvdevCode.absMax else {
                    throw TraceFormatError("the axis \(quoted(key)) is not one the kernel defines.", line: value.line)
                }
                let n = try integers(value, count: 5, as: Int32.self, what: "absinfo")
                guard n[0] <= n[1] else { throw TraceFormatError("axis \(code) has a minimum above its maximum.", line: value.line) }
                // As evemu and getevent: a negative resolution has no meaning, and was taken as
                // none (positions in raw units: hostile report 17).
                guard n[4] >= 0 else { throw TraceFormatError("axis \(code) has a negative resolution, \(n[4]).", line: value.line) }
                device.axes[code] = EvdevDevice.Axis(minimum: n[0], maximum: n[1], fuzz: n[2], flat: n[3], resolution: n[4])
            }
        }
        if let properties = evdev["properties"] {
            device.properties = Set(try integers(properties, count: nil, as: UInt16.self, what: "properties"))
        }
        var events: [EvdevEvent] = []
        for frame in item["events"]?.items ?? [] {
            guard let list = frame["evdev"] else { continue }
            if case .events(let run, _) = list {
                events.append(contentsOf: parsed[run])
                continue
            }
            guard let entries = list.items else { throw TraceFormatError("an evdev frame is a list of events.", line: list.line) }
            for entry in entries {
                let n = try integers(entry, count: 5, as: Int64.self, what: "event")
                guard n[0] >= 0, n[0] < 9_000_000_000, n[1] >= 0, n[1] < 1_000_000,
                      let type = UInt16(exactly: n[2]), type <= EvdevCode.evMax,
                      let code = UInt16(exactly: n[3]), code <= EvdevCode.codeMax,
                      let value = Int32(exactly: n[4]) else {
                    throw TraceFormatError("the event is not [sec, usec, type, code, value] within the kernel's ranges.", line: entry.line)
                }
                guard n[0] * 1_000_000_000 + n[1] * 1000 <= EvdevEvent.latestTime else {
                    throw TraceFormatError(EvdevEvent.outOfRange("event time", "\(n[0]).\(String(1_000_000 + n[1]).dropFirst())").reason, line: entry.line)
                }
                events.append(EvdevEvent(time: n[0] * 1_000_000_000 + n[1] * 1000, type: type, code: code, value: value))
            }
        }
        return EvdevRecording(device: device, events: events)
    }

    private static func integers<T: FixedWidthInteger>(_ node: RecordYAML, count: Int?, as: T.Type, what: String) throws -> [T] {
        // Said as what is wrong ("event is a list of 5 integers" read as if it were right:
        // hostile report 17).
        guard let items = node.items else {
            throw TraceFormatError("\(what) is not a list of \(count.map { "\($0) " } ?? "")integers.", line: node.line)
        }
        if let count, items.count != count {
            throw TraceFormatError("\(what) is not a list of \(count) integers: it has \(items.count).", line: node.line)
        }
        return try items.map { item in
            guard let text = item.string, let value = TextInput.integer(Substring(text), as: T.self) else {
                throw TraceFormatError("\(what) holds \(quoted(item.string ?? "a non-number")), not an integer.", line: item.line)
            }
            return value
        }
    }
}
