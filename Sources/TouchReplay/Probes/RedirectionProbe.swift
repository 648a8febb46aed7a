import RunRecord
import TouchInput

/// Finds redirections and pauses — from `redirect`/`pause` markers, or detected from the
/// finger when the trace has none — and times the frame that answers each.
///
/// Answers (docs/METRICS.md "Redirection response time"), for frames n with vsync ≥ the
/// event's time, each compared with the frame rendered before it:
/// - reversal: the element's displacement has a negative component along the direction
///   the finger had before the reversal;
/// - catch: the element's displacement differs from the catching finger's by at most
///   ``catchTolerance`` (it stays under the finger);
/// - pause: the committed destination changes — the last change from 250 ms before the
///   pause until the hand lifts counts, so the answer is the frame from which the
///   destination was the final one.
struct RedirectionProbe: Sendable {
    static let catchTolerance = 1.0
    static let pauseLookback: Int64 = 250_000_000
    static let answerTimeout: Int64 = 1_000_000_000
    /// How far back (points) the element must move along the finger's old direction, from
    /// the furthest it reached, for a reversal to be answered: above the jitter of a tracked
    /// element, below what the eye would call a turn.
    static let reversalFloor = 0.5
    /// A catching finger that travels this far (points) must have taken the element along,
    /// or the catch is not answered: an element that freezes and ignores the finger fails.
    static let catchFollowTravel = 20.0
    /// How much of that travel the element may miss (a pan's hysteresis and more).
    static let catchFollowSlack = 15.0
    static let pauseTimeout: Int64 = 3_000_000_000

    /// The causes this probe records, as a closed enum: the event's own cause is a string,
    /// and comparing it with each cause in every frame cost string comparisons.
    private enum Cause: Sendable { case reversal, `catch`, pause }

    private struct Pending: Sendable {
        var event: Int
        /// The event's time and cause, kept here so that a frame need not copy the event.
        var time: Int64
        var cause: Cause
        var ux = 0.0, uy = 0.0
        var catcher = ContactKey(kind: .touch, id: 0)
        var catcherX = 0.0, catcherY = 0.0
        /// Where the catching finger landed, and where the element was when the catch was
        /// answered: from then on the element must follow the finger.
        var landingX = 0.0, landingY = 0.0
        var verifying = false
        var heldX = 0.0, heldY = 0.0
        /// A reversal: the furthest the element has gone along the old direction.
        var extreme: Double?
        var candidate: Int64?
        var detectionDone = false
        var timerDone = false
        var answered = false
    }

    private struct FrameSnapshot: Sendable {
        var vsync: Int64 = .min
        var presentation: Int64 = 0
        var x = 0.0, y = 0.0
        /// Which destination the frame showed: a number that changes exactly when the
        /// destination string differs from the previous frame's, so the ring holds no
        /// strings (copying one into every slot cost a retain, a release and a uniqueness
        /// check per frame).
        var destination = 0
    }

    private(set) var events: [RunEvent] = []
    private var pending: [Pending] = []
    private(set) var sawMarkers = false
    private var ring = [FrameSnapshot](repeating: FrameSnapshot(), count: 64)
    private var ringHead = 0
    /// The destination of the newest frame and its number (see ``FrameSnapshot/destination``).
    private var lastDestination = Destination.none
    private var destinationSerial = 0
    private var ringCount = 0
    // The first finger down: a short history for the direction before a marker, and the
    // reversal detector.
    private var primary: ContactKey?
    private var history = [(time: Int64, x: Double, y: Double)](repeating: (0, 0, 0), count: 32)
    private var historyHead = 0
    private var historyCount = 0
    private var detector = ReversalDetector()
    private var lastBegan: (time: Int64, id: ContactKey, x: Double, y: Double)?
    // The first report of each pause detector since the first finger landed.
    private var decelerationPause: Int64?
    private var timerPause: Int64?
    /// The landing of the first finger of the current gesture: a pause detected before it is
    /// the last gesture's, though its signal may reach the probe in the frame that consumes
    /// the landing.
    private var pausesSince = Int64.min
    /// A `redirect` marker not yet classified: until every sample at its time has arrived
    /// (a later sample or the next frame), a touch-down at the same time may still make it a
    /// catch. So the order of samples sharing a timestamp never changes its meaning.
    private var deferredRedirect: Int64?

