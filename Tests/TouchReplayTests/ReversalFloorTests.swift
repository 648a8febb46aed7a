import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// A reversal is answered only when the element comes back by more than the 0.5 pt noise
/// floor (docs/METRICS.md "Redirection events"), not by any backward step however small.
@Suite struct ReversalFloorTests {
    /// Tracks the finger until `holdFrom`, holds the element still until `stepFrom`, then
    /// steps it back by `back` against the finger's old direction and keeps it there: the
    /// element's only backward motion is that one step, of a known size.
    struct StepsBack: Scene {
        var holdFrom: Int64
        var stepFrom: Int64
        var back: (dx: Double, dy: Double)
        var state = SceneState()
        var held: (x: Double, y: Double)?
        var stepped = false

        mutating func handle(_ sample: InputSample) {
            guard sample.kind == .touch else { return }
            if sample.time < holdFrom {
                state.x = sample.x
                state.y = sample.y
            } else if held == nil {
                held = (state.x, state.y)
            }
            if sample.time >= stepFrom, !stepped, let held {
                state.x = held.x - back.dx
                state.y = held.y - back.dy
                stepped = true
            }
        }

        mutating func advance(to time: Int64) {}
    }

    /// Replays the synthesized reversal (no noise) through a scene that steps back by
    /// `distance` at the marker; returns the reversal event and the marker's time.
    func run(stepBack distance: Double, seed: UInt64) throws -> (event: RunEvent, marker: Int64, display: DisplayModel) {
        let trace = try synthesize(.reversal, seed: seed, rate: 240, noise: .off)
        let marker = try #require(trace.samples.first { $0.kind == .marker && $0.label == "redirect" }).time
        let touches = trace.samples.filter { $0.kind == .touch && $0.time <= marker }
        // The finger's direction over the 40 ms before the marker, as the probe takes it.
        let newest = try #require(touches.last)
        let older = try #require(touches.last { newest.time - $0.time >= 40_000_000 })
        let dx = newest.x - older.x, dy = newest.y - older.y
        let length = (dx * dx + dy * dy).squareRoot()
        #expect(length > 1, "the finger moves before the turn")
        let scene = StepsBack(holdFrom: marker - 50_000_000, stepFrom: marker,
                              back: (distance * dx / length, distance * dy / length))
        let display = DisplayModel(refresh: .fixed(120), presentationDelay: 2)
        let result = try Replayer.replay(samples: trace.samples, scene: scene, settings: ReplaySettings(mode: .virtual, display: display))
        let event = try #require(result.events.first { $0.cause == .reversal })
        #expect(result.events.count == 1)
        return (event, marker, display)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aStepBackBelowTheFloorDoesNotAnswer(seed: UInt64) throws {
        let (event, _, _) = try run(stepBack: 0.45, seed: seed)
        #expect(event.responseMs == nil, "a 0.45 pt step back answered in \(event.responseMs ?? 0) ms")
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aStepBackAboveTheFloorAnswersAtTheFrameThatShowsIt(seed: UInt64) throws {
        let (event, marker, display) = try run(stepBack: 0.55, seed: seed)
        let response = try #require(event.responseMs)
        // Shown by the first frame that consumes a sample at or after the marker: the
        // pipeline (D frames) plus the wait for that frame's vsync, under two frames.
        let period = frameMs(120)
        #expect(response >= Double(display.presentationDelay) * period - 1e-6)
        #expect(response < Double(display.presentationDelay + 2) * period, "\(response) ms after the marker at \(marker)")
    }
}
