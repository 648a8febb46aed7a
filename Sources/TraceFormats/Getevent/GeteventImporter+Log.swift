import TouchInput

// The line parser. Header lines describe devices; event lines carry a time, maybe a node,
// and type, code and value, each as a name or in hexadecimal.
extension GeteventImporter {
    struct Log {
        /// What the log keeps of the events it reads.
        enum Keeping {
            /// Every event, by node (the whole import).
            case all
            /// Per node only the counts the device choice reads, the codes and ranges observed
            /// of the first ``Log/maximumObservedNodes`` nodes, and the last event read until
            /// ``Log/takeSurveyed()`` (the streamed import's first pass, which spools it).
            case survey
        }

        /// Nodes whose codes and ranges a survey observes as it reads (about 40 KB each); a
        /// later node's are observed from the spool if it is the one chosen
        /// (``GeteventSampleStream``), so that a log of many nodes costs a few words per node.
        static let maximumObservedNodes = 16

        var devices: [String: EvdevDevice] = [:]
        var labelled = false
        private let keeping: Keeping
        private let names = GeteventEventLine.Names()
        /// The type and code fields of the lines read so far (shared by copies: a memo of their bytes).
        private let fields = GeteventFieldCache()
        /// The time stamp of the last event line read by the fast path.
        private var stamp = GeteventEventLine.Stamp()
        private var headerNode: String?
        private var inProperties = false
        /// Events per device node, in the order the nodes first appear.
        private var nodes: [String] = []
        private var lists: [[EvdevEvent]] = []
        private var listOfNode: [String: Int] = [:]
        /// The node of the last event line, as bytes, and its list (most lines repeat it).
        private var lastNode = GeteventEventLine.KnownNode()
        private var lastList = -1
        /// A survey's counts and observed codes per node, of the first ``maximumObservedNodes`` (``Keeping/survey``).
        private var surveys: [(counts: EvdevDeviceChoice.Counts, observed: EvdevObservedCodes)] = []
        /// A survey's counts of the nodes after those, without observed codes.
        private var laterCounts: [EvdevDeviceChoice.Counts] = []
        /// A survey's event of the last line read (a line holds at most one), with its node's index.
        private var surveyed: (event: EvdevEvent, node: Int)?

        init(keeping: Keeping = .all) {
            self.keeping = keeping
        }

        /// The events of each node.
        var events: [String: [EvdevEvent]] {
            Dictionary(uniqueKeysWithValues: zip(nodes, lists))
        }

        /// The nodes that sent events, in the order they first appear (a survey's, with ``surveys``).
        var eventNodes: [String] { nodes }

        /// The index of `node` in ``eventNodes``, if it sent events.
        func index(ofNode node: String) -> Int? { listOfNode[node] }

        /// A survey's counts of the node at `index` in ``eventNodes``.
        func counts(ofNode index: Int) -> EvdevDeviceChoice.Counts {
            index < surveys.count ? surveys[index].counts : laterCounts[index - surveys.count]
        }

        /// A survey's observed codes of the node at `index` in ``eventNodes``; `nil` for a node
        /// after the first ``maximumObservedNodes``, whose codes were not observed.
        func observedCodes(ofNode index: Int) -> EvdevObservedCodes? {
            index < surveys.count ? surveys[index].observed : nil
        }

        /// The event of the line last read and the index of its node in ``eventNodes``, if it
        /// held one (``Keeping/survey``).
        @inline(__always)
        mutating func takeSurveyed() -> (event: EvdevEvent, node: Int)? {
            defer { surveyed = nil }
            return surveyed
        }

        @inline(__always)
        private mutating func store(_ event: EvdevEvent, list: Int) {
            switch keeping {
            case .all: lists[list].append(event)
            case .survey:
                surveyed = (event, list)
                if list < surveys.count {
                    Self.survey(event, into: &surveys[list])
                } else {
                    laterCounts[list - surveys.count].count(event)
                }
            }
        }

        /// One access to the node's survey (not one per count).
        @inline(__always)
        private static func survey(_ event: EvdevEvent, into survey: inout (counts: EvdevDeviceChoice.Counts, observed: EvdevObservedCodes)) {
            survey.counts.count(event)
            survey.observed.observe(event)
        }

