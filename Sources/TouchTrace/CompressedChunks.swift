/// A file's compressed chunk payloads held in memory, so the codec benchmark can time zstd
/// alone. Benchmarks live in their own package, where the container's `package` internals are
/// out of reach; this is the one door they get, kept out of the public API by an SPI name.
@_spi(Benchmarks)
public struct CompressedChunks {
    /// Each chunk's zstd frame and the size it decompresses to.
    public let payloads: [(bytes: [UInt8], rawSize: Int)]
    private let decompressor: ZstdDecompressor

    /// Reads every chunk `reader` found, checking each chunk header.
    public init(reader: TraceReader) throws(TraceFileError) {
        let file = try SystemFile.openForReading(reader.path)
        var payloads: [(bytes: [UInt8], rawSize: Int)] = []
        var bytes: [UInt8] = []
        for chunk in reader.chunks {
            try file.read(chunk.length, at: chunk.offset, into: &bytes)
            let header: ChunkHeader
            do {
                header = try bytes.withBytes { (raw) throws(ChunkHeader.Problem) in try ChunkHeader(decoding: raw) }
            } catch {
                throw TraceFileError(.malformed, path: reader.path, offset: chunk.offset, reason: "the chunk header is invalid")
            }
            payloads.append((Array(bytes[ContainerFormat.chunkHeaderSize...]), header.rawSize))
        }
        self.payloads = payloads
        do { decompressor = try ZstdDecompressor() } catch {
            throw TraceFileError(.io, path: reader.path, reason: error.message)
        }
    }

    /// Decompresses every payload once, each into `scratch`.
    public func decompressAll(into scratch: inout [UInt8]) throws(TraceFileError) {
        for (payload, size) in payloads {
            do {
                try payload.withBytes { (raw) throws(Zstd.Failure) in try decompressor.decompress(raw, expectedSize: size, into: &scratch) }
            } catch {
                throw TraceFileError(.malformed, path: "chunk payload", reason: error.message)
            }
        }
    }
}
