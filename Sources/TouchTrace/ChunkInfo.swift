/// Where one chunk lies in a file and what it covers: an entry of the index.
public struct ChunkInfo: Sendable, Hashable {
    /// Byte offset of the chunk header from the start of the file.
    public var offset: Int
    /// Header plus compressed payload, in bytes.
    public var length: Int
    public var sampleCount: Int
    /// Time of the chunk's first sample (ns).
    public var firstTime: Int64
    /// Time of the chunk's last sample (ns).
    public var lastTime: Int64

    public init(offset: Int, length: Int, sampleCount: Int, firstTime: Int64, lastTime: Int64) {
        self.offset = offset
        self.length = length
        self.sampleCount = sampleCount
        self.firstTime = firstTime
        self.lastTime = lastTime
    }
}

/// The worst difference between a value given to the writer and the value stored on its
/// fixed-point grid, per group of fields (in that group's units).
public struct QuantizationError: Sendable, Hashable, Codable {
    public var position: Double = 0
    public var radius: Double = 0
    public var force: Double = 0
    public var angle: Double = 0
    public var scroll: Double = 0

    public init() {}

    /// The largest of the five, for a one-number summary.
    public var worst: Double { Swift.max(position, radius, force, angle, scroll) }

    /// The larger of the two in each group: the error of chunks written by both.
    package func combined(with other: QuantizationError) -> QuantizationError {
        var worse = self
        worse.position = Swift.max(position, other.position)
        worse.radius = Swift.max(radius, other.radius)
        worse.force = Swift.max(force, other.force)
        worse.angle = Swift.max(angle, other.angle)
        worse.scroll = Swift.max(scroll, other.scroll)
        return worse
    }
}

/// Statistics the writer knows only at the end, stored after the index.
public struct TraceFooter: Sendable, Hashable, Codable {
    public var sampleCount: Int
    public var quantizationError: QuantizationError?

    public init(sampleCount: Int, quantizationError: QuantizationError?) {
        self.sampleCount = sampleCount
        self.quantizationError = quantizationError
    }
}
