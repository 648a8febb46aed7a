/// What an evdev device declares about itself: name, ids, properties, the event codes it can
/// send and the range of each absolute axis.
///
/// evemu descriptions, libinput recordings and `getevent -p` headers all carry this; where a
/// log carries none, the importer builds one from the codes and values it observed.
public struct EvdevDevice: Sendable, Hashable {
    /// One absolute axis (`struct input_absinfo`).
    public struct Axis: Sendable, Hashable {
        public var minimum: Int32
        public var maximum: Int32
        public var fuzz: Int32
        public var flat: Int32
        /// Units per millimetre for positions (per radian for angles); 0 when undeclared.
        public var resolution: Int32

        public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
            self.minimum = minimum
            self.maximum = maximum
            self.fuzz = fuzz
            self.flat = flat
            self.resolution = resolution
        }

        /// `maximum − minimum` as a wide integer (never overflows).
        public var span: Int64 { Int64(maximum) - Int64(minimum) }
    }

    /// `INPUT_PROP_DIRECT`: the device is a touch screen or a screen tablet.
    public static let propertyDirect: UInt16 = 1

    public var name: String
    /// The device node it was recorded from, when known (`/dev/input/event2`).
    public var node: String?
    public var bus: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16
    /// `INPUT_PROP_*` numbers.
    public var properties: Set<UInt16>
    /// Supported codes by event type.
    public var codes: [UInt16: Set<UInt16>]
    /// Absolute axes by code.
    public var axes: [UInt16: Axis]

    public init(
        name: String, node: String? = nil, bus: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0,
        version: UInt16 = 0, properties: Set<UInt16> = [], codes: [UInt16: Set<UInt16>] = [:],
        axes: [UInt16: Axis] = [:]
    ) {
        self.name = name
        self.node = node
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.version = version
        self.properties = properties
        self.codes = codes
        self.axes = axes
    }

    /// Whether the device declares `code` of `type` (an axis counts as declared).
    public func supports(type: UInt16, code: UInt16) -> Bool {
        if type == EvdevCode.evAbs, axes[code] != nil { return true }
        return codes[type]?.contains(code) ?? false
    }

    /// Records that the device can send `code` of `type`.
    public mutating func declare(type: UInt16, code: UInt16) {
        codes[type, default: []].insert(code)
    }

    /// Whether the device is direct (a screen), as opposed to a touchpad or a tablet.
    public var isDirect: Bool { properties.contains(Self.propertyDirect) }

    /// Whether the device reports multitouch positions.
    public var isMultitouch: Bool { supports(type: EvdevCode.evAbs, code: EvdevCode.absMTPositionX) }

    /// Whether the device has a stylus tool.
    public var hasPen: Bool {
        (EvdevCode.btnToolPen...EvdevCode.btnToolAirbrush).contains { supports(type: EvdevCode.evKey, code: $0) }
    }
}
