import TouchBenchSupport

/// The targets a ``HoverRecognizer`` hit-tests: a plain list, or a layout that finds the few
/// targets near a point without listing them all, so that hit-testing costs the same on any
/// screen (a grid laid out to fill a 10^6 pt screen would hold 10^8 targets).
public protocol HoverTargetSet: Sendable, Hashable {
    /// The indices ``candidates(near:)`` returns.
    associatedtype Candidates: Sequence<Int>
    /// Whether there is no target at all.
    var isEmpty: Bool { get }
    /// The target at `index`, `nil` for an index that names none.
    func target(at index: Int) -> HoverTarget?
    /// In ascending order, the index of every target whose hit region may contain `point`
    /// (more is allowed, never fewer): the recognizer breaks ties by the lower index.
    func candidates(near point: Point) -> Candidates
}

/// A list of targets: every one is a candidate everywhere.
extension Array: HoverTargetSet where Element == HoverTarget {
    public func target(at index: Int) -> HoverTarget? { indices.contains(index) ? self[index] : nil }
    public func candidates(near point: Point) -> Range<Int> { indices }
}
