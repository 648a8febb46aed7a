import TouchBenchSupport

/// The small part of YAML that `libinput record` writes: block mappings and sequences by
/// indentation, `- key: value` items, plain and quoted scalars, one-line flow sequences
/// (`[0, 1, 2]`) and one-line flow mappings (kept as opaque text; libinput's own events use
/// them), comments and one document (`---`, `...`). Anything else — tabs for indentation,
/// multi-line scalars, anchors, aliases, tags, block scalars, a key twice in one mapping, a
/// second document — is an error naming its line.
indirect enum RecordYAML: Sendable {
    case scalar(String, line: Int)
    case sequence([RecordYAML], line: Int)
    case mapping([(key: String, value: RecordYAML)], line: Int)
    case null(line: Int)
    /// A block sequence whose every item is a kernel event `[sec, usec, type, code, value]`
    /// within the kernel's ranges, read by the fast path (see ``Parser/addBytes(_:number:)``):
    /// these events of the document's ``Document/events``.
    case events(Range<Int>, line: Int)

    var line: Int {
        switch self {
        case .scalar(_, let line), .sequence(_, let line), .mapping(_, let line), .null(let line), .events(_, let line): line
        }
    }

    subscript(key: String) -> RecordYAML? {
        guard case .mapping(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }

    var string: String? { if case .scalar(let text, _) = self { text } else { nil } }
    var items: [RecordYAML]? { if case .sequence(let items, _) = self { items } else { nil } }

    /// A parsed file: its tree, and the events its ``events(_:line:)`` nodes refer to.
    struct Document {
        var root: RecordYAML
        var events: [EvdevEvent]
        /// The file's cut last event item, not read (``ByteLines/EventLines``).
        var cutLine: Int?
    }

    /// Parses `lines`; errors carry the 1-based line (and the path of a file).
    /// TouchBench's comments (YAML comments to the parser) are read into `comments` on the way.
    static func parse(_ lines: TextLines, path: String?, comments: inout TouchBenchComments) throws -> Document {
        var parser = Parser()
        let cutLine = try lines.forEachBytes(path: path, cutting: .libinput) { number, line in
            _ = try comments.readIfComment(line, number: number, path: path)
            try parser.addBytes(line, number: number)
        }
        // A frame whose first event was the cut line holds nothing written whole: it goes too.
        if cutLine != nil, let last = parser.lines.last, last.isFrame { parser.lines.removeLast() }
        return Document(root: try parser.document(), events: parser.events, cutLine: cutLine)
    }

    struct Line {
        var number: Int
        var indent: Int
        var text: Substring
        /// For a run of consecutive event items read by the fast path (`text` is then `- [`),
        /// their events in ``Parser/events``; the run's lines follow `number` one by one.
        var events: Range<Int>?
        /// Whether the line is a sequence item (`-` or `- …`), worked out once.
        var isItem: Bool
        /// Whether the line is exactly `- evdev:` (a frame, seen by the fast path).
        var isFrame = false
    }

    struct Parser {
        static let maximumDepth = 64
        var lines: [Line] = []
        /// The events of every event run, in file order.
        var events: [EvdevEvent] = []
        var index = 0
        var depth = 0
        /// Whether `...` ended the document.
        var ended = false

        mutating func add(_ raw: Substring, number: Int) throws {
            let indent = raw.prefix { $0 == " " }.count
            let rest = raw.dropFirst(indent)
            if rest.first == "\t" { throw TraceFormatError("a tab indents this line; YAML indents with spaces.", line: number) }
            let content = try Self.stripComment(rest, line: number)
            if indent == 0 && (content == "---" || content == "...") {
                // One document: a second would be ignored in silence (hostile report L9).
                guard lines.isEmpty && events.isEmpty && !ended else {
                    throw TraceFormatError("a second YAML document (\(content)) is not part of what libinput record writes: it writes one.", line: number)
                }
                if content == "..." { ended = true }
                return
            }
            if content.isEmpty { return }
            if ended { throw TraceFormatError("text follows the end of the YAML document (...).", line: number) }
            try Self.rejectFeature(content, line: number)
            lines.append(Line(number: number, indent: indent, text: content, events: nil, isItem: Self.isItem(content)))
        }

        mutating func document() throws -> RecordYAML {
            guard let first = lines.first else { throw TraceFormatError("the file is empty.") }
            let node = try block(minimumIndent: first.indent)
            if index < lines.count {
                throw TraceFormatError("this line is indented where nothing can continue.", line: lines[index].number)
            }
            return node
        }

        private mutating func block(minimumIndent: Int) throws -> RecordYAML {
            guard index < lines.count, lines[index].indent >= minimumIndent else {
                return .null(line: index < lines.count ? lines[index].number : 0)
            }
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maximumDepth else { throw TraceFormatError("the nesting is too deep.", line: lines[index].number) }
            let line = lines[index]
            return line.isItem ? try sequence(indent: line.indent) : try mapping(indent: line.indent, first: nil)
        }

        private mutating func sequence(indent: Int) throws -> RecordYAML {
            let start = lines[index].number
            var items: [RecordYAML] = []
            // Event items stay compact while every item is one (the events of a frame).
            var run: Range<Int>?
            var runLine = 0
            while index < lines.count, lines[index].indent == indent, lines[index].isItem {
                let line = lines[index]
                if let more = line.events {
                    index += 1
                    if items.isEmpty, run.map({ $0.upperBound == more.lowerBound }) ?? true {
                        run = (run?.lowerBound ?? more.lowerBound)..<more.upperBound
                        if runLine == 0 { runLine = line.number }
                    } else {
                        items += nodes(more, firstLine: line.number)
                    }
                    try rejectDeeper(than: indent)
                    continue
                }
                if let events = run {
                    // Not all events after all: the ones so far become ordinary items.
                    items = nodes(events, firstLine: runLine)
                    run = nil
                }
                index += 1
                if line.isFrame {
                    // `- evdev:` (the fast path's frame line): a mapping whose first key is evdev.
                    let value = try blockValue(line: line.number, indent: indent + 2)
                    items.append(try mapping(indent: indent + 2, first: ("evdev", value, line.number)))
                    continue
                }
                let rest = line.text.dropFirst().drop { $0 == " " }
                if rest.isEmpty {
                    items.append(try block(minimumIndent: indent + 1))
                } else if Self.keyEnd(rest) != nil {
                    let column = indent + (line.text.count - rest.count)
                    let first = try entry(rest, line: line.number, indent: column)
                    items.append(try mapping(indent: column, first: (first.key, first.value, line.number)))
                } else {
                    items.append(try Self.inline(rest, line: line.number))
                    try rejectDeeper(than: indent)
                }
            }
            if let run, items.isEmpty { return .events(run, line: start) }
            return .sequence(items, line: start)
        }

        /// A block mapping at `indent`; `first` is its first entry when an item's line began it.
        private mutating func mapping(indent: Int, first: (key: String, value: RecordYAML, line: Int)?) throws -> RecordYAML {
            var entries: [(key: String, value: RecordYAML)] = []
            // The keys so far, hashed: a mapping of n keys is checked in O(n), not O(n²).
            var seen = Set<String>()
            let start = first?.line ?? lines[index].number
            if let first {
                entries.append((first.key, first.value))
                seen.insert(first.key)
            }
            while index < lines.count, lines[index].indent == indent, !lines[index].isItem {
                let line = lines[index]
                index += 1
                let entry = try entry(line.text, line: line.number, indent: indent)
                // A repeated key would leave one value unread in silence (hostile report L9).
                guard seen.insert(entry.key).inserted else {
                    throw TraceFormatError("the key \(quoted(entry.key)) appears twice in one mapping.", line: line.number)
                }
                entries.append(entry)
            }
            try rejectDeeper(than: indent)
            return .mapping(entries, line: start)
        }

        private mutating func entry(_ text: Substring, line: Int, indent: Int) throws -> (key: String, value: RecordYAML) {
            guard let end = Self.keyEnd(text) else { throw TraceFormatError("expected key: value.", line: line) }
            let key = String(text[..<end])
            let value = text[text.index(after: end)...].drop { $0 == " " }
            if !value.isEmpty { return (key, try Self.inline(value, line: line)) }
            return (key, try blockValue(line: line, indent: indent))
        }

        /// The value of a key with nothing after its colon: the block below it, if any.
        private mutating func blockValue(line: Int, indent: Int) throws -> RecordYAML {
            guard index < lines.count else { return .null(line: line) }
            let next = lines[index]
            if next.indent > indent { return try block(minimumIndent: indent + 1) }
            if next.indent == indent, next.isItem { return try sequence(indent: indent) }
            return .null(line: line)
        }

        private func rejectDeeper(than indent: Int) throws {
            if index < lines.count, lines[index].indent > indent {
                throw TraceFormatError("this line is indented where nothing can continue.", line: lines[index].number)
            }
        }

        static func isItem(_ text: Substring) -> Bool { text == "-" || text.hasPrefix("- ") }

        /// The colon ending a plain key (`name:` or `name: value`), if the text is an entry.
        static func keyEnd(_ text: Substring) -> Substring.Index? {
            guard let colon = text.firstIndex(of: ":"), colon > text.startIndex else { return nil }
            let key = text[..<colon]
            guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }) else { return nil }
            let after = text.index(after: colon)
            return after == text.endIndex || text[after] == " " ? colon : nil
        }

        static func inline(_ text: Substring, line: Int) throws -> RecordYAML {
            var rest = text
            let node = try flow(&rest, line: line, depth: 0)
            guard rest.allSatisfy({ $0 == " " }) else {
                throw TraceFormatError("unexpected text after a value: \(quoted(rest)).", line: line)
            }
            return node
        }

        private static func flow(_ text: inout Substring, line: Int, depth: Int) throws -> RecordYAML {
            text = text.drop { $0 == " " }
            guard depth < 16 else { throw TraceFormatError("the flow value is nested too deeply.", line: line) }
            switch text.first {
            case "[":
                text = text.dropFirst()
                var items: [RecordYAML] = []
                while true {
                    text = text.drop { $0 == " " }
                    if text.first == "]" { text = text.dropFirst(); return .sequence(items, line: line) }
                    items.append(try flow(&text, line: line, depth: depth + 1))
                    text = text.drop { $0 == " " }
                    if text.first == "," { text = text.dropFirst(); continue }
                    guard text.first == "]" else { throw TraceFormatError("a flow sequence is not closed on its line.", line: line) }
                }
            case "{":
                // libinput's own event descriptions: kept as text, never interpreted.
                var level = 0
                for index in text.indices {
                    if text[index] == "{" { level += 1 } else if text[index] == "}" { level -= 1 }
                    if level == 0 {
                        let raw = String(text[...index])
                        text = text[text.index(after: index)...]
                        return .scalar(raw, line: line)
                    }
                }
                throw TraceFormatError("a flow mapping is not closed on its line.", line: line)
            case "\"", "'":
                let quote = text.first ?? "\""
                var value = ""
                var index = text.index(after: text.startIndex)
                while index < text.endIndex {
                    let character = text[index]
                    if character == quote {
                        text = text[text.index(after: index)...]
                        return .scalar(value, line: line)
                    }
                    if character == "\\", quote == "\"", text.index(after: index) < text.endIndex {
                        index = text.index(after: index)
                        // YAML's escapes of the line breaks TouchBench's exporter escapes (a
                        // name with U+0085, U+2028 or U+2029); any other escaped character is
                        // itself, as before.
                        switch text[index] {
                        case "N": value.append("\u{85}")
                        case "L": value.append("\u{2028}")
                        case "P": value.append("\u{2029}")
                        default: value.append(text[index])
                        }
                        index = text.index(after: index)
                        continue
                    }
                    value.append(text[index])
                    index = text.index(after: index)
                }
                throw TraceFormatError("a quoted string is not closed on its line.", line: line)
            default:
                // An alias (`*name`), a tag (`!!binary`), an anchor or a block scalar as a value:
                // refused as at the start of a line, never read as plain text.
                try rejectFeature(text, line: line)
                let value = depth > 0 ? text.prefix { $0 != "," && $0 != "]" } : text
                text = text[value.endIndex...]
                return .scalar(String(value.trimmingTrailingSpaces()), line: line)
            }
        }

        /// Refuses `text` when it starts with an anchor, alias, tag, block scalar, directive or
        /// reserved indicator: libinput record writes none, and reading one as plain text would
        /// read a hostile file as something it is not (hostile report L9).
        static func rejectFeature(_ text: Substring, line: Int) throws {
            if let first = text.first, "&*!|>%@`".contains(first) {
                throw TraceFormatError("this YAML feature (\(first)) is not part of what libinput record writes.", line: line)
            }
        }

        /// The line without a trailing `# comment` (a `#` at the start or after a space, outside quotes).
        static func stripComment(_ text: Substring, line: Int) throws -> Substring {
            // Bytes, not Characters: every character that matters here is ASCII, which UTF-8
            // never uses inside a multi-byte sequence, and YAML itself works on code points.
            var quote: UInt8?
            var previous = UInt8(ascii: " ")
            for index in text.utf8.indices {
                let byte = text.utf8[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    if previous == UInt8(ascii: " ") || previous == UInt8(ascii: "[") || previous == UInt8(ascii: ",")
                        || previous == UInt8(ascii: ":") { quote = byte }
                } else if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || previous == UInt8(ascii: "\t") {
                    return text[..<index].trimmingTrailingSpaces()
                }
                previous = byte
            }
            return text.trimmingTrailingSpaces()
        }
    }
}
