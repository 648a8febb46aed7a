// The names as bytes, for the text forms' hot loops: exporters append a type's or code's
// name per event and the getevent importer looks one up per field, millions of times, where a
// `String` per lookup or per append would cost more than the rest of the line.
extension EvdevNames {
    /// The name of every type and of every code of types 0…0x1f up to ``EvdevCode/codeMax``
    /// (empty when unnamed), indexed by `type << 10 | code`.
    private static let nameBytes: [[UInt8]] = {
        var table = [[UInt8]](repeating: [], count: Int(EvdevCode.evMax + 1) << 10)
        for type in UInt16(0)...EvdevCode.evMax {
            for code in UInt16(0)...EvdevCode.codeMax {
                if let name = codeName(type: type, code: code) { table[Int(type) << 10 | Int(code)] = Array(name.utf8) }
            }
        }
        return table
    }()

    private static let typeNameBytes: [[UInt8]] = (0...EvdevCode.evMax).map { Array((types[$0] ?? "").utf8) }

    /// The code's name as bytes, or `nil` when it has none (``codeName(type:code:)``).
    @inline(__always)
    static func codeNameBytes(type: UInt16, code: UInt16) -> [UInt8]? {
        guard type <= EvdevCode.evMax, code <= EvdevCode.codeMax else { return nil }
        let name = nameBytes[Int(type) << 10 | Int(code)]
        return name.isEmpty ? nil : name
    }

    /// The type's name as bytes (`EV_ABS`), or `nil` (``types``).
    @inline(__always)
    static func typeNameBytes(_ type: UInt16) -> [UInt8]? {
        guard type <= EvdevCode.evMax else { return nil }
        let name = typeNameBytes[Int(type)]
        return name.isEmpty ? nil : name
    }

    /// Names to numbers by a hash of their bytes in an open-addressed table (no `Hasher`, no
    /// allocation per lookup), each hit checked byte for byte.
    struct ByteTable: Sendable {
        private var names: [[UInt8]] = []
        private var values: [UInt16] = []
        /// Index + 1 into `names` per slot; 0 is empty.
        private var slots: [Int32]
        private let mask: UInt64

        init(_ table: [String: UInt16]) {
            var size = 16
            while size < table.count * 4 { size *= 2 }
            slots = [Int32](repeating: 0, count: size)
            mask = UInt64(size - 1)
            for (name, value) in table.sorted(by: { $0.key < $1.key }) {
                let bytes = Array(name.utf8)
                var slot = bytes.withUnsafeBytes { Self.hash($0) } & mask
                while slots[Int(slot)] != 0 { slot = (slot + 1) & mask }
                names.append(bytes)
                values.append(value)
                slots[Int(slot)] = Int32(names.count)
            }
        }

        @inline(__always)
        static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash ^ (hash >> 29)
        }

        /// The value named by `bytes`, if any.
        @inline(__always)
        func value(_ bytes: UnsafeRawBufferPointer) -> UInt16? {
            var slot = Self.hash(bytes) & mask
            while true {
                let entry = Int(slots[Int(slot)])
                if entry == 0 { return nil }
                if ByteCursor.same(names[entry - 1], bytes) { return values[entry - 1] }
                slot = (slot + 1) & mask
            }
        }
    }

    /// ``type(named:)`` over bytes.
    static let typeTable = ByteTable(Dictionary(types.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first }))

    /// ``code(named:type:)`` over bytes, one table per type: every name it knows, each with
    /// the value it gives (so aliases and duplicates resolve exactly as it resolves them).
    private static let codeTables: [ByteTable] = (0...EvdevCode.evMax).map { type in
        var candidates = Set((UInt16(0)...EvdevCode.codeMax).compactMap { codeName(type: type, code: $0) })
        if type == EvdevCode.evKey { candidates.formUnion(EvdevKeyUsage.keyCodesByName.keys) }
        var names: [String: UInt16] = [:]
        for name in candidates { names[name] = code(named: name, type: type) }
        return ByteTable(names)
    }

    @inline(__always)
    static func code(named bytes: UnsafeRawBufferPointer, type: UInt16) -> UInt16? {
        guard type <= EvdevCode.evMax else { return nil }
        return codeTables[Int(type)].value(bytes)
    }
}
