import BenchReports
import RunRecord
import Testing
import TouchBenchSupport
import TouchDynamics
import TouchInput
import TouchReplay

/// The regressions of issue 13's table, each applied to the interaction code through a
/// scene's parameters (or the display), replayed over the bundled traces and compared with
/// the unchanged code: `compare` must fail naming the metric that moved, by at least the
/// stated amount. The unchanged code compares equal to itself.
@Suite("Interaction regressions")
struct InteractionRegressionTests {
    typealias Run = RegressionHarness.Run

    /// The change of `metric`'s `statistic` in `trace` × `scene` between two results.
    func change(_ metric: MetricName, _ statistic: KeyPath<MetricSummary, Double?>, in key: EntryKey,
                _ base: BenchResult, _ new: BenchResult) throws -> Double {
        let before = try #require(base[key]?.metrics[metric]?[keyPath: statistic])
        let after = try #require(new[key]?.metrics[metric]?[keyPath: statistic])
        return after - before
    }

    func expectFlagged(_ comparison: BenchComparison, _ metric: MetricName, _ key: EntryKey,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(comparison.verdict == .fail, sourceLocation: sourceLocation)
        #expect(comparison.regressions.contains { $0.metric == metric && $0.key == key },
                "\(metric) in \(key) is not flagged: \(comparison.regressions.map { "\($0.key) \($0.metric)" })",
                sourceLocation: sourceLocation)
        #expect(comparison.failureMessages.contains { $0.contains(metric.rawValue) }, sourceLocation: sourceLocation)
    }

    @Test func unchangedCodeComparesEqualToItself() throws {
        let runs = [Run("drag", .scroll), Run("tap", .button), Run("flick", .scroll), Run("pause", .home), Run("flick", .pip),
                    Run("back-to-app", .home), Run("pip-flick-fast", .pip), Run("sheet-dismiss", .sheet), Run("pinch", .pinch)]
        let first = try RegressionHarness.result(runs), second = try RegressionHarness.result(runs)
        let comparison = try RegressionHarness.compare(second, against: first)
        #expect(comparison.verdict != .fail)
        #expect(comparison.rows.allSatisfy { $0.status == .unchanged }, "\(comparison.rows.filter { $0.status != .unchanged })")
        #expect(first.jsonText == second.jsonText)
    }

    @Test func panHysteresis10To30IsDeadTravelAndLaterFeedback() throws {
        let base = try RegressionHarness.result([Run("drag", .scroll)])
        let new = try RegressionHarness.result([Run("drag", .scroll) { ScrollScene(context: $0, parameters: .init(hysteresis: 30)) }])
        let key = EntryKey(trace: "drag.touchtrace", scene: "scroll")
        let comparison = try RegressionHarness.compare(new, against: base)
        expectFlagged(comparison, "dead_travel_pt", key)
        expectFlagged(comparison, "feedback_ms", key)
        // 20 pt more travel, give or take one 240 Hz sample's step (under 1.5 pt here).
        let travel = try change("dead_travel_pt", \.max, in: key, base, new)
        #expect(travel > 18.5 && travel < 21.5, "\(travel) pt")
        #expect(try change("feedback_ms", \.max, in: key, base, new) >= 8.333)
    }

    @Test func aButtonThatHighlightsOnLiftIsLateFeedback() throws {
        let base = try RegressionHarness.result([Run("tap", .button)])
        let new = try RegressionHarness.result([Run("tap", .button) { ButtonScene(context: $0, parameters: .init(highlightOnTouchDown: false)) }])
        let key = EntryKey(trace: "tap.touchtrace", scene: "button")
        expectFlagged(try RegressionHarness.compare(new, against: base), "feedback_ms", key)
        // The whole press (the bundled tap holds about 100 ms) is added, to within a frame.
        #expect(try change("feedback_ms", \.max, in: key, base, new) > 50)
    }

    @Test func oneFrameOfLagIsOneFrameOfPresentedLag() throws {
        let base = try RegressionHarness.result([Run("drag", .scroll)])
        let new = try RegressionHarness.result([Run("drag", .scroll, presentationDelay: 3)])
        let key = EntryKey(trace: "drag.touchtrace", scene: "scroll")
        expectFlagged(try RegressionHarness.compare(new, against: base), "presented_lag_ms", key)
        #expect(abs(try change("presented_lag_ms", \.p50, in: key, base, new) - 1000 / 120) < 0.01)
    }

    @Test func scrollDeceleration0998To099IsAShorterThrowAndAProjectionError() throws {
        let base = try RegressionHarness.result([Run("flick", .scroll)])
        let new = try RegressionHarness.result([Run("flick", .scroll) { ScrollScene(context: $0, parameters: .init(decelerationRate: .fast)) }])
        let key = EntryKey(trace: "flick.touchtrace", scene: "scroll")
        let comparison = try RegressionHarness.compare(new, against: base)
        expectFlagged(comparison, "projection_error_pt", key)
        // The bundled flick is thrown past the content's edge at 0.998 (its target is the edge,
        // 1 568.8 pt short of the projection); at 0.99 it stops short of the edge, a further
        // 9.1 pt from the documented projection, and is thrown over 100 pt less far.
        // A throw's distance has no better side: shorter is a change of behaviour, flagged.
        expectFlagged(comparison, "throw_distance_pt", key)
        #expect(try change("throw_distance_pt", \.max, in: key, base, new) < -100)
        let projection = try change("projection_error_pt", \.max, in: key, base, new)
        #expect(projection > 9 && projection < 9.3, "\(projection)")
    }

    @Test func pipSpringHalfDampedAndTwiceAsSlowOvershootsAndSettlesLater() throws {
        let base = try RegressionHarness.result([Run("flick", .pip)])
        let new = try RegressionHarness.result([Run("flick", .pip) { PipScene(context: $0, parameters: .init(dampingRatio: 0.5, response: 1.0)) }])
        let key = EntryKey(trace: "flick.touchtrace", scene: "pip")
        let comparison = try RegressionHarness.compare(new, against: base)
        expectFlagged(comparison, "overshoot_pct", key)
        expectFlagged(comparison, "settle_ms", key)
        #expect(try change("overshoot_pct", \.max, in: key, base, new) > 5, "overshoot rises by more than 5 points of travel")
        #expect(try change("settle_ms", \.max, in: key, base, new) > 500, "the slower, bouncier spring settles over 0.5 s later")
        expectFlagged(comparison, "oscillations", key)
        #expect(try change("oscillations", \.max, in: key, base, new) >= 1)
    }

    @Test func aPipWindowThatDropsItsMomentumAtTheLiftIsAVelocityJump() throws {
        let base = try RegressionHarness.result([Run("flick", .pip)])
        let new = try RegressionHarness.result([Run("flick", .pip) { PipScene(context: $0, parameters: .init(carriesReleaseVelocity: false)) }])
        let key = EntryKey(trace: "flick.touchtrace", scene: "pip")
        let comparison = try RegressionHarness.compare(new, against: base)
        expectFlagged(comparison, "velocity_jump_pt_per_s", key)
        // The window moved at the finger's speed (over 1 000 pt/s at this lift) and now
        // starts its spring from rest: most of that speed is lost between two frames.
        let jump = try change("velocity_jump_pt_per_s", \.max, in: key, base, new)
        #expect(jump > 500, "\(jump) pt/s")
        // The corner is the same: only the hand-off changed.
        #expect(try change("projection_error_pt", \.max, in: key, base, new) == 0)
    }

    @Test func aHomeGestureDecidedByHowFarTheCardWasPulledFailsBackToApp() throws {
        let base = try RegressionHarness.result([Run("back-to-app", .home), Run("home-flick", .home)])
        let new = try RegressionHarness.result([Run("back-to-app", .home), Run("home-flick", .home)].map { run in
            Run(run.trace, .home) { HomeScene(context: $0, parameters: .init(destinationRule: .furthestReach)) }
        })
        let key = EntryKey(trace: "back-to-app.touchtrace", scene: "home")
        let comparison = try RegressionHarness.compare(new, against: base)
        expectFlagged(comparison, "intent_accuracy", key)
        #expect(try change("intent_accuracy", \.mean, in: key, base, new) == -1)
        // Below the budget's critical 0.9: a budget failure too, named.
        #expect(comparison.budgetFailures.contains { $0.key == key && $0.budget.metric == "intent_accuracy" })
        #expect(comparison.failureMessages.contains { $0.contains("intent_accuracy") && $0.contains("below 0.9") })
        // The swipe that does go home still does.
        let home = EntryKey(trace: "home-flick.touchtrace", scene: "home")
        #expect(try change("intent_accuracy", \.mean, in: home, base, new) == 0)
    }

    @Test func sheetSpringHalfDampedAndTwiceAsSlowOvershootsAndSettlesLater() throws {
        let base = try RegressionHarness.result([Run("tap", .sheet)])
        let new = try RegressionHarness.result([Run("tap", .sheet) {
            SheetScene(context: $0, parameters: .init(openDampingRatio: 0.5, openResponse: 0.7, dismissDampingRatio: 0.5, dismissResponse: 0.8))
        }])
        let key = EntryKey(trace: "tap.touchtrace", scene: "sheet")
        let comparison = try RegressionHarness.compare(new, against: base)
        expectFlagged(comparison, "overshoot_pct", key)
        expectFlagged(comparison, "settle_ms", key)
        // From 0 to the closed-form 16.3 % of a ζ 0.5 spring started at rest.
        #expect(try change("overshoot_pct", \.max, in: key, base, new) > 16)
        #expect(try change("settle_ms", \.max, in: key, base, new) > 500)
    }

    @Test func doubleTapTimeout300To500MakesASingleTapWait200MsLonger() throws {
        let base = try RegressionHarness.result([Run("tap", .button)])
        let new = try RegressionHarness.result([Run("tap", .button) { ButtonScene(context: $0, parameters: .init(doubleTapTimeout: 500_000_000)) }])
        let key = EntryKey(trace: "tap.touchtrace", scene: "button")
        expectFlagged(try RegressionHarness.compare(new, against: base), "tap_delay_ms", key)
        // 200 ms more, give or take the frame at which the failure is noticed.
        let wait = try change("tap_delay_ms", \.max, in: key, base, new)
        #expect(abs(wait - 200) <= 1000 / 120, "\(wait) ms")
    }

    @Test func aTimerPauseDetectorAnswersThePauseLater() throws {
        let base = try RegressionHarness.result([Run("pause", .home)])
        let new = try RegressionHarness.result([Run("pause", .home) { HomeScene(context: $0, parameters: .init(pauseDetector: .timer)) }])
        let key = EntryKey(trace: "pause.touchtrace", scene: "home")
        expectFlagged(try RegressionHarness.compare(new, against: base), "pause_response_ms", key)
        let later = try change("pause_response_ms", \.max, in: key, base, new)
        #expect(later > 50, "the app switcher is committed \(later) ms later")
    }

    @Test func removingTheCatchAnswersItHalfASecondLate() throws {
        let base = try RegressionHarness.result([Run("catch", .scroll)])
        let new = try RegressionHarness.result([Run("catch", .scroll) { ScrollScene(context: $0, parameters: .init(catchesMovingContent: false)) }])
        let key = EntryKey(trace: "catch.touchtrace", scene: "scroll")
        let comparison = try RegressionHarness.compare(new, against: base)
        expectFlagged(comparison, "catch_response_ms", key)
        // Caught at once (two frames of pipeline) before; now the content coasts on under the
        // finger until the pan begins and drags it, 500 ms later.
        #expect(abs(try change("catch_response_ms", \.max, in: key, base, new) - 500) < 1)
        expectFlagged(comparison, "settle_ms", key)
        // The hand-off itself: the content slides on under the finger at its coasting speed
        // (494.9 pt/s) instead of stopping with it (28.3 pt/s, the finger's own tremor).
        expectFlagged(comparison, "catch_velocity_jump_pt_per_s", key)
        #expect(try change("catch_velocity_jump_pt_per_s", \.max, in: key, base, new) > 100)
    }

    /// A hand-off that loses the element's velocity in `trace` × `scene` through the variant
    /// `make`: from about 0 (under 1 pt/s) to over 500 pt/s, flagged by `metric`.
    func expectVelocityLost(_ trace: String, _ scene: SceneKind, _ metric: MetricName,
                            make: @escaping (SceneContext) -> any Scene) throws {
        let base = try RegressionHarness.result([Run(trace, scene)])
        let new = try RegressionHarness.result([Run(trace, scene, make: make)])
        let key = EntryKey(trace: trace + ".touchtrace", scene: scene.name)
        expectFlagged(try RegressionHarness.compare(new, against: base), metric, key)
        #expect(try #require(base[key]?.metrics[metric]?.max) < 1)
        #expect(try change(metric, \.max, in: key, base, new) > 500)
    }

    @Test func contentThatStopsDeadAtTheEdgeIsABounceVelocityJump() throws {
        // The bundled flick reaches the edge still coasting at over 3 000 pt/s; its whole
        // speed is lost between two frames, where the rubber band took it over before.
        try expectVelocityLost("flick", .scroll, "bounce_velocity_jump_pt_per_s") {
            ScrollScene(context: $0, parameters: .init(bounceKeepsVelocity: false))
        }
    }

    @Test func aSheetRestartedFromRestWhenTurnedAroundIsARetargetVelocityJump() throws {
        // The double tap's second tap lands on the backdrop while the sheet is still opening:
        // the sheet turns around and closes.
        try expectVelocityLost("double-tap", .sheet, "retarget_velocity_jump_pt_per_s") {
            SheetScene(context: $0, parameters: .init(retargetKeepsVelocity: false))
        }
    }

    @Test func aPinchThatWaitsFor30PtAnswersTheSecondFingerLater() throws {
        let base = try RegressionHarness.result([Run("pinch", .pinch)])
        let new = try RegressionHarness.result([Run("pinch", .pinch) { PinchScene(context: $0, parameters: .init(hysteresis: 30)) }])
        let key = EntryKey(trace: "pinch.touchtrace", scene: "pinch")
        let comparison = try RegressionHarness.compare(new, against: base)
        // Both touch-downs (the first finger's, the second's) wait for the photo to scale:
        // 20 pt more of spread per finger is 58.3 ms more of this pinch (166.6 → 224.9 ms
        // for the second finger, 183.4 → 241.7 ms for the first).
        expectFlagged(comparison, "response_ms", key)
        expectFlagged(comparison, "feedback_ms", key)
        let later = try change("response_ms", \.min, in: key, base, new)
        #expect(abs(later - 58.333) < 0.01, "\(later) ms")
        #expect(abs(try change("response_ms", \.max, in: key, base, new) - later) < 1e-6)
    }

    @Test func anAppSwitcherCommittedByADwellTimerIsLaterIntent() throws {
        let base = try RegressionHarness.result([Run("pause", .home)])
        let new = try RegressionHarness.result([Run("pause", .home) { HomeScene(context: $0, parameters: .init(pauseDetector: .timer)) }])
        let key = EntryKey(trace: "pause.touchtrace", scene: "home")
        let comparison = try RegressionHarness.compare(new, against: base)
        // The gesture still ends in the app switcher (accuracy 1 either way), but the
        // scene commits to it when the 100 ms dwell timer fires, not when the deceleration
        // detector sees the finger brake: intent_ms 30.0 → 196.7 ms.
        expectFlagged(comparison, "intent_ms", key)
        #expect(try change("intent_accuracy", \.mean, in: key, base, new) == 0)
        let later = try change("intent_ms", \.max, in: key, base, new)
        #expect(abs(later - 166.667) < 0.01, "\(later) ms")
        // A slower timer (100 → 200 ms) is the same regression again, by its 100 ms.
        let slower = try RegressionHarness.result([Run("pause", .home) {
            HomeScene(context: $0, parameters: .init(pauseDetector: .timer, timerDuration: 200_000_000))
        }])
        expectFlagged(try RegressionHarness.compare(slower, against: new), "intent_ms", key)
        #expect(abs(try change("intent_ms", \.max, in: key, new, slower) - 100) < 1e-6)
    }

    /// A scene that spends `cost` of real CPU time in every frame on top of `base`'s work.
    struct Costly<Base: Scene>: Scene {
        var base: Base
        var cost: Duration
        var state: SceneState { base.state }
        mutating func handle(_ sample: InputSample) { base.handle(sample) }
        mutating func advance(to time: Int64) {
            base.advance(to: time)
            // `cost` of the thread's CPU time, so that the work is done even when the spin is
            // preempted on a loaded machine; the engine's monotonic timing sees at least that.
            let start = ThreadCPUTime.now()
            let nanoseconds = cost.components.seconds * 1_000_000_000 + cost.components.attoseconds / 1_000_000_000
            while ThreadCPUTime.now() - start < nanoseconds {}
        }
        mutating func takeSignals(into signals: inout [SceneSignal]) { base.takeSignals(into: &signals) }
    }

    @Test func fourMillisecondsOfCPUPerFrameIsATimingRegression() throws {
        let base = try RegressionHarness.timedResult(Run("tap", .button))
        let new = try RegressionHarness.timedResult(Run("tap", .button) { Costly(base: ButtonScene(context: $0), cost: .milliseconds(4)) })
        let key = EntryKey(trace: "tap.touchtrace", scene: "button")
        expectFlagged(try RegressionHarness.compare(new, against: base), "cpu_per_frame_us", key)
        // Every timed frame now spins 4 ms (4 000 µs), whatever the machine's load.
        #expect(try change("cpu_per_frame_us", \.p50, in: key, base, new) > 3_500)
    }
}
