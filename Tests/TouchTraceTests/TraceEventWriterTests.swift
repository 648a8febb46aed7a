import Foundation
import Testing
import TouchBenchSupport
@testable import TouchTrace

/// The trace-event writer writes its events piece by piece in place; the bytes must be those
/// the writer's number and string rules give for each value.
@Suite("Trace events")
struct TraceEventWriterTests {
    /// Times in microseconds as `JSONWriter.format(_, decimals: 3)` writes them, whichever way
    /// they are computed: every remainder by 1000, negative times, times around 2⁵⁰ ns (where
    /// the exact path ends) and 2⁵² and 2⁵³ ns (where the two ways would differ), random
    /// magnitudes.
    @Test func timesAreMicrosecondsWithThreeDecimals() {
        var times: [Int64] = [0, 1, -1, 999, -999, 1000, -1000, 1_000_500, .max, .min, .max - 1, .min + 1]
        for remainder in Int64(0)..<1000 { times += [5_000_000 + remainder, -5_000_000 - remainder, remainder] }
        for offset in Int64(-2_000)...2_000 {
            times += [(1 << 53) + offset, -(1 << 53) + offset, (1 << 50) + offset, -(1 << 50) + offset,
                      (1 << 52) + offset, 4_443_446_940_845_609 + offset]
        }
        var random = TestRandom(seed: 7)
        for _ in 0..<20_000 {
            let bits = random.next()
            times.append(Int64(bitPattern: bits) >> (bits % 40 + 13))
        }
        for time in times {
            let writer = TraceEventWriter(process: "p")
            let thread = writer.thread(named: "t")
            writer.instant("i", thread: thread, time: time)
            let duration = time == .min ? 0 : abs(time)
            writer.complete("c", thread: thread, start: time, duration: duration)
            let text = writer.finish()
            let expected = JSONWriter.format(Double(time) / 1000, decimals: 3)
            let expectedDuration = JSONWriter.format(Double(duration) / 1000, decimals: 3)
            #expect(text.contains(#""ph":"i","s":"t","ts":\#(expected),"pid":1,"tid":1}"#), "\(time)")
            #expect(text.contains(#""ph":"X","ts":\#(expected),"dur":\#(expectedDuration),"pid":1"#), "\(time)")
        }
    }

    /// A whole document: metadata, each kind of event, arguments of each kind, escapes.
    @Test func aDocumentReadsAsJSON() throws {
        let writer = TraceEventWriter(process: "touch \"bench\"")
        let input = writer.thread(named: "input/1")
        writer.instant("touch began", category: "input", thread: input, time: 1_500,
                       args: [("t", .integer(1_500)), ("x", .number(10.25)), ("label", .string("a\nb")), ("all", .strings(["p", "q"]))])
        writer.complete("frame", thread: input, start: 8_333_333, duration: 2_000_001, args: [("cpuUs", .number(1.0000004))])
        writer.counter("scene", time: 16_666_666, values: [("x", 1.5), ("y", -0.0000004)])
        let text = writer.finish()
        #expect(text == """
            {"displayTimeUnit":"ms","traceEvents":[
            {"name":"process_name","ph":"M","pid":1,"args":{"name":"touch \\"bench\\""}},
            {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"input/1"}},
            {"name":"thread_sort_index","ph":"M","pid":1,"tid":1,"args":{"sort_index":1}},
            {"name":"touch began","cat":"input","ph":"i","s":"t","ts":1.5,"pid":1,"tid":1,"args":{"t":1500,"x":10.25,"label":"a\\nb","all":["p","q"]}},
            {"name":"frame","ph":"X","ts":8333.333,"dur":2000.001,"pid":1,"tid":1,"args":{"cpuUs":1}},
            {"name":"scene","ph":"C","ts":16666.666,"pid":1,"args":{"x":1.5,"y":0}}
            ]}

            """)
        _ = try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
