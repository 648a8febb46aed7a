/// Reusable raw memory for the codec's hot loops, so that they index plain pointers
/// instead of arrays (no uniqueness checks, no exclusivity checks, no reallocation).
/// The owner sizes it for the worst case before the loop starts.
final class ScratchMemory<Element: BitwiseCopyable> {
    private(set) var pointer: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init() {
        capacity = 0
        pointer = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    }

    deinit { pointer.deallocate() }

    /// A pointer to at least `count` elements (their contents are unspecified).
    func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            pointer.deallocate()
            capacity = max(count, capacity * 2)
            pointer = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        }
        return pointer
    }
}
