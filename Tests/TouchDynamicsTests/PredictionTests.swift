import Testing
import TouchDynamics

private let ms: Int64 = 1_000_000

@Suite("Resampling and prediction")
struct PredictionTests {
    /// Samples every 10 ms from 0 to 100 ms along a given curve (t in milliseconds).
    static func path(_ curve: (Double) -> (Double, Double)) throws -> MotionPath {
        try MotionPath((0...10).map { step in
            let t = Double(step * 10)
            let (x, y) = curve(t)
            return TimedPosition(time: Int64(step) * 10 * ms, x: x, y: y)
        })
    }

    @Test("holding the last sample errs by the distance travelled since it")
    func holdBaseline() throws {
        let path = try Self.path { t in (t, 0) }  // 1 pt/ms to the right
        // Frames at 15, 35, 55 ms know samples up to 10, 30, 50; they aim 10 ms ahead.
        let summary = path.predictionErrors(frameTimes: [15 * ms, 35 * ms, 55 * ms], horizon: 10 * ms, estimator: .hold)
        #expect(summary.count == 3)
        #expect(summary.errors == [15, 15, 15])
        #expect(summary.mean == 15 && summary.maximum == 15 && summary.rootMeanSquare == 15)
    }

    @Test("linear extrapolation is exact on straight motion", arguments: [Int64(0), 8 * ms, 25 * ms, -5 * ms])
    func linearExact(horizon: Int64) throws {
        let path = try Self.path { t in (3 * t + 1, -0.5 * t) }
        let frames = stride(from: Int64(12 * ms), through: 95 * ms, by: 8_333_333)
        let summary = path.predictionErrors(frameTimes: frames, horizon: horizon, estimator: .linear)
        #expect(summary.count > 0)
        #expect(summary.maximum < 1e-9)
    }

    @Test("quadratic extrapolation is exact on uniformly accelerated motion, linear is not")
    func quadraticExact() throws {
        let path = try Self.path { t in (0.02 * t * t, 100 - t) }
        // Targets on sample times: between samples the recorded truth is a straight chord.
        let frames = stride(from: Int64(24 * ms), through: 84 * ms, by: 10_000_000)
        let quadratic = path.predictionErrors(frameTimes: frames, horizon: 16 * ms, estimator: .quadratic)
        let linear = path.predictionErrors(frameTimes: frames, horizon: 16 * ms, estimator: .linear)
        #expect(quadratic.count == linear.count && quadratic.count > 0)
        #expect(quadratic.maximum < 1e-9)
        #expect(linear.maximum > 1)
    }

    @Test("linear prediction error by hand on a parabola")
    func linearByHand() throws {
        let path = try Self.path { t in (0.01 * t * t, 0) }
        // At a frame at 20 ms: samples at 10 ms (x = 1) and 20 ms (x = 4) extrapolate to
        // 30 ms as 7; the parabola is at 9 there.
        let summary = path.predictionErrors(frameTimes: [20 * ms], horizon: 10 * ms, estimator: .linear)
        #expect(summary.errors.count == 1)
        #expect(abs(summary.errors[0] - 2) < 1e-12)
    }

    @Test("frames before any sample or aiming past the recording are left out")
    func skippedFrames() throws {
        let path = try Self.path { t in (t, t) }
        let summary = path.predictionErrors(frameTimes: [-5 * ms, 50 * ms, 95 * ms], horizon: 10 * ms, estimator: .linear)
        #expect(summary.count == 1)
        let empty = MotionPath().predictionErrors(frameTimes: [0], horizon: 0, estimator: .hold)
        #expect(empty.count == 0 && empty.mean == 0 && empty.maximum == 0)
    }

    @Test("resampling interpolates between the samples around the time")
    func interpolation() throws {
        let samples = [
            TimedPosition(time: 0, x: 0, y: 0),
            TimedPosition(time: 10 * ms, x: 10, y: 100),
            TimedPosition(time: 20 * ms, x: 40, y: 100),
        ]
        let linear = PositionEstimator.linear.estimate(at: 15 * ms, from: samples[...])
        #expect(linear == TimedPosition(time: 15 * ms, x: 25, y: 100))
        let hold = PositionEstimator.hold.estimate(at: 15 * ms, from: samples[...])
        #expect(hold == TimedPosition(time: 15 * ms, x: 10, y: 100))
        // Through (0, 0), (10, 10), (20, 40): x = 0.1·t², so 22.5 at 15 ms.
        let quadratic = PositionEstimator.quadratic.estimate(at: 15 * ms, from: samples[...])
        #expect(abs((quadratic?.x ?? 0) - 22.5) < 1e-12)
        // Exactly at a sample, every estimator returns it.
        for estimator in PositionEstimator.allCases {
            #expect(estimator.estimate(at: 10 * ms, from: samples[...]) == TimedPosition(time: 10 * ms, x: 10, y: 100))
        }
        // Too few samples: the degree drops.
        #expect(abs((PositionEstimator.quadratic.estimate(at: 30 * ms, from: samples[..<2])?.x ?? 0) - 30) < 1e-12)
        #expect(PositionEstimator.linear.estimate(at: 30 * ms, from: samples[..<1])?.x == 0)
        #expect(PositionEstimator.linear.estimate(at: 30 * ms, from: samples[..<0]) == nil)
    }

    @Test("a path rejects samples out of order or not finite, naming them")
    func validation() throws {
        #expect(throws: MotionPathError.outOfOrder(index: 2, time: 5, previousTime: 10)) {
            try MotionPath([TimedPosition(time: 0, x: 0, y: 0), TimedPosition(time: 10, x: 0, y: 0), TimedPosition(time: 5, x: 0, y: 0)])
        }
        #expect(throws: MotionPathError.nonFiniteCoordinate(index: 0)) {
            try MotionPath([TimedPosition(time: 0, x: .nan, y: 0)])
        }
        let path = try MotionPath([TimedPosition(time: 0, x: 0, y: 0), TimedPosition(time: 0, x: 5, y: 5)])
        #expect(path.samples == [TimedPosition(time: 0, x: 5, y: 5)])
        #expect(path.position(at: 0) == TimedPosition(time: 0, x: 5, y: 5))
        #expect(path.position(at: 1) == nil)
    }

    @Test("estimators are named for the command line")
    func names() {
        #expect(PositionEstimator.allCases.map(\.rawValue) == ["hold", "linear", "quadratic"])
    }
}
