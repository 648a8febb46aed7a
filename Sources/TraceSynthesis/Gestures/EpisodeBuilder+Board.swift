import TouchBenchSupport
import TouchInput

/// Gestures for the `board` scene (``BoardLayout``, at the top of the board): modifier keys
/// with touch and pointer, and one outcome reached by every input kind.
///
/// Keys are key samples (HID usages: left shift 0xE1, left option 0xE2, left command 0xE3)
/// whose `began` carries the modifiers held from then on and whose `ended` carries none; the
/// contacts made while a key is held record it too, until it is let go.
extension EpisodeBuilder {
    /// What a board gesture does.
    enum BoardAction {
        case optionDrag, shiftSelect, commandClick, parity
    }

    /// The distance every attempt of `parity` scrolls the board by, points.
    static let parityDistance = 240.0

    mutating func planBoard(_ action: BoardAction) {
        let layout = BoardLayout(screenWidth: width)
        switch action {
        case .optionDrag: planOptionDrag(layout)
        case .shiftSelect: planShiftSelect(layout)
        case .commandClick: planCommandClick(layout)
        case .parity: planParity(layout)
        }
    }

    /// A key held from `down` to `up` (local seconds).
    private mutating func holdKey(_ usage: UInt32, _ flag: ModifierFlags, from down: Double, to up: Double) {
        addEvent(InputSample(time: 0, kind: .key, phase: .began, modifiers: flag, flags: .synthetic, key: usage), atLocal: down)
        addEvent(InputSample(time: 0, kind: .key, phase: .ended, flags: .synthetic, key: usage), atLocal: up)
    }

    /// A point within 15 pt of object `index`'s centre.
    private mutating func aim(at index: Int, _ layout: BoardLayout) -> Vector {
        let centre = layout.centre(of: index)
        return Vector(x: centre.x + random.uniform(-15, 15), y: centre.y + random.uniform(-15, 15))
    }

    /// A finger that lands at `start` at `land`, moves by `by` from `rest` (seconds) later over
    /// 0.3–0.45 s, rests 80–150 ms and lifts. Its samples carry `modifiers` until the key is
    /// let go `letGo` (a fraction, 0…1) of the way through the move, or to the lift when `nil`;
    /// returns its timing and when the key is let go (local seconds).
    @discardableResult
    private mutating func dragFinger(from start: Vector, by: Vector, at land: Double, modifiers: ModifierFlags = [],
                                     letGo: Double? = nil, rest: ClosedRange<Double> = 0.05...0.08) -> (timing: ContactTiming, keyUp: Double) {
        var path = MovementPath(start: start)
        let begin = land + random.uniform(rest.lowerBound, rest.upperBound), duration = random.uniform(0.3, 0.45)
        path.move(by: by, from: begin, over: duration)
        let lift = begin + duration + random.uniform(0.08, 0.15)
        let timing = addFinger(.movements(path), landing: land, lifting: lift, modifiers: modifiers)
        guard let letGo else { return (timing, lift) }
        let keyUp = begin + duration * letGo
        episode.contacts[episode.contacts.count - 1].modifiersUntil = keyUp
        return (timing, keyUp)
    }

    /// Two different objects of the first two rows, then when a modifier key goes down and
    /// when the first contact lands, 0.1–0.2 s later (local seconds).
    private mutating func twoObjectsAndKey() -> (first: Int, second: Int, keyDown: Double, land: Double) {
        let first = random.integer(in: 0...5)
        var second = random.integer(in: 0...5)
        while second == first { second = random.integer(in: 0...5) }
        let keyDown = random.uniform(0.02, 0.05)
        return (first, second, keyDown, keyDown + random.uniform(0.1, 0.2))
    }

