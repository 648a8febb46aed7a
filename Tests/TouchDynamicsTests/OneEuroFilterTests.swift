import Foundation
import Testing
import TouchDynamics

private let ms: Int64 = 1_000_000

@Suite("1€ filter")
struct OneEuroFilterTests {
    @Test("the first sample passes through; a constant stays constant")
    func constant() {
        var filter = OneEuroFilter(minimumCutoff: 1, beta: 0.5, derivativeCutoff: 1)
        #expect(filter.value == nil)
        for step in 0..<100 {
            #expect(filter.filter(42.5, at: Int64(step) * 8 * ms) == 42.5)
        }
    }

    @Test("with beta 0 it is a first-order low-pass at the minimum cutoff")
    func fixedCutoff() throws {
        var filter = OneEuroFilter(minimumCutoff: 2, beta: 0)
        _ = filter.filter(0, at: 0)
        let r = 2 * Double.pi * 2 * 0.01
        let alpha = r / (r + 1)
        var expected = 0.0
        for step in 1...50 {
            expected += alpha * (1 - expected)
            let output = filter.filter(1, at: Int64(step) * 10 * ms)
            #expect(abs(output - expected) < 1e-15)
        }
        // Closed form of the same recurrence: 1 − (1 − α)^n.
        let last = try #require(filter.value)
        #expect(abs(last - (1 - pow(1 - alpha, 50))) < 1e-13)
    }

    @Test("the paper's recurrence, step by step")
    func handComputed() {
        var filter = OneEuroFilter(minimumCutoff: 1, beta: 0.1, derivativeCutoff: 1)
        let times: [Int64] = [0, 10 * ms, 25 * ms, 33 * ms]
        let inputs: [Double] = [0, 5, 3, 10]
        var previous = 0.0, previousDerivative = 0.0
        func alpha(_ cutoff: Double, _ interval: Double) -> Double {
            let tau = 1 / (2 * Double.pi * cutoff)
            return 1 / (1 + tau / interval)
        }
        #expect(filter.filter(inputs[0], at: times[0]) == 0)
        for index in 1..<times.count {
            let interval = Double(times[index] - times[index - 1]) / 1e9
            let derivative = (inputs[index] - previous) / interval
            let smoothed = alpha(1, interval) * derivative + (1 - alpha(1, interval)) * previousDerivative
            let cutoff = 1 + 0.1 * abs(smoothed)
            let expected = alpha(cutoff, interval) * inputs[index] + (1 - alpha(cutoff, interval)) * previous
            let output = filter.filter(inputs[index], at: times[index])
            #expect(abs(output - expected) < 1e-12 * max(1, abs(expected)))
            previous = expected
            previousDerivative = smoothed
        }
    }

    @Test("speed raises the cutoff: a fast ramp lags less with a larger beta")
    func betaReducesLag() {
        var steady = OneEuroFilter(minimumCutoff: 1, beta: 0)
        var responsive = OneEuroFilter(minimumCutoff: 1, beta: 0.05)
        var lastSteady = 0.0, lastResponsive = 0.0
        for step in 0...60 {
            let time = Int64(step) * 8 * ms
            let value = 2000 * Double(time) / 1e9  // 2000 pt/s
            lastSteady = steady.filter(value, at: time)
            lastResponsive = responsive.filter(value, at: time)
        }
        let truth = 2000 * 0.48
        #expect(truth - lastResponsive < (truth - lastSteady) / 5)
    }

    @Test("samples not after the previous one are ignored; reset starts afresh")
    func irregularTimes() {
        var filter = OneEuroFilter(minimumCutoff: 1, beta: 0)
        _ = filter.filter(0, at: 10 * ms)
        let moved = filter.filter(10, at: 20 * ms)
        #expect(filter.filter(99, at: 20 * ms) == moved)
        #expect(filter.filter(99, at: 5 * ms) == moved)
        filter.reset()
        #expect(filter.filter(7, at: 0) == 7)
        #expect(filter.filter(3, atSeconds: .nan) == 7)
    }

    @Test("seconds and nanoseconds agree")
    func secondsOverload() {
        var a = OneEuroFilter(minimumCutoff: 1.5, beta: 0.01)
        var b = a
        for step in 0..<20 {
            let value = sin(Double(step) / 3) * 50
            #expect(a.filter(value, at: Int64(step) * 8 * ms) == b.filter(value, atSeconds: Double(step) * 0.008))
        }
    }
}
