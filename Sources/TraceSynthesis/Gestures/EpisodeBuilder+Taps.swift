import TouchBenchSupport
import TouchInput

/// Taps, double taps, long presses and modified taps: fingers that land and lift in place.
extension EpisodeBuilder {
    /// A finger resting in place still slips a fraction of a point as it rolls and presses.
    mutating func restingPath(from t: Double, for hold: Double, slip: ClosedRange<Double>) -> MovementPath {
        var path = MovementPath(start: .zero)
        path.move(by: randomDirection() * random.uniform(slip.lowerBound, slip.upperBound), from: t + 0.01, over: hold * 0.8)
        return path
    }

    mutating func planTap() {
        let hold = random.uniform(0.06, 0.12)
        let path = restingPath(from: 0, for: hold, slip: 0.2...0.9)
        let offset = placement(of: [.movements(path)], during: 0...hold, margin: 24)
        addFinger(.movements(path.translated(by: offset)), landing: 0, lifting: hold)
    }

    mutating func planDoubleTap() {
        let firstHold = random.uniform(0.06, 0.11)
        let gap = random.uniform(0.07, 0.15)
        let secondLand = firstHold + gap
        let secondHold = random.uniform(0.05, 0.1)
        let first = restingPath(from: 0, for: firstHold, slip: 0.2...0.8)
        // The second tap lands a few points from the first: close enough for any multi-tap slop.
        let second = restingPath(from: secondLand, for: secondHold, slip: 0.2...0.8)
            .translated(by: randomDirection() * random.uniform(1, 6))
        let paths: [ContactPath] = [.movements(first), .movements(second)]
        let offset = placement(of: paths, during: 0...(secondLand + secondHold), margin: 24)
        addFinger(.movements(first.translated(by: offset)), landing: 0, lifting: firstHold)
        addFinger(.movements(second.translated(by: offset)), landing: secondLand, lifting: secondLand + secondHold)
    }

    mutating func planLongPress() {
        let hold = random.uniform(0.65, 1.0)
        let path = restingPath(from: 0, for: hold, slip: 0.3...1.5)
        let offset = placement(of: [.movements(path)], during: 0...hold, margin: 24)
        addFinger(.movements(path.translated(by: offset)), landing: 0, lifting: hold)
    }

    /// Option or shift goes down, a tap carries the modifier, the key comes up after the lift.
    mutating func planModifierTap() {
        let (usage, flag): (UInt32, ModifierFlags) = random.chance(0.5) ? (0xE2, .option) : (0xE1, .shift)
        let land = random.uniform(0.12, 0.25)
        let hold = random.uniform(0.07, 0.13)
        let path = restingPath(from: land, for: hold, slip: 0.2...0.9)
        let offset = placement(of: [.movements(path)], during: land...(land + hold), margin: 24)
        addFinger(.movements(path.translated(by: offset)), landing: land, lifting: land + hold, modifiers: flag)
        let keyUp = land + hold + random.uniform(0.08, 0.2)
        addEvent(InputSample(time: 0, kind: .key, phase: .began, modifiers: flag, flags: .synthetic, key: usage), atLocal: 0)
        addEvent(InputSample(time: 0, kind: .key, phase: .ended, flags: .synthetic, key: usage), atLocal: keyUp)
    }
}
