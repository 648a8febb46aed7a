import TouchInput

extension GestureArena {
    /// The most contacts followed at once (touch screens report at most 10 to 20).
    public static var maximumContacts: Int { 32 }

    /// Delivers one sample: first any timers due by its time, then the sample to the
    /// recognizers following its contact (offering the contact to all of them if it is new).
    /// Returns the state changes, in order.
    @discardableResult
    public mutating func handle(_ sample: InputSample) -> [GestureEvent] {
        var out: [GestureEvent] = []
        handle(sample, into: &out)
        return out
    }

    /// Delivers one sample like ``handle(_:)``, appending the state changes to `out`: a
    /// caller that runs millions of samples reuses one array.
    public mutating func handle(_ sample: InputSample, into out: inout [GestureEvent]) {
        tick(to: sample.time, into: &out)
        guard sample.kind.isContact else { return }
        quietTick = nil
        var sessionIndex = Self.session(of: sample, in: sessions)
        if sample.phase == .began || sample.phase == .hoverEntered, let existing = sessionIndex {
            // A contact that lands again without having lifted starts afresh: the recognizers
            // following it see it cancelled (or its hover end) at this sample, which ends its
            // session, and the landing is then a new contact. Only dropping the session left
            // them following the old touch: a pan took the new one as a second finger, and a
            // long press kept timing from the first landing. It is cancelled where it was last
            // seen, not where it lands again: a pan cancelled there took the jump between the
            // two for its translation.
            var end = sample
            end.phase = sample.phase == .began ? .cancelled : .hoverExited
            end.location = (sessions[existing].lastX, sessions[existing].lastY)
            handle(end, into: &out)
            sessionIndex = Self.session(of: sample, in: sessions)
        }
        if sessionIndex == nil {
            // Beyond any real touch screen's contact count a new contact is ignored until
            // others lift: it keeps a hostile trace of thousands of simultaneous touches linear.
            guard sessions.count < Self.maximumContacts else { return }
            offer(sample)
            sessionIndex = sessions.count - 1
        }
        guard let index = sessionIndex else { return }
        sessions[index].lastX = sample.x
        sessions[index].lastY = sample.y
        // One memo for every sample and tick: it keeps the contacts' trackers, and the pause
        // detectors fit each contact's window once between them. The arena's own, used in
        // place (a copy taken out and put back cost as much as a solve).
        defer { velocityMemo.finishSample() }
        // The members are in ascending order (``offer(_:)`` lists them so; claims only remove),
        // so the next to take the sample is the first after the last that took it, wherever a
        // claim by an earlier member moved it or cancelled those after it. Read in place: a
        // copy of the list, or of the session, retained and released it on every sample.
        var previous = -1
        var position = 0
        while true {
            let count = sessions[index].members.count
            position = Swift.min(position, count)
            while position > 0, sessions[index].members[position - 1] > previous { position -= 1 }
            while position < count, sessions[index].members[position] <= previous { position += 1 }
            guard position < count else { break }
            let member = sessions[index].members[position]
            previous = member
            // The recognizer appends to `out` itself: a batch of its own, stamped into a
            // second array and appended, cost two allocations on most samples (the pan's
            // `changed`).
            let start = out.count
            let step = recognizers[member].step(taking: sample, velocities: &velocityMemo, events: &out)
            timing[member] = step.timing
            process(eventsFrom: start, from: member, step, at: sample.time, into: &out)
        }
        if sample.phase.isTerminal || sample.phase == .hoverExited {
            sessions.remove(at: index)
            // A pointer or pencil hovers on after a press: it was last seen where it lifted.
            if !sample.isHoverSample, let hover = sessions.firstIndex(where: {
                $0.isHover && $0.id == sample.id && $0.kind == sample.kind
            }) {
                sessions[hover].lastX = sample.x
                sessions[hover].lastY = sample.y
            }
        }
    }

