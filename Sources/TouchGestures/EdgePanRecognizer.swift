import TouchBenchSupport
import TouchDynamics
import TouchInput

/// A pan that starts at an edge of the screen: the home indicator's swipe up, a back swipe.
///
/// It behaves exactly as a ``PanRecognizer`` (hysteresis, anchor, velocity, projection) but
/// only takes contacts that land within ``margin`` of one of ``edges``.
public struct EdgePanRecognizer: GestureRecognizer {
    /// The edges of the screen.
    public struct Edges: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1)
        public static let left = Edges(rawValue: 2)
        public static let bottom = Edges(rawValue: 4)
        public static let right = Edges(rawValue: 8)
        public static let all: Edges = [.top, .left, .bottom, .right]
    }

    /// The screen, in points; without one no contact starts at an edge.
    public var screen: Rect?
    public var edges: Edges
    /// How close to an edge a contact must land, in points.
    public var margin: Double
    /// The pan that does the tracking.
    public private(set) var pan: PanRecognizer
    /// The edge the current contact started at.
    public private(set) var edge: Edges?

    /// A 20 pt margin is about where a thumb lands when it means the edge, and outside most
    /// content's touch targets.
    public init(screen: Rect?, edges: Edges = .all, margin: Double = 20, pan: PanRecognizer = PanRecognizer()) {
        self.screen = screen
        self.edges = edges
        self.margin = margin
        var pan = pan
        pan.kind = .edgePan
        self.pan = pan
    }

    public var gesture: GestureKind { .edgePan }
    public var state: RecognizerState { pan.state }
    public var hasClaimed: Bool { pan.hasClaimed }

    /// The edge `point` is within ``margin`` of, if any (the first of top, left, bottom, right).
    public func edge(at point: Point) -> Edges? {
        guard let screen else { return nil }
        let candidates: [(Edges, Double)] = [
            (.top, point.y - screen.minY), (.left, point.x - screen.minX),
            (.bottom, screen.maxY - point.y), (.right, screen.maxX - point.x),
        ]
        return candidates.first { edges.contains($0.0) && $0.1 <= margin }?.0
    }

    public func wantsContact(_ sample: InputSample) -> Bool {
        // The first finger must land at the edge; others may join it anywhere.
        pan.wantsContact(sample) && (pan.state != .idle || edge(at: sample.point) != nil)
    }

    public mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        noteEdge(sample)
        pan.handle(sample, events: &events)
    }

    /// Takes a sample as ``handle(_:events:)`` does, without building the events
    /// (``PanRecognizer/follow(_:)``).
    public mutating func follow(_ sample: InputSample) {
        noteEdge(sample)
        pan.follow(sample)
    }

    /// Remembers the edge the first contact lands at.
    private mutating func noteEdge(_ sample: InputSample) {
        if sample.phase == .began, pan.state == .idle { edge = edge(at: sample.point) }
    }

    public mutating func cancel(at time: Int64, events: inout [GestureEvent]) {
        pan.cancel(at: time, events: &events)
    }

    public mutating func reset() {
        pan.reset()
        edge = nil
    }
}
