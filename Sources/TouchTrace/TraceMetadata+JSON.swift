import TouchBenchSupport
import TouchInput

/// Trace metadata as JSON: the header of a `.touchtrace` file, the first line of the JSON
/// Lines form, the metadata comment of text exports. The shape is the one `TraceMetadata`'s
/// `Codable` conformance declares (free string keys at the top level, quanta only when not
/// the defaults), read and written here without Foundation.
extension TraceMetadata {
    /// Keys with a meaning of their own; every other top-level key is a free string.
    static let knownKeys: Set<String> = [
        "device", "screen", "digitizerHz", "displayHz", "source", "epochNanoseconds", "forceMaximum", "quanta", "extra",
    ]

    /// The metadata as a JSON object.
    package var jsonValue: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        if let device { members.append(("device", .string(device))) }
        if let screen {
            members.append(("screen", .object([("width", .number(screen.width)), ("height", .number(screen.height)),
                                               ("scale", .number(screen.scale))])))
        }
        if let digitizerHz { members.append(("digitizerHz", .number(digitizerHz))) }
        if let displayHz { members.append(("displayHz", .number(displayHz))) }
        if let source { members.append(("source", .string(source))) }
        if let epochNanoseconds { members.append(("epochNanoseconds", .integer(epochNanoseconds))) }
        if let forceMaximum { members.append(("forceMaximum", .number(forceMaximum))) }
        if quanta != .standard {
            members.append(("quanta", .object([
                ("position", .number(quanta.position)), ("radius", .number(quanta.radius)), ("force", .number(quanta.force)),
                ("angle", .number(quanta.angle)), ("scroll", .number(quanta.scroll)),
            ])))
        }
        for (key, value) in extra where !Self.knownKeys.contains(key) { members.append((key, .string(value))) }
        return .object(members)
    }

    /// Reads metadata from a JSON object; the error says which member is wrong.
    package init(json value: JSONValue) throws(MetadataJSONError) {
        guard let members = value.objectMembers else { throw MetadataJSONError("the metadata is not an object") }
        self.init()
        // Free keys stand at the top level (as the JSON Lines form writes them) or inside
        // `extra`; the top level wins.
        if let nested = value["extra"], nested != .null {
            guard let pairs = nested.objectMembers else { throw MetadataJSONError("extra is not an object") }
            for (name, text) in pairs { extra[name] = try Self.string(text, "extra.\(name)") }
        }
        for (key, member) in members where key != "extra" {
            guard Self.knownKeys.contains(key) else {
                extra[key] = try Self.string(member, key)
                continue
            }
            guard member != .null else { continue }
            switch key {
            case "device": device = try Self.string(member, key)
            case "source": source = try Self.string(member, key)
            case "digitizerHz": digitizerHz = try Self.number(member, key)
            case "displayHz": displayHz = try Self.number(member, key)
            case "forceMaximum": forceMaximum = try Self.number(member, key)
            case "epochNanoseconds":
                guard let nanoseconds = member.integerValue else { throw MetadataJSONError("epochNanoseconds is not an integer") }
                epochNanoseconds = nanoseconds
            case "screen":
                screen = Screen(width: try Self.number(member["width"], "screen.width"),
                                height: try Self.number(member["height"], "screen.height"),
                                scale: try Self.number(member["scale"], "screen.scale"))
            default:
                quanta = FieldQuanta(position: try Self.number(member["position"], "quanta.position"),
                                     radius: try Self.number(member["radius"], "quanta.radius"),
                                     force: try Self.number(member["force"], "quanta.force"),
                                     angle: try Self.number(member["angle"], "quanta.angle"),
                                     scroll: try Self.number(member["scroll"], "quanta.scroll"))
            }
        }
    }

    private static func string(_ value: JSONValue?, _ key: String) throws(MetadataJSONError) -> String {
        guard let value else { throw MetadataJSONError("\(key) is missing") }
        guard let text = value.stringValue else { throw MetadataJSONError("\(key) is not a string: free metadata keys hold strings") }
        return text
    }

    private static func number(_ value: JSONValue?, _ key: String) throws(MetadataJSONError) -> Double {
        guard let value else { throw MetadataJSONError("\(key) is missing") }
        guard let number = value.doubleValue else { throw MetadataJSONError("\(key) is not a number") }
        return number
    }
}

/// Why a JSON object is not trace metadata; the caller says where it was.
package struct MetadataJSONError: Error, Sendable {
    package var reason: String
    package init(_ reason: String) { self.reason = reason }
}
