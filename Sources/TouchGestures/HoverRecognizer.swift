import TouchBenchSupport
import TouchDynamics
import TouchInput

/// An element a pointer can hover: its frame, whether it draws a border, how it answers the
/// pointer, and where the pointer counts as over it.
public struct HoverTarget: Sendable, Hashable {
    /// How an element answers the pointer, after the iPadOS pointer guidelines.
    public enum Effect: String, Sendable, Hashable, CaseIterable {
        /// The pointer turns into the element's highlight: the element captures it, so it is
        /// magnetic (small buttons, bar buttons).
        case highlight
        /// The element changes its own look (scale, shadow, tint) and the pointer keeps its
        /// shape and tracks the hand 1:1: no magnetism (large elements, cards, text areas).
        case hover
    }

    /// The element's frame, points.
    public var frame: Rect
    /// Whether it draws a border (its outline shows where it ends, so its hit region needs less padding).
    public var hasBorder: Bool
    /// How it answers the pointer.
    public var effect: Effect
    private var explicitHitRegion: Rect?

    /// An element whose hit region is its frame padded as the guidelines pad it (below), or
    /// `hitRegion` when given: bar buttons' regions are laid edge to edge instead, so the
    /// pointer moves from one to the next without ever being free in between.
    public init(frame: Rect, hasBorder: Bool, effect: Effect = .highlight, hitRegion: Rect? = nil) {
        self.frame = frame
        self.hasBorder = hasBorder
        self.effect = effect
        explicitHitRegion = hitRegion
    }

    /// The region in which the pointer counts as over the element: the explicit one, else
    /// the frame padded by 12 pt for an element with a border (its outline shows where it
    /// ends) and 24 pt for one without, as the iPadOS pointer guidelines pad hit regions; a
    /// hover-effect element's own frame (it draws its own extent).
    public var hitRegion: Rect {
        if let explicitHitRegion { return explicitHitRegion }
        return effect == .hover ? frame : frame.expanded(by: hasBorder ? 12 : 24)
    }
}

/// A trackpad or mouse pointer hovering over targets, with magnetism.
///
/// The recognizer follows the hovering pointer, projects its motion to where it is heading
/// (the point it would come to rest at under ``decelerationRate``), and picks the target
/// whose hit region contains the pointer or, failing that, the projected point: the target
/// it is heading for. ``magnetizedLocation`` is the pointer pulled toward that target's
/// centre by ``magnetism``, which is what a scene draws.
///
/// Hover-effect targets (``HoverTarget/Effect/hover``) are reported but pull nothing.
///
/// Events: `began` when the pointer reaches a target (or, with no targets, when it
/// appears), `changed` when the target changes, `ended` when it leaves every target (or,
/// with no targets, when it exits). It is an observer: it never claims anything.
public struct HoverRecognizer<Targets: HoverTargetSet>: GestureRecognizer {
    /// The targets it hit-tests (a list, or a layout that finds those near a point).
    public var targets: Targets
    /// How hard a target pulls the pointer: 0 none, 1 onto its centre.
    public var magnetism: Double
    /// The deceleration used to project the pointer's motion. The fast rate (0.99/ms)
    /// projects about a tenth of a second of travel, which matches how far an aimed
    /// movement still has to go once it starts slowing down.
    public var decelerationRate: DecelerationRate

    public private(set) var state: RecognizerState = .idle
    /// The hovering contact followed (a pointer, or a pencil hovering), if any.
    public var pointer: UInt32? { hovering?.id }
    /// The same by kind and id: a hovering pencil and a pointer may share an id.
    private var hovering: ContactKey?
    public private(set) var location: Point?
    public private(set) var velocity = Velocity.zero
    /// Where the pointer's motion would bring it to rest.
    public private(set) var projectedLocation: Point?
    /// The target the pointer is over (its padded hit region).
    public private(set) var hoveredTarget: Int?
    /// The target the pointer's projected motion lands in.
    public private(set) var headingTarget: Int?
    private var tracker = VelocityTracker()

    public var gesture: GestureKind { .hover }
    public var role: ArenaRole { .observer }
    public var hasClaimed: Bool { false }

    public init(targets: Targets, magnetism: Double = 0.3, decelerationRate: DecelerationRate = .fast,
                magnetizesHoverEffects: Bool = false) {
        self.targets = targets
        self.magnetism = magnetism
        self.decelerationRate = decelerationRate
        self.magnetizesHoverEffects = magnetizesHoverEffects
    }

