import TouchInput

/// How device units become points.
///
/// The choice, in order of preference:
/// 1. `explicit`: a scale written by TouchBench's own evemu exporter (so that an exported
///    trace imports back to the very same samples);
/// 2. `resolution`: the device declares units per millimetre; a millimetre becomes
///    72 / 25.4 points, the typographic point (1 pt = 1/72 inch), which is also the iOS and
///    macOS point at a scale of one;
/// 3. `screen`: the axis range (minimum…maximum, each unit an equal cell) is stretched onto
///    the given screen size;
/// 4. `identity`: one unit is one point.
///
/// Positions are measured from the axis minimum. The position quantum is chosen so that every
/// integer device unit on both axes is an exact multiple of it, which keeps units lossless in
/// a `.touchtrace` file.
public struct EvdevMapping: Sendable, Hashable {
    public enum Method: String, Sendable, Hashable {
        case explicit, resolution, screen, identity
    }

    /// Points in a millimetre (typographic points).
    public static let pointsPerMillimetre = 72.0 / 25.4

    public var method: Method
    /// Device units at the origin of the point space.
    public var originX: Int32
    public var originY: Int32
    /// Points per device unit.
    public var scaleX: Double
    public var scaleY: Double
    /// A quantum of which every whole device unit on both axes is an integer multiple.
    public var positionQuantum: Double

    public init(method: Method, originX: Int32, originY: Int32, scaleX: Double, scaleY: Double, positionQuantum: Double) {
        self.method = method
        self.originX = originX
        self.originY = originY
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.positionQuantum = positionQuantum
    }

    /// The mapping for `device` (its position axes), given an optional screen and an
    /// optional explicit scale.
    public static func choose(
        for device: EvdevDevice, screen: TraceMetadata.Screen?, explicit: EvdevMapping? = nil
    ) -> EvdevMapping {
        let mt = device.axes[EvdevCode.absMTPositionX] != nil
        let ax = device.axes[mt ? EvdevCode.absMTPositionX : EvdevCode.absX]
        let ay = device.axes[mt ? EvdevCode.absMTPositionY : EvdevCode.absY]
        let originX = ax?.minimum ?? 0
        let originY = ay?.minimum ?? 0
        if var explicit, explicit.scaleX.isFinite, explicit.scaleY.isFinite, explicit.scaleX > 0, explicit.scaleY > 0 {
            explicit.method = .explicit
            return explicit
        }
        if let ax, let ay, ax.resolution > 0, ay.resolution > 0 {
            let rx = Int64(ax.resolution), ry = Int64(ay.resolution)
            let sx = pointsPerMillimetre / Double(rx), sy = pointsPerMillimetre / Double(ry)
            let common = lcm(rx, ry).map { pointsPerMillimetre / Double($0) } ?? Swift.min(sx, sy)
            return EvdevMapping(method: .resolution, originX: originX, originY: originY,
                                scaleX: sx, scaleY: sy, positionQuantum: common)
        }
        if let screen, let ax, let ay, screen.width > 0, screen.height > 0, ax.span >= 0, ay.span >= 0 {
            let cellsX = ax.span + 1, cellsY = ay.span + 1
            let sx = screen.width / Double(cellsX), sy = screen.height / Double(cellsY)
            return EvdevMapping(method: .screen, originX: originX, originY: originY, scaleX: sx, scaleY: sy,
                                positionQuantum: screenQuantum(screen, cellsX, cellsY) ?? Swift.min(sx, sy))
        }
        return EvdevMapping(method: .identity, originX: originX, originY: originY, scaleX: 1, scaleY: 1, positionQuantum: 1)
    }

    @inline(__always) func x(_ units: Int32) -> Double { Double(Int64(units) - Int64(originX)) * scaleX }
    @inline(__always) func y(_ units: Int32) -> Double { Double(Int64(units) - Int64(originY)) * scaleY }

