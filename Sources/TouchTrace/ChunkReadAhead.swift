/// The bytes of the chunks after the one being read, read with it: a reader taking chunks in
/// order (a cursor, `cat`, `replay`) then makes a system call per ``span`` bytes rather than
/// per chunk. A chunk of a few kilobytes cost a `pread` each, a tenth of a sequential decode's
/// time (perf, `CodecBenchmark --decode-only`).
struct ChunkReadAhead {
    /// How many bytes a read ahead covers at most (whole chunks; a larger chunk alone).
    static let span = 256 << 10

    private var bytes: [UInt8] = []
    /// The file offset of `bytes[0]`.
    private var start = 0
    /// The chunk read last, so that only a reader going in order reads ahead.
    private var last = -2

    /// Puts chunk `index`'s bytes into `out`: from the bytes read ahead when it lies in them;
    /// else, when it follows the chunk read last, read with the chunks after it up to
    /// ``span`` bytes; else read alone. A read ahead that fails (a file cut short after it
    /// was opened) falls back to reading the chunk alone, which reports what is wrong with it.
    mutating func read(chunk index: Int, of chunks: [ChunkInfo], from file: SystemFile, into out: inout [UInt8]) throws(TraceFileError) {
        let info = chunks[index]
        defer { last = index }
        if !holds(info) && index == last + 1 {
            var end = info.offset + info.length, next = index + 1
            while next < chunks.count, chunks[next].offset >= info.offset,
                  chunks[next].offset + chunks[next].length - info.offset <= Self.span {
                end = max(end, chunks[next].offset + chunks[next].length)
                next += 1
            }
            do {
                try file.read(end - info.offset, at: info.offset, into: &bytes)
                start = info.offset
            } catch {
                bytes.removeAll(keepingCapacity: true)
            }
        }
        guard holds(info) else {
            try file.read(info.length, at: info.offset, into: &out)
            return
        }
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: bytes[(info.offset - start)..<(info.offset - start + info.length)])
    }

    private func holds(_ info: ChunkInfo) -> Bool {
        info.offset >= start && info.offset + info.length <= start + bytes.count
    }
}
