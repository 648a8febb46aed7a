import Testing
@testable import PageReplay

/// Where the page clock puts the times it sends, so that Chromium's coarsening (100 µs steps:
/// from the page's time origin for frames, absolute for events; a time exactly on a step never
/// moved) reads them exactly.
struct PageTimeGridTests {
    // A page whose time origin is at 46 699 303 883 µs on the browser's clock.
    private let grid = PageTimeGrid(originMicros: 46_699_303_883)
    // The wall clock less the monotonic one as an event is sent, ns.
    private let wall: Int64 = 1_796_138_349_813_936_000

    @Test func framesAndEventsGoToTheNearestGridPoint() {
        // 12.34 ms after the origin plus 49 µs: the step at 12.3 ms is nearer than 12.4 ms.
        let ticks = (46_699_303_883.0 + 12_349) / 1000
        #expect(grid.pageMicros(ticks) == 12_300)
        #expect(grid.pageMicros(ticks + 0.002) == 12_400)
        // Sent 0.3 µs above the grid point, so truncating or rounding to whole µs gives it.
        #expect(abs(grid.frameTicks(ticks) * 1000 - (46_699_303_883 + 12_300.3)) < 0.01)
        // The event's Unix time (ns) is the grid point plus the wall clock's offset as it is
        // sent, + 300 ns; a wall clock set 1 ms ahead since moves the timestamp with it, so
        // that the browser, which converts it back with the clock it then reads, gets the same ticks.
        #expect(grid.eventEpoch(ticks, epochMinusNow: wall) == (46_699_303_883 + 12_300 + 1_796_138_349_813_936) * 1000 + 300)
        #expect(grid.eventEpoch(ticks, epochMinusNow: wall + 1_000_000) == grid.eventEpoch(ticks, epochMinusNow: wall) + 1_000_000)
    }

    @Test func eventsGoToTheEventZerosGrid() {
        // Blink reads an event at ticks G as Clamp(G) − C (C the event zero, the origin's step
        // at 46 699 303 800 or the next): the event meant for 12.3 ms is sent at C + 12 300.
        let ticks = (46_699_303_883.0 + 12_349) / 1000
        for zero: Int64 in [46_699_303_800, 46_699_303_900] {
            var located = grid
            located.eventZeroMicros = zero
            #expect(located.eventEpoch(ticks, epochMinusNow: wall) == (zero + 12_300 + 1_796_138_349_813_936) * 1000 + 300)
            // Frames stay on the origin's grid, where the page reads them.
            #expect(located.frameTicks(ticks) == grid.frameTicks(ticks))
            #expect(located.pageMicros(ticks) == 12_300)
        }
    }

    @Test func marksPlaceTheEventZero() {
        // A mark at ticks T reads Clamp(T) − C: 100 µs above floor100(T) − floor100(O) only if
        // T was rounded up and C down, 100 µs below only if T was rounded down and C up.
        let origin: Int64 = 46_699_303_883
        #expect(PageEventZero.vote(ticks: 46_699_403_850, read: 100_100, originMicros: origin) == 1)
        #expect(PageEventZero.vote(ticks: 46_699_403_850, read: 99_900, originMicros: origin) == -1)
        #expect(PageEventZero.vote(ticks: 46_699_403_850, read: 100_000, originMicros: origin) == 0)
        #expect(PageEventZero(originMicros: origin, marks: 16, matched: 16, forStep: 5, forNext: 0).micros == 46_699_303_800)
        #expect(PageEventZero(originMicros: origin, marks: 16, matched: 16, forStep: 0, forNext: 3).micros == 46_699_303_900)
        // Undecided, or contradicted: not placed, and the run sends its events as before.
        #expect(PageEventZero(originMicros: origin, marks: 16, matched: 16, forStep: 0, forNext: 0).micros == nil)
        #expect(PageEventZero(originMicros: origin, marks: 16, matched: 16, forStep: 2, forNext: 1).micros == nil)
        #expect(PageEventZero.floorToStep(-150) == -200)
        // Within 2 µs of a step's edge a mark says nothing.
        #expect(PageEventZero.vote(ticks: 46_699_403_899, read: 100_100, originMicros: origin) == 0)
        #expect(PageEventZero.vote(ticks: 46_699_403_801, read: 99_900, originMicros: origin) == 0)
        #expect(PageEventZero.vote(ticks: 46_699_403_802, read: 99_900, originMicros: origin) == -1)
    }

