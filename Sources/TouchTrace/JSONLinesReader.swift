import Foundation
import TouchBenchSupport
import TouchInput

/// Reads the JSON Lines form one line at a time, so memory stays bounded by a line.
///
/// Every problem — a malformed line, an unknown key, a missing field, a sample earlier than
/// the one before — is a ``TraceFileError`` naming the line.
public final class JSONLinesReader {
    public let path: String
    /// The metadata of the first line, or defaults (source `jsonl`) when there is none.
    public private(set) var metadata: TraceMetadata
    private let file: SystemFile
    /// Where the lines end: the file's size less a NUL-filled tail (``zeroTail``).
    private let fileSize: Int
    /// The NUL bytes that end the file, what a filesystem leaves where a writer that died had
    /// not yet written (its size was extended, its last blocks never filled): not read as lines,
    /// reported as ``damage``.
    private let zeroTail: Int
    private var offset = 0
    private var buffer: [UInt8] = []
    private var start = 0
    private var line = 0
    private var previousTime = Int64.min
    private var pendingFirst: InputSample?
    /// Whether the line last returned by `nextLine()` ended with a line feed.
    private var lineWasTerminated = true
    /// Whether the last `parse` failed on JSON syntax (what a cut line does), not on shape.
    private var lastParseWasSyntaxError = false

    /// The last line, when it was cut (no line feed, and not valid JSON): a writer that
    /// died mid-line. Every complete line before it has been read; ``next()`` then ends
    /// rather than failing, as the container's recovery does for a cut chunk.
    public private(set) var damage: TraceFileError?
    /// How many NUL bytes end the file (not read as lines; reported in ``damage``).
    public var trailingNULBytes: Int { zeroTail }

    /// Lines longer than this (bytes before the line feed, a CR and a byte-order mark
    /// included, as every text importer counts them) are refused rather than buffered.
    public static let maximumLineLength = LineReader.maximumLineLength
    static let blockSize = 1 << 16

    /// Opens `path` and reads its metadata line, if it has one.
    public init(path: String) throws(TraceFileError) {
        self.path = path
        file = try SystemFile.openForReading(path)
        let size = try file.size()
        zeroTail = try Self.trailingZeros(file, size: size)
        fileSize = size - zeroTail
        metadata = TraceMetadata(source: "jsonl")
        if try ContainerFormat.startsWithMagic(file, size: fileSize) {
            throw TraceFileError(.malformed, path: path, offset: 0, reason: "is a .touchtrace file, not JSON Lines")
        }
        while var bytes = try nextLine() {
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let value: JSONValue
            do throws(TraceFileError) {
                value = try parse(&bytes)
            } catch {
                if try isCut(error) { break }
                throw error
            }
            if value["touchtrace"] != nil {
                metadata = try decodeMetadata(value, bytes: bytes)
            } else {
                pendingFirst = try sample(from: value)
            }
            break
        }
    }

    /// Whether the file holds a sample: reads ahead to the first one (which ``next()`` then
    /// returns). Imports refuse a file without one, as every importer does (docs/FORMATS.md);
    /// a metadata sidecar holds none by design.
    public func holdsSamples() throws(TraceFileError) -> Bool {
        if pendingFirst == nil { pendingFirst = try next() }
        return pendingFirst != nil
    }

    /// The next sample, or `nil` at the end of the file.
    public func next() throws(TraceFileError) -> InputSample? {
        if let first = pendingFirst {
            pendingFirst = nil
            return first
        }
        if let sample = sampleInPlace() { return sample }
        while var bytes = try nextLine() {
            let notBefore = previousTime
            if let sample = bytes.withUnsafeBytes({ JSONLinesSampleParser.sample($0, notBefore: notBefore) }), inRange(sample) {
                previousTime = sample.time
                return sample
            }
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let value: JSONValue
            do throws(TraceFileError) {
                value = try parse(&bytes)
            } catch {
                if try isCut(error) { return nil }
                throw error
            }
            if value["touchtrace"] != nil { throw error("has a metadata line after the first line") }
            return try sample(from: value)
        }
        return nil
    }

    /// Whether a sample of the fast path lies in the model's ranges; one that does not is left
    /// to the general path, which words the error.
    @inline(__always)
    private func inRange(_ sample: InputSample) -> Bool {
        sample.problem(quanta: metadata.quanta) == nil
    }