    /// The session following `sample`'s contact, found by reading each session's identity
    /// in place (a search handed each session copied it, members and all). Static, so that
    /// the call takes the sessions alone, not a copy of the arena.
    private static func session(of sample: InputSample, in sessions: [ContactSession]) -> Int? {
        let isHover = sample.isHoverSample
        for index in sessions.indices
        where sessions[index].id == sample.id && sessions[index].kind == sample.kind && sessions[index].isHover == isHover {
            return index
        }
        return nil
    }

    /// Tells the recognizers that time has reached `time` (a frame tick): timers due by then
    /// fire, stamped with `time`. Only recognizers whose ``GestureRecognizer/nextDeadline`` is
    /// due or that ``GestureRecognizer/watchesTime`` are called (the protocol's contract: any
    /// other would change nothing). Returns the state changes, in order.
    @discardableResult
    public mutating func advance(to time: Int64) -> [GestureEvent] {
        var out: [GestureEvent] = []
        tick(to: time, into: &out)
        return out
    }

    /// Advances through every pending deadline up to `time`, each at its exact instant, then
    /// to `time`: what a virtual clock does between samples.
    @discardableResult
    public mutating func advance(throughDeadlinesUpTo time: Int64) -> [GestureEvent] {
        var out: [GestureEvent] = []
        advance(throughDeadlinesUpTo: time, into: &out)
        return out
    }

    /// Advances like ``advance(throughDeadlinesUpTo:)``, appending the state changes to `out`.
    public mutating func advance(throughDeadlinesUpTo time: Int64, into out: inout [GestureEvent]) {
        // A deadline at or before the arena's time has been seen already; only later ones
        // are stepped through, so the loop always makes progress.
        while let deadline = nextDeadline, deadline <= time, deadline > self.time {
            tick(to: deadline, into: &out)
        }
        tick(to: time, into: &out)
    }

    private mutating func tick(to time: Int64, into out: inout [GestureEvent]) {
        self.time = max(self.time, time)
        // `StandardArena` ticks to a sample's time on its way through the deadlines, then
        // `handle` ticks to it again: with nothing in between, the second finds every
        // recognizer as the first left it, and a tick to the same time again changes nothing
        // (the protocol's contract). The repeat was 7 % of `gestures`' instructions.
        if quietTick == time { return }
        let eventsBefore = out.count, heldBefore = deferred.count
        defer { quietTick = out.count == eventsBefore && deferred.count == heldBefore ? time : nil }
        for index in recognizers.indices {
            // A recognizer whose deadline is not due and that does not watch time, or not at
            // this time, would do nothing (the protocol's contract): a tick before every sample
            // skips it.
            if timing[index].waitsForDeadline(at: time) {
                guard let deadline = timing[index].deadline, deadline <= time else { continue }
            }
            let start = out.count
            let step = recognizers[index].step(advancingTo: time, velocities: &velocityMemo, events: &out)
            timing[index] = step.timing
            process(eventsFrom: start, from: index, step, at: time, into: &out)
        }
    }

    /// Opens a session for the new contact of `sample` and lists who wants it. A finished
    /// recognizer resets first, once every contact it joined has lifted (UIKit's rule): the
    /// member lists alone would not say so, since a claim takes the competitors it cancels
    /// off them, and a tap or long press cancelled by a pan then started afresh on a second
    /// finger joining the pan, and cancelled the pan when it recognized.
    private mutating func offer(_ sample: InputSample) {
        var members: [Int] = []
        for index in recognizers.indices {
            if recognizers[index].state.isTerminal, !sessions.contains(where: { $0.joined.contains(index) }) {
                recognizers[index].reset()
                refreshTiming(of: index)
            }
            if recognizers[index].wantsContact(sample) { members.append(index) }
        }
        sessions.append(ContactSession(serial: nextSessionSerial, kind: sample.kind, id: sample.id, isHover: sample.isHoverSample,
                                       members: members, joined: members, lastX: sample.x, lastY: sample.y))
        nextSessionSerial += 1
    }