    @Test func aRunStartsOnAGridPoint() {
        let start = grid.point(atOrAfter: (46_699_303_883.0 + 5_001) / 1000)
        #expect(start == (46_699_303_883.0 + 5_100) / 1000)
        // A time already on the grid stays.
        #expect(grid.point(atOrAfter: start) == start)
    }

    @Test func readingsAreWholeMicrosecondsOrNothing() {
        // The browser computes an event's timeStamp through seconds: 317.9 reads a few ps off.
        #expect(PageTimeGrid.micros(317.8999999985099) == 317_900)
        #expect(PageTimeGrid.micros(396.1000000014901) == 396_100)
        #expect(PageTimeGrid.micros(12.3) == 12_300)
        #expect(PageTimeGrid.micros(12.3004) == nil)
        #expect(PageTimeGrid.micros(.nan) == nil)
        #expect(PageTimeGrid.micros(1e300) == nil)
    }

    @Test func theBrowsersUnixEpochIsTheNearestMicrosecond() {
        // CLOCK_REALTIME − CLOCK_MONOTONIC of 1 796 293 816 058 418.75 µs: the browser's
        // constant is −…418 or −…419, −…419 three times in four.
        #expect(PageTimeGrid.unixEpochMicros(epochMinusNow: 1_796_293_816_058_418_750) == -1_796_293_816_058_419)
        #expect(PageTimeGrid.unixEpochMicros(epochMinusNow: 1_796_293_816_058_418_499) == -1_796_293_816_058_418)
        #expect(PageTimeGrid.unixEpochMicros(epochMinusNow: 1_796_293_816_058_418_500) == -1_796_293_816_058_419)
        #expect(PageTimeGrid.unixEpochMicros(epochMinusNow: -2_600) == 3)
        #expect(PageTimeGrid.unixEpochMicros(epochMinusNow: -2_400) == 2)
    }

    @Test func aCoalescedMoveIsATimeThePageRead() throws {
        // The dump's event: [timeStamp, start, end, samples, coalesced timeStamps, own time (touch or pen)].
        let dump = #"{"timeOrigin": 1, "frames": [], "events": [[320.1, 321, 322, 2, [311.8, 320.1], 1], [330, 331, 332, 1, [], 0]]}"#
        let observation = try PageObservation(dump: dump, page: "p")
        #expect(observation.events.map(\.times) == [[311.8, 320.1], [330]])
        #expect(observation.events[0].samples == 2)
        #expect(observation.events.map(\.ownTime) == [true, false])
        // Dumps of older shapes (no coalesced times, no own-time flag) are refused, not half read.
        #expect(throws: PageReplayError.self) { try PageObservation(dump: #"{"timeOrigin": 1, "frames": [], "events": [[1, 2, 3, 1]]}"#, page: "p") }
        #expect(throws: PageReplayError.self) { try PageObservation(dump: #"{"timeOrigin": 1, "frames": [], "events": [[1, 2, 3, 1, []]]}"#, page: "p") }
    }

    @Test func aPositionNoScreenHasIsRefusedAndNoPositionIsNone() throws {
        // A frame: [begin, newest input, work end, x, y, destination, state, hooked, newest own time].
        func dump(_ x: String) -> String {
            #"{"timeOrigin": 1, "events": [], "frames": [[16.7, -1, 17, "# + x + #", 20, "", "", 1, -1]]}"#
        }
        #expect(throws: PageReplayError.self) { try PageObservation(dump: dump("1e308"), page: "p") }
        #expect(throws: PageReplayError.self) { try PageObservation(dump: dump("-10000001"), page: "p") }
        #expect(try PageObservation(dump: dump("-10000000"), page: "p").frames[0].x == -10_000_000)
        // JSON.stringify writes NaN and the infinities as null: no position, not a refusal.
        #expect(try PageObservation(dump: dump("null"), page: "p").frames[0].x.isNaN)
    }
}
