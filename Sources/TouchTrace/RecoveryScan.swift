/// Finds every complete, intact chunk of a file whose index is missing or damaged, by
/// walking chunk headers from the start and, past a damaged chunk, searching for the next
/// chunk magic whose header and payload checksums hold.
struct RecoveryScan {
    /// The intact chunks in time order: each starts at or after the end of the one before,
    /// as its header states (a chunk out of that order is skipped).
    var chunks: [ChunkInfo] = []
    /// Every chunk whose header and payload checksums hold, in file order, out-of-order ones
    /// included: what a repair chooses from once it has decoded them (a header's times are
    /// only sure once its samples are: ``TraceReader/repair(to:)``).
    var intact: [ChunkInfo] = []
    /// Chunks found damaged: a header whose payload does not hold, or a damaged header where
    /// the walk from the chunk before expected one (where only a search for the chunk magic
    /// found a candidate, a bad header is any four bytes that look like it, not a chunk).
    var damagedChunks = 0
    /// The first problem met: where the data ends or is damaged. `nil` when every byte up
    /// to the end (or to a damaged index) belongs to an intact chunk.
    var stop: TraceFileError?
    /// The end of the last intact chunk.
    var end: Int

    /// Scans from `dataStart`. A reader's scan stops at an index (the file's end); a repair's
    /// (`salvaging`) goes on past one, for chunks written after it, up to the header of another
    /// file (whose chunks were encoded on quanta this file's header does not state).
    static func run(file: SystemFile, fileSize: Int, dataStart: Int, salvaging: Bool = false) throws(TraceFileError) -> RecoveryScan {
        var scan = RecoveryScan(end: dataStart)
        var position = dataStart
        var header: [UInt8] = []
        var payload: [UInt8] = []
        var finder = MagicFinder()
        // Whether `position` was reached by walking from the start or a chunk before it.
        var walked = true
        var end = fileSize, searchedForFileMagic = false
        // Payload bytes checksummed: a chunk whose payload fails is searched for chunks inside
        // it (a cut chunk's claimed length may cover intact ones: hostile round 6) while this
        // stays within twice the file, so a file of such chunks nested in one another stays
        // linear; past it, such a chunk is skipped whole.
        var checksummed = 0
        let budget = 2 * fileSize
        while position < end {
            switch try probe(file, at: position, fileSize: fileSize, header: &header, payload: &payload) {
            case .chunk(let info):
                scan.intact.append(info)
                checksummed += info.length
                walked = true
                if info.firstTime < (scan.chunks.last?.lastTime ?? .min) {
                    scan.note(TraceFileError(.malformed, path: file.path, offset: position,
                                             reason: "has a chunk that starts before the previous chunk ends"))
                    // Intact but out of order: skipped whole, as a damaged payload is.
                    position += info.length
                    continue
                }
                scan.chunks.append(info)
                position += info.length
                scan.end = position
            case .index:
                guard salvaging else { return scan }
                // Once: every later position lies before the file magic found (or the end).
                if end == fileSize && !searchedForFileMagic {
                    end = try FileMagicFinder.next(file, after: position, fileSize: fileSize)
                    searchedForFileMagic = true
                }
                position = try finder.next(file, after: position, fileSize: fileSize)
                walked = false
            case .problem(let damage, let resume):
                if scan.stop == nil { scan.stop = damage.error(path: file.path, position: position) }
                switch damage {
                case .payload: scan.damagedChunks += 1
                case .header(.notAChunk): break
                case .header where walked: scan.damagedChunks += 1
                default: break
                }
                if let resume, checksummed + (resume - position) > budget {
                    // Past the budget: skipped whole, as if its header were surely genuine.
                    position = max(resume, position + 1)
                    walked = true
                } else if let resume {
                    checksummed += resume - position
                    position = try finder.next(file, after: position, fileSize: fileSize)
                    walked = false
                } else {
                    position = try finder.next(file, after: position, fileSize: fileSize)
                    walked = false
                }
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
        /// Where the scan goes on, when it is known: past a chunk whose header was intact.
        case problem(Damage, resume: Int? = nil)
    }

    /// What is wrong at a candidate, kept cheap: the sentence is only built for the first
    /// problem, since a hostile file can hold a candidate every four bytes.
    private enum Damage {
        case shortHeader(available: Int)
        case header(ChunkHeader.Problem)
        case truncated(available: Int, length: Int)
        case payload

        func error(path: String, position: Int) -> TraceFileError {
            switch self {
            case .shortHeader(let available):
                TraceFileError(.malformed, path: path, offset: position,
                               reason: "ends inside a chunk header (\(available) of \(ContainerFormat.chunkHeaderSize) bytes present)")
            case .header(let problem):
                TraceFileError(.malformed, path: path, offset: position, reason: ChunkHeader.describe(problem))
            case .truncated(let available, let length):
                TraceFileError(.malformed, path: path, offset: position + available,
                               reason: "ends inside the chunk that starts at byte \(position) (\(available) of its \(length) bytes present)")
            case .payload:
                TraceFileError(.malformed, path: path, offset: position, reason: "has a damaged chunk (payload checksum mismatch)")
            }
        }
    }

    /// Whether an intact chunk starts at `position`.
    private static func probe(
        _ file: SystemFile, at position: Int, fileSize: Int, header: inout [UInt8], payload: inout [UInt8]
    ) throws(TraceFileError) -> Probe {
        let available = fileSize - position
        if available < 4 { return .problem(.shortHeader(available: available)) }
        try file.read(min(available, ContainerFormat.chunkHeaderSize), at: position, into: &header)
        let magic = header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) }
        if magic == ContainerFormat.indexMagic { return .index }
        guard available >= ContainerFormat.chunkHeaderSize else { return .problem(.shortHeader(available: available)) }
        let decoded: ChunkHeader
        do {
            decoded = try header.withBytes { (bytes) throws(ChunkHeader.Problem) in try ChunkHeader(decoding: bytes) }
        } catch {
            return .problem(.header(error))
        }
        let length = ContainerFormat.chunkHeaderSize + decoded.compressedSize
        guard length <= available else { return .problem(.truncated(available: available, length: length)) }
        try file.read(decoded.compressedSize, at: position + ContainerFormat.chunkHeaderSize, into: &payload)
        guard CRC32C.checksum(payload) == decoded.payloadChecksum else {
            return .problem(.payload, resume: position + length)
        }
        return .chunk(ChunkInfo(offset: position, length: length, sampleCount: decoded.sampleCount,
                                firstTime: decoded.firstTime, lastTime: decoded.lastTime))
    }
}

