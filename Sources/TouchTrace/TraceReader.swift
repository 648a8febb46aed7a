import TouchBenchSupport
import TouchInput

/// Reads a `.touchtrace` file chunk by chunk.
///
/// Opening reads the header and the index (a few bytes per chunk); samples are decoded one
/// chunk at a time, so memory stays bounded by a chunk (and the bytes read ahead of it in
/// order, ``ChunkReadAhead/span``) whatever the file's length. A file
/// whose writer died has no index: the reader then scans for every complete chunk and
/// reports why in ``damage``. A reader owns a file descriptor and scratch buffers, so it is
/// a class and is not shared between threads.
public final class TraceReader {
    public let path: String
    public let metadata: TraceMetadata
    /// The file's size in bytes.
    public let fileSize: Int
    /// Where the first chunk starts (the header's length).
    public let dataStart: Int
    /// The chunks in file (and time) order, from the index or the recovery scan.
    public let chunks: [ChunkInfo]
    /// The writer's closing statistics; `nil` when the index was missing.
    public let footer: TraceFooter?
    /// Why the index could not be used, when it could not: the file needs `verify --repair`.
    public let damage: TraceFileError?
    /// Where the recovery scan stopped (the end of the last complete chunk), when it ran.
    public let recoveredEnd: Int?

    /// Chunks decoded since the reader opened: seeking tests and progress use it.
    public private(set) var chunksDecoded = 0

    let file: SystemFile
    private let decoder: ChunkDecoder
    private let decompressor: ZstdDecompressor
    private var chunkBytes: [UInt8] = []
    private var readAhead = ChunkReadAhead()
    private var payload: [UInt8] = []

    /// Why the header's checksum failed, when the reader was opened for a repair that keeps the
    /// metadata as it reads (``init(salvaging:)``); `nil` otherwise.
    public let headerDamage: TraceFileError?

    /// Opens `path`, reading its header and index (or scanning for chunks when it has none).
    public convenience init(path: String) throws(TraceFileError) {
        try self.init(path: path, acceptingDamagedHeader: false)
    }

    /// Opens `path` for `verify` and `verify --repair`: as ``init(path:)``, except that a header
    /// whose checksum fails is taken as it reads when its metadata still decodes and is valid
    /// (``headerDamage`` says so), so that one flipped bit there does not cost every chunk.
    /// Nothing vouches for such metadata, so no other command reads a file this way.
    public convenience init(salvaging path: String) throws(TraceFileError) {
        try self.init(path: path, acceptingDamagedHeader: true)
    }

    private init(path: String, acceptingDamagedHeader: Bool) throws(TraceFileError) {
        self.path = path
        file = try SystemFile.openForReading(path)
        fileSize = try file.size()
        let (metadata, dataStart, headerDamage) = try TraceLayout.decodeHeader(from: file, fileSize: fileSize,
                                                                              acceptingChecksumMismatch: acceptingDamagedHeader)
        self.metadata = metadata
        self.headerDamage = headerDamage
        self.dataStart = dataStart
        decoder = ChunkDecoder(quanta: metadata.quanta)
        do {
            decompressor = try ZstdDecompressor()
        } catch {
            throw TraceFileError(.io, path: path, reason: error.message)
        }
        do {
            let (chunks, footer, _) = try TraceLayout.decodeIndex(from: file, fileSize: fileSize, dataStart: dataStart)
            self.chunks = chunks
            self.footer = footer
            damage = headerDamage
            recoveredEnd = nil
        } catch let indexProblem {
            if indexProblem.kind == .io { throw indexProblem }
            let scan = try RecoveryScan.run(file: file, fileSize: fileSize, dataStart: dataStart)
            chunks = scan.chunks
            footer = nil
            damage = headerDamage ?? scan.stop ?? indexProblem
            recoveredEnd = scan.end
        }
    }

    /// Total samples in the readable chunks.
    public var sampleCount: Int { chunks.reduce(0) { $0 + $1.sampleCount } }

