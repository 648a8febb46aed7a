import RunRecord
import TouchInput
import TouchReplay

/// A scene that wraps another and writes down, at every frame, where the finger was and
/// what the scene showed — the per-frame series of the HTML report's chart. It forwards
/// everything (including the virtual cost), so the wrapped run measures like the plain one.
struct SeriesRecorder: Scene {
    var inner: any Scene
    /// Shared with the caller, who reads it once the replayer (which owns the scene) is done.
    let log: SeriesLog

    mutating func handle(_ sample: InputSample) {
        log.handle(sample)
        inner.handle(sample)
    }

    mutating func advance(to time: Int64) {
        inner.advance(to: time)
        log.frame(vsync: time, state: inner.state)
    }

    var state: SceneState { inner.state }
    mutating func takeSignals(into signals: inout [SceneSignal]) { inner.takeSignals(into: &signals) }
    var virtualCost: Int64 { inner.virtualCost }
    func animatedValues() -> [(name: String, value: Double)] { inner.animatedValues() }
    func recognizerStates() -> [(name: String, state: String)] { inner.recognizerStates() }
}

/// The frames a ``SeriesRecorder`` saw. A class so the arrays grow in place while the
/// replayer holds the scene; used on one thread only.
final class SeriesLog {
    /// Presentation time − vsync: the fixed presentation delay, ns.
    let presentationOffset: Int64
    private(set) var times: [Int64] = []
    private(set) var fingerX: [Double?] = [], fingerY: [Double?] = []
    private(set) var visibleX: [Double] = [], visibleY: [Double] = []
    private(set) var latencies: [Double?] = []
    private var contacts: [UInt32: (x: Double, y: Double)] = [:]
    private var newestSample: Int64?

    init(presentationOffset: Int64) {
        self.presentationOffset = presentationOffset
    }

    func handle(_ sample: InputSample) {
        if sample.kind == .touch || sample.kind == .pencil || sample.kind == .pointer {
            switch sample.phase {
            case .ended, .cancelled, .hoverExited: contacts[sample.id] = nil
            default: contacts[sample.id] = (sample.x, sample.y)
            }
        }
        newestSample = max(newestSample ?? sample.time, sample.time)
    }

    func frame(vsync time: Int64, state: SceneState) {
        let presentation = time + presentationOffset
        // The finger that drives the element, else the lowest-numbered one down.
        let finger = state.tracking.flatMap { contacts[$0] } ?? contacts.keys.min().flatMap { contacts[$0] }
        times.append(presentation)
        fingerX.append(finger?.x)
        fingerY.append(finger?.y)
        visibleX.append(state.x)
        visibleY.append(state.y)
        latencies.append(newestSample.map { Double(presentation - $0) / 1e6 })
        newestSample = nil
    }

    /// The series along the axis the element moved most. The finger is drawn in the
    /// element's frame (anchored where each touch began, flipped when the element moves
    /// against the finger, as scroll content does), so the gap between the lines is lag.
    func series(start: Int64) -> RunSeries {
        let spanX = (visibleX.max() ?? 0) - (visibleX.min() ?? 0)
        let spanY = (visibleY.max() ?? 0) - (visibleY.min() ?? 0)
        let useY = spanY >= spanX
        let visible = useY ? visibleY : visibleX
        // Where the finger was when each frame reached the glass (the latest vsync at or
        // before its presentation), so the gap between the lines is the latency one sees.
        let recorded = useY ? fingerY : fingerX
        var finger: [Double?] = []
        var source = 0
        for presentation in times {
            while source + 1 < times.count && times[source + 1] - presentationOffset <= presentation { source += 1 }
            finger.append(times[source] - presentationOffset <= presentation ? recorded[source] : nil)
        }
        // Sign of the element's response to the finger: the covariance of their steps.
        var covariance = 0.0
        for index in 1..<max(1, visible.count) {
            if let now = finger[index], let before = finger[index - 1] {
                covariance += (now - before) * (visible[index] - visible[index - 1])
            }
        }
        let sign = covariance < 0 ? -1.0 : 1.0
        var mapped: [Double?] = []
        var anchor: (finger: Double, element: Double)?
        for index in visible.indices {
            guard let position = finger[index] else { anchor = nil; mapped.append(nil); continue }
            if anchor == nil { anchor = (position, visible[index]) }
            mapped.append(anchor.map { $0.element + sign * (position - $0.finger) })
        }
        return RunSeries(timeMs: times.map { Double($0 - start) / 1e6 }, finger: mapped, visible: visible,
                         latencyMs: latencies, label: "element position \(useY ? "y" : "x") (pt)")
    }
}
