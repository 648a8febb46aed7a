import Synchronization

/// A marker's label, held without a heap reference so that ``InputSample`` stays trivially
/// copyable: decoding, sorting and copying samples then cost no reference counting.
///
/// Labels of up to 15 UTF-8 bytes (`redirect`, `pause`, `release`, …) are stored inline;
/// longer ones are interned once per process in a table that only grows by distinct labels.
public struct MarkerLabel: Sendable, Hashable, CustomStringConvertible, BitwiseCopyable {
    // Inline form: bytes 0…14 of (low, high) hold UTF-8, the top byte of `high` the length.
    // Interned form: the top byte of `high` is 0xFF and `low` is the table index.
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64

    @usableFromInline static let internedTag: UInt64 = 0xFF << 56

    /// The empty label, stored by samples that are not markers.
    @inlinable public static var none: MarkerLabel { MarkerLabel(low: 0, high: 0) }

    @inlinable init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    public init(_ text: String) {
        let utf8 = Array(text.utf8)
        if utf8.count <= 15 {
            var low: UInt64 = 0, high: UInt64 = 0
            for (index, byte) in utf8.enumerated() {
                if index < 8 { low |= UInt64(byte) << (8 * UInt64(index)) } else { high |= UInt64(byte) << (8 * UInt64(index - 8)) }
            }
            self.init(low: low, high: high | UInt64(utf8.count) << 56)
        } else {
            self.init(low: UInt64(LabelTable.shared.index(of: text)), high: Self.internedTag)
        }
    }

    /// The label's text.
    public var text: String {
        if high & Self.internedTag == Self.internedTag { return LabelTable.shared.text(at: Int(low)) }
        let count = Int(high >> 56)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for index in 0..<count {
            bytes.append(UInt8(truncatingIfNeeded: index < 8 ? low >> (8 * UInt64(index)) : high >> (8 * UInt64(index - 8))))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { text }
}

/// The process-wide table of long labels.
///
/// Labels cannot be freed (a ``MarkerLabel`` is a bit pattern, not a reference), so each one
/// costs its bytes and little more: the text in blocks of 1 MiB filled one after another (a
/// label over 128 KiB in a block of its own size, so no more than an eighth of a block is left
/// unused), where it lies, and a slot of an open-addressed index. A `[String]` with a
/// `[String: Int]` beside it cost about 420 bytes per distinct label (hostile report 18: `info`
/// of a million distinct labels held 423 MB), and one growing array of all the text held up to
/// twice the text while it doubled (hostile report 19: 150 000 labels of 998 bytes, 289 MB
/// against 185). Labels are told apart by their bytes: a `String` key merged labels that
/// Unicode calls equivalent (`café` written with a combining accent became the other form).
final class LabelTable: Sendable {
    static let shared = LabelTable()

    private static let blockSize = 1 << 20

    private struct Location {
        var block: Int
        var start: Int
        var count: Int
    }

    private struct State {
        /// The labels' UTF-8, in blocks that are never moved once filled.
        var blocks: [[UInt8]] = []
        /// Where each label lies, by index.
        var locations: [Location] = []
        /// Label index + 1 for each slot (0: empty); at most half full.
        var slots: [UInt32] = Array(repeating: 0, count: 64)

        func withBytes<R>(of index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
            let location = locations[index]
            return blocks[location.block].withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[location.start..<(location.start + location.count)])) }
        }

        static func hash(_ text: UnsafeRawBufferPointer) -> Int {
            var hasher = Hasher()
            hasher.combine(bytes: text)
            return hasher.finalize()
        }

        /// The slot holding `text`, or the empty slot where it belongs.
        func slot(of text: UnsafeRawBufferPointer, hash: Int) -> (slot: Int, found: Bool) {
            let mask = slots.count - 1
            var slot = hash & mask
            while slots[slot] != 0 {
                if withBytes(of: Int(slots[slot]) - 1, { $0.elementsEqual(text) }) { return (slot, true) }
                slot = (slot + 1) & mask
            }
            return (slot, false)
        }

        mutating func index(of text: UnsafeRawBufferPointer) -> Int {
            let (slot, found) = slot(of: text, hash: Self.hash(text))
            if found { return Int(slots[slot]) - 1 }
            locations.append(store(text))
            slots[slot] = UInt32(locations.count)
            if locations.count * 2 > slots.count { grow() }
            return locations.count - 1
        }

        /// Copies `text` into the last block when it fits, else into a new one.
        private mutating func store(_ text: UnsafeRawBufferPointer) -> Location {
            let limit = LabelTable.blockSize
            if text.count > limit / 8 {
                blocks.append(Array(text))
                return Location(block: blocks.count - 1, start: 0, count: text.count)
            }
            if blocks.isEmpty || blocks[blocks.count - 1].capacity - blocks[blocks.count - 1].count < text.count {
                var block: [UInt8] = []
                block.reserveCapacity(limit)
                blocks.append(block)
            }
            let last = blocks.count - 1
            let start = blocks[last].count
            blocks[last].append(contentsOf: text)
            return Location(block: last, start: start, count: text.count)
        }

        /// Doubles the index and places every label again.
        private mutating func grow() {
            slots = Array(repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for index in locations.indices {
                var slot = withBytes(of: index) { Self.hash($0) } & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(index + 1)
            }
        }
    }

    private let state = Mutex(State())

    func index(of text: String) -> Int {
        var utf8 = text
        return utf8.withUTF8 { bytes in state.withLock { $0.index(of: UnsafeRawBufferPointer(bytes)) } }
    }

    func text(at index: Int) -> String {
        state.withLock { state in
            guard index >= 0, index < state.locations.count else { return "" }
            return state.withBytes(of: index) { String(decoding: $0, as: UTF8.self) }
        }
    }
}
