import TouchBenchSupport

/// A write position in memory its caller sized beforehand for the worst case of what is
/// written (``SampleText/lineBound`` and the label's text for a sample's line).
///
/// The text writers store through it with no capacity or uniqueness check per byte: an
/// array's `append` checked both for every field written, which cost more than formatting
/// the numbers (a third of `cat --format jsonl`).
package struct TextCursor {
    package private(set) var position: UnsafeMutablePointer<UInt8>

    package init(_ start: UnsafeMutablePointer<UInt8>) { position = start }

    @inline(__always)
    package mutating func byte(_ value: UInt8) {
        position.initialize(to: value)
        position += 1
    }

    /// The bytes of a literal (a key, a separator): a copy whose length the optimizer knows.
    @inline(__always)
    package mutating func bytes(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        UnsafeMutableRawPointer(position).copyMemory(from: text.utf8Start, byteCount: count)
        position += count
    }

    @inline(__always)
    package mutating func bytes(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress else { return }
        UnsafeMutableRawPointer(position).copyMemory(from: source, byteCount: raw.count)
        position += raw.count
    }

    /// A `String`'s bytes (labelled: a literal would otherwise bind here, not to the
    /// `StaticString` overload).
    package mutating func bytes(utf8 text: String) {
        var text = text
        text.withUTF8 { bytes(UnsafeRawBufferPointer($0)) }
    }

    /// `value` in decimal.
    @inline(__always)
    package mutating func integer(_ value: Int64) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        unsigned(value.magnitude)
    }

    /// `value` in decimal (the digit count found first: no scratch digits copied after).
    @inline(__always)
    package mutating func unsigned(_ value: UInt64) {
        if value < 10 {
            byte(UInt8(truncatingIfNeeded: value) &+ 0x30)
            return
        }
        digits(of: value, count: DecimalDigits.count(value))
    }

    /// `value` as `count` decimal digits (``DecimalDigits/store(_:count:at:)``): its digit
    /// count already known, or more for leading zeros.
    @inline(__always)
    package mutating func digits(of value: UInt64, count: Int) {
        DecimalDigits.store(value, count: count, at: position)
        position += count
    }

}
