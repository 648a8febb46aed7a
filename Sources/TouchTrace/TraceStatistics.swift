import TouchInput

/// What `touchbench info` reports: counts, duration, rates and sizes of a trace, gathered in
/// one streaming pass.
public struct TraceStatistics: Sendable {
    /// Bytes of one sample in a plain fixed-width record (every field at its native width;
    /// docs/FORMAT.md, "Sizes"): the yardstick of the compression ratio.
    public static let fixedWidthRecordSize = 112

    public var sampleCount = 0
    /// Samples per kind, in ``SampleKind`` order.
    public var countsByKind: [SampleKind: Int] = [:]
    /// Contacts (touch, pencil and pointer lifetimes), counted at their first sample.
    public var contactCount = 0
    /// Markers per label, for the first ``maximumListedLabels`` distinct labels. Labels are
    /// told apart by their bytes (a `String` key merged labels Unicode calls equivalent, which
    /// `cat` keeps apart).
    public var markerLabels: [MarkerLabel: Int] = [:]
    /// Markers whose label came after ``maximumListedLabels`` others and is not listed: a
    /// trace of a million distinct labels would otherwise hold them all (390 MB for `info`).
    public var markersNotListed = 0
    /// How many distinct labels ``markerLabels`` lists at most.
    public static let maximumListedLabels = 1_000
    public var startTime: Int64?
    public var endTime: Int64?
    /// The median interval between successive samples of one contact, per contact kind, as a rate.
    public var medianRateHz: [SampleKind: Double] = [:]
    public var chunkCount = 0
    public var byteCount = 0
    /// The worst quantisation error recorded by the writer, when the index holds it.
    public var quantizationError: QuantizationError?

    /// Reads every sample of `reader` once, a decoded chunk at a time.
    public init(reader: TraceReader) throws(TraceFileError) {
        var tally = Tally()
        var cursor = reader.makeCursor()
        do {
            try cursor.forEachBatch { batch in tally.add(batch) }
        } catch let error as TraceFileError {
            throw error
        } catch {
            // The body throws nothing: only the cursor's own errors, all TraceFileError, arrive.
            throw TraceFileError(.malformed, path: reader.path, reason: "could not be read (\(error))")
        }
        self.init(tally, byteCount: reader.fileSize)
        chunkCount = reader.chunks.count
        quantizationError = reader.footer?.quantizationError
    }

    /// Reads every sample of any source once (a JSON Lines file, an imported capture);
    /// `byteCount` is the size of the file it came from.
    public init(source: some SampleSource, byteCount: Int) throws(TraceFileError) {
        var tally = Tally()
        while let sample = try source.nextSample() { tally.add(sample) }
        self.init(tally, byteCount: byteCount)
    }

    private init(_ tally: Tally, byteCount: Int) {
        self.byteCount = byteCount
        sampleCount = tally.sampleCount
        countsByKind = tally.countsByKind
        contactCount = tally.contactCount
        markerLabels = tally.markerLabels
        markersNotListed = tally.markersNotListed
        startTime = tally.startTime
        endTime = tally.endTime
        medianRateHz = tally.medianRateHz
    }

    /// Time from the first to the last sample, in nanoseconds.
    public var duration: Int64 {
        let (span, overflow) = (endTime ?? 0).subtractingReportingOverflow(startTime ?? 0)
        return overflow ? .max : span
    }

    /// File bytes per second of trace.
    public var bytesPerSecond: Double? {
        duration > 0 ? Double(byteCount) / (Double(duration) / 1e9) : nil
    }

    /// File bytes per sample.
    public var bytesPerSample: Double? {
        sampleCount > 0 ? Double(byteCount) / Double(sampleCount) : nil
    }

    /// Size of the fixed-width records divided by the file's size.
    public var compressionRatio: Double? {
        // No samples, nothing compressed: not "0.0× smaller".
        byteCount > 0 && sampleCount > 0 ? Double(sampleCount * Self.fixedWidthRecordSize) / Double(byteCount) : nil
    }
}