    /// A tap on object `index`, landing at `land` and held `hold` seconds.
    private mutating func tapObject(_ index: Int, _ layout: BoardLayout, at land: Double, hold: Double,
                                    modifiers: ModifierFlags = []) -> ContactTiming {
        addFinger(.movements(restingPath(from: land, for: hold, slip: 0.2...0.9).translated(by: aim(at: index, layout))),
                  landing: land, lifting: land + hold, modifiers: modifiers)
    }

    /// Option held, a finger drags a copy of an object in the top two rows away (Option let
    /// go 60–85 % of the way, before the lift: the copy was decided at the landing), then a
    /// plain drag moves another object: `intent:copiedK`, `intent:movedJ` at the touch-downs.
    private mutating func planOptionDrag(_ layout: BoardLayout) {
        let (source, other, keyDown, land) = twoObjectsAndKey()
        let letGo = random.uniform(0.6, 0.85)
        let (copy, keyUp) = dragFinger(from: aim(at: source, layout), by: Vector(x: random.uniform(-60, 60), y: random.uniform(330, 420)),
                                       at: land, modifiers: .option, letGo: letGo)
        holdKey(0xE2, .option, from: keyDown, to: keyUp)
        addIntent(.copied(source), at: copy.downTime)
        let second = copy.up + random.uniform(0.3, 0.5)
        let (move, _) = dragFinger(from: aim(at: other, layout), by: Vector(x: random.uniform(-60, 60), y: random.uniform(330, 420)),
                                   at: second)
        addIntent(.moved(other), at: move.downTime)
    }

    /// A plain tap selects an object of the first row (after the 300 ms a double tap may take);
    /// with Shift held, a tap adds one of the second row, and a drag from the gap below it
    /// into an object of the third row adds that one (Shift let go during the drag):
    /// `intent:selected1`, `selected2`, `selected3`.
    private mutating func planShiftSelect(_ layout: BoardLayout) {
        let first = random.integer(in: 0...2), second = 3 + random.integer(in: 0...2)
        let column = random.integer(in: 0...1)
        let tapHold = random.uniform(0.06, 0.1)
        let tap = tapObject(first, layout, at: 0.05, hold: tapHold)
        addIntent(.selected(1), at: tap.downTime)
        let keyDown = tap.up + random.uniform(0.4, 0.5)
        let land = keyDown + random.uniform(0.1, 0.2)
        let shiftTap = tapObject(second, layout, at: land, hold: tapHold, modifiers: .shift)
        addIntent(.selected(2), at: shiftTap.downTime)
        // From the middle of the gaps right of `column` and below row 1 to the centre of the
        // object diagonally past them (row 2): the marquee touches that object alone.
        let start = Vector(x: layout.gapX(rightOf: column), y: BoardLayout.gapY(below: 1))
        let target = layout.centre(of: 2 * BoardLayout.columns + column + 1)
        let letGo = random.uniform(0.7, 0.9)
        let (marquee, keyUp) = dragFinger(from: start, by: Vector(x: target.x, y: target.y) - start,
                                          at: shiftTap.up + random.uniform(0.15, 0.3), modifiers: .shift, letGo: letGo)
        holdKey(0xE1, .shift, from: keyDown, to: keyUp)
        addIntent(.selected(3), at: marquee.downTime)
    }

    /// Command held, a tap on an object and then a mouse click on another act at once:
    /// `intent:activatedK` at each press.
    private mutating func planCommandClick(_ layout: BoardLayout) {
        let (tapped, clicked, keyDown, land) = twoObjectsAndKey()
        let tap = tapObject(tapped, layout, at: land, hold: random.uniform(0.06, 0.1), modifiers: .command)
        addIntent(.activated(tapped), at: tap.downTime)
        // The mouse travels onto the other object, rests, clicks.
        let spot = aim(at: clicked, layout)
        var path = MovementPath(start: Vector(x: width / 2, y: height * 0.8))
        let press = travel(&path, from: path.start, to: spot, at: tap.up + 0.05) + random.uniform(0.08, 0.15)
        let release = press + random.uniform(0.06, 0.1)
        let keyUp = release + random.uniform(0.05, 0.1)
        let click = addPointer(path, until: keyUp + random.uniform(0.15, 0.25), pressing: press...release, modifiers: .command,
                               until: keyUp)
        addIntent(.activated(clicked), at: click.downTime)
        holdKey(0xE3, .command, from: keyDown, to: keyUp)
    }

