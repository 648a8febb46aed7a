import TouchInput

/// Writes samples as CSV with a header row, one row per sample, in the columns
/// ``CSVImporter`` reads (`t` in integer nanoseconds). Only columns some sample uses are
/// written; numbers are written in their shortest exact form, so the file reads back to the
/// same samples.
public enum CSVExporter {
    /// The CSV text of `samples`, header first.
    public static func export(samples: [InputSample]) -> String {
        var used: [CSVImporter.Column] = [.t, .kind, .phase, .id]
        let optional: [(CSVImporter.Column, (InputSample) -> Bool)] = [
            (.x, { $0.location != nil }), (.y, { $0.location != nil }), (.force, { $0.force != nil }),
            (.majorRadius, { $0.majorRadius != nil }), (.majorRadiusTolerance, { $0.majorRadiusTolerance != nil }),
            (.altitude, { $0.altitude != nil }), (.azimuth, { $0.azimuth != nil }), (.roll, { $0.roll != nil }),
            (.buttons, { $0.buttons != nil }), (.modifiers, { !$0.modifiers.isEmpty }), (.flags, { !$0.flags.isEmpty }),
            (.dx, { $0.scrollDelta != nil }), (.dy, { $0.scrollDelta != nil }), (.key, { $0.key != nil }),
            (.label, { $0.label != nil }),
        ]
        for (column, present) in optional where samples.contains(where: present) { used.append(column) }
        var out = used.map(\.rawValue).joined(separator: ",") + "\n"
        for sample in samples {
            out += used.map { cell($0, sample) }.joined(separator: ",") + "\n"
        }
        return out
    }

    private static func cell(_ column: CSVImporter.Column, _ sample: InputSample) -> String {
        func number(_ value: Double?) -> String { value.map { "\($0)" } ?? "" }
        switch column {
        case .t, .time_ns: return String(sample.time)
        case .kind: return sample.kind.name
        case .phase: return sample.phase.name
        case .id: return String(sample.id)
        case .x: return number(sample.location?.x)
        case .y: return number(sample.location?.y)
        case .force, .pressure: return number(sample.force)
        case .majorRadius: return number(sample.majorRadius)
        case .majorRadiusTolerance: return number(sample.majorRadiusTolerance)
        case .altitude: return number(sample.altitude)
        case .azimuth: return number(sample.azimuth)
        case .roll: return number(sample.roll)
        case .buttons: return sample.buttons.map(String.init) ?? ""
        case .modifiers: return sample.modifiers.names.joined(separator: "|")
        case .flags: return sample.flags.names.joined(separator: "|")
        case .dx: return number(sample.scrollDelta?.dx)
        case .dy: return number(sample.scrollDelta?.dy)
        case .key: return sample.key.map(String.init) ?? ""
        case .label: return sample.label.map(CSVTable.escape) ?? ""
        case .time_us, .time_ms, .time_s: return ""
        }
    }
}