        private mutating func append(_ event: EvdevEvent, node: String) {
            if let list = listOfNode[node] {
                store(event, list: list)
                return
            }
            let list = nodes.count
            listOfNode[node] = list
            nodes.append(node)
            switch keeping {
            case .all: lists.append([])
            case .survey:
                if surveys.count < Self.maximumObservedNodes {
                    surveys.append((EvdevDeviceChoice.Counts(), EvdevObservedCodes()))
                } else {
                    laterCounts.append(EvdevDeviceChoice.Counts())
                }
            }
            store(event, list: list)
        }

        /// The fast path of an event line (``GeteventEventLine``), labelled or raw, read from
        /// its bytes; false for any other line or anything unusual, which ``read(_:)`` then
        /// reads (or rejects).
        @inline(__always)
        mutating func readEvent(_ line: UnsafeRawBufferPointer) -> Bool {
            guard let parsed = GeteventEventLine.parse(line, names: names, fields: fields.entries, known: lastNode, stamp: &stamp) else {
                return false
            }
            if parsed.named { labelled = true }
            headerNode = nil
            if lastList >= 0, parsed.sameNode {
                store(parsed.event, list: lastList)
                return true
            }
            let nodeBytes = UnsafeRawBufferPointer(rebasing: line[parsed.node])
            let name = String(decoding: nodeBytes, as: UTF8.self)
            append(parsed.event, node: name)
            lastNode = GeteventEventLine.KnownNode(nodeBytes)
            lastList = listOfNode[name] ?? -1
            return true
        }

        mutating func read(_ line: Substring) throws {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            // getevent prints no comments; TouchBench's exporter writes its own (read apart).
            if trimmed.isEmpty || trimmed.hasPrefix("#") { return }
            if trimmed.hasPrefix("[") {
                headerNode = nil
                try event(trimmed)
            } else if trimmed.hasPrefix("add device ") {
                let parts = trimmed.split(separator: ":", maxSplits: 1)
                guard parts.count == 2 else { throw TraceFormatError("an add device line is: add device N: /dev/input/eventX.") }
                let node = String(parts[1].trimmingCharacters(in: .whitespaces))
                headerNode = node
                inProperties = false
                devices[node] = devices[node] ?? EvdevDevice(name: "", node: node)
            } else if line.first == " " || line.first == "\t", let node = headerNode {
                try header(trimmed, node: node)
            } else if trimmed.hasPrefix("could not ") || trimmed.hasPrefix("remove device ") {
                return
            } else {
                throw TraceFormatError("expected a getevent line ([time] [device:] type code value, or a device header), found \(quoted(trimmed)).")
            }
        }

        private mutating func header(_ line: Substring, node: String) throws {
            if line.hasPrefix("name:") {
                let name = line.dropFirst(5).trimmingCharacters(in: .whitespaces)
                devices[node]?.name = name.count >= 2 && name.hasPrefix("\"") && name.hasSuffix("\"") ? String(name.dropFirst().dropLast()) : name
            } else if let id = Self.idField(line) {
                // The id lines (`bus:      0006`, `vendor    1d6b`, …), in hex as getevent
                // prints them: dropped, a re-export wrote `I: 0000 0000 0000 0000`.
                guard let value = TextInput.hex(id.value, as: UInt16.self) else {
                    throw TraceFormatError("the device's \(id.name) \(quoted(id.value)) is not a 16-bit hex number.")
                }
                switch id.name {
                case "bus": devices[node]?.bus = value
                case "vendor": devices[node]?.vendor = value
                case "product": devices[node]?.product = value
                default: devices[node]?.version = value
                }
            } else if line.hasPrefix("input props:") {
                inProperties = true
            } else if inProperties, line.hasPrefix("INPUT_PROP_DIRECT") {
                devices[node]?.properties.insert(EvdevDevice.propertyDirect)
            } else if let range = line.range(of: ": value ") {
                try axis(line, split: range, node: node)
            }
        }

        /// An id line's field and value: `bus:` then `vendor`, `product` and `version` without
        /// a colon, as `getevent -lp` prints them (`version:  1.0.1`, the driver's, is not one).
        private static func idField(_ line: Substring) -> (name: String, value: Substring)? {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 2 else { return nil }
            switch words[0] {
            case "bus:": return ("bus", words[1])
            case "vendor", "product", "version": return (String(words[0]), words[1])
            default: return nil
            }
        }

