import TouchBenchSupport
import TouchInput

/// Writes a `.touchtrace` file as samples arrive.
///
/// Samples are buffered into a chunk of at most ``Options/maximumChunkSamples`` samples or
/// ``Options/maximumChunkDuration`` of time; a full chunk is encoded, compressed and written
/// at once, so a writer that dies loses at most the chunk being filled. ``finish()`` writes
/// the index and the trailer. Memory stays bounded by one chunk.
public final class TraceWriter {
    /// How chunks are cut and how hard the writer works to keep them.
    public struct Options: Sendable {
        /// Samples per chunk, 1…65536.
        public var maximumChunkSamples: Int = 4096
        /// Time spanned by one chunk, in nanoseconds; bounds the loss on a crash.
        public var maximumChunkDuration: Int64 = 1_000_000_000
        /// zstd level for the chunk payloads.
        public var compressionLevel: Int32 = Zstd.defaultLevel
        /// Whether each chunk is forced to stable storage as it is written (live capture).
        public var synchronizesEachChunk = false
        /// Whether a new output (no file at the path yet) is written at its own path rather
        /// than beside it and renamed at the end. A live capture sets this, so the chunks a
        /// killed recorder wrote are where its user looks; an existing file is still replaced
        /// only when the writer finishes.
        public var writesNewFileInPlace = false

        public init() {}

        /// For writing input that is not live (a conversion, a synthesis): chunks are cut by
        /// sample count only, so slow or bursty input (a 60 Hz touch, a session with idle gaps)
        /// costs as few bytes per sample as fast input, and hold 16384 samples at zstd level 9
        /// (about 10 % smaller than the live defaults, at half their encoding speed). The
        /// one-second bound of the default exists to bound what a crash loses during capture.
        public static var archival: Options {
            var options = Options()
            options.maximumChunkDuration = .max
            options.maximumChunkSamples = 16384
            options.compressionLevel = 9
            return options
        }
    }

    /// What a finished file holds.
    public struct Summary: Sendable, Hashable {
        public var sampleCount: Int
        public var chunkCount: Int
        public var byteCount: Int
        public var quantizationError: QuantizationError
        /// Why ``finish(metadata:)`` kept the header the file began with (writing the file
        /// anew failed, a full disk say): the finished file holds every sample all the same.
        public var metadataNotWritten: TraceFileError?
    }

    public let path: String
    public let metadata: TraceMetadata
    /// The largest magnitude each field may have: its quantum times the grid's limit.
    private let bounds: FieldQuanta
    private let options: Options
    private let file: SystemFile
    @exclusivity(unchecked) private var pending: [InputSample] = []
    /// The marker label bytes of ``pending``.
    @exclusivity(unchecked) private var pendingLabelBytes = 0
    /// The most marker label bytes one chunk takes: with its columns (a few MiB at most) its
    /// raw payload stays under the readers' limit (``ContainerFormat/maximumChunkRawSize``).
    /// Chunks were cut by count and duration alone, so 70 markers of 1 MB made one chunk of
    /// 70 MB that no reader opens (hostile report 18).
    static let maximumChunkLabelBytes = 32 << 20
    private var encoder: ChunkEncoder
    private let compressor: ZstdCompressor
    private var chunks: [ChunkInfo] = []
    private var offset: Int
    private var payload: [UInt8] = []
    private var compressed: [UInt8] = []
    @exclusivity(unchecked) private var lastTime: Int64 = .min
    private var isFinished = false
    /// Whether the output is a regular file at ``path`` (not a FIFO, a device or standard
    /// output), which ``finish(metadata:)`` can read back and replace.
    private let isRegularFileAtPath: Bool
    /// The worst quantisation error of the chunks copied (``appendEncodedChunk(_:info:quantizationError:)``),
    /// or `nil` once one came without it (a repair's): the file's error is then unknown.
    private var copiedQuantizationError: QuantizationError? = QuantizationError()

    /// Samples accepted so far.
    @exclusivity(unchecked) public private(set) var sampleCount = 0
    /// The worst quantisation error of the chunks written so far (and of those copied, when known).
    public var quantizationError: QuantizationError {
        encoder.quantizationError.combined(with: copiedQuantizationError ?? QuantizationError())
    }