/// Finds chunk magics in a window of the file that it keeps between searches, so a file
/// packed with candidates is read once, not once per candidate (a linear scan).
private struct MagicFinder {
    private var window: [UInt8] = []
    private var windowStart = 0
    private static let windowSize = 1 << 16
    private static let magic: [UInt8] = [0x54, 0x42, 0x43, 0x4B]

    /// The offset of the next chunk magic after `position`, or the file size when none.
    mutating func next(_ file: SystemFile, after position: Int, fileSize: Int) throws(TraceFileError) -> Int {
        var start = position + 1
        while start + Self.magic.count <= fileSize {
            let windowEnd = windowStart + window.count
            if start < windowStart || start + Self.magic.count > windowEnd {
                windowStart = start
                try file.read(min(Self.windowSize, fileSize - start), at: start, into: &window)
                continue
            }
            var index = start - windowStart
            let last = window.count - Self.magic.count
            while index <= last {
                if window[index] == 0x54 && window[index + 1] == 0x42 && window[index + 2] == 0x43 && window[index + 3] == 0x4B {
                    return windowStart + index
                }
                index += 1
            }
            // Overlap the windows so a magic split across two is still found.
            start = windowStart + last + 1
            if windowEnd >= fileSize { break }
        }
        return fileSize
    }
}

/// Finds the next file header magic (another `.touchtrace` file joined after this one's
/// index), reading the file once in windows.
private enum FileMagicFinder {
    private static let windowSize = 1 << 16

    /// The offset of the next file magic after `position`, or the file size when none.
    static func next(_ file: SystemFile, after position: Int, fileSize: Int) throws(TraceFileError) -> Int {
        let magic = ContainerFormat.fileMagic
        var window: [UInt8] = []
        var start = position + 1
        while start + magic.count <= fileSize {
            try file.read(min(windowSize, fileSize - start), at: start, into: &window)
            guard window.count >= magic.count else { break }
            for index in 0...(window.count - magic.count) where window[index] == magic[0] {
                if window[index..<(index + magic.count)].elementsEqual(magic) { return start + index }
            }
            // Overlap the windows so a magic split across two is still found.
            start += window.count - magic.count + 1
        }
        return fileSize
    }
}
