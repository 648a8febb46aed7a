import TouchInput

/// What survives an export to a form and the import back, field by field: the table of
/// docs/FORMATS.md is rendered from ``table``, ``ExportLosses`` counts by it, and the
/// fidelity test checks every claim on a synthesized trace holding every kind and field.
public struct FormatFidelity: Sendable {
    /// How a field comes back.
    public enum Carriage: Sendable, Hashable {
        /// Exactly (on the trace's quanta).
        case exact
        /// Approximated, as described (kept in the table's cell).
        case approximate(String)
        /// Not at all: every value present is counted and reported by `convert`.
        case lost
    }

    /// The columns of the table.
    public enum Field: String, Sendable, CaseIterable {
        case time, kinds, phases, hover, pressure, tilt, roll, radius, modifiers, buttons, flags, markers, metadata
    }

    public var cells: [Field: (carriage: Carriage, note: String)]

    /// The fidelity of `format` (export and import through TouchBench).
    public static func of(_ format: TraceFormat) -> FormatFidelity {
        switch format {
        case .evemu, .libinput, .getevent: evdev(format)
        case .csv: csv
        case .chromeTrace: chromeTrace
        case .pointerEvents: pointerEvents
        }
    }

    private static func evdev(_ format: TraceFormat) -> FormatFidelity {
        FormatFidelity(cells: [
            .time: (.approximate("µs"), "1 µs (markers: ns)"),
            .kinds: (.exact, "all; pointer and scroll positions to whole points"),
            .phases: (.approximate("evdev"), "cancelled → ended, stationary → moved, scroll → moved; touch hover lost"),
            .hover: (.approximate("pencil, pointer"), "pencil and pointer; touch hover lost"),
            .pressure: (.approximate("touch, pencil"), "touch, pencil (axis units); pointer lost"),
            .tilt: (.approximate("pencil"), "pencil, via ABS_TILT (1/4096 rad); touch lost"),
            .roll: (.lost, "lost"),
            .radius: (.approximate("touch major"), "touch major radius; tolerance, pencil and pointer radii lost"),
            .modifiers: (.approximate("from keys"), "rebuilt from modifier key events"),
            .buttons: (.approximate("pointer, pencil"), "pointer left/right/middle, pencil barrel"),
            .flags: (.lost, "lost"),
            .markers: (.exact, format == .evemu ? "comments in place" : "header comments, after the samples of their time"),
            .metadata: (.exact, "`# TouchBench:` comment"),
        ])
    }

    private static let csv = FormatFidelity(cells: [
        .time: (.exact, "ns (`t_ns`)"),
        .kinds: (.exact, "all"),
        .phases: (.exact, "all"),
        .hover: (.exact, "all"),
        .pressure: (.exact, "all"),
        .tilt: (.exact, "altitude, azimuth (rad)"),
        .roll: (.exact, "rad"),
        .radius: (.exact, "radius and tolerance (pt)"),
        .modifiers: (.exact, "names, bar-separated"),
        .buttons: (.approximate("0 = none"), "integer mask; 0 and absent are one on non-pointer rows"),
        .flags: (.exact, "names, bar-separated"),
        .markers: (.exact, "`label` column"),
        .metadata: (.exact, "sidecar `NAME.csv.metadata.json`"),
    ])

    private static let chromeTrace = FormatFidelity(cells: [
        .time: (.exact, "µs with ns decimals (export only)"),
        .kinds: (.exact, "one track per contact life; keys, scroll, markers on their own tracks"),
        .phases: (.exact, "instant names"),
        .hover: (.exact, "phases"),
        .pressure: (.exact, "args"),
        .tilt: (.exact, "args"),
        .roll: (.exact, "args"),
        .radius: (.exact, "args"),
        .modifiers: (.exact, "args"),
        .buttons: (.exact, "args"),
        .flags: (.exact, "args"),
        .markers: (.exact, "instants on the markers track"),
        .metadata: (.approximate("device"), "device name as the process name; the rest lost"),
    ])

    /// Import only: what a capture page's Pointer Events carry (see ``PointerEventsImporter``).
    private static let pointerEvents = FormatFidelity(cells: [
        .time: (.approximate("page clock"), "import only: the page's timestamps"),
        .kinds: (.approximate("touch, pen, mouse, wheel"), "touch, pencil, pointer, scroll"),
        .phases: (.approximate("events"), "from event types; touch has no hover"),
        .hover: (.approximate("pen, mouse"), "pointerover/out, moves without buttons"),
        .pressure: (.exact, "pressure"),
        .tilt: (.exact, "pen angles"),
        .roll: (.exact, "twist"),
        .radius: (.approximate("contact size"), "from the contact's size"),
        .modifiers: (.exact, "modifier keys"),
        .buttons: (.exact, "buttons"),
        .flags: (.approximate("coalesced, predicted"), "coalesced and predicted events"),
        .markers: (.lost, "none"),
        .metadata: (.approximate("epoch"), "timeOrigin as the epoch"),
    ])

    /// The Markdown table of every form, one row per form, one column per field.
    public static var table: String {
        var text = "| form | " + Field.allCases.map(\.rawValue).joined(separator: " | ") + " |\n"
        text += "|---|" + String(repeating: "---|", count: Field.allCases.count) + "\n"
        for format in TraceFormat.allCases {
            let fidelity = of(format)
            text += "| \(format.rawValue) | " + Field.allCases.map { fidelity.cells[$0]?.note ?? "" }.joined(separator: " | ") + " |\n"
        }
        return text
    }
}
