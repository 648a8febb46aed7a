import BenchReports
import Testing
import TraceSynthesis

/// The PIP experiment (docs/GESTURES.md): projection takes every throw to its corner at every
/// speed; the nearest corner to where the window is let go loses them as flicks get faster.
@Suite("PIP corner experiment")
struct PipCornerExperimentTests {
    @Test func projectionHitsEveryCornerAndNearestCornerFallsWithSpeed() throws {
        let result = try PipCornerExperiment.run(bands: [200...400, 600...800, 1200...1400], throwsPerBand: 6)
        #expect(result.bands.map(\.throwCount) == [6, 6, 6])
        #expect(result.bands.map(\.projectionHits) == [6, 6, 6])
        // Seeds 1…6 aim at the same corners in every band: slow tosses carry the window most
        // of the way, fast flicks let go near the start (figures of `touchbench experiment pip`).
        #expect(result.bands.map(\.nearestCornerHits) == [4, 0, 0])
        #expect(result.markdown.contains("| 1200–1400 | 6 | 6/6 (100 %) | 0/6 (0 %) |"))
        #expect(result.jsonText.contains(#"{"high": 400, "low": 200, "nearestCorner": 0.666667, "projection": 1, "throws": 6}"#))
        #expect(result.jsonText.contains(#""device": "phone""#) && result.jsonText.contains(#""experiment": "pip-corners""#))
    }

    @Test func theSameArgumentsGiveTheSameTable() throws {
        let a = try PipCornerExperiment.run(bands: [800...1000], throwsPerBand: 3)
        let b = try PipCornerExperiment.run(bands: [800...1000], throwsPerBand: 3)
        #expect(a.jsonText == b.jsonText)
        #expect(a.bands[0].projectionAccuracy == 1)
    }
}
