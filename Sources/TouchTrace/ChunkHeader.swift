import TouchInput

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
        bytes.reserveCapacity(ContainerFormat.chunkHeaderSize)
        bytes.appendLittleEndian(ContainerFormat.chunkMagic)
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
        guard bytes.count >= ContainerFormat.chunkHeaderSize else { throw .notAChunk }
        var cursor = ByteCursor(bytes)
        do {
            guard try cursor.readLittleEndian(UInt32.self) == ContainerFormat.chunkMagic else { throw Problem.notAChunk }
            let count = try cursor.readLittleEndian(UInt32.self)
            let first = try cursor.readLittleEndian(Int64.self)
            let last = try cursor.readLittleEndian(Int64.self)
            let compressed = try cursor.readLittleEndian(UInt32.self)
            let raw = try cursor.readLittleEndian(UInt32.self)
            let payloadChecksum = try cursor.readLittleEndian(UInt32.self)
            let headerChecksum = try cursor.readLittleEndian(UInt32.self)
            let covered = UnsafeRawBufferPointer(rebasing: bytes[0..<36])
            guard CRC32C.checksum(covered) == headerChecksum else { throw Problem.checksumMismatch }
            guard count > 0, count <= ContainerFormat.maximumChunkSamples else {
                throw Problem.implausible("the chunk header claims \(count) samples (1…\(ContainerFormat.maximumChunkSamples) allowed)")
            }
            guard first <= last else { throw Problem.implausible("the chunk's time range runs backwards") }
            guard SampleTime.isValid(first), SampleTime.isValid(last) else {
                throw Problem.implausible("the chunk's time range \(first)…\(last) ns leaves the accepted ±(2^62 − 1) ns")
            }
            guard raw <= ContainerFormat.maximumChunkRawSize, compressed > 0, compressed <= ContainerFormat.maximumChunkRawSize else {
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
