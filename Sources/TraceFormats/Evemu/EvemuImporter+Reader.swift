import Foundation
import TouchBenchSupport
import TouchInput
import TouchTrace

// The line parser: one evemu line at a time, each malformed line an error naming it.
extension EvemuImporter {
    struct Reader {
        var device = EvdevDevice(name: "")
        var events: [EvdevEvent] = []
        var sawDescription = false
        /// Whether an N: line was read: a second one starts a second description.
        private var sawName = false
        /// The `# EVEMU` comment of the header; one after the events have begun describes
        /// nothing (a stream has made its metadata by then) and is ignored.
        var version: String?
        /// Whether an event has been read: the header ends at the first one.
        private var eventsBegun = false
        var touchBenchMetadata: TraceMetadata?
        var mapping: EvdevMapping?
        /// Markers from `# TouchBench-marker:` comments, with the number of events before them.
        var markers: [(eventIndex: Int, sample: InputSample)] = []
        /// The recording's cut last event line, not read (``ByteLines/EventLines``).
        var cutLine: Int?
        /// The time stamp of the last event line the fast path read.
        private var stamp = EvemuEventLine.Stamp()
        private var bitmaskBytes: [UInt16: Int] = [:]
        private var propertyBytes = 0

        static let touchBenchPrefix = TouchBenchComments.metadataPrefix
        static let mappingPrefix = TouchBenchComments.mappingPrefix
        static let markerPrefix = TouchBenchComments.markerPrefix

        mutating func read(lines: TextLines, path: String?, allowEvents: Bool) throws {
            let cut = try lines.forEachBytes(path: path, cutting: allowEvents ? .evemu : nil) { number, line in
                if allowEvents, let event = event(line) {
                    events.append(event)
                    eventsBegun = true
                    return
                }
                do {
                    try readLine(ByteLines.substring(line), allowEvents: allowEvents)
                } catch let error as TraceFormatError {
                    throw TraceFormatError(error.reason, path: path, line: number)
                }
            }
            if allowEvents { cutLine = cut }
        }

        /// The fast path of an `E:` line (``EvemuEventLine``); `nil` for any other line or
        /// anything unusual, which ``readLine(_:allowEvents:)`` then reads (or rejects) the general way.
        @inline(__always)
        private mutating func event(_ line: UnsafeRawBufferPointer) -> EvdevEvent? {
            EvemuEventLine.parse(line, stamp: &stamp)
        }

        /// The event the general path reads from `line`, or `nil` (for tests that hold the
        /// fast path to it).
        mutating func generalEvent(_ line: Substring) throws -> EvdevEvent? {
            try readLine(line, allowEvents: true)
            return events.popLast()
        }

        private mutating func readLine(_ line: Substring, allowEvents: Bool) throws {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty { return }
            if trimmed.hasPrefix("#") {
                try comment(trimmed)
                return
            }
            guard trimmed.count >= 2, trimmed.dropFirst().first == ":" else {
                throw TraceFormatError("expected an evemu line (N:, I:, P:, B:, A:, E: or a # comment), found \(quoted(trimmed)).")
            }
            let tag = trimmed.first ?? " "
            let body = trimmed.dropFirst(2)
            switch tag {
            case "N":
                // `cat device.desc recording.evemu` of a recording with its own description:
                // naming that is clearer than the second P: line's "too many property bytes".
                guard !sawName else {
                    throw TraceFormatError("holds a second device description (a second N: line); one recording describes one device.")
                }
                device.name = String(body.trimmingCharacters(in: .whitespaces))
                sawName = true
                sawDescription = true
            case "I": try ids(body)
            case "P": try properties(body)
            case "B": try bits(body)
            case "A": try axis(body)
            case "L", "S": break  // LED and switch states: nothing to replay.
            case "E":
                guard allowEvents else { throw TraceFormatError("a device description holds no events.") }
                try event(body)
            default:
                throw TraceFormatError("unknown evemu line type \(quoted(String(tag))).")
            }
        }

        private mutating func comment(_ line: Substring) throws {
            if line.hasPrefix(Self.touchBenchPrefix) {
                touchBenchMetadata = try TouchBenchComments.metadata(line.dropFirst(Self.touchBenchPrefix.count))
            } else if let marker = try Self.marker(line) {
                markers.append((events.count, marker))
            } else if line.hasPrefix(Self.mappingPrefix) {
                mapping = try TouchBenchComments.mapping(line.dropFirst(Self.mappingPrefix.count))
            } else if line.hasPrefix("# EVEMU "), !eventsBegun {
                version = String(line.dropFirst("# EVEMU ".count).trimmingCharacters(in: .whitespaces))
            }
        }

        /// The marker of a `# TouchBench-marker:` comment (its leading spaces dropped), `nil`
        /// for any other line.
        static func marker(_ line: Substring) throws -> InputSample? {
            guard line.hasPrefix(Self.markerPrefix) else { return nil }
            return try TouchBenchComments.marker(line.dropFirst(Self.markerPrefix.count))
        }

