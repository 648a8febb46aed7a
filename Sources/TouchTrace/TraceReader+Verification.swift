import TouchInput

/// What a successful verification found.
public struct VerificationReport: Sendable, Hashable {
    public var chunkCount: Int
    public var sampleCount: Int
    public var byteCount: Int
}

/// What a repair kept.
public struct RepairReport: Sendable, Hashable {
    /// Intact chunks copied into the new file.
    public var chunkCount: Int
    public var sampleCount: Int
    /// Chunks that were found but failed to decode, and so were left out.
    public var droppedChunkCount: Int
    /// The problem that made the repair necessary, if the file had one.
    public var damage: TraceFileError?
}

extension TraceReader {
    /// Checks the whole file: header, index, every chunk's checksums and values, and the
    /// time order across chunks. Throws the first problem.
    public func verify() throws(TraceFileError) -> VerificationReport {
        if let damage { throw damage }
        var samples: [InputSample] = []
        var previous = Int64.min
        for index in chunks.indices {
            try decodeChunk(index, into: &samples)
            guard let first = samples.first, first.time >= previous else {
                throw malformed(at: chunks[index].offset, "has a chunk that starts before the previous chunk ends")
            }
            previous = samples.last?.time ?? previous
        }
        return VerificationReport(chunkCount: chunks.count, sampleCount: sampleCount, byteCount: fileSize)
    }

    /// Writes every intact chunk to a new, complete file at `path`, byte for byte, with a
    /// fresh index. Chunks that cannot be decoded are left out and counted.
    @discardableResult
    public func repair(to path: String) throws(TraceFileError) -> RepairReport {
        let writer = try TraceWriter(path: path, metadata: metadata)
        var bytes: [UInt8] = []
        var kept = 0, keptSamples = 0
        let dropped = try forEachIntactChunk { (index) throws(TraceFileError) in
            // The error of the chunks kept is not known (the footer, if any, counted others).
            try copyChunk(index, into: writer, bytes: &bytes, quantizationError: nil)
            kept += 1
            keptSamples += chunks[index].sampleCount
        }
        try writer.finish()
        return RepairReport(chunkCount: kept, sampleCount: keptSamples, droppedChunkCount: dropped, damage: damage)
    }

    /// Writes this complete file anew at `path` (its own path too: the new file replaces it
    /// only once complete) with `metadata` in its header, every chunk copied byte for byte and
    /// the footer's quantisation error kept, so the chunks must have been encoded on
    /// `metadata`'s quanta. A damaged file is refused: ``repair(to:)`` is for it.
    @discardableResult
    public func copy(to path: String, metadata: TraceMetadata, options: TraceWriter.Options = TraceWriter.Options())
        throws(TraceFileError) -> TraceWriter.Summary {
        if let damage { throw damage }
        guard metadata.quanta == self.metadata.quanta else {
            throw TraceFileError(.invalidSample, path: path, reason: "cannot be written: its metadata's quanta are not those its chunks were encoded on")
        }
        let writer = try TraceWriter(path: path, metadata: metadata, options: options)
        var bytes: [UInt8] = []
        for index in chunks.indices {
            try copyChunk(index, into: writer, bytes: &bytes, quantizationError: footer?.quantizationError)
        }
        return try writer.finish()
    }

    /// Copies chunk `index`, read into `bytes`, to `writer`.
    private func copyChunk(_ index: Int, into writer: TraceWriter, bytes: inout [UInt8],
                           quantizationError: QuantizationError?) throws(TraceFileError) {
        let info = chunks[index]
        try file.read(info.length, at: info.offset, into: &bytes)
        try writer.appendEncodedChunk(bytes, info: info, quantizationError: quantizationError)
    }

    /// What ``repair(to:)`` would keep — the chunks that decode and their samples — without
    /// writing anything: what `verify` promises (it counted every chunk found, damaged ones too).
    public func recoverable() throws(TraceFileError) -> (chunkCount: Int, sampleCount: Int) {
        var chunkCount = 0, sampleCount = 0
        _ = try forEachIntactChunk { (index) throws(TraceFileError) in
            chunkCount += 1
            sampleCount += chunks[index].sampleCount
        }
        return (chunkCount, sampleCount)
    }

    /// Calls `body` with the index of every chunk that decodes, in order; returns how many
    /// chunks did not.
    private func forEachIntactChunk(_ body: (Int) throws(TraceFileError) -> Void) throws(TraceFileError) -> Int {
        var samples: [InputSample] = []
        var dropped = 0
        for index in chunks.indices {
            do {
                try decodeChunk(index, into: &samples)
            } catch where error.kind == .malformed {
                dropped += 1
                continue
            }
            try body(index)
        }
        return dropped
    }
}
