import TouchInput

/// The canvas's scrubber strip (``ScrubberLayout``): which contact holds its thumb and where
/// the thumb is shown. The canvas decides which contacts may scrub and when; this keeps what
/// the strip shows, so the rule and the geometry stay apart.
struct CanvasScrubber: Sendable {
    let layout: ScrubberLayout
    /// The contact holding the thumb.
    private(set) var holder: (kind: SampleKind, id: UInt32)?
    /// The thumb's centre as shown, points.
    private(set) var thumb: Double

    init(layout: ScrubberLayout) {
        self.layout = layout
        thumb = layout.centre(ofStep: ScrubberLayout.initialStep)
    }

    /// The step the thumb shows.
    var step: Int { layout.step(atThumb: thumb) }

    /// Whether `sample` belongs to the contact holding the thumb.
    func isHeld(by sample: InputSample) -> Bool {
        guard let holder else { return false }
        return holder.id == sample.id && holder.kind == sample.kind
    }

    /// Whether a contact landing with `sample` lands on a free strip.
    func canGrab(_ sample: InputSample) -> Bool {
        holder == nil && sample.phase == .began && layout.contains(x: sample.x, y: sample.y)
    }

    /// The contact of `sample` takes the thumb.
    mutating func grab(_ sample: InputSample) {
        holder = (sample.kind, sample.id)
    }

    /// Moves the thumb under the holder's `sample`; whether the strip shows it moved. A
    /// landing always shows (the thumb is seen held), a move only when the thumb slid.
    mutating func follow(_ sample: InputSample) -> Bool {
        let next = layout.thumb(at: sample.x)
        defer { thumb = next }
        return sample.phase == .began || next != thumb
    }

    /// The holder lifted: the thumb stays where it was left.
    mutating func release() {
        holder = nil
    }
}
