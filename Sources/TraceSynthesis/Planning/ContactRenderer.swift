import TouchBenchSupport
import TouchInput

/// The shared settings that turn planned episodes into samples.
struct RenderSettings: Sendable {
    var screen: TraceMetadata.Screen
    var quanta: FieldQuanta
    var noise: NoiseModel
    var display: DisplayTiming
}

/// Samples one contact on its digitizer ticks: model position plus tremor and sensor noise,
/// clamped to the screen and rounded to the storage quanta, with force, radius or pencil
/// angles, phases and coalescing flags.
struct ContactRenderer {
    let plan: ContactPlan
    let origin: Int64
    let settings: RenderSettings
    private var random: SeededRandom
    private let tremor: Tremor

    init(plan: ContactPlan, origin: Int64, settings: RenderSettings, stream: SeededRandom) {
        self.plan = plan
        self.origin = origin
        self.settings = settings
        var random = stream
        self.tremor = Tremor(noise: settings.noise, random: &random)
        self.random = random
    }

    private func localTime(_ time: Int64) -> Double { Double(time - origin) * 1e-9 }

    mutating func render() -> [InputSample] {
        var samples: [InputSample] = []
        samples.reserveCapacity(Int(plan.lastTick - plan.firstTick + 1))
        var previous: Vector? = nil
        for k in plan.firstTick...plan.lastTick {
            let time = plan.clock.time(ofTick: k)
            let t = localTime(time)
            // A pointer also reports its button going down and up, at rest or not.
            let isEnd = k == plan.firstTick || k == plan.lastTick || k == plan.down || k == plan.up
            if plan.reportsOnlyWhileMoving && !isEnd && !plan.path.isMoving(at: t) { continue }
            var phase = phase(ofTick: k)
            let location = observedLocation(at: t)
            if phase == .moved, let previous, previous == location { phase = .stationary }
            previous = phase.isInContact ? location : nil
            var sample = InputSample(
                time: time, kind: plan.kind, phase: phase, id: plan.id, x: location.x, y: location.y,
                modifiers: plan.modifiersUntil.map { t < $0 } ?? true ? plan.modifiers : [], flags: .synthetic)
            addAttributes(to: &sample, at: t)
            samples.append(sample)
        }
        markCoalesced(&samples)
        return samples
    }

    private func phase(ofTick k: Int64) -> SamplePhase {
        if let down = plan.down, let up = plan.up, k >= down, k <= up {
            return k == down ? .began : k == up ? .ended : .moved
        }
        if k == plan.hoverIn { return .hoverEntered }
        if k == plan.hoverOut { return .hoverExited }
        return .hoverMoved
    }

    private mutating func observedLocation(at t: Double) -> Vector {
        var p = plan.path.position(at: t)
        if settings.noise.isEnabled {
            p += tremor.offset(at: t)
            let sigma = settings.noise.positionSigma
            p += Vector(x: random.gaussian() * sigma, y: random.gaussian() * sigma)
        }
        let quantum = settings.quanta.position
        return Vector(
            x: Self.quantize(min(max(p.x, 0), settings.screen.width), quantum),
            y: Self.quantize(min(max(p.y, 0), settings.screen.height), quantum))
    }

