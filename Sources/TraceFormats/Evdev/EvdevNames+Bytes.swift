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
    /// table, a word (8 bytes) at a time. Each slot holds its name as three little-endian words
    /// padded with zeros, and its length, namespace and value in a fourth, in memory that is
    /// never freed (the tables live as long as the process): a lookup loads the key's three
    /// words once (masked to its length), hashes them and compares them with a slot's (no
    /// `Hasher`, no array to retain or check, no allocation, no `memcmp` call). Names longer
    /// than ``maximumLength`` are not kept (none is: the longest is 18 bytes); a lookup of one
    /// answers `nil`, and the general parsers find it by `String`.
    struct ByteTable: @unchecked Sendable {
        static let maximumLength = 24
        /// Four words per slot: the name's three, then length | space << 8 | value << 24 (0: empty).
        private let slots: UnsafePointer<UInt64>
        private let mask: Int
        /// Per length 0…24, the masks of a key's three words (written once, then only read).
        private struct Masks: @unchecked Sendable { let words: UnsafePointer<UInt64> }
        private static let keyMasks = Masks(words: {
            let masks = UnsafeMutablePointer<UInt64>.allocate(capacity: 3 * (maximumLength + 1))
            for length in 0...maximumLength {
                for word in 0..<3 {
                    let bytes = Swift.min(8, Swift.max(0, length - 8 * word))
                    masks[3 * length + word] = bytes == 8 ? ~0 : (1 << (UInt64(bytes) * 8)) - 1
                }
            }
            return UnsafePointer(masks)
        }())

        /// A table of `entries`: (namespace, name, value); a name appears once per namespace.
        init(_ entries: [(space: UInt16, name: String, value: UInt16)]) {
            var size = 16
            while size < entries.count * 2 { size *= 2 }
            let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: 4 * size)
            slots.initialize(repeating: 0, count: 4 * size)
            for entry in entries.sorted(by: { ($0.space, $0.name) < ($1.space, $1.name) }) {
                let bytes = Array(entry.name.utf8)
                guard !bytes.isEmpty, bytes.count <= Self.maximumLength else { continue }
                var words: [UInt64] = [0, 0, 0]
                for (index, byte) in bytes.enumerated() { words[index / 8] |= UInt64(byte) << (8 * UInt64(index % 8)) }
                let meta = UInt64(bytes.count) | UInt64(entry.space) << 8 | UInt64(entry.value) << 24
                var slot = Self.hash(words[0], words[1], words[2], meta: meta) & (size - 1)
                while slots[4 * slot + 3] != 0 { slot = (slot + 1) & (size - 1) }
                for word in 0..<3 { slots[4 * slot + word] = words[word] }
                slots[4 * slot + 3] = meta
            }
            self.slots = UnsafePointer(slots)
            mask = size - 1
        }

        init(_ table: [String: UInt16]) {
            self.init(table.map { (space: 0, name: $0.key, value: $0.value) })
        }

        /// The slot of a name's words and its length | space << 8 (the value's bits are not hashed).
        @inline(__always)
        private static func hash(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, meta: UInt64) -> Int {
            var hash = (w0 &* 0x9e37_79b9_7f4a_7c15) ^ (w1 &* 0xc2b2_ae3d_27d4_eb4f) ^ (w2 &* 0x1656_67b1_9e37_79f9)
            hash ^= (meta & 0xff_ffff) &* 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 29
            return Int(truncatingIfNeeded: hash ^ (hash >> 32))
        }

        /// The value named by `bytes` in `space`, if any.
        @inline(__always)
        func value(_ bytes: UnsafeRawBufferPointer, space: UInt16 = 0) -> UInt16? {
            guard let base = bytes.baseAddress else { return nil }
            return value(base, count: bytes.count, readable: bytes.count, space: space)
        }

        /// The value named by the `count` bytes at `base` in `space`, if any; `readable` bytes
        /// from `base` may be read (at least `count`): the key's words are loaded whole when
        /// 24 bytes are readable, else byte by byte.
        @inline(__always)
        func value(_ base: UnsafeRawPointer, count: Int, readable: Int, space: UInt16) -> UInt16? {
            guard count > 0, count <= Self.maximumLength else { return nil }
            let masks = Self.keyMasks.words + 3 &* count
            let w0: UInt64, w1: UInt64, w2: UInt64
            if readable >= 24 {
                w0 = ByteScan.load(base, at: 0) & masks[0]
                w1 = ByteScan.load(base, at: 8) & masks[1]
                w2 = ByteScan.load(base, at: 16) & masks[2]
            } else {
                w0 = ByteScan.word(base, at: 0, count: count, readable: readable)
                w1 = count > 8 ? ByteScan.word(base, at: 8, count: count, readable: readable) : 0
                w2 = count > 16 ? ByteScan.word(base, at: 16, count: count, readable: readable) : 0
            }
            let key = UInt64(count) | UInt64(space) << 8
            var slot = Self.hash(w0, w1, w2, meta: key) & mask
            while true {
                let entry = slots + 4 &* slot
                let meta = entry[3]
                if meta == 0 { return nil }
                if meta & 0xff_ffff == key, entry[0] == w0, entry[1] == w1, entry[2] == w2 {
                    return UInt16(truncatingIfNeeded: meta >> 24)
                }
                slot = (slot &+ 1) & mask
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

    /// The code table itself (``code(named:type:)``), for a parser to hold instead of reaching
    /// the global at every line.
    static var codeNames: ByteTable { codeTable }
}