    /// The board scrolled by ``parityDistance`` four times, once per input kind, each marked
    /// `parity` at its first input: moving at once (a drag that rests before it moves would
    /// add its rest to its response), a finger drag up from the gap right of the first column, a
    /// mouse drag up from the gap right of the second, a trackpad pan (one step per scan,
    /// minimum jerk, adding up to the distance exactly) and eight wheel notches of 30 pt.
    private mutating func planParity(_ layout: BoardLayout) {
        let distance = Self.parityDistance
        // 1. A finger.
        let fingerStart = Vector(x: layout.gapX(rightOf: 0), y: height * random.uniform(0.6, 0.75))
        let finger = dragFinger(from: fingerStart, by: Vector(x: random.uniform(-4, 4), y: -distance), at: 0.05,
                                rest: 0...0.01).timing
        addMarker(.parity, at: finger.downTime)
        // 2. A mouse: travel to the other gap, press, drag up, rest, release.
        let spot = Vector(x: ContactRenderer.quantize(layout.gapX(rightOf: 1), 1.0 / 256),
                          y: ContactRenderer.quantize(height * random.uniform(0.6, 0.75), 1.0 / 256))
        var path = MovementPath(start: Vector(x: width * 0.8, y: height * 0.9))
        let press = travel(&path, from: path.start, to: spot, at: finger.up + 0.1) + random.uniform(0.1, 0.2)
        let begin = press + random.uniform(0, 0.01), duration = random.uniform(0.3, 0.45)
        path.move(by: Vector(x: 0, y: -distance), from: begin, over: duration)
        let release = begin + duration + random.uniform(0.08, 0.15)
        // 3. The trackpad, with the pointer resting over the board.
        var t = release + random.uniform(0.3, 0.5)
        let trackpadStart = tick(atOrAfter: t, on: touchClock)
        let travelTime = random.uniform(0.3, 0.5)
        let last = tick(atOrAfter: t + travelTime + random.uniform(0.03, 0.08), on: touchClock)
        var previous = 0.0
        for k in trackpadStart...last {
            let local = localTime(ofTick: k, on: touchClock)
            let travelled = ContactRenderer.quantize(distance * MinimumJerk.position((local - t) / travelTime), 1.0 / 256)
            let phase: SamplePhase = k == trackpadStart ? .began : k == last ? .ended : .moved
            addEvent(InputSample(time: 0, kind: .scroll, phase: phase, x: spot.x, y: spot.y - distance, flags: .synthetic,
                                 scrollDelta: (0, travelled - previous)), atLocal: local)
            if k == trackpadStart { addMarker(.parity, atLocal: local) }
            previous = travelled
        }
        // 4. The wheel: eight notches of 30 pt, 40–60 ms apart.
        t = localTime(ofTick: last, on: touchClock) + random.uniform(0.3, 0.5)
        addMarker(.parity, atLocal: t)
        for notch in 0..<8 {
            let phase: SamplePhase = notch == 0 ? .began : notch == 7 ? .ended : .moved
            addEvent(InputSample(time: 0, kind: .scroll, phase: phase, x: spot.x, y: spot.y - distance, flags: .synthetic,
                                 scrollDelta: (0, distance / 8)), atLocal: t)
            if notch < 7 { t += random.uniform(0.04, 0.06) }
        }
        let mouse = addPointer(path, until: t + random.uniform(0.3, 0.5), pressing: press...release)
        addMarker(.parity, at: mouse.downTime)
    }
}
