// The readers of the two structured columns, shared by the block decoder and the sample-by-sample
// reference (ChunkDecoder.swift, ChunkBlockDecoder.swift).

/// Reads the time stream (its unit, then the steps as varints or as four byte planes) and
/// keeps the time of the last sample read, checked against the chunk's time range.
struct SampleClock {
    private let unit: UInt64
    private let planes: UnsafeRawBufferPointer?
    private let count: Int
    let last: Int64
    private(set) var current: Int64
    /// Below this unit, a block's steps sum without overflow (see ``fill(_:count:from:cursor:)``).
    private static let smallUnit: UInt64 = 1 << 24

    init(_ cursor: inout ByteCursor, header: ChunkHeader) throws {
        unit = try cursor.readVarint()
        guard unit >= 1, unit <= UInt64(Int64.max) else { throw ChunkDecodingProblem(reason: "the time unit \(unit) is invalid") }
        count = header.sampleCount
        current = header.firstTime
        last = header.lastTime
        switch TimeStreamMode(rawValue: try cursor.readByte()) {
        case .varints:
            planes = nil
        case .bytePlanes:
            guard cursor.remaining == 4 * count else {
                throw ChunkDecodingProblem(reason: "the time planes hold \(cursor.remaining) bytes for \(count) samples")
            }
            planes = try cursor.readBytes(4 * count)
        case nil:
            throw ChunkDecodingProblem(reason: "the time stream has an unknown layout")
        }
    }

    /// The times of samples `start ..< start + count` into `out`.
    @inline(never)
    mutating func fill(_ out: UnsafeMutablePointer<Int64>, count: Int, from start: Int, cursor: inout ByteCursor) throws {
        var clock = self, local = cursor
        // Two loops, so that neither asks per sample which layout the steps have.
        if let planes, unit < Self.smallUnit {
            // The steps of a block summed, and checked once against the time left: every step
            // is at most 2^32 − 1 units below 2^24, so neither a step nor a block's sum of 128
            // overflows, and steps are never negative, so the sum fits the time left exactly
            // when every partial sum (what the reference checks sample by sample) does.
            let origin = UInt64(bitPattern: clock.current)
            var sum: UInt64 = 0
            for j in 0..<count {
                let index = start &+ j
                // index < count and the planes hold 4 × count bytes (checked in init).
                let delta = UInt64(planes[index]) | UInt64(planes[clock.count &+ index]) << 8
                    | UInt64(planes[2 &* clock.count &+ index]) << 16 | UInt64(planes[3 &* clock.count &+ index]) << 24
                sum &+= delta &* unit
                out[j] = Int64(bitPattern: origin &+ sum)
            }
            // The first sample of a chunk is at its first time: a step of zero.
            let room = UInt64(bitPattern: clock.last) &- origin
            guard sum <= room, start > 0 || count == 0 || out[0] == clock.current else {
                throw ChunkDecodingProblem(reason: "a sample lies outside the chunk's time range")
            }
            clock.current = Int64(bitPattern: origin &+ sum)
        } else if let planes {
            for j in 0..<count {
                let index = start &+ j
                // index < count and the planes hold 4 × count bytes (checked in init).
                let delta = UInt64(planes[index]) | UInt64(planes[clock.count &+ index]) << 8
                    | UInt64(planes[2 &* clock.count &+ index]) << 16 | UInt64(planes[3 &* clock.count &+ index]) << 24
                out[j] = try clock.advance(by: delta, index: index)
            }
        } else {
            for j in 0..<count { out[j] = try clock.advance(by: try local.readVarint(), index: start &+ j) }
        }
        self = clock
        cursor = local
    }

    /// The time of sample `index` (which must be the one after the last read).
    @inline(__always)
    mutating func next(_ cursor: inout ByteCursor, index: Int) throws -> Int64 {
        let delta: UInt64
        if let planes {
            // index < count and the planes hold 4 × count bytes (checked in init).
            delta = UInt64(planes[index]) | UInt64(planes[count &+ index]) << 8
                | UInt64(planes[2 &* count &+ index]) << 16 | UInt64(planes[3 &* count &+ index]) << 24
        } else {
            delta = try cursor.readVarint()
        }
        return try advance(by: delta, index: index)
    }

    /// The time of sample `index`, `delta` units after the one before.
    @inline(__always)
    private mutating func advance(by delta: UInt64, index: Int) throws -> Int64 {
        // A multiplication, not a division, per sample: division is the slowest integer op.
        let (step, overflow) = delta.multipliedReportingOverflow(by: unit)
        // The distance left to the chunk's end, as the unsigned difference of two's
        // complement bit patterns: exact for any current ≤ last, never a trap.
        let room = UInt64(bitPattern: last) &- UInt64(bitPattern: current)
        guard index > 0 || delta == 0, !overflow, step <= room else {
            throw ChunkDecodingProblem(reason: "sample \(index) lies outside the chunk's time range")
        }
        current = Int64(bitPattern: UInt64(bitPattern: current) &+ step)
        return current
    }
}

/// Reads a run-length column written by ``RunLength``.
struct RunReader {
    private var value: UInt64 = 0
    private var remaining: UInt64 = 0

    var isExhausted: Bool { remaining == 0 }

    @inline(__always)
    mutating func next(_ cursor: inout ByteCursor) throws -> UInt64 {
        if remaining == 0 { try refill(&cursor) }
        remaining -= 1
        return value
    }

    /// The next `count` values (at least one) into `out`, each checked to be at most `limit`;
    /// their bitwise or and their bitwise and.
    @inline(never)
    mutating func fill(_ out: UnsafeMutablePointer<UInt64>, count: Int, limit: UInt64, cursor: inout ByteCursor) throws -> (any: UInt64, all: UInt64) {
        var value = self.value, remaining = self.remaining
        // A run is checked once, when read (every run read covers a sample of the chunk); the
        // run the block starts in was checked in the block before.
        if remaining >= UInt64(count) {
            out.initialize(repeating: value, count: count)
            self.remaining = remaining &- UInt64(count)
            return (value, value)
        }
        var local = cursor
        var any: UInt64 = remaining > 0 ? value : 0, all = remaining > 0 ? value : UInt64.max
        // One test per sample, not a loop per run: where contacts interleave, runs of one and
        // longer ones alternate, and a loop's exit would be mispredicted at each.
        for j in 0..<count {
            if remaining == 0 {
                (value, remaining) = try local.readVarintPair()
                guard remaining > 0 else { throw ChunkDecodingProblem(reason: "a run-length column has an empty run") }
                guard value <= limit else { throw ChunkDecodingProblem(reason: "a run-length value is out of range") }
                any |= value
                all &= value
            }
            (out + j).initialize(to: value)
            remaining &-= 1
        }
        self.value = value
        self.remaining = remaining
        cursor = local
        return (any, all)
    }

    @inline(__always)
    private mutating func refill(_ cursor: inout ByteCursor) throws {
        (value, remaining) = try cursor.readVarintPair()
        guard remaining > 0 else { throw ChunkDecodingProblem(reason: "a run-length column has an empty run") }
    }
}