    /// Whether `error` belongs to a last line without its line feed: then it is kept as
    /// ``damage`` (true), else it is the caller's to throw (false).
    private func isCut(_ error: TraceFileError) throws(TraceFileError) -> Bool {
        guard !lineWasTerminated, lastParseWasSyntaxError else { return false }
        let tail = zeroTail == 0 ? "" : " followed by \(Self.zeros(zeroTail))"
        damage = .cutLine("line\(tail)", path: path, line: line)
        return true
    }

    /// Reports a NUL-filled tail once the lines before it are read (a cut line before it
    /// reports both, in ``isCut(_:)``): it starts on the last line when that had no line feed.
    private func reportZeroTail() {
        guard zeroTail > 0, damage == nil else { return }
        damage = TraceFileError(.malformed, path: path, line: lineWasTerminated ? line + 1 : line,
                                reason: "ends with \(Self.zeros(zeroTail)) where its writer's last lines should be (a filesystem fills a file whose writer died with zeros): every complete line before them was read")
    }

    /// The fast path: the next line, when it is whole in the buffer, parsed where it lies
    /// (no copy, no array per line) by ``JSONLinesSampleParser``. `nil` leaves the line to
    /// ``nextLine()`` and the general path, which accept exactly the same lines (a CR or NUL
    /// anywhere makes the fast parser decline, so those errors are still worded there).
    private func sampleInPlace() -> InputSample? {
        guard line > 0, start < buffer.count else { return nil }
        let notBefore = previousTime
        let found: (sample: InputSample, length: Int)? = buffer.withUnsafeBytes { raw -> (sample: InputSample, length: Int)? in
            let rest = UnsafeRawBufferPointer(rebasing: raw[start...])
            guard let base = rest.baseAddress, let newline = memchr(base, 0x0A, rest.count) else { return nil }
            let length = UnsafeRawPointer(newline) - base
            guard length <= Self.maximumLineLength else { return nil }
            var end = length
            if end > 0, rest[end - 1] == 0x0D { end -= 1 }
            guard let sample = JSONLinesSampleParser.sample(UnsafeRawBufferPointer(rebasing: rest[..<end]), notBefore: notBefore),
                  inRange(sample) else {
                return nil
            }
            return (sample, length)
        }
        guard let found else { return nil }
        start += found.length + 1
        line += 1
        lineWasTerminated = true
        previousTime = found.sample.time
        return found.sample
    }

    // MARK: Lines

    private func nextLine() throws(TraceFileError) -> [UInt8]? {
        // Where the search for the line feed resumes: bytes already searched are not searched
        // again when a block is added, so a long line costs its length once.
        var searched = start
        while true {
            if let newline = buffer.withUnsafeBytes({ LineReader.index(of: 0x0A, in: $0, from: searched) }) {
                guard newline - start <= Self.maximumLineLength else {
                    line += 1
                    throw tooLong()
                }
                var end = newline
                // CR LF ends a line as LF does; any other CR, or a NUL, is bad data.
                if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                var lineStart = start
                if line == 0, buffer[start..<end].starts(with: [0xEF, 0xBB, 0xBF]) { lineStart += 3 }
                let bytes = Array(buffer[lineStart..<end])
                start = newline + 1
                line += 1
                lineWasTerminated = true
                try checkControlBytes(bytes)
                return bytes
            }
            if buffer.count - start > Self.maximumLineLength {
                line += 1
                throw tooLong()
            }
            if offset >= fileSize {
                guard start < buffer.count else {
                    reportZeroTail()
                    return nil
                }
                var lineStart = start
                if line == 0, buffer[start...].starts(with: [0xEF, 0xBB, 0xBF]) { lineStart += 3 }
                var bytes = Array(buffer[lineStart...])
                start = buffer.count
                line += 1
                lineWasTerminated = false
                // A CR LF line cut between its CR and LF ends at the CR, as every text importer
                // reads it (a lone CR after the last LF is an empty last line).
                if bytes.last == 0x0D { bytes.removeLast() }
                try checkControlBytes(bytes)
                reportZeroTail()
                return bytes
            }
            buffer.removeFirst(start)
            start = 0
            searched = buffer.count
            var block: [UInt8] = []
            let count = min(Self.blockSize, fileSize - offset)
            try file.read(count, at: offset, into: &block)
            offset += count
            buffer.append(contentsOf: block)
        }
    }