    private mutating func addAttributes(to sample: inout InputSample, at t: Double) {
        let quanta = settings.quanta
        switch plan.style {
        case .finger(let style):
            guard let down = plan.down, let up = plan.up else { return }
            let tDown = localTime(plan.clock.time(ofTick: down))
            let tUp = localTime(plan.clock.time(ofTick: up))
            let rise = MinimumJerk.position((t - tDown) / 0.04)
            let fall = MinimumJerk.position((tUp - t) / 0.03)
            let speed = plan.path.velocity(at: t).length
            var force = style.pressure?.force(at: t)
                ?? style.force * (0.25 + 0.75 * rise) * (0.25 + 0.75 * fall) * (1 - 0.2 * min(1, speed / 2000))
            force += random.gaussian() * settings.noise.forceSigma
            force = Self.quantize(min(max(force, quanta.force), 1), quanta.force)
            let step = FingerStyle.radiusStep
            let steps = max(1, ((style.radius + 8 * force) / step).rounded())
            sample.force = force
            sample.majorRadius = steps * step
            sample.majorRadiusTolerance = step
        case .pencil(let style):
            let wobble = settings.noise.isEnabled ? 0.004 : 0
            var altitude = style.altitude + style.altitudeDrift * t + random.gaussian() * wobble
            altitude = min(max(altitude, 0.2), Double.pi / 2)
            var azimuth = style.azimuth + style.azimuthDrift * t + random.gaussian() * wobble
            azimuth -= (azimuth / (2 * Double.pi)).rounded(.down) * (2 * Double.pi)
            sample.altitude = Self.quantize(altitude, quanta.angle)
            sample.azimuth = Self.quantize(azimuth, quanta.angle)
            guard sample.phase.isInContact, let down = plan.down, let up = plan.up else { return }
            let tDown = localTime(plan.clock.time(ofTick: down))
            let tUp = localTime(plan.clock.time(ofTick: up))
            let rise = MinimumJerk.position((t - tDown) / 0.025)
            let fall = MinimumJerk.position((tUp - t) / 0.02)
            let undulation = style.forceWobble * Elementary.portableSin((2 * Double.pi) * style.forceWobbleHz * t + style.forceWobblePhase)
            var force = (style.force + undulation) * (0.1 + 0.9 * rise) * (0.1 + 0.9 * fall)
            force += random.gaussian() * settings.noise.forceSigma
            sample.force = Self.quantize(min(max(force, quanta.force), 1), quanta.force)
        case .pointer:
            // The primary button is held from the press to the release (its `ended` sample).
            sample.buttons = sample.phase.isInContact && sample.phase != .ended ? 1 : 0
        }
    }

    /// Flags the samples delivered between frames: a moving sample is coalesced when the
    /// contact's next sample falls in the same display frame (UIKit then hands only the
    /// later one to the event and the earlier one through `coalescedTouches`).
    private func markCoalesced(_ samples: inout [InputSample]) {
        guard samples.count > 1 else { return }
        let display = settings.display
        var nextFrame = display.frame(containing: samples[samples.count - 1].time)
        for index in stride(from: samples.count - 2, through: 0, by: -1) {
            let frame = display.frame(containing: samples[index].time)
            switch samples[index].phase {
            case .moved, .stationary, .hoverMoved:
                if frame == nextFrame { samples[index].flags.insert(.coalesced) }
            default:
                break
            }
            nextFrame = frame
        }
    }

    static func quantize(_ value: Double, _ quantum: Double) -> Double {
        (value / quantum).rounded() * quantum
    }
}

/// Physiological tremor: per axis, two sinusoids of sub-point amplitude at 8–12 Hz.
struct Tremor: Sendable {
    private var components: [(amplitude: Double, angularFrequency: Double, phase: Double, axis: Int)] = []

    init(noise: NoiseModel, random: inout SeededRandom) {
        guard noise.tremorAmplitude.upperBound > 0 else { return }
        for axis in 0..<2 {
            for _ in 0..<2 {
                let amplitude = random.uniform(noise.tremorAmplitude.lowerBound, noise.tremorAmplitude.upperBound)
                let frequency = random.uniform(noise.tremorFrequency.lowerBound, noise.tremorFrequency.upperBound)
                let phase = random.uniform(0, (2 * Double.pi))
                components.append((amplitude, (2 * Double.pi) * frequency, phase, axis))
            }
        }
    }

    func offset(at t: Double) -> Vector {
        var offset = Vector.zero
        for c in components {
            let value = c.amplitude * Elementary.portableSin(c.angularFrequency * t + c.phase)
            if c.axis == 0 { offset.x += value } else { offset.y += value }
        }
        return offset
    }
}