    /// The device units nearest to a position in points (the inverse of ``x(_:)`` and
    /// ``y(_:)``), clamped to Int32, and whether either had to be clamped.
    func units(x: Double, y: Double) -> (x: Int32, y: Int32, clamped: Bool) {
        let ux = x / scaleX + Double(originX), uy = y / scaleY + Double(originY)
        let range = Double(Int32.min)...Double(Int32.max)
        return (Self.clamp(ux), Self.clamp(uy), !range.contains(ux.rounded()) || !range.contains(uy.rounded()))
    }

    static func clamp(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(Swift.max(Double(Int32.min), Swift.min(Double(Int32.max), value.rounded())))
    }

    /// The mapping line TouchBench's evemu exporter writes: `scaleX scaleY originX originY quantum`.
    var serialized: String { "\(scaleX) \(scaleY) \(originX) \(originY) \(positionQuantum)" }

    /// Parses ``serialized``.
    init?(serialized text: Substring) {
        let parts = text.split(separator: " ")
        guard parts.count == 5, let sx = Double(parts[0]), let sy = Double(parts[1]),
              let ox = Int32(parts[2]), let oy = Int32(parts[3]), let q = Double(parts[4]),
              [sx, sy, q].allSatisfy(FieldQuanta.lengthRange.contains) else { return nil }
        self.init(method: .explicit, originX: ox, originY: oy, scaleX: sx, scaleY: sy, positionQuantum: q)
    }

    /// The mapping recorded in metadata `extra` by ``record(into:)``, if any.
    init?(metadata extra: [String: String]) {
        guard let scale = extra["evdev.mapping.scale"]?.split(separator: " ").compactMap({ Double($0) }),
              let origin = extra["evdev.mapping.origin"]?.split(separator: " ").compactMap({ Int32($0) }),
              scale.count == 2, origin.count == 2, scale.allSatisfy(FieldQuanta.lengthRange.contains) else { return nil }
        let method = extra["evdev.mapping"].flatMap(Method.init(rawValue:)) ?? .explicit
        self.init(method: method, originX: origin[0], originY: origin[1], scaleX: scale[0], scaleY: scale[1],
                  positionQuantum: Swift.min(scale[0], scale[1]))
    }

    /// Describes the mapping in metadata `extra`.
    func record(into extra: inout [String: String]) {
        extra["evdev.mapping"] = method.rawValue
        extra["evdev.mapping.scale"] = "\(scaleX) \(scaleY)"
        extra["evdev.mapping.origin"] = "\(originX) \(originY)"
        switch method {
        case .resolution: extra["evdev.mapping.note"] = "units per mm from the axis resolution; 1 mm = 72/25.4 pt (typographic point)"
        case .screen: extra["evdev.mapping.note"] = "axis range stretched onto the screen size"
        case .identity: extra["evdev.mapping.note"] = "one device unit = one point (no resolution, no screen size given)"
        case .explicit: extra["evdev.mapping.note"] = "scale written by the TouchBench exporter"
        }
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    private static func lcm(_ a: Int64, _ b: Int64) -> Int64? {
        let (product, overflow) = (a / gcd(a, b)).multipliedReportingOverflow(by: b)
        return overflow || product > 1 << 40 ? nil : product
    }

    /// For integral screen sizes: gcd(W·Cy, H·Cx) / (Cx·Cy), the largest step dividing both scales.
    private static func screenQuantum(_ screen: TraceMetadata.Screen, _ cx: Int64, _ cy: Int64) -> Double? {
        guard screen.width == screen.width.rounded(), screen.height == screen.height.rounded(),
              screen.width < 1e9, screen.height < 1e9, cx < 1 << 31, cy < 1 << 31 else { return nil }
        let w = Int64(screen.width), h = Int64(screen.height)
        let (a, o1) = w.multipliedReportingOverflow(by: cy)
        let (b, o2) = h.multipliedReportingOverflow(by: cx)
        let (d, o3) = cx.multipliedReportingOverflow(by: cy)
        guard !o1, !o2, !o3, d > 0 else { return nil }
        let g = gcd(a, b)
        return g > 0 ? Double(g) / Double(d) : nil
    }
}
