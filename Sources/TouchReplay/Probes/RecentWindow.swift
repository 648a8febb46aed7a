/// The newest elements appended, at most `capacity`, oldest first: a frame history that a
/// probe extends every frame. Dropping the oldest element from the front of an array moved
/// the rest on each frame (a `removeFirst` per animating frame); here the front is dropped
/// once every `capacity` appends, in one move.
struct RecentWindow<Element: Sendable>: Sendable {
    let capacity: Int
    /// `storage[start...]` is the window; what lies before `start` is already dropped.
    private var storage: [Element] = []
    private var start = 0

    init(capacity: Int) {
        self.capacity = capacity
        storage.reserveCapacity(2 * capacity)
    }

    /// The elements in the window, oldest first.
    var elements: ArraySlice<Element> { storage[start...] }

    var count: Int { storage.count - start }

    /// Appends `element`, dropping the oldest one when the window is full.
    mutating func append(_ element: Element) {
        if count == capacity { start += 1 }
        if start == capacity {
            storage.removeFirst(capacity)
            start = 0
        }
        storage.append(element)
    }

    mutating func removeAll() {
        storage.empty()
        start = 0
    }
}
