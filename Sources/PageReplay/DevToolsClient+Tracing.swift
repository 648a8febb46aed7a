import TouchBenchSupport

extension DevToolsClient {
    /// Records the trace events of `categories` while `body` runs (DevTools' `Tracing`
    /// domain, events reported over the channel): every event recorded, in the order the
    /// browser sent them, and what `body` returned.
    func trace<Value>(categories: [String], timeout: Int64 = 15_000_000_000,
                      during body: () throws(PageReplayError) -> Value) throws(PageReplayError) -> (events: [JSONValue], value: Value) {
        while try takeEvent("Tracing.dataCollected") != nil {}
        try call("Tracing.start", [
            ("transferMode", .string("ReportEvents")),
            ("traceConfig", .object([("includedCategories", .array(categories.map { .string($0) })),
                                     ("recordMode", .string("recordContinuously"))])),
        ])
        let value: Value
        do {
            value = try body()
        } catch {
            _ = try? call("Tracing.end")
            throw error
        }
        try call("Tracing.end")
        _ = try awaitEvent("Tracing.tracingComplete", deadline: MonotonicClock.now() &+ timeout)
        var events: [JSONValue] = []
        while let collected = try takeEvent("Tracing.dataCollected") {
            events.append(contentsOf: collected["value"]?.arrayValue ?? [])
        }
        return (events, value)
    }
}
