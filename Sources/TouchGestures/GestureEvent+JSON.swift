import TouchBenchSupport

extension GestureEvent {
    /// The event as one JSON object on one line, keys sorted: its ``reportMembers``
    /// (`{"gesture", "state", "t", "id", …}`), numbers exact (``JSONWriter/Style/compact``).
    public var jsonText: String {
        JSONWriter.text(jsonValue, style: .compact)
    }

    var jsonValue: JSONValue {
        .object(reportMembers.map { member in
            switch member.value {
            case .text(let text): (key: member.key, value: .string(text))
            case .integer(let integer): (key: member.key, value: .integer(integer))
            case .number(let number): (key: member.key, value: .number(number))
            }
        })
    }
}
