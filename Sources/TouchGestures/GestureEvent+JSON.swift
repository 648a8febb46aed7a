import TouchBenchSupport

extension GestureEvent {
    /// The event as one JSON object on one line, keys sorted: its ``reportMembers``
    /// (`{"gesture", "state", "t", "id", …}`), numbers exact (``JSONWriter/Style/compact``).
    ///
    /// Written member by member through the writer's scalars, in key order, as the writer
    /// lays out the object of ``jsonValue``: building that object (a dictionary of members,
    /// sorted again) was three quarters of `gestures --json --verbose` on an hour of input.
    public var jsonText: String {
        let style = JSONWriter.Style.compact
        var text = "{"
        text.reserveCapacity(192)
        var first = true
        forEachReportMember { key, value in
            if !first { text += style.memberSeparator }
            first = false
            text += Self.quotedKeys[key.rawValue]
            JSONWriter.write(value.jsonValue, style: style, indent: "", into: &text)
        }
        text += "}"
        return text
    }

    /// Each report key quoted as the compact style quotes it, with the key separator.
    private static let quotedKeys = ReportKey.allCases.map(\.name).map {
        JSONWriter.quoted($0, escapingSlashes: JSONWriter.Style.compact.escapesSlashes,
                          namingControls: JSONWriter.Style.compact.namesControls) + JSONWriter.Style.compact.keySeparator
    }

    /// The event as a JSON object, laid out by the writer as ``jsonText`` is written: kept for
    /// the tests that hold the two to the same bytes.
    var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        forEachReportMember { key, value in members.append((key.name, value.jsonValue)) }
        return .object(members)
    }
}

extension GestureEvent.ReportValue {
    var jsonValue: JSONValue {
        switch self {
        case .text(let text): .string(text)
        case .integer(let integer): .integer(integer)
        case .number(let number): .number(number)
        }
    }
}
