extension MetricName {
    /// Every name the catalogue knows: what a replay measures (also where it applies), what a
    /// page run and a bench add. A thresholds file naming anything else is refused: a typo
    /// there would silently leave the metric at the default tolerance or budget nothing.
    public static let known: Set<MetricName> = Set(
        allCases + whereTheyApply + pageCases + reportOrder
            + [.replayThroughput, .unansweredEvents, .cpuPerFrameP99, .frameCount, .sampleCount, .eventCount, .pageRunWall]
    )
}
