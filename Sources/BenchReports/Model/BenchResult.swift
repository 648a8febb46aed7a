import RunRecord
import Foundation
import TouchBenchSupport
import TouchTrace

/// A bench run: every trace × scene of a suite (or of one shard of it) and where it ran,
/// `{"schema": "touchbench.bench/1", "entries": [touchbench.run/1 …], "environment": {…}}`.
///
/// Entries are kept in ``EntryKey`` order (trace, then scene), so the JSON of a result does
/// not depend on the order runs finished or shards were merged.
public struct BenchResult: Sendable, Hashable {
    public static let schema = "touchbench.bench/1"

    public private(set) var entries: [RunRecord]
    /// Where each key's entry is in ``entries``: look-ups stay O(1) for suites of any size.
    private var positions: [EntryKey: Int] = [:]
    public var environment: BenchEnvironment
    /// The share of the suite this result covers; `nil` for a whole suite or a merge.
    public var shard: BenchShard?
    /// How fast the machine ran during the timed repeats (``BenchCalibration``); `nil` in a
    /// result written before calibrations existed, or by a run with no timed repeats.
    public var calibration: BenchCalibration?
    /// Whether the document read was a single run's record (`touchbench.run/1`, from
    /// `replay --json`), taken as a result of one entry: `compare` reads it, `merge` refuses it.
    public private(set) var isSingleRun = false

    public init(entries: [RunRecord], environment: BenchEnvironment, shard: BenchShard? = nil,
                calibration: BenchCalibration? = nil) {
        self.entries = entries.sorted { $0.key < $1.key }
        self.environment = environment
        self.shard = shard
        self.calibration = calibration
        reindex()
    }

    private mutating func reindex() {
        positions = Dictionary(entries.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// Adds or replaces the entry for its trace × scene.
    public mutating func insert(_ entry: RunRecord) {
        if let index = positions[entry.key] {
            entries[index] = entry
            return
        }
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].key < entry.key { low = middle + 1 } else { high = middle }
        }
        entries.insert(entry, at: low)
        reindex()
    }

    /// The entry for `key`, if the result has it.
    public subscript(_ key: EntryKey) -> RunRecord? {
        positions[key].map { entries[$0] }
    }

    /// The scenes present, in name order.
    public var scenes: [String] { Array(Set(entries.map(\.scene))).sorted() }

    /// Equal results hold the same entries, environment, shard and calibration, however
    /// their documents were read (``isSingleRun`` is where one came from, not what it holds).
    public static func == (lhs: BenchResult, rhs: BenchResult) -> Bool {
        lhs.entries == rhs.entries && lhs.environment == rhs.environment && lhs.shard == rhs.shard
            && lhs.calibration == rhs.calibration
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entries)
        hasher.combine(environment)
        hasher.combine(shard)
        hasher.combine(calibration)
    }
}

extension BenchResult {
    /// The result as `touchbench.bench/1` JSON: sorted keys, fixed number format, one
    /// trailing newline.
    public var jsonText: String {
        var text = ""
        writeJSON { text += $0 }
        return text
    }

    /// The bytes of ``jsonText``, handed to `emit` in pieces of about 64 KiB, built an entry at
    /// a time: a result of 10 000 entries is never one JSON tree (about 40 kB an entry) nor one
    /// string in memory. The document is the canonical writer's: an object whose members are
    /// not all scalars, so one member per line, keys sorted, the entries array the same way.
    public func writeJSON<Failure: Error>(_ emit: (String) throws(Failure) -> Void) throws(Failure) {
        var piece = "{\n"
        var members: [(key: String, value: JSONValue?)] = [("entries", nil), ("environment", environment.json),
                                                           ("schema", .string(Self.schema))]
        if let shard { members.append(("shard", .string(shard.description))) }
        if let calibration { members.append(("calibration", calibration.json)) }
        members.sort { $0.key < $1.key }
        for (index, member) in members.enumerated() {
            if index > 0 { piece += ",\n" }
            piece += "  " + JSONWriter.quoted(member.key) + ": "
            if let value = member.value {
                JSONWriter.write(value, indent: "  ", into: &piece)
            } else if entries.isEmpty {
                JSONWriter.write(.array([]), indent: "  ", into: &piece)
            } else {
                piece += "[\n"
                for (position, entry) in entries.enumerated() {
                    if position > 0 { piece += ",\n" }
                    piece += "    "
                    JSONWriter.write(entry.json, indent: "    ", into: &piece)
                    if piece.utf8.count >= 1 << 16 {
                        try emit(piece)
                        piece = ""
                    }
                }
                piece += "\n  ]"
            }
        }
        piece += "\n}\n"
        try emit(piece)
    }

    /// Parses a `touchbench.bench/1` document; a lone `touchbench.run/1` object is accepted
    /// as a result of one entry, keyed by its trace file's name, so `compare` works on
    /// `replay --json` files too.
    public static func decode(_ text: String) throws(ResultDecodingError) -> BenchResult {
        var bytes = Array(text.utf8)
        return try decode(bytes: &bytes)
    }

