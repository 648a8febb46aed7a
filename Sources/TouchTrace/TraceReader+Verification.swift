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
    /// Chunks found damaged, and so left out: a payload that fails its checksum or does not
    /// decode, or a damaged header where a chunk should start.
    public var droppedChunkCount: Int
    /// Chunks that decode but were left out because they overlap the time of the chunks kept
    /// (a second copy of one, or a stray chunk of another recording holding fewer samples).
    public var overlappingChunkCount = 0
    /// The problem that made the repair necessary, if the file had one: why its index could not
    /// be used, else the first problem ``TraceReader/verify()`` finds.
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
    /// fresh index: the chunks ``salvage()`` keeps, in time order. Chunks left out are counted.
    @discardableResult
    public func repair(to path: String) throws(TraceFileError) -> RepairReport {
        let (kept, damaged, overlapping) = try salvage()
        let writer = try TraceWriter(path: path, metadata: metadata)
        var bytes: [UInt8] = []
        for info in kept {
            // The error of the chunks kept is not known (the footer, if any, counted others).
            try copyChunk(info, into: writer, bytes: &bytes, quantizationError: nil)
        }
        try writer.finish()
        // A file whose index reads may still be damaged (an entry that disagrees with its
        // chunk, a chunk that does not decode): what verify finds first, looked for only when
        // the chunks kept are not those the index lists (when they are, verify finds nothing).
        var found = damage
        if found == nil, kept != chunks {
            do { _ = try verify() } catch { found = error }
        }
        var report = RepairReport(chunkCount: kept.count, sampleCount: kept.reduce(0) { $0 + $1.sampleCount },
                                  droppedChunkCount: damaged, damage: found)
        report.overlappingChunkCount = overlapping
        return report
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
        for info in chunks {
            try copyChunk(info, into: writer, bytes: &bytes, quantizationError: footer?.quantizationError)
        }
        return try writer.finish()
    }

    /// Copies the chunk `info` locates, read into `bytes`, to `writer`.
    private func copyChunk(_ info: ChunkInfo, into writer: TraceWriter, bytes: inout [UInt8],
                           quantizationError: QuantizationError?) throws(TraceFileError) {
        try file.read(info.length, at: info.offset, into: &bytes)
        try writer.appendEncodedChunk(bytes, info: info, quantizationError: quantizationError)
    }

    /// What ``repair(to:)`` would keep — the chunks ``salvage()`` keeps and their samples —
    /// without writing anything: what `verify` promises.
    public func recoverable() throws(TraceFileError) -> (chunkCount: Int, sampleCount: Int) {
        let kept = try salvage().kept
        return (kept.count, kept.reduce(0) { $0 + $1.sampleCount })
    }

    /// The chunks a repair keeps, in time order, and how many it leaves out because they are
    /// damaged, or because they overlap the time of chunks kept.
    ///
    /// Every chunk of the file whose checksums hold is a candidate, whatever the index or the
    /// chunks around it say: an index entry that disagreed with an intact chunk cost that
    /// chunk, and a chunk whose header claimed a later end than its samples reach cost every
    /// chunk after it (hostile round 5). A candidate counts once it decodes, since its samples
    /// then vouch for the times its header states. Of those, the repair keeps the set of chunks
    /// that do not overlap in time (each starts at or after the end of the one before) holding
    /// the most samples, then the most chunks: so chunks written out of order are all kept, a
    /// copy of a chunk that spans time overlaps it and is left out, and a stray chunk that
    /// overlaps others costs the fewer samples. Chunks of one instant never overlap, so equal
    /// ones are all kept: a recording may hold them (131 072 equal markers at one time fill
    /// eight), and a copy cannot be told from them (hostile round 6). O(n log n) in the chunks.
    private func salvage() throws(TraceFileError) -> (kept: [ChunkInfo], damaged: Int, overlapping: Int) {
        let scan = try RecoveryScan.run(file: file, fileSize: fileSize, dataStart: dataStart, salvaging: true)
        var samples: [InputSample] = []
        var decoded: [ChunkInfo] = []
        var damaged = scan.damagedChunks
        for info in scan.intact {
            do {
                try decodeChunk(at: info, into: &samples)
            } catch where error.kind == .malformed {
                damaged += 1
                continue
            }
            decoded.append(info)
        }
        let kept = Self.mostSamplesWithoutOverlap(decoded)
        return (kept, damaged, decoded.count - kept.count)
    }

    /// Of `chunks`, the set holding the most samples (then the most chunks) in which each starts
    /// at or after the end of the one before, in that order: weighted interval scheduling over
    /// the chunks sorted by end, a binary search for each one's latest compatible prefix.
    static func mostSamplesWithoutOverlap(_ chunks: [ChunkInfo]) -> [ChunkInfo] {
        // Chunks of one instant keep their file order.
        let sorted = chunks.sorted { ($0.lastTime, $0.firstTime, $0.offset) < ($1.lastTime, $1.firstTime, $1.offset) }
        // best[i]: the most (samples, chunks) among sorted[0..<i]; taken[i]: whether sorted[i]
        // is in it, after the best of its first `prefix[i]`.
        var best: [(samples: Int, chunks: Int)] = [(0, 0)]
        var taken: [Bool] = [], prefix: [Int] = []
        best.reserveCapacity(sorted.count + 1)
        taken.reserveCapacity(sorted.count)
        prefix.reserveCapacity(sorted.count)
        for (index, chunk) in sorted.enumerated() {
            // The chunks before this one that end at or before its start form a prefix, as
            // the ends are sorted.
            var low = 0, high = index
            while low < high {
                let middle = (low + high) / 2
                if sorted[middle].lastTime <= chunk.firstTime { low = middle + 1 } else { high = middle }
            }
            let with = (samples: best[low].samples + chunk.sampleCount, chunks: best[low].chunks + 1)
            let without = best[index]
            if with >= without {
                best.append(with)
                taken.append(true)
            } else {
                best.append(without)
                taken.append(false)
            }
            prefix.append(low)
        }
        var kept: [ChunkInfo] = []
        var index = sorted.count
        while index > 0 {
            if taken[index - 1] {
                kept.append(sorted[index - 1])
                index = prefix[index - 1]
            } else {
                index -= 1
            }
        }
        return kept.reversed()
    }
}
