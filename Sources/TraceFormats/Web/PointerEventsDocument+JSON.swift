import TouchBenchSupport

/// Reading a capture from its parsed JSON, member by member, so an error can name the place
/// (`the document events item 3 clientX has the wrong type`).
extension PointerEventsDocument {
    init(json value: JSONValue) throws(Problem) {
        let object = try Fields(value, at: [])
        version = try object.integer("version").map { Int(truncatingIfNeeded: $0) }
        device = try object.string("device")
        timeOrigin = try object.number("timeOrigin")
        if let screenValue = object.member("screen") {
            let screenObject = try Fields(screenValue, at: ["screen"])
            screen = Screen(width: try screenObject.required(screenObject.number("width"), "width"),
                            height: try screenObject.required(screenObject.number("height"), "height"),
                            devicePixelRatio: try screenObject.number("devicePixelRatio"))
        }
        events = try object.required(object.events("events"), "events")
    }
}

extension PointerEventsDocument.Event {
    init(json value: JSONValue, at path: [String]) throws(PointerEventsDocument.Problem) {
        let object = try PointerEventsDocument.Fields(value, at: path)
        type = try object.required(object.string("type"), "type")
        pointerId = try object.integer("pointerId")
        pointerType = try object.string("pointerType")
        timeStamp = try object.required(object.number("timeStamp"), "timeStamp")
        clientX = try object.number("clientX")
        clientY = try object.number("clientY")
        pressure = try object.number("pressure")
        width = try object.number("width")
        height = try object.number("height")
        tiltX = try object.number("tiltX")
        tiltY = try object.number("tiltY")
        twist = try object.number("twist")
        altitudeAngle = try object.number("altitudeAngle")
        azimuthAngle = try object.number("azimuthAngle")
        buttons = try object.integer("buttons")
        shiftKey = try object.bool("shiftKey")
        ctrlKey = try object.bool("ctrlKey")
        altKey = try object.bool("altKey")
        metaKey = try object.bool("metaKey")
        deltaX = try object.number("deltaX")
        deltaY = try object.number("deltaY")
        deltaMode = try object.integer("deltaMode").map { Int(truncatingIfNeeded: $0) }
        coalescedEvents = try object.events("coalescedEvents", or: "coalesced")
        predictedEvents = try object.events("predictedEvents", or: "predicted")
    }
}

extension PointerEventsDocument {
    /// Where the document does not have the shape of a capture, in words.
    struct Problem: Error {
        var message: String
    }

    /// The members of one object and where it is, for typed look-ups that name the place.
    struct Fields {
        let members: [String: JSONValue]
        let path: [String]

        init(_ value: JSONValue, at path: [String]) throws(Problem) {
            guard let members = value.objectMembers else { throw Problem(message: "\(Self.describe(path)) has the wrong type.") }
            self.members = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
            self.path = path
        }

        /// The member, `nil` when absent or null.
        func member(_ key: String) -> JSONValue? {
            guard let value = members[key], value != .null else { return nil }
            return value
        }

        func required<T>(_ value: T?, _ key: String) throws(Problem) -> T {
            guard let value else { throw Problem(message: "\(Self.describe(path)) has no \(key).") }
            return value
        }

        func string(_ key: String) throws(Problem) -> String? { try typed(key) { $0.stringValue } }
        func number(_ key: String) throws(Problem) -> Double? { try typed(key) { $0.doubleValue } }
        func integer(_ key: String) throws(Problem) -> Int64? { try typed(key) { $0.integerValue } }
        func bool(_ key: String) throws(Problem) -> Bool? { try typed(key) { $0.boolValue } }

        /// The list under either of its two names, empty when neither is given. Both at once
        /// is refused: an empty `coalescedEvents` hid a full `coalesced` (hostile report 17).
        func events(_ key: String, or short: String) throws(Problem) -> [Event] {
            let long = try events(key), brief = try events(short)
            if long != nil, brief != nil {
                throw Problem(message: "\(Self.describe(path)) has both \(key) and \(short): give one list, under one name.")
            }
            return long ?? brief ?? []
        }

        func events(_ key: String) throws(Problem) -> [Event]? {
            guard let value = member(key) else { return nil }
            guard let elements = value.arrayValue else { throw wrongType(key) }
            var events: [Event] = []
            for (index, element) in elements.enumerated() {
                events.append(try Event(json: element, at: path + [key, "item \(index + 1)"]))
            }
            return events
        }

        private func typed<T>(_ key: String, _ read: (JSONValue) -> T?) throws(Problem) -> T? {
            guard let value = member(key) else { return nil }
            guard let typed = read(value) else { throw wrongType(key) }
            return typed
        }

        private func wrongType(_ key: String) -> Problem {
            Problem(message: "\(Self.describe(path + [key])) has the wrong type.")
        }

        static func describe(_ path: [String]) -> String {
            (["the document"] + path).joined(separator: " ")
        }
    }
}