        /// The fields of an axis line, as `getevent -lp` prints them.
        private static let axisFields: Set<String> = ["value", "min", "max", "fuzz", "flat", "resolution"]

        /// `ABS (0003): ABS_MT_SLOT : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0`
        private mutating func axis(_ line: Substring, split: Range<Substring.Index>, node: String) throws {
            guard let token = line[..<split.lowerBound].split(separator: " ").last,
                  let code = EvdevNames.code(named: String(token), type: EvdevCode.evAbs) ?? TextInput.hex(token, as: UInt16.self),
                  code <= EvdevCode.absMax else {
                throw TraceFormatError("the axis line names no known absolute axis.")
            }
            // Every field read or refused, as evemu's A: lines are: a field dropped for a typo
            // (`resolutoin 726`, `726abc`) or a negative resolution left positions in raw units,
            // and a second line of one axis silently replaced the first (hostile report 17).
            var numbers: [String: Int32] = [:]
            // The split consumed `: value `; the fields start with the value's number.
            for field in ("value " + line[split.upperBound...]).split(separator: ",") {
                let parts = field.split(separator: " ")
                guard parts.count == 2, Self.axisFields.contains(String(parts[0])),
                      let value = TextInput.integer(parts[1], as: Int32.self) else {
                    throw TraceFormatError("the axis line's field \(quoted(Substring(field.trimmingCharacters(in: .whitespaces)))) is not one of "
                                           + "value, min, max, fuzz, flat or resolution with a 32-bit integer.")
                }
                guard numbers.updateValue(value, forKey: String(parts[0])) == nil else {
                    throw TraceFormatError("the axis line gives \(parts[0]) twice.")
                }
            }
            guard let minimum = numbers["min"], let maximum = numbers["max"], minimum <= maximum else {
                throw TraceFormatError("the axis line has no valid min and max.")
            }
            let resolution = numbers["resolution"] ?? 0
            guard resolution >= 0 else { throw TraceFormatError("axis \(code) has a negative resolution, \(resolution).") }
            guard devices[node]?.axes[code] == nil else { throw TraceFormatError("axis \(code) is described twice (one line per axis).") }
            devices[node]?.axes[code] = EvdevDevice.Axis(minimum: minimum, maximum: maximum, fuzz: numbers["fuzz"] ?? 0,
                                                         flat: numbers["flat"] ?? 0, resolution: resolution)
        }

        private mutating func event(_ line: Substring) throws {
            guard let close = line.firstIndex(of: "]") else { throw TraceFormatError("the timestamp has no closing bracket.") }
            let stamp = line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)
            let time = try EvdevEvent.time(seconds: Substring(stamp), what: "timestamp")
            var fields = TextInput.fields(line[line.index(after: close)...])
            var node = ""
            if let first = fields.first, first.hasSuffix(":") {
                node = String(first.dropLast())
                fields.removeFirst()
            }
            guard fields.count == 3 else { throw TraceFormatError("an event line needs a type, a code and a value.") }
            let type: UInt16
            if let named = EvdevNames.type(named: String(fields[0])) {
                type = named
                labelled = true
            } else if let raw = TextInput.hex(fields[0], as: UInt16.self), raw <= EvdevCode.evMax {
                type = raw
            } else {
                throw TraceFormatError("unknown event type \(quoted(fields[0])).")
            }
            guard let code = EvdevNames.code(named: String(fields[1]), type: type) ?? TextInput.hex(fields[1], as: UInt16.self),
                  code <= EvdevCode.codeMax else {
                throw TraceFormatError("unknown event code \(quoted(fields[1])).")
            }
            let value: Int32
            switch fields[2] {
            case "DOWN": value = 1
            case "UP": value = 0
            case "REPEAT": value = 2
            default:
                guard let bits = TextInput.hex(fields[2], as: UInt32.self) else {
                    throw TraceFormatError("the value \(quoted(fields[2])) is not hexadecimal.")
                }
                value = Int32(bitPattern: bits)
            }
            append(EvdevEvent(time: time, type: type, code: code, value: value), node: node)
        }
    }
}
