import Foundation
import TouchInput
import TouchTrace

/// Reads samples from CSV with a header row naming its columns.
///
/// Columns (any order, all optional but a time):
/// - time: `t` or `time_ns` (integer nanoseconds), `time_us`, `time_ms` or `time_s`
///   (decimals, converted exactly; more digits than a nanosecond is an error);
/// - `kind` (touch, pencil, pointer, scroll, key, marker; default touch), `phase` (the JSON
///   Lines names; when the column is absent a contact's first row is `began`, its last
///   `ended`, the others `moved`), `id` (default 0);
/// - `x`, `y`, `force` (alias `pressure`), `majorRadius`, `majorRadiusTolerance`, `altitude`,
///   `azimuth`, `roll`, `buttons`, `dx`, `dy`, `key`, `label`;
/// - `modifiers` and `flags`: names separated by `|` or spaces (`shift|command`).
///
/// Lines starting with `#` and blank lines are skipped. Times must not decrease; times of
/// 10⁸ s and more are taken as wall-clock and made relative to the first row (which becomes
/// the metadata epoch). An empty cell is an absent field, but a location is both `x` and `y`
/// or neither: a row with one of them, or a header with one of their columns, is refused (as
/// JSON Lines refuses a sample with one). An unknown column, a row with the wrong number of
/// cells or a malformed value is an error naming its line.
public enum CSVImporter {
    /// Reads the file at `path`; errors name the file and, for malformed content, the line.
    public static func read(contentsOf path: String, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        try parse(lines: .file(path), path: path, options: options)
    }

    enum Column: String, CaseIterable {
        case t, time_ns, time_us, time_ms, time_s, kind, phase, id, x, y, force, pressure, majorRadius,
             majorRadiusTolerance, altitude, azimuth, roll, buttons, modifiers, flags, dx, dy, key, label

        /// The column a header cell names: a JSON Lines key, or one with its unit as TouchBench
        /// writes it (`t_ns`, `x_pt`, `altitude_rad`).
        init?(header cell: String) {
            let aliases: [String: Column] = [
                "t_ns": .t, "x_pt": .x, "y_pt": .y, "majorRadius_pt": .majorRadius,
                "majorRadiusTolerance_pt": .majorRadiusTolerance, "altitude_rad": .altitude, "azimuth_rad": .azimuth,
                "roll_rad": .roll, "dx_pt": .dx, "dy_pt": .dy,
            ]
            guard let column = aliases[cell] ?? Column(rawValue: cell) else { return nil }
            self = column
        }
    }

    /// Parses the content of a file; `path` only names it in errors.
    public static func parse(_ text: String, path: String? = nil, options: ImportOptions = ImportOptions()) throws -> ImportedTrace {
        try parse(lines: .text(text), path: path, options: options)
    }

    static func parse(lines: TextLines, path: String?, options: ImportOptions) throws -> ImportedTrace {
        // The sidecar first: its quanta are the grid the rows' ranges allow for.
        let sidecar = try path.flatMap(sidecarMetadata(forCSVAt:))
        var rows = Rows(path: path, quanta: sidecar?.quanta ?? .standard)
        var samples: [InputSample] = []
        var lineNumbers: [Int] = []
        try lines.forEachBytes(path: path) { number, bytes in
            if let sample = try rows.read(bytes, number: number) {
                samples.append(sample)
                lineNumbers.append(number)
            }
        }
        guard !rows.columns.isEmpty else { throw TraceFormatError("the file has no header row.", path: path) }
        var metadata = TraceMetadata(screen: options.screen, source: "csv")
        if let sidecar { metadata = sidecar }
        if let first = samples.first {
            var timeline = CSVTimeline(first: first)
            if let epoch = timeline.epochNanoseconds { metadata.epochNanoseconds = epoch }
            samples[0] = timeline.placedFirst(first)
            for index in samples.indices.dropFirst() where !timeline.place(&samples[index]) {
                throw TraceFormatError("the time goes backwards.", path: path, line: lineNumbers[index])
            }
        }
        if !rows.columns.contains(.phase) { inferPhases(&samples) }
        return ImportedTrace(metadata: metadata, samples: samples)
    }

    /// The rows of a file line by line: the header, then a sample per row (what both the
    /// whole import and ``CSVSampleStream`` read).
    struct Rows {
        let path: String?
        /// The grid of the trace (its sidecar's), which the range check allows for.
        let quanta: FieldQuanta
        private(set) var columns: [Column] = []

        init(path: String?, quanta: FieldQuanta) {
            self.path = path
            self.quanta = quanta
        }