    /// Parses a document from its bytes. Each entry is decoded as soon as the parser has read
    /// it, so the JSON tree of the whole result never exists: a 10 000-trace result held about
    /// 40 kB of tree per entry besides the entries (730 MB for 11 000 entries).
    static func decode(bytes: inout [UInt8]) throws(ResultDecodingError) -> BenchResult {
        var entries: [RunRecord] = []
        var seen = Set<EntryKey>()
        // The first bad entry, reported after the schema is known: `entries` sorts before
        // `schema`, and a file of another schema is that, not a bad entry.
        var entryError: ResultDecodingError?
        let value: JSONValue
        do throws(JSONValue.SyntaxError) {
            var index = 0
            value = try JSONValue.parse(bytes: &bytes, streamingElementsOf: "entries") { element in
                index += 1
                guard entryError == nil else { return }
                do throws(ResultDecodingError) {
                    let entry = try RunRecord(json: element)
                    guard seen.insert(entry.key).inserted else {
                        entryError = ResultDecodingError("has two entries for \(entry.key) (the second is entry \(index))")
                        return
                    }
                    entries.append(entry)
                } catch {
                    // Which entry, among thousands: the reason alone named none.
                    entryError = ResultDecodingError("has a bad entry \(index): \(error.description)")
                }
            }
        } catch {
            throw ResultDecodingError("is not JSON (at byte \(error.offset): \(error.reason))")
        }
        guard value.objectMembers != nil else { throw ResultDecodingError("is not a JSON object") }
        guard let schemaValue = value["schema"] else { throw ResultDecodingError("has no schema, not touchbench.bench/1") }
        guard let schema = schemaValue.stringValue else {
            throw ResultDecodingError("has schema \(JSONWriter.line(schemaValue)), not touchbench.bench/1")
        }
        if schema == RunRecord.schema {
            // A run record keeps members it does not know, an `entries` among them: read whole.
            let whole: JSONValue
            do throws(JSONValue.SyntaxError) { whole = try JSONValue.parse(bytes: &bytes) } catch {
                throw ResultDecodingError("is not JSON (at byte \(error.offset): \(error.reason))")
            }
            var record = try RunRecord(json: whole)
            // A replay names its trace as typed (`Traces/drag.touchtrace`, `./drag.touchtrace`),
            // a bench by its name in the suite: keyed by the file's name, it meets the same
            // trace's run in either (a bench's --baseline of a replay found no run to compare).
            record.trace = String(record.trace.split(separator: "/").last ?? Substring(record.trace))
            var single = BenchResult(entries: [record], environment: Self.environment(of: record))
            single.isSingleRun = true
            return single
        }
        guard schema == Self.schema else {
            throw ResultDecodingError("has schema '\(schema)', not touchbench.bench/1")
        }
        guard value["entries"]?.arrayValue != nil else { throw ResultDecodingError("has no entries array") }
        if let entryError { throw entryError }
        // A shard that is present must be one: dropped, a bad one made merge call the shard
        // missing without a word about this file (hostile report 17).
        var shard: BenchShard?
        if let member = value["shard"], member != .null {
            guard let text = member.stringValue, let parsed = BenchShard(text) else {
                throw ResultDecodingError("has a shard of \(JSONWriter.line(member)), not i/n with 1 ≤ i ≤ n")
            }
            shard = parsed
        }
        return BenchResult(entries: entries, environment: BenchEnvironment(json: value["environment"] ?? .object([])),
                           shard: shard, calibration: value["calibration"].flatMap(BenchCalibration.init(json:)))
    }

    /// What a single run's record tells of the conditions a bench keeps in its environment:
    /// its `--set` parameters and frame cost, written as a bench writes them (``Replaying``'s
    /// settings), so that `compare` of two records run with other parameters warns and leaves
    /// their timing metrics alone (it compared them, with no word of the parameters). The
    /// machine is unknown.
    static func environment(of record: RunRecord) -> BenchEnvironment {
        var environment = BenchEnvironment(json: .object([]))
        if !record.parameters.isEmpty { environment.settings["parameters"] = RunRecord.setting(of: record.parameters) }
        if let cost = record.frameCost, !cost.isEmpty { environment.settings["frameCost"] = cost }
        return environment
    }

    /// The largest result file read: 4 GiB, about 550 000 entries, so `merge` can read back
    /// what it writes from the shards of any suite whose entries fit in memory (a limit of
    /// 256 MB, the other JSON documents', refused a merge of 35 000 entries it had written).
    /// The file is read whole, so this many bytes are allocated only for a file that has them.
    public static let maximumFileSize = 1 << 32

    /// Reads a result file; errors name the file (``BenchReportError/Kind/cannotOpen`` when
    /// it cannot be opened, ``BenchReportError/Kind/malformed`` when it is not a result, such
    /// as a string that is not UTF-8, found by the parser where it stands).
    public static func load(from path: String) throws(BenchReportError) -> BenchResult {
        var bytes = try ReportFile.read(path, limit: maximumFileSize)
        do { return try decode(bytes: &bytes) } catch {
            throw BenchReportError(.malformed, path: path, reason: error.description)
        }
    }

    /// Writes the JSON form to `path`.
    public func write(to path: String) throws(BenchReportError) {
        try ReportFile.write(to: path) { (emit) throws(TraceFileError) in try writeJSON(emit) }
    }
}
