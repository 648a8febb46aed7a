/// The type and code fields of getevent event lines read before, remembered by their bytes: a
/// log names a handful of type and code pairs, each in the same padded columns
/// (`EV_ABS       ABS_MT_POSITION_X    `), so a line whose bytes from its type up to its value
/// are those of a line read before has that line's type and code. A hit costs the loads and
/// comparisons of five words instead of two blank scans, two name lookups and two runs of
/// blanks skipped (``GeteventEventLine/parse(_:names:fields:known:stamp:)``).
///
/// What it answers is what the general reading of the same bytes gives: an entry is made only
/// from fields the fast path read, and it holds every byte those fields and their blanks span
/// (`count`, the type's first byte to the value's), with the condition that ended them (the
/// value's first byte is no blank); a lookup checks both. A miss is only slower. The entries
/// are a memo of a function of the bytes, so any log may share them.
///
/// The memory is owned by this object and read through ``Entries`` (a pointer, so a line costs
/// no retain, release or exclusivity check).
final class GeteventFieldCache {
    /// The most bytes from the type's first to the value's first an entry holds.
    static let span = 40
    fileprivate static let slotCount = 64
    /// Words per entry: the five of the bytes (zero past `count`), then `count | type << 8 |
    /// code << 24 | named << 40` (0: empty).
    fileprivate static let entryWords = 6
    private let storage: UnsafeMutablePointer<UInt64>

    init() {
        // The count and masks of the last entry kept, then the entries.
        let words = Self.entryWords * (Self.slotCount + 1)
        storage = .allocate(capacity: words)
        storage.initialize(repeating: 0, count: words)
    }

    deinit { storage.deallocate() }

    var entries: Entries { Entries(base: storage) }

    /// The fields read from one place in a line: the type, the code, whether the type was
    /// named, and how many bytes they and their blanks span.
    struct Fields {
        var type: UInt16
        var code: UInt16
        var named: Bool
        var count: Int
    }

    struct Entries {
        fileprivate let base: UnsafeMutablePointer<UInt64>

        /// The fields of `line` (`end` bytes) starting at `index` as they were read
        /// from the same bytes before, or `nil`. Only the count of the last entry kept is tried.
        @inline(__always)
        func find(_ line: UnsafeRawPointer, at index: Int, end: Int) -> Fields? {
            let count = Int(base[0])
            guard count > 0, end &- index >= GeteventFieldCache.span, index &+ count < end else { return nil }
            let next = line.load(fromByteOffset: index &+ count, as: UInt8.self)
            guard next != 0x20, next != 0x09 else { return nil }
            let (w0, w1, w2, w3, w4) = key(line, at: index)
            let entry = self.entry(w0, w1, w2, w3, w4)
            let meta = entry[5]
            guard Int(meta & 0xff) == count, entry[0] == w0, entry[1] == w1, entry[2] == w2, entry[3] == w3, entry[4] == w4 else {
                return nil
            }
            return Fields(type: UInt16(truncatingIfNeeded: meta >> 8), code: UInt16(truncatingIfNeeded: meta >> 24),
                          named: meta >> 40 & 1 == 1, count: count)
        }

        /// Remembers `fields`, read from `line` (`end` bytes) starting at `index`,
        /// when they span 1 to ``GeteventFieldCache/span`` bytes and the line holds that many from `index`.
        @inline(__always)
        func keep(_ fields: Fields, _ line: UnsafeRawPointer, at index: Int, end: Int) {
            let count = fields.count
            guard count > 0, count <= GeteventFieldCache.span, end &- index >= GeteventFieldCache.span else { return }
            if Int(base[0]) != count {
                base[0] = UInt64(count)
                for word in 0..<5 { base[1 &+ word] = ByteScan.mask(count &- 8 &* word) }
            }
            let (w0, w1, w2, w3, w4) = key(line, at: index)
            let entry = self.entry(w0, w1, w2, w3, w4)
            (entry[0], entry[1], entry[2], entry[3], entry[4]) = (w0, w1, w2, w3, w4)
            entry[5] = UInt64(count) | UInt64(fields.type) << 8 | UInt64(fields.code) << 24 | (fields.named ? 1 << 40 : 0)
        }

        /// The five words from `index` (at least ``GeteventFieldCache/span`` bytes readable),
        /// masked to the count of the last entry kept.
        @inline(__always)
        private func key(_ line: UnsafeRawPointer, at index: Int) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
            (ByteScan.load(line, at: index) & base[1], ByteScan.load(line, at: index &+ 8) & base[2],
             ByteScan.load(line, at: index &+ 16) & base[3], ByteScan.load(line, at: index &+ 24) & base[4],
             ByteScan.load(line, at: index &+ 32) & base[5])
        }

        /// The entry the words of a key go to.
        @inline(__always)
        private func entry(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64) -> UnsafeMutablePointer<UInt64> {
            base + GeteventFieldCache.entryWords &* (1 &+ Self.slot(w0, w1, w2, w3, w4))
        }

        @inline(__always)
        private static func slot(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64, _ w4: UInt64) -> Int {
            // The words folded with rotations (so that equal words in different places do not
            // cancel), then one multiplication; a collision only costs a miss.
            let folded = w0 ^ w1.rotated(13) ^ w2.rotated(29) ^ w3.rotated(43) ^ w4.rotated(53)
            return Int(truncatingIfNeeded: (folded &* 0x9e37_79b9_7f4a_7c15) >> 58)
        }
    }
}

private extension UInt64 {
    @inline(__always)
    func rotated(_ bits: UInt64) -> UInt64 { self << bits | self >> (64 &- bits) }
}
