import TouchInput

/// The NUL-filled tail a filesystem leaves where a writer that died had allocated blocks: how
/// long it may be and how it is found at open.
extension JSONLinesReader {
    static func zeros(_ count: Int) -> String {
        count == 1 ? "1 NUL byte" : "\(count) NUL bytes"
    }

    /// The longest NUL-filled tail read as a dead writer's unwritten blocks (16 MiB): a
    /// filesystem zero-fills at most the blocks it had allocated, a few megabytes. A longer
    /// run of NUL bytes is not a cut tail but bad data, refused as the NUL line it is, and the
    /// scan for it at open stays bounded (a sparse 4 GiB file of zeros is not read whole).
    package static let maximumZeroTail = 16 << 20

    /// How many NUL bytes end the file, read backwards a block at a time from the end (one
    /// small read for a file that ends with text, at most ``maximumZeroTail`` bytes
    /// otherwise): 0 when the run of NUL bytes is longer than that.
    static func trailingZeros(_ file: SystemFile, size: Int) throws(TraceFileError) -> Int {
        var end = size
        var block: [UInt8] = []
        while end > 0 {
            guard size - end <= maximumZeroTail else { return 0 }
            let count = min(end, end == size ? 4096 : blockSize)
            try file.read(count, at: end - count, into: &block)
            guard let last = block.withUnsafeBytes(Self.lastNonZero) else {
                end -= count
                continue
            }
            let zeros = size - (end - count + last + 1)
            return zeros <= maximumZeroTail ? zeros : 0
        }
        return size <= maximumZeroTail ? size : 0
    }

    /// The index of the last byte of `bytes` that is not 0, a word at a time (a long tail of
    /// zeros is read at memory speed, in a debug build too).
    static func lastNonZero(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var end = bytes.count
        while end >= 8, bytes.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self) == 0 { end -= 8 }
        while end > 0 {
            if bytes[end - 1] != 0 { return end - 1 }
            end -= 1
        }
        return nil
    }
}
