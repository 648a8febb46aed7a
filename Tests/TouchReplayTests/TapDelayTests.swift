import Testing
import TouchInput
import TouchReplay
import TraceSynthesis

/// The button scene's tap delay becomes the `tap_delay_ms` metric: the cost of telling a
/// single tap from a double tap, which the fluid-interface literature warns about.
@Suite("tap delay metric")
struct TapDelayTests {
    @Test("a single tap waits for the double tap to fail; a double tap is committed at once", arguments: [UInt64(1), 2, 3])
    func tapDelay(seed: UInt64) throws {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: seed))
        let single = try replay(synthesizer.synthesize(.tap), scene: "button")[.tapDelay]
        #expect(single.count == 1)
        // The double tap's 300 ms timeout, noticed at the next 120 Hz frame.
        #expect((single.max ?? .nan) >= 300 && (single.max ?? .nan) <= 300 + 1000.0 / 120 + 1e-9, "\(String(describing: single.max)) ms")
        let double = try replay(synthesizer.synthesize(.doubleTap), scene: "button")[.tapDelay]
        #expect(double.count == 1)
        #expect(double.max == 0)
    }

    @Test("scenes without taps report no tap delay")
    func noTaps() throws {
        let synthesizer = try GestureSynthesizer(options: SynthesisOptions(seed: 1))
        #expect(try replay(synthesizer.synthesize(.flick), scene: "scroll")[.tapDelay].count == 0)
    }
}
