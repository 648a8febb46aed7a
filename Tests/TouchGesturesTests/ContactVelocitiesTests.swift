import Testing
import TouchDynamics
import TouchGestures
import TouchInput
import TraceSynthesis

/// The memo's contact trackers (``VelocityMemo/velocity(following:strategy:)``): one tracker
/// per contact, shared by the observers that hand it the same samples, must report bit for bit
/// what each observer's own tracker would.
@Suite struct ContactVelocitiesTests {
    /// A tracker of one's own per contact, fed as the pause detectors fed theirs: afresh at
    /// `.began`, every later sample of the contact up to its lift.
    struct OwnTrackers {
        var trackers: [UInt32: VelocityTracker] = [:]

        mutating func velocity(following sample: InputSample) -> Velocity {
            if sample.phase == .began { trackers[sample.id] = VelocityTracker() }
            trackers[sample.id, default: VelocityTracker()].add(time: sample.time, x: sample.x, y: sample.y)
            return trackers[sample.id, default: VelocityTracker()].velocity(at: sample.time)
        }
    }

    static func bits(_ velocity: Velocity) -> [UInt64] { [velocity.x.bitPattern, velocity.y.bitPattern] }

    /// Two observers handing every sample of a marker-dense session (some of them twice in a row,
    /// as equal timestamps and repeated samples arrive) read the velocity their own trackers
    /// give, with one fit per distinct sample.
    @Test(arguments: [UInt64(3), 11])
    func twoObserversReadTheirOwnTrackersVelocity(seed: UInt64) {
        var memo = VelocityMemo()
        var own = OwnTrackers()
        var followed = Set<UInt32>()
        var handed = 0, distinct = 0, moving = 0
        for (index, sample) in MixedSession(seed: seed, duration: 40).enumerated() where sample.kind == .touch {
            if sample.phase == .began { followed.insert(sample.id) }
            guard followed.contains(sample.id) else { continue }
            if sample.phase.isTerminal {
                followed.remove(sample.id)
                memo.endContact(sample.contact, strategy: .lsq2)
                continue
            }
            let times = index % 7 == 0 ? 2 : 1
            var expected = Velocity.zero
            for _ in 0..<times {
                expected = own.velocity(following: sample)
                let first = memo.velocity(following: sample, strategy: .lsq2)
                let second = memo.velocity(following: sample, strategy: .lsq2)
                #expect(Self.bits(first) == Self.bits(expected), "sample \(index)")
                #expect(Self.bits(second) == Self.bits(expected), "sample \(index)")
                memo.finishSample()
                handed += 1
            }
            distinct += 1
            if expected.magnitude > 50 { moving += 1 }
        }
        #expect(distinct > 5_000 && handed > distinct)
        #expect(moving > distinct / 4)
        // A sample handed again right after itself is the same sample: no new fit.
        #expect(memo.fits == distinct)
        #expect(memo.newestTime(ofContact: ContactKey(kind: .touch, id: 99_999), strategy: .lsq2) == nil)
    }

    /// What a repeat hands over: the same moved sample, an older one (refused both times), a
    /// `.began` twice, and a `.began` at the time and place of the last moved sample, which must
    /// start the contact afresh rather than pass for a repeat; and what is no repeat: a sample at
    /// the same time elsewhere, which replaces the newest.
    enum Repeat: CaseIterable { case sameMoved, older, beganTwice, beganWhereMovedWas, sameTimeElsewhere }

    @Test(arguments: Repeat.allCases)
    func aRepeatLeavesTheTrackerAsOneHandingDoes(_ kind: Repeat) {
        func sample(_ step: Int, _ phase: SamplePhase = .moved) -> InputSample {
            InputSample(time: Int64(step) * 8_000_000, kind: .touch, phase: phase, id: 4,
                        x: Double(step * step) * 0.7, y: Double(step) * 2.5)
        }
        var handed = (0...9).map { sample($0, $0 == 0 ? .began : .moved) }
        switch kind {
        case .sameMoved: handed += [sample(10), sample(10), sample(11)]
        case .older: handed += [sample(7), sample(7), sample(10)]
        case .beganTwice: handed += [sample(10, .began), sample(10, .began), sample(11)]
        case .beganWhereMovedWas:
            var began = handed[9]
            began.phase = .began
            handed += [began, sample(10)]
        case .sameTimeElsewhere:
            let moved = sample(10)
            let elsewhere = InputSample(time: moved.time, kind: .touch, phase: .moved, id: 4, x: moved.x + 6, y: moved.y)
            handed += [moved, elsewhere, sample(11)]
        }
        var memo = VelocityMemo()
        var own = OwnTrackers()
        for sample in handed {
            let expected = own.velocity(following: sample)
            #expect(Self.bits(memo.velocity(following: sample, strategy: .lsq2)) == Self.bits(expected), "\(kind) at \(sample.time)")
            memo.finishSample()
        }
        let newest = own.trackers[4]?.newestTime
        #expect(memo.newestTime(ofContact: ContactKey(kind: .touch, id: 4), strategy: .lsq2) == newest)
        // Between samples, at an earlier time too, the contact's tracker answers as one's own.
        for time in stride(from: Int64(0), through: 120_000_000, by: 5_000_000) {
            let expected = own.trackers[4]?.velocity(at: time) ?? .zero
            #expect(Self.bits(memo.velocity(ofContact: ContactKey(kind: .touch, id: 4), strategy: .lsq2, at: time) ?? .zero) == Self.bits(expected))
        }
    }

