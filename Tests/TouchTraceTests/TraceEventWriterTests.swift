import Foundation
import Testing
import TouchBenchSupport
@testable import TouchTrace

/// The trace-event writer writes its events piece by piece in place; the bytes must be those
/// the writer's number and string rules give for each value.
@Suite("Trace events")
struct TraceEventWriterTests {
    /// `nanoseconds` as exact decimal microseconds, from integer division and remainder.
    static func exactMicroseconds(_ nanoseconds: Int64) -> String {
        let whole = nanoseconds.magnitude / 1000, rest = nanoseconds.magnitude % 1000
        var text = (nanoseconds < 0 ? "-" : "") + String(whole)
        if rest != 0 {
            var digits = String(rest)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// Times in microseconds, exactly: every remainder by 1000, negative times, times around
    /// 2⁵⁰ ns (where the `Double` path ended), 2⁵² and 2⁵³ ns (where a `Double` is off), the
    /// ends of the range, random magnitudes. Below 2⁵⁰ ns they are the bytes
    /// `JSONWriter.format(_, decimals: 3)` writes, as before.
    @Test func timesAreMicrosecondsWithThreeDecimals() {
        var times: [Int64] = [0, 1, -1, 999, -999, 1000, -1000, 1_000_500, .max, .min, .max - 1, .min + 1]
        for remainder in Int64(0)..<1000 { times += [5_000_000 + remainder, -5_000_000 - remainder, remainder] }
        for offset in Int64(-2_000)...2_000 {
            times += [(1 << 53) + offset, -(1 << 53) + offset, (1 << 50) + offset, -(1 << 50) + offset,
                      (1 << 52) + offset, 4_443_446_940_845_609 + offset, (1 << 62) - 1 + Swift.min(offset, 0)]
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
            let expected = Self.exactMicroseconds(time)
            let expectedDuration = Self.exactMicroseconds(duration)
            if time.magnitude < 1 << 50 {
                #expect(expected == JSONWriter.format(Double(time) / 1000, decimals: 3), "\(time)")
            }
            #expect(text.contains(#""ph":"i","s":"t","ts":\#(expected),"pid":1,"tid":1}"#), "\(time)")
            #expect(text.contains(#""ph":"X","ts":\#(expected),"dur":\#(expectedDuration),"pid":1"#), "\(time)")
        }
    }

    /// Hostile report 4, finding 08: times past 2⁵³ ns were written through a `Double`,
    /// 4611686018427387000 ns as 4611686018427386.88 µs (120 ns early).
    @Test func largeTimesAreExact() {
        let writer = TraceEventWriter(process: "p")
        let thread = writer.thread(named: "t")
        writer.instant("a", thread: thread, time: 4_611_686_018_427_387_000)
        writer.instant("b", thread: thread, time: 4_611_686_018_427_387_903)
        writer.complete("c", thread: thread, start: 0, duration: 4_611_686_018_427_387_903)
        writer.complete("d", thread: thread, start: -9_007_199_254_740_993, duration: 9_007_199_254_740_993)
        let text = writer.finish()
        #expect(text.contains(#""name":"a","ph":"i","s":"t","ts":4611686018427387,"pid":1"#), "\(text)")
        #expect(text.contains(#""name":"b","ph":"i","s":"t","ts":4611686018427387.903,"pid":1"#), "\(text)")
        #expect(text.contains(#""name":"c","ph":"X","ts":0,"dur":4611686018427387.903,"pid":1"#), "\(text)")
        #expect(text.contains(#""name":"d","ph":"X","ts":-9007199254740.993,"dur":9007199254740.993,"pid":1"#), "\(text)")
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
