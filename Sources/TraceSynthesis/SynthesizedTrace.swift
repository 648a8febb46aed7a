import TouchInput

/// A synthesized trace held in memory: the metadata and the samples, time-ordered, with the
/// ground-truth markers interleaved.
public struct SynthesizedTrace: Sendable, Hashable {
    public var metadata: TraceMetadata
    /// Every sample in non-decreasing time order; each carries the `.synthetic` flag.
    public var samples: [InputSample]
    /// Which gesture occupies which stretch of time (one segment except for a session).
    public var segments: [GestureSegment]

    public init(metadata: TraceMetadata, samples: [InputSample], segments: [GestureSegment]) {
        self.metadata = metadata
        self.samples = samples
        self.segments = segments
    }

    /// Time of the last sample in nanoseconds (0 for an empty trace).
    public var duration: Int64 { samples.last?.time ?? 0 }
}

/// The stretch of a trace that one gesture occupies.
public struct GestureSegment: Sendable, Hashable {
    public var gesture: Gesture
    /// Time of the segment's first sample, in nanoseconds from the trace start.
    public var start: Int64
    /// Time of its last sample.
    public var end: Int64

    public init(gesture: Gesture, start: Int64, end: Int64) {
        self.gesture = gesture
        self.start = start
        self.end = end
    }
}