    /// Creates `path` (replacing any file there) and writes the header.
    public init(path: String, metadata: TraceMetadata, options: Options = Options()) throws(TraceFileError) {
        guard options.maximumChunkSamples >= 1, options.maximumChunkSamples <= ContainerFormat.maximumChunkSamples,
              options.maximumChunkDuration > 0 else {
            throw TraceFileError(.invalidSample, path: path, reason: "chunks must hold 1…65536 samples and a positive duration")
        }
        // What every reader refuses is not written: a recording must read back.
        if let problem = metadata.problem {
            throw TraceFileError(.invalidSample, path: path, reason: "cannot be written: the metadata \(problem)")
        }
        var header: [UInt8]
        do { header = try TraceLayout.encodeHeader(metadata) } catch { throw TraceFileError(.invalidSample, path: path, reason: error.reason) }
        self.path = path
        self.metadata = metadata
        self.options = options
        self.encoder = ChunkEncoder(quanta: metadata.quanta)
        let q = metadata.quanta, limit = Quantizer.limit - 1
        bounds = FieldQuanta(position: q.position * limit, radius: q.radius * limit, force: q.force * limit,
                             angle: q.angle * limit, scroll: q.scroll * limit)
        do {
            compressor = try ZstdCompressor(level: options.compressionLevel)
        } catch {
            throw TraceFileError(.io, path: path, reason: error.message)
        }
        file = try SystemFile.create(path, newFileInPlace: options.writesNewFileInPlace)
        isRegularFileAtPath = file.isRegularFileAtPath
        try file.write(header)
        offset = header.count
        pending.reserveCapacity(options.maximumChunkSamples)
    }

    /// Appends one sample; it must not be earlier than the previous one. Appending after
    /// ``finish()`` is a programming error (a precondition), not bad data.
    public func append(_ sample: InputSample) throws(TraceFileError) {
        try accept(sample)
        let labels = Self.labelBytes(of: sample)
        if let first = pending.first,
           closes(chunkStartingAt: first.time, count: pending.count, labelBytes: pendingLabelBytes, before: sample, adding: labels) {
            try flushChunk()
        }
        pending.append(sample)
        pendingLabelBytes += labels
    }

    /// Appends samples in order.
    public func append<S: Sequence>(contentsOf samples: S) throws(TraceFileError) where S.Element == InputSample {
        for sample in samples { try append(sample) }
    }

    /// Appends samples in order; whole chunks are encoded straight from `samples`, without
    /// first copying them into the writer's buffer. The file is the same byte for byte as
    /// appending them one by one.
    public func append(contentsOf samples: [InputSample]) throws(TraceFileError) {
        var index = samples.startIndex
        // Top up a partly filled chunk one sample at a time, until it is written.
        while index < samples.endIndex, !pending.isEmpty {
            try append(samples[index])
            index += 1
        }
        while index < samples.endIndex {
            let start = index
            let firstTime = samples[start].time
            var labels = 0
            do {
                try accept(samples[start])
                labels += Self.labelBytes(of: samples[start])
                index += 1
                while index < samples.endIndex {
                    let adding = Self.labelBytes(of: samples[index])
                    if closes(chunkStartingAt: firstTime, count: index - start, labelBytes: labels, before: samples[index], adding: adding) { break }
                    try accept(samples[index])
                    labels += adding
                    index += 1
                }
            } catch {
                // What was accepted stays, as with one-by-one appends; the refused sample does not.
                pending.append(contentsOf: samples[start..<index])
                pendingLabelBytes = labels
                throw error
            }
            guard index < samples.endIndex else {
                // No sample yet says the chunk is full: keep it until one does or `finish()`.
                pending.append(contentsOf: samples[start..<index])
                pendingLabelBytes = labels
                return
            }
            try writeChunk(samples[start..<index])
        }
    }