    /// Memos that follow the same samples are equal however often they were asked; a sample
    /// more, or a contact forgotten, makes them differ.
    @Test func equalMemosFollowTheSameSamples() {
        let samples = (0..<6).map { step in
            InputSample(time: Int64(step) * 8_000_000, kind: .touch, phase: step == 0 ? .began : .moved, id: 2,
                        x: Double(step) * 4, y: 1)
        }
        var once = VelocityMemo(), twice = VelocityMemo()
        for sample in samples {
            _ = once.velocity(following: sample, strategy: .lsq2)
            _ = twice.velocity(following: sample, strategy: .lsq2)
            _ = twice.velocity(following: sample, strategy: .lsq2)
        }
        #expect(once == twice && once.hashValue == twice.hashValue)
        var more = once
        _ = more.velocity(following: InputSample(time: 60_000_000, kind: .touch, phase: .moved, id: 2, x: 30, y: 1),
                          strategy: .lsq2)
        #expect(more != once)
        var forgotten = once
        forgotten.endContact(ContactKey(kind: .touch, id: 2), strategy: .lsq2)
        #expect(forgotten != once && forgotten == VelocityMemo())
        // Each strategy has a tracker of its own.
        _ = more.velocity(following: samples[0], strategy: .impulse)
        #expect(more.newestTime(ofContact: ContactKey(kind: .touch, id: 2), strategy: .impulse) == 0)
        #expect(more.newestTime(ofContact: ContactKey(kind: .touch, id: 2), strategy: .lsq2) == 60_000_000)
    }

    /// A finger at 400 pt/s for 100 ms, still for 150 ms, then fast again, and a tracker of its own.
    static func stopAndGo() -> (samples: [InputSample], reference: VelocityTracker) {
        var samples: [InputSample] = []
        var x = 0.0
        for step in 0..<36 {
            if step <= 12 || step >= 32 { x += 3.2 }
            samples.append(InputSample(time: Int64(step) * 8_000_000, kind: .touch, phase: step == 0 ? .began : .moved,
                                       id: 1, x: x, y: 0))
        }
        var reference = VelocityTracker()
        for sample in samples { reference.add(time: sample.time, x: sample.x, y: sample.y) }
        return (samples, reference)
    }

    /// A tick at a time before the contact's newest sample (a trace whose times go back) reads
    /// the speed of the contact's tracker at that time, as the timer's own tracker did: slow
    /// there marks the contact slow from that time on, fast there does not.
    @Test func theTimerReadsTheContactsTrackerAtAnEarlierTick() {
        let (samples, reference) = Self.stopAndGo()
        var slow = 0, fast = 0
        for tick in stride(from: Int64(100_000_000), to: 280_000_000, by: 2_000_000) {
            var detector = TimerPauseDetector()
            var events: [GestureEvent] = []
            for sample in samples { detector.handle(sample, events: &events) }
            #expect(detector.contacts.first?.slowSince == nil)
            detector.advance(to: tick, events: &events)
            let isSlow = reference.velocity(at: tick).magnitude < detector.speedThreshold
            #expect(detector.contacts.first?.slowSince == (isSlow ? tick : nil), "tick at \(tick)")
            if isSlow { slow += 1 } else { fast += 1 }
        }
        #expect(slow > 10 && fast > 3)
    }

    /// In an arena the timer reads the contact's tracker through the arena's memo on a tick too:
    /// one before the newest sample (a library caller's) answers as the timer's own tracker did.
    @Test func theArenaTicksTheTimerThroughItsMemo() {
        let (samples, reference) = Self.stopAndGo()
        var slow = 0, fast = 0
        for tick in stride(from: Int64(100_000_000), to: 280_000_000, by: 6_000_000) {
            var arena = GestureArena()
            _ = arena.add(DecelerationPauseDetector())
            let timer = arena.add(TimerPauseDetector())
            for sample in samples { arena.handle(sample) }
            _ = arena.advance(to: tick)
            let slowSince = (arena.recognizers[timer.index] as? TimerPauseDetector)?.contacts.first?.slowSince
            let isSlow = reference.velocity(at: tick).magnitude < 20
            #expect(slowSince == (isSlow ? tick : nil), "tick at \(tick)")
            if isSlow { slow += 1 } else { fast += 1 }
        }
        #expect(slow > 3 && fast > 1)
    }

    /// Two arenas whose detectors stand alike but whose contact's samples differ are not equal:
    /// the memo holding the contact's tracker is part of the arena's state.
    @Test func arenasDifferByTheirContactsTrackers() {
        func arena(startingAt x: Double) -> GestureArena {
            var arena = GestureArena()
            _ = arena.add(DecelerationPauseDetector())
            _ = arena.add(TimerPauseDetector())
            arena.handle(InputSample(time: 0, kind: .touch, phase: .began, id: 1, x: x, y: 0))
            arena.handle(InputSample(time: 8_000_000, kind: .touch, phase: .moved, id: 1, x: 10, y: 0))
            return arena
        }
        #expect(arena(startingAt: 0) == arena(startingAt: 0))
        #expect(arena(startingAt: 0) != arena(startingAt: 5))
    }
}