    /// Stamps the events `member` just appended to `out` (from `start` on) with its index and
    /// acts on its claim: holds the events back, taken out of `out`, while a recognizer it
    /// waits for is undecided; otherwise cancels the competitors it beat.
    private mutating func process(
        eventsFrom start: Int, from member: Int, _ step: RecognizerStep, at time: Int64, into out: inout [GestureEvent]
    ) {
        // Most samples change no state: nothing to stamp, claim or release.
        if out.count == start, deferred.isEmpty, !step.newlyClaimed { return }
        for index in start..<out.count { out[index].recognizer = member }
        let claims = step.newlyClaimed && step.competes
        if claims, !undecidedRequirements(of: member).isEmpty {
            hold(claimOf: member, eventsFrom: start, at: time, out: &out)
        } else if claims {
            claim(by: member, at: time, into: &out)
        }
        resolveDeferred(at: time, into: &out)
    }

    /// Holds back `member`'s claim and the events it just appended to `out` (from `start` on)
    /// until the recognizers it waits for decide. Out of line: rare, and inlined it kept
    /// ``process(eventsFrom:from:_:at:into:)``, which runs for every step, from being inlined.
    @inline(never)
    private mutating func hold(claimOf member: Int, eventsFrom start: Int, at time: Int64, out: inout [GestureEvent]) {
        // A held claim belongs to the contact it was made on, in the session it has now.
        let contact = out[start...].first?.contact
        let claimed = sessions.filter { $0.members.contains(member) && (contact == nil || $0.id == contact) }.map(\.serial)
        deferred.append(DeferredClaim(recognizer: member, events: Array(out[start...]), heldSince: time, sessions: claimed))
        out.removeSubrange(start...)
    }

    /// Cancels every other competitor following the contacts `winner` follows (only in the
    /// sessions `only` when given: a held claim belongs to the sessions it was made on, not to
    /// a later contact that reuses an id).
    private mutating func claim(by winner: Int, at time: Int64, into out: inout [GestureEvent], only: [Int]? = nil) {
        for sessionIndex in sessions.indices where sessions[sessionIndex].members.contains(winner) {
            if let only, !only.contains(sessions[sessionIndex].serial) { continue }
            for loser in sessions[sessionIndex].members where loser != winner {
                guard recognizers[loser].role == .competitor, !isSimultaneous(winner, loser) else { continue }
                var events: [GestureEvent] = []
                recognizers[loser].cancel(at: time, events: &events)
                refreshTiming(of: loser)
                out.append(contentsOf: events.map { event in
                    var event = event
                    event.recognizer = loser
                    return event
                })
                for other in sessions.indices { sessions[other].members.removeAll { $0 == loser } }
            }
        }
    }

    private func isSimultaneous(_ a: Int, _ b: Int) -> Bool {
        simultaneous.contains { ($0.0 == a && $0.1 == b) || ($0.0 == b && $0.1 == a) }
    }

    /// The recognizers `waiter` waits for that have not decided yet.
    private func undecidedRequirements(of waiter: Int) -> [Int] {
        requirements.filter { $0.waiter == waiter }.map(\.required).filter { required in
            let recognizer = recognizers[required]
            return !recognizer.hasClaimed && [.possible, .began, .changed].contains(recognizer.state)
        }
    }

    private func anyRequirementSucceeded(of waiter: Int) -> Bool {
        requirements.contains { $0.waiter == waiter && recognizers[$0.required].hasClaimed }
    }

    /// Releases or drops held claims whose requirements have decided.
    private mutating func resolveDeferred(at time: Int64, into out: inout [GestureEvent]) {
        var index = 0
        while index < deferred.count {
            let held = deferred[index]
            guard undecidedRequirements(of: held.recognizer).isEmpty else {
                index += 1
                continue
            }
            deferred.remove(at: index)
            guard let first = held.events.first else { continue }
            if anyRequirementSucceeded(of: held.recognizer) {
                var event = GestureEvent(gesture: first.gesture, state: .cancelled, time: time, contact: first.contact)
                event.recognizer = held.recognizer
                event.location = first.location
                out.append(event)
            } else {
                out.append(contentsOf: held.events.map { event in
                    var event = event
                    event.time = time
                    event.delay = time - held.heldSince
                    return event
                })
                claim(by: held.recognizer, at: time, into: &out, only: held.sessions)
            }
        }
    }
}
