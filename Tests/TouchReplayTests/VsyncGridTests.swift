import TestSupport
import Testing
@testable import TouchReplay

/// The frame loop's resolved grid answers exactly what the display model does: vsync times
/// (integer arithmetic for whole rates, floating point for fractional ones), indices at or
/// after a time, and presentation indices — for negative indices and at the far ends of a
/// replay's time span too.
@Suite struct VsyncGridTests {
    static let displays: [DisplayModel] = [
        DisplayModel(refresh: .fixed(120)), DisplayModel(refresh: .fixed(60), vsyncPhase: 1_234_567),
        DisplayModel(refresh: .fixed(144), vsyncPhase: -5), DisplayModel(refresh: .fixed(90)),
        DisplayModel(refresh: .adaptive(24...120), presentationDelay: 3), DisplayModel(refresh: .fixed(1)),
        DisplayModel(refresh: .fixed(2048)), DisplayModel(refresh: .fixed(3000)), DisplayModel(refresh: .fixed(59.94)),
    ]

    static var indices: [Int64] {
        let edge = (Int64(1) << 62) / 1_000_000_000 * 59
        var values: [Int64] = [0, 1, -1, 119, 120, 121, -119, -120, -121, 2047, 2048, -2049, edge, -edge, edge - 7, 7 - edge]
        var random = TestRandom(seed: 99)
        for _ in 0..<500 { values.append(Int64(bitPattern: random.next()) >> 30) }
        return values
    }

    @Test(arguments: displays)
    func vsyncsMatchTheDisplayModel(display: DisplayModel) {
        let grid = VsyncGrid(display)
        for index in Self.indices {
            #expect(grid.vsync(index) == display.vsync(index), "\(display.refresh) index \(index)")
        }
    }

    @Test(arguments: displays)
    func indicesAndPresentationsMatchTheDisplayModel(display: DisplayModel) {
        let grid = VsyncGrid(display)
        for index in Self.indices.prefix(200) where abs(index) < Int64(1) << 40 {
            let time = display.vsync(index)
            for probe in [time - 1, time, time + 1, time + 4_000_000] {
                #expect(grid.index(atOrAfter: probe) == display.index(atOrAfter: probe), "\(display.refresh) at \(probe)")
            }
            for workEnd in [time, time + display.budget, time + display.budget + 1, time + 50_000_000] {
                #expect(grid.presentationIndex(frame: index, vsync: time, workEnd: workEnd)
                        == display.presentationIndex(frame: index, workEnd: workEnd))
            }
        }
    }
}

extension VsyncGridTests {
    /// V(n) = phase + ⌊n · 10⁹ / hz⌋ for negative n too (times before the phase): Swift's `/`
    /// truncates toward zero, which put every such vsync of a whole rate a nanosecond late
    /// (metric oracle round, 5 December: V(−118) at 120 Hz read −983 333 333, not −983 333 334).
    @Test(arguments: [Int64(60), 90, 120, 144, 7])
    func negativeIndicesAreFloored(hz: Int64) {
        let display = DisplayModel(refresh: .fixed(Double(hz)), vsyncPhase: 250)
        let grid = VsyncGrid(display)
        var wrong: [Int64] = []
        for index in Int64(-2 * hz - 3)...Int64(2 * hz + 3) {
            let product = Int128(index) * 1_000_000_000
            var floor = product / Int128(hz)
            if product % Int128(hz) != 0 && product < 0 { floor -= 1 }
            let expected = 250 + Int64(floor)
            if display.vsync(index) != expected || grid.vsync(index) != expected { wrong.append(index) }
        }
        #expect(wrong.isEmpty, "\(hz) Hz: \(wrong.count) indices, the first \(wrong.prefix(3))")
        #expect(DisplayModel(refresh: .fixed(120)).vsync(-118) == -983_333_334)
    }
}
