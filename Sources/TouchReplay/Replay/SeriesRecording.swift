import RunRecord
import TouchInput

/// The per-frame series of a run (the HTML report's chart), written down by the engine from
/// the frames it rendered: each frame's real presentation time (late frames included), the
/// driving finger from the engine's own contact tracking, what the scene showed, and the
/// frame latency of the input the frame consumed. Nothing is re-derived, so the chart shows
/// the same frames the run's metrics were computed from.
struct SeriesRecording {
    private var presentations: [Int64] = []
    private var vsyncs: [Int64] = []
    private var fingerX: [Double?] = [], fingerY: [Double?] = []
    private var visibleX: [Double] = [], visibleY: [Double] = []
    private var latencies: [Double?] = []

    /// Frames rendered past ``RunSeries/maximumFrames``, not kept.
    private var framesLeftOut = 0

    mutating func frame(_ record: FrameRecord, batch: [InputSample], state: SceneState, contacts: ContactPositions) {
        guard presentations.count < RunSeries.maximumFrames else {
            framesLeftOut += 1
            return
        }
        // The finger that drives the element, else the lowest-numbered one down.
        let finger = state.tracking.flatMap { contacts.position(of: $0) } ?? contacts.lowestNumberedPosition
        presentations.append(record.presentation)
        vsyncs.append(record.vsync)
        fingerX.append(finger?.x)
        fingerY.append(finger?.y)
        visibleX.append(state.x)
        visibleY.append(state.y)
        // The batch is in time order: its last sample is the newest the frame consumed.
        latencies.append(batch.last.map { Double(record.presentation - $0.time) / 1e6 })
    }

    /// The series along the axis the element moved most, times in ms from `start`. The
    /// finger is drawn in the element's frame (anchored where each touch began, flipped when
    /// the element moves against the finger, as scroll content does), so the gap between
    /// the lines is lag.
    func series(start: Int64) -> RunSeries {
        let spanX = (visibleX.max() ?? 0) - (visibleX.min() ?? 0)
        let spanY = (visibleY.max() ?? 0) - (visibleY.min() ?? 0)
        let useY = spanY >= spanX
        let visible = useY ? visibleY : visibleX
        // Where the finger was when each frame reached the glass: as of the latest frame
        // whose vsync is at or before that presentation, so the gap is the latency one sees.
        let recorded = useY ? fingerY : fingerX
        var finger: [Double?] = []
        finger.reserveCapacity(presentations.count)
        var source = 0
        for presentation in presentations {
            while source + 1 < vsyncs.count && vsyncs[source + 1] <= presentation { source += 1 }
            finger.append(vsyncs.isEmpty || vsyncs[source] > presentation ? nil : recorded[source])
        }
        // Sign of the element's response to the finger: the covariance of their steps.
        var covariance = 0.0
        for index in 1..<Swift.max(1, visible.count) {
            if let now = finger[index], let before = finger[index - 1] {
                covariance += (now - before) * (visible[index] - visible[index - 1])
            }
        }
        let sign = covariance < 0 ? -1.0 : 1.0
        var mapped: [Double?] = []
        mapped.reserveCapacity(visible.count)
        var anchor: (finger: Double, element: Double)?
        for index in visible.indices {
            guard let position = finger[index] else { anchor = nil; mapped.append(nil); continue }
            if anchor == nil { anchor = (position, visible[index]) }
            mapped.append(anchor.map { $0.element + sign * (position - $0.finger) })
        }
        return RunSeries(timeMs: presentations.map { Double($0 - start) / 1e6 }, finger: mapped, visible: visible,
                         latencyMs: latencies, label: "element position \(useY ? "y" : "x") (pt)", framesLeftOut: framesLeftOut)
    }
}