    /// The line at ``start`` is over the limit: said of the NUL bytes when it is made of them
    /// (a zero-filled tail too long to be a writer's cut, ``maximumZeroTail``: hostile report
    /// 16 L3 found it named only as a long line).
    private func tooLong() -> TraceFileError {
        let limit = Self.maximumLineLength
        let head = buffer[start..<min(buffer.count, start + 4096)]
        guard head.allSatisfy({ $0 == 0 }) else { return error("is longer than \(limit) bytes") }
        return error("starts a run of more than \(limit) NUL bytes, not text (a zero-filled tail is read as a "
                     + "writer's cut only up to \(Self.maximumZeroTail >> 20) MiB)")
    }

    /// The error for the first of `names` that `isKnown` refuses, quoted as JSON writes it:
    /// the array's debug dump was printed before (hostile report 17).
    private func unknownName(_ what: String, _ names: [String], isKnown: (String) -> Bool) -> TraceFileError {
        let unknown = names.first { !isKnown($0) } ?? ""
        return error("has an unknown \(what) \(JSONWriter.line(.string(unknown)))")
    }

    private func checkControlBytes(_ bytes: [UInt8]) throws(TraceFileError) {
        if let reason = LineReader.encodingReason(bytes, number: line) { throw error(reason) }
        if bytes.contains(0x0D) { throw error("holds a carriage return that does not end the line") }
        if bytes.contains(0) { throw error("holds a NUL byte") }
    }

    private func error(_ reason: String) -> TraceFileError {
        TraceFileError(.malformed, path: path, line: line, reason: reason)
    }

    private func parse(_ bytes: inout [UInt8]) throws(TraceFileError) -> JSONValue {
        lastParseWasSyntaxError = false
        do {
            let value = try JSONValue.parse(bytes: &bytes)
            guard case .object = value else { throw error("is not a JSON object") }
            return value
        } catch let syntax as JSONValue.SyntaxError {
            lastParseWasSyntaxError = !syntax.isRepeatedKey
            throw error("is not valid JSON (\(syntax.reason) at column \(syntax.offset + 1))")
        } catch let problem as TraceFileError {
            throw problem
        } catch {
            throw self.error("is not valid JSON")
        }
    }

    private func decodeMetadata(_ value: JSONValue, bytes: [UInt8]) throws(TraceFileError) -> TraceMetadata {
        guard case .integer(1) = value["touchtrace"] else { throw error("declares a touchtrace version other than 1") }
        var decoded = TraceMetadata()
        if let metadata = value["metadata"], metadata != .null {
            do throws(MetadataJSONError) { decoded = try TraceMetadata(json: metadata) } catch {
                // The member at fault: every failure used to read "free metadata keys must be
                // strings", even a quanta object missing a field (hostile report 17).
                throw self.error("has metadata that does not match the form (\(error.reason))")
            }
        }
        if decoded.source == nil { decoded.source = "jsonl" }
        if let problem = decoded.problem { throw error(problem) }
        return decoded
    }
}