    /// Checks `sample` against the previous one and its quanta, and counts it.
    @inline(__always)
    private func accept(_ sample: InputSample) throws(TraceFileError) {
        // Misuse of the API, not bad data: a finished file has its index and trailer written.
        precondition(!isFinished, "TraceWriter: a sample appended to \(path) after finish()")
        guard sample.time >= lastTime else {
            throw TraceFileError(.invalidSample, path: path,
                                 reason: "sample \(sampleCount + 1) at \(sample.time) ns comes before the previous one at \(lastTime) ns")
        }
        guard SampleTime.isValid(sample.time) else {
            throw TraceFileError(.invalidSample, path: path, reason: "sample \(sampleCount + 1) \(SampleTime.outOfRangeReason(sample.time))")
        }
        try checkRepresentable(sample)
        // A label every reader would refuse (TraceText) is never written.
        if let label = sample.markerLabel, let problem = TraceText.problem(label.text) {
            throw TraceFileError(.invalidSample, path: path, reason: "sample \(sampleCount + 1) at \(sample.time) ns has a marker label that \(problem)")
        }
        lastTime = sample.time
        sampleCount += 1
    }

    /// Whether a chunk of `count` samples from `firstTime`, holding `labelBytes` of marker
    /// labels, is full when `next` (with `adding` bytes of label) arrives.
    @inline(__always)
    private func closes(chunkStartingAt firstTime: Int64, count: Int, labelBytes: Int, before next: InputSample, adding: Int) -> Bool {
        let (span, overflow) = next.time.subtractingReportingOverflow(firstTime)
        return count >= options.maximumChunkSamples || overflow || span >= options.maximumChunkDuration
            || labelBytes + adding > Self.maximumChunkLabelBytes
    }

    @inline(__always)
    private static func labelBytes(of sample: InputSample) -> Int {
        guard sample.kind == .marker, let label = sample.markerLabel else { return 0 }
        return label.text.utf8.count
    }

    /// Writes the samples buffered so far as a chunk now, without waiting for the chunk to
    /// fill: live capture calls it when input pauses, so that a writer killed during the
    /// pause loses nothing. Does nothing when no sample is buffered.
    public func flush() throws(TraceFileError) {
        precondition(!isFinished, "TraceWriter: flush() of \(path) after finish()")
        try flushChunk()
    }

    /// Writes the last chunk, the index and the trailer, and closes the file.
    @discardableResult
    public func finish() throws(TraceFileError) -> Summary {
        precondition(!isFinished, "TraceWriter: finish() of \(path) called twice")
        try flushChunk()
        isFinished = true
        let footer = TraceFooter(sampleCount: sampleCount, quantizationError: copiedQuantizationError == nil ? nil : quantizationError)
        let tail = TraceLayout.encodeIndex(chunks, footer: footer, indexOffset: offset)
        try file.write(tail)
        offset += tail.count
        if options.synchronizesEachChunk { try file.synchronize() }
        try file.closeChecked()
        return Summary(sampleCount: sampleCount, chunkCount: chunks.count, byteCount: offset, quantizationError: quantizationError)
    }

    /// Finishes the file with `metadata` in its header rather than the metadata it began
    /// with: what a live capture learns only at its end (events whose time stepped back),
    /// which the header, written before the first chunk, could not say. When they differ, the
    /// finished file is written anew (``TraceReader/copy(to:metadata:options:)``, chunks
    /// byte for byte) and replaces it once complete, so a rewrite that fails or is killed
    /// leaves the finished file, and the summary says why (``Summary/metadataNotWritten``);
    /// an output that cannot be read back (a FIFO, a device, standard output) keeps the
    /// header it began with. `metadata` keeps the quanta.
    @discardableResult
    public func finish(metadata: TraceMetadata) throws(TraceFileError) -> Summary {
        var summary = try finish()
        guard metadata != self.metadata, isRegularFileAtPath else { return summary }
        do {
            return try TraceReader(path: path).copy(to: path, metadata: metadata, options: options)
        } catch {
            // The recording is whole and on disk: a copy that failed costs only the count.
            summary.metadataNotWritten = error
            return summary
        }
    }

