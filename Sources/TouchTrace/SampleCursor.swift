import TouchInput

/// Walks the samples of a trace in order, decoding one chunk at a time.
///
/// ```swift
/// var cursor = try reader.makeCursor(from: 1_000_000_000, to: 2_000_000_000)
/// while let sample = try cursor.next() { … }
/// ```
public struct SampleCursor {
    private let reader: TraceReader
    private var nextChunk: Int
    private let endChunk: Int
    private let window: Range<Int64>?
    private var buffer: [InputSample] = []
    private var position = 0

    init(reader: TraceReader, chunkRange: Range<Int>, window: Range<Int64>?) {
        self.reader = reader
        nextChunk = chunkRange.lowerBound
        endChunk = chunkRange.upperBound
        self.window = window
    }

    /// The next sample, or `nil` at the end; throws when a chunk is damaged.
    public mutating func next() throws(TraceFileError) -> InputSample? {
        while true {
            while position < buffer.count {
                let sample = buffer[position]
                position += 1
                guard let window else { return sample }
                if sample.time < window.lowerBound { continue }
                if sample.time >= window.upperBound {
                    nextChunk = endChunk
                    buffer.removeAll(keepingCapacity: true)
                    return nil
                }
                return sample
            }
            guard nextChunk < endChunk else { return nil }
            try reader.decodeChunk(nextChunk, into: &buffer)
            nextChunk += 1
            position = 0
        }
    }

    /// The remaining samples of the current chunk and the chunks after it, handed to `body`
    /// a chunk at a time: the fastest way through a trace.
    public mutating func forEachBatch(_ body: (ArraySlice<InputSample>) throws -> Void) throws {
        while true {
            if position < buffer.count {
                var slice = buffer[position...]
                if let window {
                    let lower = slice.firstIndex { $0.time >= window.lowerBound } ?? slice.endIndex
                    let upper = slice[lower...].firstIndex { $0.time >= window.upperBound } ?? slice.endIndex
                    slice = slice[lower..<upper]
                    if upper < buffer.endIndex { nextChunk = endChunk }
                }
                position = buffer.count
                if !slice.isEmpty { try body(slice) }
            }
            guard nextChunk < endChunk else { return }
            try reader.decodeChunk(nextChunk, into: &buffer)
            nextChunk += 1
            position = 0
        }
    }
}

extension TraceReader {
    /// A cursor over the samples with `from <= time < to`, decoding only the chunks whose
    /// time range overlaps the window (found by binary search over the index).
    public func makeCursor(from: Int64, to: Int64) -> SampleCursor {
        guard from < to else { return SampleCursor(reader: self, chunkRange: 0..<0, window: from..<from) }
        // First chunk whose last sample is at or after `from`.
        var low = 0, high = chunks.count
        while low < high {
            let mid = (low + high) / 2
            if chunks[mid].lastTime < from { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < chunks.count && chunks[end].firstTime < to { end += 1 }
        return SampleCursor(reader: self, chunkRange: low..<end, window: from..<to)
    }
}