extension JSONLinesReader {
    /// Builds a sample from one line's object, checking every key and type.
    fileprivate func sample(from value: JSONValue) throws(TraceFileError) -> InputSample {
        guard case .object(let members) = value else { throw error("is not a JSON object") }
        var fields: [String: JSONValue] = [:]
        for (key, member) in members {
            guard Self.knownKeys.contains(key) else { throw error("has an unknown key \"\(key)\"") }
            guard fields.updateValue(member, forKey: key) == nil else { throw error("repeats the key \"\(key)\"") }
        }
        guard case .string(let kindName)? = fields["kind"] else { throw error("needs a \"kind\" string") }
        guard let kind = SampleKind(name: kindName) else { throw error("has an unknown kind \"\(kindName)\"") }
        guard let timeValue = fields["t"] else { throw error("needs a \"t\" time in nanoseconds") }
        guard case .integer(let time) = timeValue else { throw error("has a \"t\" that is not an integer number of nanoseconds") }
        guard SampleTime.isValid(time) else { throw error(SampleTime.outOfRangeReason(time)) }
        guard time >= previousTime else { throw error("is out of order: t=\(time) comes before t=\(previousTime)") }

        var phase = SamplePhase.began
        if let phaseValue = fields["phase"] {
            guard case .string(let name) = phaseValue, let parsed = SamplePhase(name: name) else {
                throw error("has an unknown phase \(phaseValue)")
            }
            phase = parsed
        } else if kind != .marker {
            throw error("needs a \"phase\"")
        }
        var sample = InputSample(time: time, kind: kind, phase: phase)
        if let id = fields["id"] {
            sample.id = try unsigned(id, "id")
        } else if kind.isContact {
            throw error("needs an \"id\" for a \(kind.name) sample")
        }
        let x = try double(fields["x"], "x"), y = try double(fields["y"], "y")
        if x != nil || y != nil {
            guard let x, let y else { throw error("needs both \"x\" and \"y\"") }
            sample.location = (x, y)
        }
        sample.force = try double(fields["force"], "force")
        sample.majorRadius = try double(fields["majorRadius"], "majorRadius")
        sample.majorRadiusTolerance = try double(fields["majorRadiusTolerance"], "majorRadiusTolerance")
        sample.altitude = try double(fields["altitude"], "altitude")
        sample.azimuth = try double(fields["azimuth"], "azimuth")
        sample.roll = try double(fields["roll"], "roll")
        if let buttons = fields["buttons"] { sample.buttons = try unsigned(buttons, "buttons") }
        if let modifiers = fields["modifiers"] {
            let names = try strings(modifiers, "modifiers")
            guard let flags = ModifierFlags(names: names) else { throw unknownName("modifier", names) { ModifierFlags(names: [$0]) != nil } }
            sample.modifiers = flags
        }
        if let flagValue = fields["flags"] {
            let names = try strings(flagValue, "flags")
            guard let flags = SampleFlags(names: names) else { throw unknownName("flag", names) { SampleFlags(names: [$0]) != nil } }
            sample.flags = flags
        }
        let dx = try double(fields["dx"], "dx"), dy = try double(fields["dy"], "dy")
        if dx != nil || dy != nil { sample.scrollDelta = (dx ?? 0, dy ?? 0) }
        if let key = fields["key"] { sample.key = try unsigned(key, "key") }
        if let label = fields["label"] {
            guard case .string(let text) = label else { throw error("has a \"label\" that is not a string") }
            sample.label = text
        }
        try checkRequired(sample)
        if let problem = sample.problem(quanta: metadata.quanta) { throw error(problem) }
        previousTime = time
        return sample
    }

    private func checkRequired(_ sample: InputSample) throws(TraceFileError) {
        switch sample.kind {
        case .touch, .pencil, .pointer:
            guard sample.location != nil else { throw error("needs \"x\" and \"y\" for a \(sample.kind.name) sample") }
        case .scroll:
            guard sample.location != nil, sample.scrollDelta != nil else { throw error("needs \"x\", \"y\", \"dx\" and \"dy\" for a scroll sample") }
        case .key:
            guard sample.key != nil else { throw error("needs a \"key\" usage code for a key sample") }
            guard sample.phase == .began || sample.phase == .ended else { throw error("needs phase began or ended for a key sample") }
        case .marker:
            guard sample.label != nil else { throw error("needs a \"label\" for a marker") }
        }
    }

    private static let knownKeys: Set<String> = [
        "t", "kind", "phase", "id", "x", "y", "force", "majorRadius", "majorRadiusTolerance", "altitude",
        "azimuth", "roll", "buttons", "modifiers", "flags", "dx", "dy", "key", "label",
    ]

    private func double(_ value: JSONValue?, _ name: String) throws(TraceFileError) -> Double? {
        guard let value else { return nil }
        guard let number = value.doubleValue else { throw error("has a \"\(name)\" that is not a number") }
        return number
    }

    private func unsigned(_ value: JSONValue, _ name: String) throws(TraceFileError) -> UInt32 {
        guard case .integer(let integer) = value, let result = UInt32(exactly: integer) else {
            throw error("has a \"\(name)\" that is not an integer from 0 to 4294967295")
        }
        return result
    }

    private func strings(_ value: JSONValue, _ name: String) throws(TraceFileError) -> [String] {
        guard case .array(let elements) = value else { throw error("has a \"\(name)\" that is not an array of strings") }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element else { throw error("has a \"\(name)\" that is not an array of strings") }
            result.append(text)
        }
        return result
    }
}