        /// The sample on the line, `nil` for the header, a blank or a comment line; a sample
        /// outside the model's ranges (``InputSample/problem(quanta:)``) is an error naming
        /// the line. A marker's empty label cell is the empty label: CSV has no null, and a
        /// marker always has a label.
        mutating func read(_ bytes: UnsafeRawBufferPointer, number: Int) throws -> InputSample? {
            guard var sample = try parse(bytes, number: number) else { return nil }
            if sample.kind == .marker, sample.label == nil { sample.label = "" }
            if let problem = sample.problem(quanta: quanta) {
                throw TraceFormatError("the row \(problem).", path: path, line: number)
            }
            // Every row's own time in the range every trace keeps: the difference of two such
            // times fits an Int64, so moving the rows to the first row's epoch cannot overflow
            // (a row at −(2^63 − 1) ns after a wall-clock first row trapped the whole import).
            guard SampleTime.isValid(sample.time) else {
                throw TraceFormatError("the row \(SampleTime.outOfRangeReason(sample.time)).", path: path, line: number)
            }
            return sample
        }

        private mutating func parse(_ bytes: UnsafeRawBufferPointer, number: Int) throws -> InputSample? {
            if let sample = fastSample(bytes, columns: columns) { return sample }
            let line = ByteLines.substring(bytes)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
            let cells: [String]
            switch CSVTable.fields(line) {
            case .success(let fields): cells = fields
            case .failure(let error): throw TraceFormatError(error.reason, path: path, line: number)
            }
            if columns.isEmpty {
                columns = try header(cells, path: path, line: number)
                return nil
            }
            guard cells.count == columns.count else {
                throw TraceFormatError("the row has \(cells.count) cells for \(columns.count) columns.", path: path, line: number)
            }
            do {
                return try sample(cells, columns: columns)
            } catch let error as TraceFormatError {
                throw TraceFormatError(error.reason, path: path, line: number)
            }
        }
    }

    private static func header(_ cells: [String], path: String?, line: Int) throws -> [Column] {
        var columns: [Column] = []
        for cell in cells {
            guard let column = Column(header: cell) else {
                throw TraceFormatError("unknown column \(quoted(cell)); known: \(Column.allCases.map(\.rawValue).joined(separator: ", ")).", path: path, line: line)
            }
            guard !columns.contains(column) else { throw TraceFormatError("the column \(cell) appears twice.", path: path, line: line) }
            columns.append(column)
        }
        let times = columns.filter { [.t, .time_ns, .time_us, .time_ms, .time_s].contains($0) }
        guard times.count == 1 else { throw TraceFormatError("the header needs exactly one time column (t, time_ns, time_us, time_ms or time_s).", path: path, line: line) }
        if columns.contains(.force) && columns.contains(.pressure) {
            throw TraceFormatError("force and pressure are the same column.", path: path, line: line)
        }
        // No row of such a file could hold a location, so the header is what is wrong (each
        // row read 0 for the missing coordinate).
        if columns.contains(.x) != columns.contains(.y) {
            let columnsFound = columns.contains(.x) ? "an x column but no y column" : "a y column but no x column"
            throw TraceFormatError("the header has \(columnsFound); a location needs both.", path: path, line: line)
        }
        return columns
    }

