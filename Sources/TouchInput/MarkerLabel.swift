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
final class LabelTable: Sendable {
    static let shared = LabelTable()

    private struct State {
        var texts: [String] = []
        var indices: [String: Int] = [:]
    }

    private let state = Mutex(State())

    func index(of text: String) -> Int {
        state.withLock { state in
            if let index = state.indices[text] { return index }
            state.texts.append(text)
            state.indices[text] = state.texts.count - 1
            return state.texts.count - 1
        }
    }

    func text(at index: Int) -> String {
        state.withLock { state in index < state.texts.count ? state.texts[index] : "" }
    }
}
