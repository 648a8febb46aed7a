/// A parsed JSON value: the small parser behind the JSON Lines form and result files.
///
/// Numbers keep whether they were written as integers, so nanosecond times beyond 2^53
/// survive exactly. Object members keep their order.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.integer(a), .integer(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .integer(let i): hasher.combine(i)
        case .number(let d): hasher.combine(d)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o): for member in o { hasher.combine(member.key); hasher.combine(member.value) }
        }
    }

    /// The value as a Double, whichever way the number was written.
    package var doubleValue: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let d): d
        default: nil
        }
    }

    /// The member named `key` of an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Why a text is not JSON, with the byte offset where parsing stopped.
    package struct SyntaxError: Error, Sendable {
        package var offset: Int
        package var reason: String
        /// A name given twice in one object: whole text, so never a sign of a cut line.
        package var isRepeatedKey = false
    }

    /// Parses one complete JSON value (surrounding whitespace allowed).
    package static func parse(_ text: some StringProtocol) throws(SyntaxError) -> JSONValue {
        var utf8 = Array(text.utf8)
        return try parse(bytes: &utf8)
    }

    package static func parse(bytes: inout [UInt8]) throws(SyntaxError) -> JSONValue {
        try bytes.withBytes { (buffer) throws(SyntaxError) in
            var parser = JSONParser(bytes: buffer)
            return try parser.parseDocument()
        }
    }

    /// Parses one complete JSON value, handing each element of the top-level object's member
    /// `key`, where that is an array, to `element` as soon as it is parsed instead of keeping
    /// it: the value returned has `[]` there. A result of 10 000 entries is then never one tree
    /// (about 40 kB an entry). Everything else is parsed and checked as ``parse(bytes:)`` does.
    package static func parse(bytes: inout [UInt8], streamingElementsOf key: String,
                              _ element: (JSONValue) -> Void) throws(SyntaxError) -> JSONValue {
        try withoutActuallyEscaping(element) { (element) throws(SyntaxError) in
            try bytes.withBytes { (buffer) throws(SyntaxError) in
                var parser = JSONParser(bytes: buffer)
                parser.streamed = (key, element)
                return try parser.parseDocument()
            }
        }
    }
}

/// A recursive-descent parser over UTF-8 bytes, bounded in depth so hostile input cannot
/// exhaust the stack.
private struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    var position = 0
    static let maximumDepth = 64

    /// The top-level member whose array elements go to a closure instead of the tree.
    var streamed: (key: String, element: (JSONValue) -> Void)?

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func parseDocument() throws(JSONValue.SyntaxError) -> JSONValue {
        let value = try parseValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected text after the value") }
        return value
    }

    func error(_ reason: String) -> JSONValue.SyntaxError {
        JSONValue.SyntaxError(offset: position, reason: reason)
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            position += 1
        }
    }

    mutating func parseValue(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        skipWhitespace()
        guard position < bytes.count else { throw error("the text ends where a value should be") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try parseNumber()
        }
    }

    mutating func expect(_ word: StaticString) throws(JSONValue.SyntaxError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw error("unknown literal") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
            throw error("unknown literal")
        }
        position += count
    }

    mutating func parseObject(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        // RFC 8259 leaves a repeated name's meaning to the reader; ours refuses it, so that a
        // result or baseline cannot say two things and be read as either (hostile report L9).
        // A set only for large objects: hashing every key of the small ones (a metric's nine
        // members) cost a tenth of reading a result; a scan of a few keys costs less.
        var keys: Set<String> = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
            let keyStart = position
            let key = try parseString()
            let repeated: Bool
            if members.count < 16 {
                repeated = members.contains { $0.key == key }
            } else {
                if keys.isEmpty { keys = Set(members.map(\.key)) }
                repeated = !keys.insert(key).inserted
            }
            guard !repeated else {
                throw JSONValue.SyntaxError(offset: keyStart, reason: "the key \"\(key.count > 40 ? String(key.prefix(40)) + "…" : key)\" appears twice in one object",
                                            isRepeatedKey: true)
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
            position += 1
            skipWhitespace()
            if depth == 0, let streamed, key == streamed.key, position < bytes.count, bytes[position] == UInt8(ascii: "[") {
                try parseArray(depth: depth + 1, each: streamed.element)
                members.append((key, .array([])))
            } else {
                members.append((key, try parseValue(depth: depth + 1)))
            }
            skipWhitespace()
            guard position < bytes.count else { throw error("the object is not closed") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    mutating func parseArray(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
        var elements: [JSONValue] = []
        try parseArray(depth: depth) { elements.append($0) }
        return .array(elements)
    }

    /// Parses an array, handing each element to `each` in order.
    mutating func parseArray(depth: Int, each: (JSONValue) -> Void) throws(JSONValue.SyntaxError) {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        position += 1
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") { position += 1; return }
        while true {
            each(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard position < bytes.count else { throw error("the array is not closed") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            throw error("expected ',' or ']' in an array")
        }
    }

    mutating func parseString() throws(JSONValue.SyntaxError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
                position += 1
                guard let string = String(validating: slice, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw error("a control character inside a string") }
            position += 1
        }
        var scalars = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: scalars, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                return string
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { throw error("the string is not closed") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"),
                              bytes[position + 1] == UInt8(ascii: "u") else { throw error("an unpaired surrogate") }
                        position += 2
                        let low = try parseHex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("an unpaired surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("an invalid \\u escape") }
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("an unknown escape in a string")
                }
            default:
                guard byte >= 0x20 else { throw error("a control character inside a string") }
                scalars.append(byte)
            }
        }
        throw error("the string is not closed")
    }

    mutating func parseHex4() throws(JSONValue.SyntaxError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw error("a short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            position += 1
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("a bad hex digit in a \\u escape")
            }
            value = value << 4 | digit
        }
        return value
    }

    mutating func parseNumber() throws(JSONValue.SyntaxError) -> JSONValue {
        let start = position
        var isInteger = true
        if position < bytes.count && bytes[position] == UInt8(ascii: "-") { position += 1 }
        let digitsStart = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
        guard position > digitsStart else { throw error("expected a value") }
        guard !(bytes[digitsStart] == UInt8(ascii: "0") && position - digitsStart > 1) else { throw error("a number with a leading zero") }
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            let fraction = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            guard position > fraction else { throw error("a number without digits after '.'") }
        }
        if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
            isInteger = false
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
            let exponent = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            guard position > exponent else { throw error("a number without exponent digits") }
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let number = Double(text), number.isFinite else { throw error("a number out of range") }
        return .number(number)
    }
}
