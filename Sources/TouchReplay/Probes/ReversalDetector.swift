/// Finds reversals of one finger's direction when a trace has no markers: once the finger
/// has travelled ``establish`` points one way, a return of ``hysteresis`` points from the
/// furthest point reached is a reversal, dated at that furthest point (where the velocity
/// along the way crossed zero, to within a sample).
struct ReversalDetector: Sendable {
    static let establish = 12.0
    static let hysteresis = 6.0

    private var originX = 0.0, originY = 0.0
    private var ux = 0.0, uy = 0.0
    private var established = false
    private var extreme = 0.0
    private var extremeX = 0.0, extremeY = 0.0, extremeTime: Int64 = 0

    mutating func begin(x: Double, y: Double, time: Int64) {
        originX = x; originY = y
        established = false
        extremeX = x; extremeY = y; extremeTime = time
    }

    /// Takes the finger's next position; returns a reversal's time and the direction the
    /// finger had before it.
    mutating func add(x: Double, y: Double, time: Int64) -> (time: Int64, ux: Double, uy: Double)? {
        let dx = x - originX, dy = y - originY
        guard established else {
            let distance = (dx * dx + dy * dy).squareRoot()
            if distance >= Self.establish {
                ux = dx / distance; uy = dy / distance
                established = true
                extreme = distance
                extremeX = x; extremeY = y; extremeTime = time
            }
            return nil
        }
        let along = dx * ux + dy * uy
        if along > extreme {
            extreme = along
            extremeX = x; extremeY = y; extremeTime = time
            return nil
        }
        guard extreme - along >= Self.hysteresis else { return nil }
        let reversal = (time: extremeTime, ux: ux, uy: uy)
        // The new leg runs from the turning point the other way.
        originX = extremeX; originY = extremeY
        let nx = x - extremeX, ny = y - extremeY
        let length = (nx * nx + ny * ny).squareRoot()
        ux = length > 0 ? nx / length : -ux
        uy = length > 0 ? ny / length : -uy
        extreme = length
        extremeX = x; extremeY = y; extremeTime = time
        return reversal
    }
}