        /// Reads one line of a recording whose events are decoded as they are read
        /// (``EvemuSampleStream``): an event is returned rather than kept; anything else is
        /// read as ``read(lines:path:allowEvents:)`` reads it (markers are kept in ``markers``).
        mutating func streamLine(_ line: UnsafeRawBufferPointer, number: Int, path: String?) throws -> EvdevEvent? {
            if let event = event(line) {
                eventsBegun = true
                return event
            }
            do {
                try readLine(ByteLines.substring(line), allowEvents: true)
            } catch let error as TraceFormatError {
                throw TraceFormatError(error.reason, path: path, line: number)
            }
            return events.popLast()
        }

        private mutating func ids(_ body: Substring) throws {
            let parts = TextInput.fields(body).map { TextInput.hex($0, as: UInt16.self) }
            guard parts.count == 4, let bus = parts[0], let vendor = parts[1], let product = parts[2], let version = parts[3] else {
                throw TraceFormatError("an I: line needs four hexadecimal ids (bus vendor product version).")
            }
            (device.bus, device.vendor, device.product, device.version) = (bus, vendor, product, version)
            sawDescription = true
        }

        private mutating func properties(_ body: Substring) throws {
            for field in TextInput.fields(body) {
                guard let byte = TextInput.hex(field, as: UInt8.self) else {
                    throw TraceFormatError("a P: line holds hexadecimal bytes, found \(quoted(field)).")
                }
                guard propertyBytes < 8 else { throw TraceFormatError("too many property bytes (at most 8).") }
                for bit in 0..<8 where byte & (1 << bit) != 0 { device.properties.insert(UInt16(propertyBytes * 8 + bit)) }
                propertyBytes += 1
            }
            sawDescription = true
        }

        private mutating func bits(_ body: Substring) throws {
            let fields = TextInput.fields(body)
            guard let typeField = fields.first, let type = TextInput.hex(typeField, as: UInt16.self), type <= EvdevCode.evMax else {
                throw TraceFormatError("a B: line starts with an event type from 00 to 1f.")
            }
            var offset = bitmaskBytes[type, default: 0]
            for field in fields.dropFirst() {
                guard let byte = TextInput.hex(field, as: UInt8.self) else {
                    throw TraceFormatError("a B: line holds hexadecimal bytes, found \(quoted(field)).")
                }
                guard offset < (Int(EvdevCode.codeMax) + 1) / 8 else {
                    throw TraceFormatError("the bit mask of event type \(type) is longer than the largest code.")
                }
                for bit in 0..<8 where byte & (1 << bit) != 0 { device.declare(type: type, code: UInt16(offset * 8 + bit)) }
                offset += 1
            }
            bitmaskBytes[type] = offset
            sawDescription = true
        }

        private mutating func axis(_ body: Substring) throws {
            let fields = TextInput.fields(body)
            guard fields.count == 5 || fields.count == 6, let code = TextInput.hex(fields[0], as: UInt16.self),
                  code <= EvdevCode.absMax else {
                throw TraceFormatError("an A: line is: code (hex, up to 3f) min max fuzz flat [resolution].")
            }
            let numbers = fields.dropFirst().map { TextInput.integer($0, as: Int32.self) }
            guard numbers.allSatisfy({ $0 != nil }) else {
                throw TraceFormatError("an A: line holds decimal 32-bit numbers after its code.")
            }
            let n = numbers.map { $0 ?? 0 }
            guard n[0] <= n[1] else { throw TraceFormatError("axis \(code) has a minimum above its maximum.") }
            // A second A: line of one axis would silently replace the first (the screen's size
            // comes from the position axes); a negative resolution has no meaning.
            guard device.axes[code] == nil else { throw TraceFormatError("axis \(code) is described twice (one A: line per axis).") }
            guard n.count < 5 || n[4] >= 0 else { throw TraceFormatError("axis \(code) has a negative resolution, \(n[4]).") }
            device.axes[code] = EvdevDevice.Axis(minimum: n[0], maximum: n[1], fuzz: n[2], flat: n[3], resolution: n.count > 4 ? n[4] : 0)
            sawDescription = true
        }

        private mutating func event(_ body: Substring) throws {
            let content = body.prefix { $0 != "#" }
            let fields = TextInput.fields(content)
            guard fields.count == 4 else {
                throw TraceFormatError("an E: line is: seconds.microseconds type code value.")
            }
            let time = try EvdevEvent.time(seconds: fields[0], what: "event time")
            guard let type = TextInput.hex(fields[1], as: UInt16.self), type <= EvdevCode.evMax,
                  let code = TextInput.hex(fields[2], as: UInt16.self), code <= EvdevCode.codeMax else {
                throw TraceFormatError("the event type or code is not a known hexadecimal number.")
            }
            guard let value = TextInput.integer(fields[3], as: Int32.self) else {
                throw TraceFormatError("the event value \(quoted(fields[3])) is not a 32-bit decimal number.")
            }
            events.append(EvdevEvent(time: time, type: type, code: code, value: value))
            eventsBegun = true
        }
    }
}

func quoted<S: StringProtocol>(_ text: S) -> String {
    "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : String(text)) + "\""
}
