import Foundation

// The names as bytes, for the text forms' hot loops: exporters append a type's or code's
// name per event and the getevent importer looks one up per field, millions of times, where a
// `String` per lookup or per append would cost more than the rest of the line.
extension EvdevNames {
    /// Names laid end to end in memory that is never freed (the tables live as long as the
    /// process), so that a lookup hands out a pointer: an array per name would be retained and
    /// released at every event written, which cost more than writing the name.
    struct FlatNames: @unchecked Sendable {
        private let base: UnsafeRawPointer
        /// Where each name starts; one more entry for the end of the last.
        private let offsets: UnsafePointer<Int32>

        init(_ names: [[UInt8]]) {
            let total = names.reduce(0) { $0 + $1.count }
            let bytes = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(1, total), alignment: 1)
            let starts = UnsafeMutablePointer<Int32>.allocate(capacity: names.count + 1)
            var offset = 0
            for (index, name) in names.enumerated() {
                starts[index] = Int32(offset)
                name.withUnsafeBytes { if let source = $0.baseAddress { (bytes + offset).copyMemory(from: source, byteCount: $0.count) } }
                offset += name.count
            }
            starts[names.count] = Int32(offset)
            base = UnsafeRawPointer(bytes)
            offsets = UnsafePointer(starts)
        }

        /// The name at `index` (empty when unnamed).
        @inline(__always)
        subscript(index: Int) -> UnsafeRawBufferPointer {
            let start = Int(offsets[index])
            return UnsafeRawBufferPointer(start: base + start, count: Int(offsets[index + 1]) - start)
        }
    }

    /// The name of every type and of every code of types 0…0x1f up to ``EvdevCode/codeMax``
    /// (empty when unnamed), indexed by `type << 10 | code`.
    private static let nameBytes: FlatNames = {
        var table = [[UInt8]](repeating: [], count: Int(EvdevCode.evMax + 1) << 10)
        for type in UInt16(0)...EvdevCode.evMax {
            for code in UInt16(0)...EvdevCode.codeMax {
                if let name = codeName(type: type, code: code) { table[Int(type) << 10 | Int(code)] = Array(name.utf8) }
            }
        }
        return FlatNames(table)
    }()

    private static let typeNameBytes = FlatNames((0...EvdevCode.evMax).map { Array((types[$0] ?? "").utf8) })

    /// `?`, what the exporters write for a type or code without a name.
    static var unknownBytes: UnsafeRawBufferPointer { unknownName[0] }
    private static let unknownName = FlatNames([[UInt8(ascii: "?")]])

    /// The code's name as bytes, or `nil` when it has none (``codeName(type:code:)``).
    @inline(__always)
    static func codeNameBytes(type: UInt16, code: UInt16) -> UnsafeRawBufferPointer? {
        guard type <= EvdevCode.evMax, code <= EvdevCode.codeMax else { return nil }
        let name = nameBytes[Int(type) << 10 | Int(code)]
        return name.isEmpty ? nil : name
    }

    /// The type's name as bytes (`EV_ABS`), or `nil` (``types``).
    @inline(__always)
    static func typeNameBytes(_ type: UInt16) -> UnsafeRawBufferPointer? {
        guard type <= EvdevCode.evMax else { return nil }
        let name = typeNameBytes[Int(type)]
        return name.isEmpty ? nil : name
    }

    /// Names to numbers by a hash of a namespace and the name's bytes in one open-addressed
    /// table: the names lie end to end in one byte array (no `Hasher`, no array per name to
    /// retain, no allocation per lookup), each hit checked byte for byte.
    struct ByteTable: Sendable {
        private var storage: [UInt8] = []
        /// Per entry: where its name starts in `storage`, its length, namespace and value.
        private var starts: [Int32] = []
        private var lengths: [Int32] = []
        private var spaces: [UInt16] = []
        private var values: [UInt16] = []
        /// Index + 1 into the entries per slot; 0 is empty.
        private var slots: [Int32]
        private let mask: UInt64

        /// A table of `entries`: (namespace, name, value); a name appears once per namespace.
        init(_ entries: [(space: UInt16, name: String, value: UInt16)]) {
            var size = 16
            while size < entries.count * 4 { size *= 2 }
            slots = [Int32](repeating: 0, count: size)
            mask = UInt64(size - 1)
            for entry in entries.sorted(by: { ($0.space, $0.name) < ($1.space, $1.name) }) {
                let bytes = Array(entry.name.utf8)
                var slot = bytes.withUnsafeBytes { Self.hash($0, space: entry.space) } & mask
                while slots[Int(slot)] != 0 { slot = (slot + 1) & mask }
                starts.append(Int32(storage.count))
                lengths.append(Int32(bytes.count))
                spaces.append(entry.space)
                values.append(entry.value)
                storage += bytes
                slots[Int(slot)] = Int32(values.count)
            }
        }

        init(_ table: [String: UInt16]) {
            self.init(table.map { (space: 0, name: $0.key, value: $0.value) })
        }

        @inline(__always)
        static func hash(_ bytes: UnsafeRawBufferPointer, space: UInt16) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(space)
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash ^ (hash >> 29)
        }

        /// The value named by `bytes` in `space`, if any.
        @inline(__always)
        func value(_ bytes: UnsafeRawBufferPointer, space: UInt16 = 0) -> UInt16? {
            var slot = Self.hash(bytes, space: space) & mask
            return storage.withUnsafeBytes { names -> UInt16? in
                while true {
                    let entry = Int(slots[Int(slot)]) - 1
                    if entry < 0 { return nil }
                    if lengths[entry] == bytes.count, spaces[entry] == space,
                       bytes.isEmpty || memcmp(names.baseAddress! + Int(starts[entry]), bytes.baseAddress!, bytes.count) == 0 {
                        return values[entry]
                    }
                    slot = (slot + 1) & mask
                }
            }
        }
    }

    /// ``type(named:)`` over bytes.
    static let typeTable = ByteTable(Dictionary(types.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first }))

    /// ``code(named:type:)`` over bytes, the type as namespace: every name it knows, each with
    /// the value it gives (so aliases and duplicates resolve exactly as it resolves them).
    private static let codeTable = ByteTable((0...EvdevCode.evMax).flatMap { type in
        var candidates = Set((UInt16(0)...EvdevCode.codeMax).compactMap { codeName(type: type, code: $0) })
        if type == EvdevCode.evKey { candidates.formUnion(EvdevKeyUsage.keyCodesByName.keys) }
        return candidates.compactMap { name in code(named: name, type: type).map { (space: type, name: name, value: $0) } }
    })

    @inline(__always)
    static func code(named bytes: UnsafeRawBufferPointer, type: UInt16) -> UInt16? {
        guard type <= EvdevCode.evMax else { return nil }
        return codeTable.value(bytes, space: type)
    }
}
