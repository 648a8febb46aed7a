import TouchInput

/// The times of a CSV file's rows as every CSV import gives them — whole, streamed, or
/// streamed in two passes: moved to the first row's epoch when that row holds a wall-clock
/// time (``EvdevRecording/epochThresholdSeconds`` or later), and never going backwards.
///
/// One home for the rule: the three imports kept a copy each, and they must agree to the row.
struct CSVTimeline {
    /// What every row's time is moved by: the first row's time when it is a wall-clock time, else 0.
    let origin: Int64
    private var previous: Int64

    /// Starts the timeline at `first`, the file's first row (before any shift).
    init(first: InputSample) {
        origin = first.time >= EvdevRecording.epochThresholdSeconds * 1_000_000_000 ? first.time : 0
        previous = first.time &- origin
    }

    /// The epoch the metadata states, when the first row held a wall-clock time.
    var epochNanoseconds: Int64? { origin == 0 ? nil : origin }

    /// Moves `sample` (a row after the first) to the timeline; `false` when its time is before
    /// the previous row's. Every row's time is within ``SampleTime`` (``CSVImporter/Rows``
    /// checks it), so the difference cannot overflow.
    mutating func place(_ sample: inout InputSample) -> Bool {
        sample.time &-= origin
        defer { previous = sample.time }
        return sample.time >= previous
    }

    /// The first row moved to the timeline.
    func placedFirst(_ first: InputSample) -> InputSample {
        var shifted = first
        shifted.time &-= origin
        return shifted
    }
}
