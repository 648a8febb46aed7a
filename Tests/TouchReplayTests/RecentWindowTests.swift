import Testing
@testable import TouchReplay

/// The frame history the hand-off and stuck-animation probes keep: after any number of
/// appends it holds exactly the newest `capacity` elements, oldest first, however often its
/// storage has been compacted.
@Suite struct RecentWindowTests {
    @Test(arguments: [1, 6, 12])
    func keepsTheNewestInOrder(capacity: Int) {
        var window = RecentWindow<Int>(capacity: capacity)
        #expect(window.count == 0 && window.elements.isEmpty)
        for n in 1...(5 * capacity + 3) {
            window.append(n)
            let expected = Array(max(1, n - capacity + 1)...n)
            #expect(window.count == expected.count)
            #expect(Array(window.elements) == expected)
        }
    }

    @Test func removeAllStartsAfresh() {
        var window = RecentWindow<Double>(capacity: 3)
        for value in [1.0, 2, 3, 4, 5] { window.append(value) }
        window.removeAll()
        #expect(window.count == 0)
        window.append(7)
        #expect(Array(window.elements) == [7])
    }
}