    // MARK: Stream time

    /// Takes a sample as it arrives (before the frame that consumes it);
    /// `previousIsAnimating` says whether the last rendered frame was animating (only that
    /// is read, so the engine need not copy the whole state per sample) and `downBefore`
    /// counts the contacts down before it. Inlined into the engine's loop: it runs for every
    /// sample, and the call's own cost was a fifth of it.
    @inline(__always)
    mutating func observe(_ sample: InputSample, previousIsAnimating: Bool, downBefore: Int) {
        if let deferred = deferredRedirect, sample.time > deferred { resolveDeferredRedirect() }
        if sample.kind == .marker {
            marker(sample)
            return
        }
        guard (sample.kind == .touch || sample.kind == .pencil), sample.phase.isInContact else { return }
        if sample.phase == .began {
            lastBegan = (sample.time, sample.contact, sample.x, sample.y)
            if deferredRedirect == sample.time {
                deferredRedirect = nil
                addCatch(time: sample.time, source: .marker, id: sample.contact, x: sample.x, y: sample.y)
            }
            if downBefore == 0 {
                decelerationPause = nil
                timerPause = nil
                pausesSince = sample.time
            }
            if downBefore == 0 && previousIsAnimating && elementMoving {
                addCatch(time: sample.time, source: .detected, id: sample.contact, x: sample.x, y: sample.y)
            }
            if primary == nil {
                primary = sample.contact
                historyCount = 0
                detector.begin(x: sample.x, y: sample.y, time: sample.time)
            }
        }
        guard sample.contact == primary else { return }
        historyHead = (historyHead + 1) & 31
        history[historyHead] = (sample.time, sample.x, sample.y)
        historyCount = min(historyCount + 1, 32)
        if let reversal = detector.add(x: sample.x, y: sample.y, time: sample.time) {
            events.append(RunEvent(kind: .redirect, time: reversal.time, source: .detected, cause: .reversal))
            pending.append(Pending(event: events.count - 1, time: reversal.time, cause: .reversal, ux: reversal.ux, uy: reversal.uy))
            replayRing(into: pending.count - 1)
        }
        if sample.phase.isTerminal { primary = nil }
    }

    private mutating func marker(_ sample: InputSample) {
        guard let label = sample.label else { return }
        switch label {
        case "redirect":
            sawMarkers = true
            if let began = lastBegan, began.time == sample.time {
                addCatch(time: sample.time, source: .marker, id: began.id, x: began.x, y: began.y)
                return
            }
            if deferredRedirect != nil { resolveDeferredRedirect() }
            deferredRedirect = sample.time
        case "pause":
            sawMarkers = true
            events.append(RunEvent(kind: .pause, time: sample.time, source: .marker, cause: .pause))
            var entry = Pending(event: events.count - 1, time: sample.time, cause: .pause)
            // A destination change shortly before the marker may already be the answer.
            forEachRingFrame { frame, previousFrame in
                if frame.vsync >= sample.time - Self.pauseLookback, let previousFrame,
                   frame.destination != previousFrame.destination {
                    entry.candidate = frame.presentation
                }
            }
            pending.append(entry)
        default:
            return
        }
    }

    /// Classifies a deferred `redirect` marker that no touch-down at its time made a catch:
    /// a reversal of the moving finger.
    private mutating func resolveDeferredRedirect() {
        guard let time = deferredRedirect else { return }
        deferredRedirect = nil
        let (ux, uy) = directionBefore(time)
        events.append(RunEvent(kind: .redirect, time: time, source: .marker, cause: .reversal))
        pending.append(Pending(event: events.count - 1, time: time, cause: .reversal, ux: ux, uy: uy))
        replayRing(into: pending.count - 1)
    }