    /// Stops writing and removes what was written (the file created for it, or the temporary
    /// file beside the target), leaving whatever was at the path before untouched: for a
    /// writer whose work failed before it held anything worth keeping.
    public func abandon() {
        precondition(!isFinished, "TraceWriter: abandon() of \(path) after finish()")
        isFinished = true
        file.abandon()
    }

    /// Copies an already encoded, verified chunk (header and payload) from another file:
    /// how `verify --repair` rebuilds a file without decoding and re-encoding it.
    /// `quantizationError`: that file's, when its footer states it.
    package func appendEncodedChunk(_ bytes: [UInt8], info: ChunkInfo, quantizationError: QuantizationError? = nil) throws(TraceFileError) {
        try flushChunk()
        guard info.firstTime >= lastTime else {
            throw TraceFileError(.invalidSample, path: path, reason: "a copied chunk starts before the previous one ends")
        }
        copiedQuantizationError = quantizationError.flatMap { copiedQuantizationError?.combined(with: $0) }
        try file.write(bytes)
        chunks.append(ChunkInfo(offset: offset, length: bytes.count, sampleCount: info.sampleCount,
                                firstTime: info.firstTime, lastTime: info.lastTime))
        offset += bytes.count
        lastTime = info.lastTime
        sampleCount += info.sampleCount
    }

    private func flushChunk() throws(TraceFileError) {
        guard !pending.isEmpty else { return }
        try writeChunk(pending[...])
        pending.removeAll(keepingCapacity: true)
        pendingLabelBytes = 0
    }

    /// Encodes, compresses and writes `samples` (non-empty) as one chunk.
    private func writeChunk(_ samples: ArraySlice<InputSample>) throws(TraceFileError) {
        guard let first = samples.first, let last = samples.last else { return }
        encoder.encode(samples, into: &payload)
        let size: Int
        do {
            size = try compressor.compress(payload, into: &compressed)
        } catch {
            throw TraceFileError(.io, path: path, offset: offset, reason: error.message)
        }
        let headerBytes = try compressed.withBytes { (all) throws(TraceFileError) in
            let frame = UnsafeRawBufferPointer(rebasing: all[0..<size])
            let header = ChunkHeader(sampleCount: samples.count, firstTime: first.time, lastTime: last.time,
                                     compressedSize: size, rawSize: payload.count,
                                     payloadChecksum: CRC32C.checksum(frame))
            let headerBytes = header.encoded()
            try file.write(headerBytes)
            try file.write(frame)
            return headerBytes
        }
        let length = headerBytes.count + size
        chunks.append(ChunkInfo(offset: offset, length: length, sampleCount: samples.count,
                                firstTime: first.time, lastTime: last.time))
        offset += length
        if options.synchronizesEachChunk { try file.synchronize() }
    }

    /// Refuses a value that is not finite or too large for its quantum: one comparison per
    /// present field against bounds worked out once, so the encoder can assume every value fits.
    private func checkRepresentable(_ sample: InputSample) throws(TraceFileError) {
        let fields = sample.fields
        guard !fields.isDisjoint(with: DeltaColumns.fields) else { return }
        let b = bounds
        // `!(x <= bound)` is also true for NaN.
        var fits = true
        if fields.contains(.location) { fits = abs(sample.x) <= b.position && abs(sample.y) <= b.position }
        if let value = sample.force { fits = fits && abs(value) <= b.force }
        if let value = sample.majorRadius { fits = fits && abs(value) <= b.radius }
        if let value = sample.majorRadiusTolerance { fits = fits && abs(value) <= b.radius }
        if let value = sample.altitude { fits = fits && abs(value) <= b.angle }
        if let value = sample.azimuth { fits = fits && abs(value) <= b.angle }
        if let value = sample.roll { fits = fits && abs(value) <= b.angle }
        if let delta = sample.scrollDelta { fits = fits && abs(delta.dx) <= b.scroll && abs(delta.dy) <= b.scroll }
        guard fits else {
            throw TraceFileError(.invalidSample, path: path,
                                 reason: "sample \(sampleCount + 1) has a value that is not finite or too large for its quantum")
        }
    }
}
