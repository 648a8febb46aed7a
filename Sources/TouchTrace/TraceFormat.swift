import TouchInput

/// The constants of the `.touchtrace` v1 byte layout (docs/FORMAT.md is the full text).
package enum TraceFormat {
    /// "\u{89}TBTR\r\n\u{1A}": the high byte and the line endings catch text-mode transfers.
    package static let fileMagic: [UInt8] = [0x89, 0x54, 0x42, 0x54, 0x52, 0x0D, 0x0A, 0x1A]
    package static let version: UInt16 = 1
    /// Magic + version + flags + metadata length.
    package static let fileHeaderFixedSize = 16
    /// The metadata JSON may not exceed this, so a hostile length cannot drive an allocation.
    package static let maximumMetadataSize = 1 << 20

    /// "TBCK"
    package static let chunkMagic: UInt32 = 0x4B43_4254
    package static let chunkHeaderSize = 40
    /// A chunk may hold at most this many samples; writers default to 4096.
    package static let maximumChunkSamples = 1 << 16
    /// Decompressed payloads larger than this are refused before any allocation.
    package static let maximumChunkRawSize = 64 << 20

    /// "TBIX"
    package static let indexMagic: UInt32 = 0x5849_4254
    package static let indexEntrySize = 32
    /// "TBEN"
    package static let trailerMagic: UInt32 = 0x4E45_4254
    package static let trailerSize = 16
    package static let maximumFooterSize = 1 << 20

    /// The number of column streams in a v1 chunk payload.
    package static let streamCount = 20
}

/// The fixed 40-byte header in front of every chunk's compressed payload.
package struct ChunkHeader: Sendable, Hashable {
    package var sampleCount: Int
    package var firstTime: Int64
    package var lastTime: Int64
    package var compressedSize: Int
    package var rawSize: Int
    package var payloadChecksum: UInt32

    package init(sampleCount: Int, firstTime: Int64, lastTime: Int64, compressedSize: Int, rawSize: Int, payloadChecksum: UInt32) {
        self.sampleCount = sampleCount
        self.firstTime = firstTime
        self.lastTime = lastTime
        self.compressedSize = compressedSize
        self.rawSize = rawSize
        self.payloadChecksum = payloadChecksum
    }

    package func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(TraceFormat.chunkHeaderSize)
        bytes.appendLittleEndian(TraceFormat.chunkMagic)
        bytes.appendLittleEndian(UInt32(sampleCount))
        bytes.appendLittleEndian(firstTime)
        bytes.appendLittleEndian(lastTime)
        bytes.appendLittleEndian(UInt32(compressedSize))
        bytes.appendLittleEndian(UInt32(rawSize))
        bytes.appendLittleEndian(payloadChecksum)
        bytes.appendLittleEndian(CRC32C.checksum(bytes))
        return bytes
    }

    /// Why 40 bytes are not a chunk header.
    package enum Problem: Error {
        case notAChunk
        case checksumMismatch
        case implausible(String)
    }

    /// Decodes and checks a header: magic, its own checksum, then every number's range.
    package init(decoding bytes: UnsafeRawBufferPointer) throws(Problem) {
        guard bytes.count >= TraceFormat.chunkHeaderSize else { throw .notAChunk }
        var cursor = ByteCursor(bytes)
        do {
            guard try cursor.readLittleEndian(UInt32.self) == TraceFormat.chunkMagic else { throw Problem.notAChunk }
            let count = try cursor.readLittleEndian(UInt32.self)
            let first = try cursor.readLittleEndian(Int64.self)
            let last = try cursor.readLittleEndian(Int64.self)
            let compressed = try cursor.readLittleEndian(UInt32.self)
            let raw = try cursor.readLittleEndian(UInt32.self)
            let payloadChecksum = try cursor.readLittleEndian(UInt32.self)
            let headerChecksum = try cursor.readLittleEndian(UInt32.self)
            let covered = UnsafeRawBufferPointer(rebasing: bytes[0..<36])
            guard CRC32C.checksum(covered) == headerChecksum else { throw Problem.checksumMismatch }
            guard count > 0, count <= TraceFormat.maximumChunkSamples else {
                throw Problem.implausible("the chunk header claims \(count) samples (1…\(TraceFormat.maximumChunkSamples) allowed)")
            }
            guard first <= last else { throw Problem.implausible("the chunk's time range runs backwards") }
            guard raw <= TraceFormat.maximumChunkRawSize, compressed > 0, compressed <= TraceFormat.maximumChunkRawSize else {
                throw Problem.implausible("the chunk header claims sizes of \(compressed) compressed and \(raw) raw bytes")
            }
            sampleCount = Int(count)
            firstTime = first
            lastTime = last
            compressedSize = Int(compressed)
            rawSize = Int(raw)
            self.payloadChecksum = payloadChecksum
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .notAChunk
        }
    }
}
