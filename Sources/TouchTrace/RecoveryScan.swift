/// Finds every complete, intact chunk of a file whose index is missing or damaged, by
/// walking chunk headers from the start and, past a damaged chunk, searching for the next
/// chunk magic whose header and payload checksums hold.
struct RecoveryScan {
    var chunks: [ChunkInfo] = []
    /// The first problem met: where the data ends or is damaged. `nil` when every byte up
    /// to the end (or to a damaged index) belongs to an intact chunk.
    var stop: TraceFileError?
    /// The end of the last intact chunk.
    var end: Int

    private static let windowSize = 1 << 16

    static func run(file: SystemFile, fileSize: Int, dataStart: Int) throws(TraceFileError) -> RecoveryScan {
        var scan = RecoveryScan(end: dataStart)
        var position = dataStart
        var header: [UInt8] = []
        var payload: [UInt8] = []
        while position < fileSize {
            switch try probe(file, at: position, fileSize: fileSize, header: &header, payload: &payload) {
            case .chunk(let info):
                if info.firstTime < (scan.chunks.last?.lastTime ?? .min) {
                    scan.note(TraceFileError(.malformed, path: file.path, offset: position,
                                             reason: "has a chunk that starts before the previous chunk ends"))
                    position = try nextCandidate(file, after: position, fileSize: fileSize)
                    continue
                }
                scan.chunks.append(info)
                position += info.length
                scan.end = position
            case .index:
                return scan
            case .problem(let problem):
                scan.note(problem)
                position = try nextCandidate(file, after: position, fileSize: fileSize)
            }
        }
        return scan
    }

    private mutating func note(_ problem: TraceFileError) {
        if stop == nil { stop = problem }
    }

    private enum Probe {
        case chunk(ChunkInfo)
        case index
        case problem(TraceFileError)
    }

    /// Whether an intact chunk starts at `position`.
    private static func probe(
        _ file: SystemFile, at position: Int, fileSize: Int, header: inout [UInt8], payload: inout [UInt8]
    ) throws(TraceFileError) -> Probe {
        let path = file.path
        let available = fileSize - position
        if available < 4 {
            return .problem(TraceFileError(.malformed, path: path, offset: position,
                                           reason: "ends inside a chunk header (\(available) of \(TraceFormat.chunkHeaderSize) bytes present)"))
        }
        try file.read(min(available, TraceFormat.chunkHeaderSize), at: position, into: &header)
        let magic = header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
        if magic == TraceFormat.indexMagic { return .index }
        guard available >= TraceFormat.chunkHeaderSize else {
            return .problem(TraceFileError(.malformed, path: path, offset: position,
                                           reason: "ends inside a chunk header (\(available) of \(TraceFormat.chunkHeaderSize) bytes present)"))
        }
        let decoded: ChunkHeader
        do {
            decoded = try header.withBytes { (bytes) throws(ChunkHeader.Problem) in try ChunkHeader(decoding: bytes) }
        } catch {
            return .problem(TraceFileError(.malformed, path: path, offset: position, reason: ChunkHeader.describe(error)))
        }
        let length = TraceFormat.chunkHeaderSize + decoded.compressedSize
        guard length <= available else {
            return .problem(TraceFileError(.malformed, path: path, offset: position + available,
                                           reason: "ends inside the chunk that starts at byte \(position) (\(available) of its \(length) bytes present)"))
        }
        try file.read(decoded.compressedSize, at: position + TraceFormat.chunkHeaderSize, into: &payload)
        guard CRC32C.checksum(payload) == decoded.payloadChecksum else {
            return .problem(TraceFileError(.malformed, path: path, offset: position,
                                           reason: "has a damaged chunk (payload checksum mismatch)"))
        }
        return .chunk(ChunkInfo(offset: position, length: length, sampleCount: decoded.sampleCount,
                                firstTime: decoded.firstTime, lastTime: decoded.lastTime))
    }

    /// The offset of the next chunk magic after `position`, or the file size when none.
    private static func nextCandidate(_ file: SystemFile, after position: Int, fileSize: Int) throws(TraceFileError) -> Int {
        var window: [UInt8] = []
        var start = position + 1
        let magic: [UInt8] = [0x54, 0x42, 0x43, 0x4B]
        while start + magic.count <= fileSize {
            let count = min(windowSize, fileSize - start)
            try file.read(count, at: start, into: &window)
            if count >= magic.count {
                for index in 0...(count - magic.count)
                where window[index] == magic[0] && window[index + 1] == magic[1]
                    && window[index + 2] == magic[2] && window[index + 3] == magic[3] {
                    return start + index
                }
            }
            // Overlap the windows so a magic split across two is still found.
            start += max(1, count - (magic.count - 1))
            if count < windowSize { break }
        }
        return fileSize
    }
}