    private static func sample(_ cells: [String], columns: [Column]) throws -> InputSample {
        var sample = InputSample(time: 0, kind: .touch, phase: .moved)
        var x: Double?, y: Double?, dx: Double?, dy: Double?
        for (column, cell) in zip(columns, cells) where !cell.isEmpty {
            func number() throws -> Double {
                guard ByteCursor.isDecimal(cell.utf8), let value = Double(cell), value.isFinite else {
                    throw TraceFormatError("\(column.rawValue) \(quoted(cell)) is not a finite decimal number.")
                }
                return value
            }
            func time(_ scale: Int) throws -> Int64 {
                // Negative times are valid as in JSON Lines (before the epoch): the CSV export
                // writes them, so the import reads them back (hostile report 16 M6).
                guard let value = TextInput.decimal(Substring(cell), scale: scale) else {
                    throw TraceFormatError("\(column.rawValue) \(quoted(cell)) is not a time to the nanosecond.")
                }
                return value
            }
            func unsigned() throws -> UInt32 {
                guard let value = UInt32(cell) else { throw TraceFormatError("\(column.rawValue) \(quoted(cell)) is not an unsigned 32-bit integer.") }
                return value
            }
            switch column {
            case .t, .time_ns: sample.time = try time(0)
            case .time_us: sample.time = try time(3)
            case .time_ms: sample.time = try time(6)
            case .time_s: sample.time = try time(9)
            case .kind:
                guard let kind = SampleKind(name: cell) else { throw TraceFormatError("unknown kind \(quoted(cell)).") }
                sample.kind = kind
            case .phase:
                guard let phase = SamplePhase(name: cell) else { throw TraceFormatError("unknown phase \(quoted(cell)).") }
                sample.phase = phase
            case .id: sample.id = try unsigned()
            case .x: x = try number()
            case .y: y = try number()
            case .force, .pressure: sample.force = try number()
            case .majorRadius: sample.majorRadius = try number()
            case .majorRadiusTolerance: sample.majorRadiusTolerance = try number()
            case .altitude: sample.altitude = try number()
            case .azimuth: sample.azimuth = try number()
            case .roll: sample.roll = try number()
            case .buttons: sample.buttons = try unsigned()
            case .key: sample.key = try unsigned()
            case .dx: dx = try number()
            case .dy: dy = try number()
            case .label: sample.label = cell
            case .modifiers:
                guard let flags = ModifierFlags(names: names(cell)) else { throw TraceFormatError("unknown modifier in \(quoted(cell)).") }
                sample.modifiers = flags
            case .flags:
                guard let flags = SampleFlags(names: names(cell)) else { throw TraceFormatError("unknown flag in \(quoted(cell)).") }
                sample.flags = flags
            }
        }
        try complete(&sample, x: x, y: y, dx: dx, dy: dy)
        return sample
    }

    /// What a row's cells make of a sample once read, on the general path and the fast one
    /// (``fastSample(_:columns:)``) alike: the location and the scroll delta, and no key or
    /// buttons for the 0 TouchBench writes for none (so readers type the columns as integers;
    /// only a pointer's button mask is meaningful at 0). A location needs both cells, as in
    /// JSON Lines: one of them empty was read as 0.
    static func complete(_ sample: inout InputSample, x: Double?, y: Double?, dx: Double?, dy: Double?) throws {
        if sample.key == 0 { sample.key = nil }
        if sample.buttons == 0, sample.kind != .pointer { sample.buttons = nil }
        switch (x, y) {
        case let (x?, y?): sample.location = (x, y)
        case (nil, nil):
            if sample.kind.isContact { throw TraceFormatError("a \(sample.kind.name) row needs x and y.") }
        case (nil, _): throw TraceFormatError("the row needs both x and y: its x cell is empty.")
        case (_, nil): throw TraceFormatError("the row needs both x and y: its y cell is empty.")
        }
        if dx != nil || dy != nil { sample.scrollDelta = (dx ?? 0, dy ?? 0) }
    }

    /// The metadata of the sidecar `PATH.metadata.json` TouchBench writes beside a CSV file, if there is one.
    static func sidecarMetadata(forCSVAt path: String) throws -> TraceMetadata? {
        let sidecar = CSVWriter.metadataPath(forCSVAt: path)
        guard FileManager.default.fileExists(atPath: sidecar) else { return nil }
        // One sentence naming the sidecar, where it went wrong and why: the reader's own error
        // quoted inside another read "f: … (f: …; ….)." (hostile report 16 L1).
        let role = "the metadata sidecar of \(path.split(separator: "/").last.map(String.init) ?? path)"
        let failure: TraceFileError
        do throws(TraceFileError) {
            return try JSONLinesReader(path: sidecar).metadata
        } catch {
            failure = error
        }
        switch failure.kind {
        case .cannotOpen, .io: throw TraceFormatError("\(role) \(failure.reason).", path: sidecar, kind: .unreadable)
        default: throw TraceFormatError("\(role) is not a JSON Lines metadata line: it \(failure.reason).", path: sidecar, line: failure.line)
        }
    }

    static func names(_ cell: String) -> [String] {
        cell.split(whereSeparator: { $0 == "|" || $0 == " " }).map(String.init)
    }

    /// Without a phase column: a contact's first row begins it, its last ends it.
    private static func inferPhases(_ samples: inout [InputSample]) {
        var first: [UInt64: Int] = [:], last: [UInt64: Int] = [:]
        for (index, sample) in samples.enumerated() where sample.kind.isContact {
            let key = sample.contact.packed
            if first[key] == nil { first[key] = index }
            last[key] = index
        }
        for index in samples.indices where samples[index].kind.isContact { samples[index].phase = .moved }
        for index in last.values { samples[index].phase = .ended }
        for index in first.values { samples[index].phase = .began }
    }
}
