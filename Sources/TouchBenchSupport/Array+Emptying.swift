extension Array {
    /// Empties the array and keeps its storage, as `removeAll(keepingCapacity: true)` does, but
    /// returns at once when it is already empty: the standard call goes through the general
    /// `replaceSubrange` even then (about 50 instructions), and replay empties buffers that are
    /// nearly always empty (a frame's signals, a sample's gesture events) every frame or sample.
    @inlinable
    package mutating func empty() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}

extension Array {
    /// Moves every element to the end of `other` and empties this array, keeping both
    /// storages; does nothing, not even a uniqueness check, when this array is empty (a
    /// scene's signals, handed to the frame loop every frame and nearly always none).
    @inlinable
    package mutating func moveAll(to other: inout [Element]) {
        guard !isEmpty else { return }
        other.append(contentsOf: self)
        removeAll(keepingCapacity: true)
    }
}