    /// Time of the first sample, or `nil` for an empty trace.
    public var startTime: Int64? { chunks.first?.firstTime }
    /// Time of the last sample, or `nil` for an empty trace.
    public var endTime: Int64? { chunks.last?.lastTime }

    /// Decodes chunk `index` into `samples` (replacing its contents), checking its header
    /// against the index, its checksum, and every value.
    public func decodeChunk(_ index: Int, into samples: inout [InputSample]) throws(TraceFileError) {
        try readAhead.read(chunk: index, of: chunks, from: file, into: &chunkBytes)
        try decodeReadChunk(chunks[index], into: &samples)
    }

    /// Decodes the chunk `info` locates, whether or not the index lists it (a repair's
    /// candidates, ``RecoveryScan/intact``), checking its header against `info`.
    func decodeChunk(at info: ChunkInfo, into samples: inout [InputSample]) throws(TraceFileError) {
        try file.read(info.length, at: info.offset, into: &chunkBytes)
        try decodeReadChunk(info, into: &samples)
    }

    /// Decodes the chunk `info` locates, its bytes already in `chunkBytes`.
    private func decodeReadChunk(_ info: ChunkInfo, into samples: inout [InputSample]) throws(TraceFileError) {
        let header = try checkedHeader(of: info)
        let payloadRange = ContainerFormat.chunkHeaderSize..<(ContainerFormat.chunkHeaderSize + header.compressedSize)
        try chunkBytes.withBytes { (bytes) throws(TraceFileError) in
            let compressed = UnsafeRawBufferPointer(rebasing: bytes[payloadRange])
            guard CRC32C.checksum(compressed) == header.payloadChecksum else {
                throw malformed(at: info.offset, "has a damaged chunk (payload checksum mismatch)")
            }
            do throws(Zstd.Failure) {
                try decompressor.decompress(compressed, expectedSize: header.rawSize, into: &payload)
            } catch {
                throw malformed(at: info.offset, "has a chunk that does not decompress (\(error.message))")
            }
        }
        do {
            try payload.withBytes { (raw) throws(ChunkDecodingProblem) in
                try decoder.decode(UnsafeRawBufferPointer(rebasing: raw[..<header.rawSize]), header: header, into: &samples)
            }
        } catch {
            throw malformed(at: info.offset, "has a chunk that does not decode (\(error.reason))")
        }
        chunksDecoded += 1
    }

    /// The samples of chunk `index`.
    public func samples(inChunk index: Int) throws(TraceFileError) -> [InputSample] {
        var samples: [InputSample] = []
        try decodeChunk(index, into: &samples)
        return samples
    }

    /// A cursor over every sample, in order.
    public func makeCursor() -> SampleCursor {
        SampleCursor(reader: self, chunkRange: chunks.indices, window: nil)
    }

    private func checkedHeader(of info: ChunkInfo) throws(TraceFileError) -> ChunkHeader {
        let header: ChunkHeader
        do {
            header = try chunkBytes.withBytes { (bytes) throws(ChunkHeader.Problem) in
                try ChunkHeader(decoding: UnsafeRawBufferPointer(rebasing: bytes[0..<ContainerFormat.chunkHeaderSize]))
            }
        } catch {
            throw malformed(at: info.offset, ChunkHeader.describe(error))
        }
        guard header.sampleCount == info.sampleCount, header.firstTime == info.firstTime,
              header.lastTime == info.lastTime,
              ContainerFormat.chunkHeaderSize + header.compressedSize == info.length else {
            throw malformed(at: info.offset, "has a chunk whose header disagrees with the index")
        }
        return header
    }

    func malformed(at offset: Int, _ reason: String) -> TraceFileError {
        TraceFileError(.malformed, path: path, offset: offset, reason: reason)
    }
}

extension ChunkHeader {
    /// A sentence fragment for a header problem.
    package static func describe(_ problem: Problem) -> String {
        switch problem {
        case .notAChunk: "has no chunk where one should start"
        case .checksumMismatch: "has a damaged chunk header (checksum mismatch)"
        case .implausible(let reason): "has an impossible chunk header: \(reason)"
        }
    }
}