    private mutating func addCatch(time: Int64, source: RunEvent.Source, id: ContactKey, x: Double, y: Double) {
        events.append(RunEvent(kind: .redirect, time: time, source: source, cause: .catch))
        pending.append(Pending(event: events.count - 1, time: time, cause: .catch, catcher: id, catcherX: x, catcherY: y,
                               landingX: x, landingY: y))
    }

    /// Whether the element moved at least half a point over the last rendered frame: a
    /// touch landing then catches something in flight.
    private var elementMoving: Bool {
        guard ringCount >= 2 else { return false }
        let newest = ring[ringHead], older = ring[(ringHead + 63) & 63]
        return abs(newest.x - older.x) + abs(newest.y - older.y) >= 0.5
    }

    /// The primary finger's direction over the 40 ms before `time` (unit vector).
    private func directionBefore(_ time: Int64) -> (Double, Double) {
        guard historyCount >= 2 else { return (0, 0) }
        let newest = history[historyHead]
        var older = newest
        var index = historyHead
        for _ in 1..<historyCount {
            index = (index + 31) & 31
            older = history[index]
            if newest.time - older.time >= 40_000_000 { break }
        }
        let dx = newest.x - older.x, dy = newest.y - older.y
        let length = (dx * dx + dy * dy).squareRoot()
        return length > 0 ? (dx / length, dy / length) : (0, 0)
    }

    // MARK: Frame time

    /// Takes a rendered frame.
    mutating func frame(_ context: FrameContext) {
        if deferredRedirect != nil { resolveDeferredRedirect() }
        let vsync = context.record.vsync, presentation = context.record.presentation
        // The contacts are read where needed, not copied: a copy retains and releases their
        // storage every frame.
        let state = context.state
        for case .pauseDetected(let time, let detector) in context.signals where time >= pausesSince {
            switch detector {
            case .deceleration: if decelerationPause == nil { decelerationPause = time }
            case .timer: if timerPause == nil { timerPause = time }
            }
        }
        let previous = ringCount > 0 ? ring[ringHead] : nil
        if state.destination != lastDestination {
            lastDestination = state.destination
            destinationSerial &+= 1
        }
        ringHead = (ringHead + 1) & 63
        ring[ringHead] = FrameSnapshot(vsync: vsync, presentation: presentation, x: state.x, y: state.y,
                                       destination: destinationSerial)
        ringCount = min(ringCount + 1, 64)
        guard !pending.isEmpty, let previous else { return }
        var index = 0
        while index < pending.count {
            var entry = pending[index]
            var done = false
            if vsync >= entry.time {
                switch entry.cause {
                case .reversal:
                    done = answerReversal(&entry, frame: ring[ringHead], previous: previous)
                case .catch where entry.verifying:
                    done = verifyCatch(entry, state: state, contacts: context.contacts)
                case .catch:
                    let finger = context.contacts.position(of: entry.catcher) ?? (entry.catcherX, entry.catcherY)
                    let ex = state.x - previous.x - (finger.x - entry.catcherX)
                    let ey = state.y - previous.y - (finger.y - entry.catcherY)
                    entry.catcherX = finger.x; entry.catcherY = finger.y
                    if (ex * ex + ey * ey).squareRoot() <= Self.catchTolerance {
                        events[entry.event].responseMs = Double(presentation - entry.time) / 1e6
                        entry.verifying = true
                        entry.heldX = state.x; entry.heldY = state.y
                        done = verifyCatch(entry, state: state, contacts: context.contacts)
                    }
                case .pause:
                    if destinationSerial != previous.destination { entry.candidate = presentation }
                    done = context.contacts.down == 0 || vsync > entry.time + Self.pauseTimeout
                    if done, let candidate = entry.candidate {
                        events[entry.event].responseMs = Double(candidate - entry.time) / 1e6
                    }
                }
            } else if entry.cause == .catch, let finger = context.contacts.position(of: entry.catcher) {
                entry.catcherX = finger.x; entry.catcherY = finger.y
            }
            if entry.cause == .pause {
                if !entry.detectionDone, let detected = decelerationPause {
                    events[entry.event].detectionMs = Double(detected - entry.time) / 1e6
                    entry.detectionDone = true
                }
                if !entry.timerDone, let detected = timerPause {
                    events[entry.event].timerDetectionMs = Double(detected - entry.time) / 1e6
                    entry.timerDone = true
                }
            }
            if entry.cause != .pause && !entry.verifying && vsync > entry.time + Self.answerTimeout { done = true }
            if done {
                pending.remove(at: index)
            } else {
                pending[index] = entry
                index += 1
            }
        }
    }

