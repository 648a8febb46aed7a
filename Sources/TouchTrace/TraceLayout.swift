import TouchBenchSupport
import TouchInput

/// Encoding and decoding of the file header, the index and the trailer (docs/FORMAT.md).
package enum TraceLayout {
    // MARK: File header

    package static func encodeHeader(_ metadata: TraceMetadata) throws(TraceFileError) -> [UInt8] {
        let value = metadata.jsonValue
        guard value.isFinite else {
            throw TraceFileError(.invalidSample, path: "", reason: "the metadata cannot be encoded as JSON (a number is not finite)")
        }
        let json = Array(JSONWriter.compact(value).utf8)
        // The reader's limit, checked as written: JSON Lines metadata within its line limit
        // grew past it here (`/` is written `\/`) and made a file no reader opens (hostile
        // report 18).
        guard json.count <= ContainerFormat.maximumMetadataSize else {
            throw TraceFileError(.invalidSample, path: "", reason: "the metadata would take \(json.count) bytes in the container's header, "
                                 + "over its \(ContainerFormat.maximumMetadataSize)-byte limit")
        }
        var bytes = ContainerFormat.fileMagic
        bytes.appendLittleEndian(ContainerFormat.version)
        bytes.appendLittleEndian(UInt16(0))
        bytes.appendLittleEndian(UInt32(json.count))
        bytes.append(contentsOf: json)
        bytes.appendLittleEndian(CRC32C.checksum(bytes))
        return bytes
    }

    /// Reads and checks the header; returns the metadata and where the first chunk starts.
    /// With `acceptingChecksumMismatch`, a header whose checksum fails but whose metadata
    /// decodes and is valid is returned with the checksum's error (for a repair), where it is
    /// otherwise refused.
    package static func decodeHeader(from file: SystemFile, fileSize: Int, acceptingChecksumMismatch: Bool = false)
        throws(TraceFileError) -> (metadata: TraceMetadata, dataStart: Int, checksumProblem: TraceFileError?) {
        let path = file.path
        guard fileSize >= ContainerFormat.fileHeaderFixedSize else {
            throw TraceFileError(.malformed, path: path, offset: 0,
                                 reason: "is not a touchtrace file: \(fileSize) bytes is shorter than the header")
        }
        var fixed: [UInt8] = []
        try file.read(ContainerFormat.fileHeaderFixedSize, at: 0, into: &fixed)
        guard Array(fixed[0..<8]) == ContainerFormat.fileMagic else {
            throw TraceFileError(.malformed, path: path, offset: 0, reason: "is not a touchtrace file (wrong magic bytes)")
        }
        let (version, metadataLength) = fixed.withUnsafeBytes { bytes in
            (UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt16.self)),
             Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))))
        }
        guard version == ContainerFormat.version else {
            throw TraceFileError(.malformed, path: path, offset: 8, reason: "has format version \(version); this build reads version 1")
        }
        let headerEnd = ContainerFormat.fileHeaderFixedSize + metadataLength + 4
        guard metadataLength <= ContainerFormat.maximumMetadataSize else {
            throw TraceFileError(.malformed, path: path, offset: 12,
                                 reason: "declares \(metadataLength) bytes of metadata, over the \(ContainerFormat.maximumMetadataSize)-byte limit")
        }
        guard headerEnd <= fileSize else {
            throw TraceFileError(.malformed, path: path, offset: 12,
                                 reason: "declares \(metadataLength) bytes of metadata, more than the file holds")
        }
        var header: [UInt8] = []
        try file.read(headerEnd, at: 0, into: &header)
        let stored = header.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: headerEnd - 4, as: UInt32.self)) }
        var checksumProblem: TraceFileError?
        if CRC32C.checksum(Array(header[0..<(headerEnd - 4)])) != stored {
            checksumProblem = TraceFileError(.malformed, path: path, offset: 0, reason: "has a damaged header (checksum mismatch)")
            if !acceptingChecksumMismatch, let checksumProblem { throw checksumProblem }
        }
        var json = Array(header[ContainerFormat.fileHeaderFixedSize..<(headerEnd - 4)])
        // A damaged header's metadata is taken only when it reads as a whole: nothing else
        // tells the quanta its chunks were encoded on.
        func refused(_ reason: String) -> TraceFileError {
            if checksumProblem != nil {
                return TraceFileError(.malformed, path: path, offset: 0,
                                      reason: "has a damaged header (checksum mismatch) whose metadata does not read either (\(reason.replacingOccurrences(of: "has metadata that ", with: ""))): nothing else tells the quanta its chunks were encoded on, so none can be recovered")
            }
            return TraceFileError(.malformed, path: path, offset: ContainerFormat.fileHeaderFixedSize, reason: reason)
        }
        guard let value = try? JSONValue.parse(bytes: &json) else { throw refused("has metadata that is not valid JSON") }
        let metadata: TraceMetadata
        do {
            metadata = try TraceMetadata(json: value)
        } catch {
            throw refused("has metadata that the format does not allow: \(error.reason)")
        }
        if let problem = metadata.problem { throw refused(problem) }
        return (metadata, headerEnd, checksumProblem)
    }

    // MARK: Index and trailer

    package static func encodeIndex(_ chunks: [ChunkInfo], footer: TraceFooter, indexOffset: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendLittleEndian(ContainerFormat.indexMagic)
        bytes.appendLittleEndian(UInt32(chunks.count))
        for chunk in chunks {
            bytes.appendLittleEndian(UInt64(chunk.offset))
            bytes.appendLittleEndian(chunk.firstTime)
            bytes.appendLittleEndian(chunk.lastTime)
            bytes.appendLittleEndian(UInt32(chunk.sampleCount))
            bytes.appendLittleEndian(UInt32(chunk.length))
        }
        // A footer JSON cannot hold (a non-finite error) is written empty, as it always was.
        let value = footer.jsonValue
        let json = Array((value.isFinite ? JSONWriter.compact(value) : "{}").utf8)
        bytes.appendLittleEndian(UInt32(json.count))
        bytes.append(contentsOf: json)
        bytes.appendLittleEndian(CRC32C.checksum(bytes))
        let indexLength = bytes.count
        bytes.appendLittleEndian(UInt64(indexOffset))
        bytes.appendLittleEndian(UInt32(indexLength))
        bytes.appendLittleEndian(ContainerFormat.trailerMagic)
        return bytes
    }

    /// Reads the trailer and index; throws when either is missing or damaged, which sends the
    /// reader to its recovery scan.
    package static func decodeIndex(
        from file: SystemFile, fileSize: Int, dataStart: Int
    ) throws(TraceFileError) -> ([ChunkInfo], TraceFooter, indexOffset: Int) {
        let path = file.path
        guard fileSize >= dataStart + ContainerFormat.trailerSize else {
            throw TraceFileError(.malformed, path: path, offset: fileSize, reason: "has no index (the writer did not finish)")
        }
        var trailer: [UInt8] = []
        try file.read(ContainerFormat.trailerSize, at: fileSize - ContainerFormat.trailerSize, into: &trailer)
        let (indexOffset, indexLength, magic) = trailer.withUnsafeBytes { bytes in
            (Int(truncatingIfNeeded: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self))),
             Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self))),
             UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
        }
        let trailerOffset = fileSize - ContainerFormat.trailerSize
        guard magic == ContainerFormat.trailerMagic else {
            throw TraceFileError(.malformed, path: path, offset: trailerOffset, reason: "has no index (the writer did not finish)")
        }
        // The offset is a hostile 64-bit number: the sum is checked, never trapped.
        guard indexOffset >= dataStart, indexLength >= 12, Checked.sum(indexOffset, indexLength) == trailerOffset else {
            throw TraceFileError(.malformed, path: path, offset: trailerOffset, reason: "has a trailer pointing outside the file")
        }
        var index: [UInt8] = []
        try file.read(indexLength, at: indexOffset, into: &index)
        let stored = index.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: indexLength - 4, as: UInt32.self)) }
        guard CRC32C.checksum(Array(index[0..<(indexLength - 4)])) == stored else {
            throw TraceFileError(.malformed, path: path, offset: indexOffset, reason: "has a damaged index (checksum mismatch)")
        }
        func malformed(_ reason: String, at offset: Int) -> TraceFileError {
            TraceFileError(.malformed, path: path, offset: indexOffset + offset, reason: reason)
        }
        do {
            return try index.withUnsafeBytes { bytes in
                var cursor = ByteCursor(UnsafeRawBufferPointer(rebasing: bytes[0..<(indexLength - 4)]))
                guard try cursor.readLittleEndian(UInt32.self) == ContainerFormat.indexMagic else {
                    throw malformed("has an index without its magic bytes", at: 0)
                }
                let count = Int(try cursor.readLittleEndian(UInt32.self))
                guard count <= cursor.remaining / ContainerFormat.indexEntrySize else {
                    throw malformed("has an index claiming \(count) chunks, more than it holds", at: 4)
                }
                var chunks: [ChunkInfo] = []
                chunks.reserveCapacity(count)
                var expectedOffset = dataStart
                for entry in 0..<count {
                    let offset = Int(truncatingIfNeeded: try cursor.readLittleEndian(UInt64.self))
                    let first = try cursor.readLittleEndian(Int64.self)
                    let last = try cursor.readLittleEndian(Int64.self)
                    let samples = Int(try cursor.readLittleEndian(UInt32.self))
                    let length = Int(try cursor.readLittleEndian(UInt32.self))
                    let previousLast = chunks.last?.lastTime ?? .min
                    guard offset == expectedOffset, length > ContainerFormat.chunkHeaderSize,
                          length <= indexOffset - offset, first <= last, first >= previousLast,
                          SampleTime.isValid(first), SampleTime.isValid(last),
                          samples > 0, samples <= ContainerFormat.maximumChunkSamples else {
                        throw malformed("has an inconsistent index entry \(entry)", at: 8 + entry * ContainerFormat.indexEntrySize)
                    }
                    chunks.append(ChunkInfo(offset: offset, length: length, sampleCount: samples, firstTime: first, lastTime: last))
                    expectedOffset = offset + length
                }
                guard expectedOffset == indexOffset else {
                    throw malformed("has an index that does not cover the chunks before it", at: 0)
                }
                let footerLength = Int(try cursor.readLittleEndian(UInt32.self))
                var footerBytes = Array(try cursor.readBytes(footerLength))
                guard cursor.isAtEnd,
                      let footerValue = try? JSONValue.parse(bytes: &footerBytes),
                      let footer = TraceFooter(json: footerValue),
                      footer.sampleCount == chunks.reduce(0, { $0 + $1.sampleCount }) else {
                    throw malformed("has an index footer that does not match its chunks", at: 0)
                }
                return (chunks, footer, indexOffset)
            }
        } catch let error as TraceFileError {
            throw error
        } catch {
            throw malformed("has an index that ends early", at: 0)
        }
    }
}