    /// Whether hover-effect targets pull the pointer too. The guidelines say they must not
    /// (the pointer keeps its shape over them and tracks the hand); kept to show what a
    /// scene's intent accuracy and capture metrics catch.
    public var magnetizesHoverEffects: Bool

    /// The target that pulls the pointer: the one it is over, else the one it heads for, if
    /// that target is magnetic (a highlight target, or any with ``magnetizesHoverEffects``).
    /// Over a hover-effect target nothing pulls.
    public var magneticTarget: Int? {
        if let hoveredTarget { return isMagnetic(hoveredTarget) ? hoveredTarget : nil }
        return headingTarget.flatMap { isMagnetic($0) ? $0 : nil }
    }

    /// The target the recognizer reports: the one the pointer is over, else the magnetic
    /// one it heads for.
    public var currentTarget: Int? { hoveredTarget ?? magneticTarget }

    /// Whether target `index` pulls the pointer (false for an index that names no target).
    public func isMagnetic(_ index: Int) -> Bool {
        guard let target = targets.target(at: index) else { return false }
        return magnetizesHoverEffects || target.effect == .highlight
    }

    /// The pointer pulled toward the magnetic target's centre.
    public var magnetizedLocation: Point? {
        guard let location else { return nil }
        guard let center = magneticTarget.flatMap(targets.target(at:))?.frame.center else { return location }
        return Point(x: location.x + (center.x - location.x) * magnetism, y: location.y + (center.y - location.y) * magnetism)
    }

    public func wantsContact(_ sample: InputSample) -> Bool {
        sample.isHoverSample && (hovering == nil || hovering == sample.contact)
    }

    public mutating func handle(_ sample: InputSample, events: inout [GestureEvent]) {
        guard sample.isHoverSample, hovering == nil || hovering == sample.contact else { return }
        let appearing = hovering == nil
        hovering = sample.contact
        location = sample.point
        tracker.add(time: sample.time, x: sample.x, y: sample.y)
        velocity = tracker.velocity(at: sample.time)
        projectedLocation = Point(
            x: project(sample.x, velocity: velocity.x, decelerationRate: decelerationRate),
            y: project(sample.y, velocity: velocity.y, decelerationRate: decelerationRate))
        let before = currentTarget
        hoveredTarget = target(containing: sample.point)
        headingTarget = projectedLocation.flatMap(target(containing:))
        if sample.phase == .hoverExited {
            if state.isActive { emit(.ended, at: sample.time, target: before, events: &events) }
            hovering = nil
            tracker.reset()
            hoveredTarget = nil
            headingTarget = nil
            state = .idle
            return
        }
        if targets.isEmpty {
            if appearing { emit(.began, at: sample.time, target: nil, events: &events) }
            return
        }
        let now = currentTarget
        guard now != before || (appearing && now != nil) else { return }
        switch (state.isActive, now) {
        case (false, .some): emit(.began, at: sample.time, target: now, events: &events)
        case (true, .some): emit(.changed, at: sample.time, target: now, events: &events)
        case (true, nil): emit(.ended, at: sample.time, target: before, events: &events)
        case (false, nil): break
        }
    }

    public mutating func cancel(at time: Int64, events: inout [GestureEvent]) {}

    public mutating func reset() {
        self = HoverRecognizer(targets: targets, magnetism: magnetism, decelerationRate: decelerationRate,
                               magnetizesHoverEffects: magnetizesHoverEffects)
    }

    /// The target whose hit region contains `point`; where regions overlap, the one whose
    /// frame is nearest.
    public func target(containing point: Point) -> Int? {
        var best: (index: Int, distance: Double)?
        for index in targets.candidates(near: point) {
            guard let target = targets.target(at: index), target.hitRegion.contains(point) else { continue }
            let distance = target.frame.distance(to: point)
            if best == nil || distance < (best?.distance ?? .infinity) { best = (index, distance) }
        }
        return best?.index
    }

    private mutating func emit(_ newState: RecognizerState, at time: Int64, target: Int?, events: inout [GestureEvent]) {
        state = newState == .ended ? .idle : newState
        var event = GestureEvent(gesture: .hover, state: newState, time: time, contact: pointer ?? 0)
        event.location = location
        event.velocity = velocity
        event.target = target
        events.append(event)
    }
}