    /// Whether the check of an answered catch is over: the finger lifted, or it travelled
    /// ``catchFollowTravel`` — then the element must have come along, or the answer is withdrawn.
    private mutating func verifyCatch(_ entry: Pending, state: SceneState, contacts: ContactPositions) -> Bool {
        guard let finger = contacts.position(of: entry.catcher) else { return true }
        let fx = finger.x - entry.landingX, fy = finger.y - entry.landingY
        let travel = (fx * fx + fy * fy).squareRoot()
        guard travel > Self.catchFollowTravel else { return false }
        let ex = state.x - entry.heldX, ey = state.y - entry.heldY
        if (ex * ex + ey * ey).squareRoot() < travel - Self.catchFollowSlack { events[entry.event].responseMs = nil }
        return true
    }

    /// Whether `frame` answers a reversal: the element has come back more than
    /// ``reversalFloor`` from the furthest it reached along the old direction since the frame
    /// before the event.
    private static func answers(_ entry: inout Pending, frame: FrameSnapshot, previous: FrameSnapshot) -> Bool {
        let before = previous.x * entry.ux + previous.y * entry.uy
        let along = frame.x * entry.ux + frame.y * entry.uy
        let extreme = Swift.max(entry.extreme ?? before, before)
        entry.extreme = Swift.max(extreme, along)
        return extreme - along > reversalFloor
    }

    private mutating func answerReversal(_ entry: inout Pending, frame: FrameSnapshot, previous: FrameSnapshot) -> Bool {
        guard Self.answers(&entry, frame: frame, previous: previous) else { return false }
        events[entry.event].responseMs = Double(frame.presentation - events[entry.event].time) / 1e6
        return true
    }

    /// Answers a just-detected reversal from the frames already rendered since it happened.
    private mutating func replayRing(into index: Int) {
        var entry = pending[index]
        let time = events[entry.event].time
        // The closure only reads: writing `events` from inside it made Swift copy the whole
        // probe (ring, events and all) for the call, so every reversal copied every event
        // before it and a long marker-dense replay went quadratic.
        var answer: Int64?
        forEachRingFrame { frame, previousFrame in
            guard answer == nil, frame.vsync >= time, let previousFrame else { return }
            if Self.answers(&entry, frame: frame, previous: previousFrame) { answer = frame.presentation }
        }
        if let answer { events[entry.event].responseMs = Double(answer - time) / 1e6 }
        entry.answered = answer != nil
        if entry.answered { pending.remove(at: index) } else { pending[index] = entry }
    }

    private func forEachRingFrame(_ body: (FrameSnapshot, FrameSnapshot?) -> Void) {
        var previous: FrameSnapshot?
        for offset in stride(from: ringCount - 1, through: 0, by: -1) {
            let frame = ring[(ringHead - offset + 64) & 63]
            body(frame, previous)
            previous = frame
        }
    }

    /// The events of the run: marker events when the trace had any markers, otherwise the
    /// detected ones; in time order.
    func finished() -> [RunEvent] {
        if deferredRedirect != nil {
            var resolved = self
            resolved.resolveDeferredRedirect()
            return resolved.finished()
        }
        let chosen = events.filter { sawMarkers ? $0.source == .marker : $0.source == .detected }
        return chosen.enumerated().sorted { a, b in
            a.element.time != b.element.time ? a.element.time < b.element.time : a.offset < b.offset
        }.map(\.element)
    }
}
