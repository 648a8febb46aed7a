/// The resistance a value meets past the edges of its range: the further past the edge,
/// the less it follows, never exceeding one `dimension` beyond it.
///
/// Past an edge by x, the value is shown past it by f(x) = (1 − 1 / (x·c/d + 1))·d, with
/// c the ``coefficient`` (0.55, as in UIScrollView) and d the ``dimension`` (usually the
/// scroll view's size along the axis). Inside the range a value is shown as it is.
///
/// ``unbanded(_:)`` is the exact inverse. A finger that catches content already past the
/// edge must continue from the unbanded value, or the content would jump:
///
/// ```swift
/// var content = band.unbanded(displayedOffset)   // at touch-down
/// content += fingerDelta                         // on each move
/// displayedOffset = band.banded(content)
/// ```
public struct RubberBand: Sendable, Hashable {
    /// UIScrollView's coefficient.
    public static let standardCoefficient = 0.55

    /// The values shown as they are.
    public var range: ClosedRange<Double>
    /// The distance the banded value approaches, but never reaches, past an edge.
    public var dimension: Double
    /// How stiff the band is: the slope of f at the edge.
    public var coefficient: Double

    /// Creates a rubber band for values in `range`.
    ///
    /// A `dimension` or `coefficient` that is zero, negative or NaN makes the edges rigid
    /// (nothing shows past them); an infinite `dimension` makes the band linear, x·c.
    public init(range: ClosedRange<Double>, dimension: Double, coefficient: Double = standardCoefficient) {
        self.range = range
        self.dimension = dimension
        self.coefficient = coefficient
    }

    /// The value as shown: itself inside the range, pulled toward the nearer edge outside.
    public func banded(_ value: Double) -> Double {
        if value < range.lowerBound {
            return range.lowerBound - Self.offset(
                forOvershoot: range.lowerBound - value, dimension: dimension, coefficient: coefficient)
        }
        if value > range.upperBound {
            return range.upperBound + Self.offset(
                forOvershoot: value - range.upperBound, dimension: dimension, coefficient: coefficient)
        }
        return value
    }

    /// How fast the shown value moves per unit of `value` there: the derivative of
    /// ``banded(_:)``, 1 inside the range and c·d² / (x·c + d)² at x past an edge (c at the
    /// edge, toward 0 far past it; 0 for rigid edges). A release from the band hands its
    /// spring the input's velocity times this, the velocity the element is shown moving at.
    public func slope(at value: Double) -> Double {
        let overshoot = value < range.lowerBound ? range.lowerBound - value
            : value > range.upperBound ? value - range.upperBound : 0
        guard overshoot > 0 else { return value.isNaN ? .nan : 1 }
        guard Self.isElastic(dimension: dimension, coefficient: coefficient) else { return 0 }
        if dimension == .infinity { return coefficient }
        let stretch = overshoot * coefficient
        if stretch == .infinity { return 0 }
        return coefficient * dimension / (stretch + dimension) * dimension / (stretch + dimension)
    }

    /// The value that ``banded(_:)`` shows as `bandedValue`: its exact inverse.
    ///
    /// A shown value at or beyond one dimension past an edge is never produced; it maps to
    /// ±infinity.
    public func unbanded(_ bandedValue: Double) -> Double {
        if bandedValue < range.lowerBound {
            return range.lowerBound - Self.overshoot(
                forOffset: range.lowerBound - bandedValue, dimension: dimension, coefficient: coefficient)
        }
        if bandedValue > range.upperBound {
            return range.upperBound + Self.overshoot(
                forOffset: bandedValue - range.upperBound, dimension: dimension, coefficient: coefficient)
        }
        return bandedValue
    }

    /// f(x, d, c) = (1 − 1 / (x·c/d + 1))·d for x ≥ 0, and −f(−x) below zero.
    ///
    /// Evaluated as x·c·d / (x·c + d), the same function without the cancellation of
    /// 1 − 1/(…) for small x.
    public static func offset(
        forOvershoot overshoot: Double, dimension: Double, coefficient: Double = standardCoefficient
    ) -> Double {
        if overshoot.isNaN { return overshoot }
        guard isElastic(dimension: dimension, coefficient: coefficient) else { return 0 }
        if dimension == .infinity { return overshoot * coefficient }
        let stretch = abs(overshoot) * coefficient
        if stretch == .infinity { return overshoot < 0 ? -dimension : dimension }
        let magnitude = stretch * dimension / (stretch + dimension)
        return overshoot < 0 ? -magnitude : magnitude
    }

    /// The inverse of ``offset(forOvershoot:dimension:coefficient:)``:
    /// x = d·y / (c·(d − y)) for 0 ≤ y < d, odd below zero, ±infinity for |y| ≥ d.
    public static func overshoot(
        forOffset offset: Double, dimension: Double, coefficient: Double = standardCoefficient
    ) -> Double {
        if offset.isNaN || offset == 0 { return offset }
        guard isElastic(dimension: dimension, coefficient: coefficient) else {
            return offset < 0 ? -.infinity : .infinity
        }
        if dimension == .infinity { return offset / coefficient }
        let y = abs(offset)
        let magnitude = y < dimension ? dimension * y / (coefficient * (dimension - y)) : .infinity
        return offset < 0 ? -magnitude : magnitude
    }

    private static func isElastic(dimension: Double, coefficient: Double) -> Bool {
        dimension > 0 && coefficient > 0 && coefficient.isFinite
    }
}
