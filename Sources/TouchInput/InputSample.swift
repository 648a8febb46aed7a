/// One input event: a touch, pencil, pointer, scroll, key or marker sample.
///
/// One value type serves every kind so that a trace can interleave them in time order.
/// Optional fields are stored inline with a presence mask (``fields``) and a marker's label
/// is a ``MarkerLabel``, so the type is trivially copyable: arrays of samples copy as plain
/// memory (``BitwiseCopyable``, checked by the compiler), which keeps decoding and replay fast
/// and lets an export park samples on disk as raw bytes.
public struct InputSample: Sendable, Hashable, BitwiseCopyable {
    /// Nanoseconds since the start of the trace, on a monotonic clock.
    public var time: Int64
    public var kind: SampleKind
    public var phase: SamplePhase
    // Here, in the two bytes between the phase and the id that would otherwise be padding: the
    // sample is 128 bytes, not 136, and a copy of it is eight 16-byte moves, where one of 136
    // bytes was a call to memcpy (about a twentieth of a replay copied samples that way).
    @usableFromInline var storedFields: SampleFields
    /// Contact or pointer identity, stable for the life of a contact (0 where meaningless).
    public var id: UInt32
    /// The optional fields this sample carries.
    @inlinable public var fields: SampleFields { storedFields }

    // Storage of the optional fields; an absent field is always stored as zero so that the
    // synthesized equality compares only what is present.
    @usableFromInline var storedX: Double
    @usableFromInline var storedY: Double
    @usableFromInline var storedForce: Double
    @usableFromInline var storedMajorRadius: Double
    @usableFromInline var storedMajorRadiusTolerance: Double
    @usableFromInline var storedAltitude: Double
    @usableFromInline var storedAzimuth: Double
    @usableFromInline var storedRoll: Double
    @usableFromInline var storedDX: Double
    @usableFromInline var storedDY: Double
    @usableFromInline var storedButtons: UInt32
    @usableFromInline var storedKey: UInt32
    @usableFromInline var storedModifiers: ModifierFlags
    @usableFromInline var storedFlags: SampleFlags
    @usableFromInline var storedLabel: MarkerLabel

    /// Creates a sample; every optional field left `nil` is absent.
    public init(
        time: Int64, kind: SampleKind, phase: SamplePhase = .moved, id: UInt32 = 0,
        x: Double? = nil, y: Double? = nil,
        force: Double? = nil, majorRadius: Double? = nil, majorRadiusTolerance: Double? = nil,
        altitude: Double? = nil, azimuth: Double? = nil, roll: Double? = nil,
        buttons: UInt32? = nil, modifiers: ModifierFlags = [], flags: SampleFlags = [],
        scrollDelta: (dx: Double, dy: Double)? = nil, key: UInt32? = nil, label: String? = nil
    ) {
        self.init(time: time, kind: kind, phase: phase, id: id, fields: [],
                  x: 0, y: 0, force: 0, majorRadius: 0, majorRadiusTolerance: 0, altitude: 0, azimuth: 0, roll: 0,
                  dx: 0, dy: 0, buttons: 0, key: 0, modifiers: [], flags: [], label: .none)
        if x != nil || y != nil { location = (x ?? 0, y ?? 0) }
        self.force = force
        self.majorRadius = majorRadius
        self.majorRadiusTolerance = majorRadiusTolerance
        self.altitude = altitude
        self.azimuth = azimuth
        self.roll = roll
        self.buttons = buttons
        self.modifiers = modifiers
        self.flags = flags
        if let scrollDelta { self.scrollDelta = scrollDelta }
        self.key = key
        self.label = label
    }

    /// Creates a sample from already-validated storage: the decoder's fast path.
    /// Values of fields absent from `fields` must be zero.
    @inlinable
    package init(
        time: Int64, kind: SampleKind, phase: SamplePhase, id: UInt32, fields: SampleFields,
        x: Double, y: Double, force: Double, majorRadius: Double, majorRadiusTolerance: Double,
        altitude: Double, azimuth: Double, roll: Double, dx: Double, dy: Double,
        buttons: UInt32, key: UInt32, modifiers: ModifierFlags, flags: SampleFlags, label: MarkerLabel
    ) {
        self.time = time
        self.kind = kind
        self.phase = phase
        self.id = id
        self.storedFields = fields
        storedX = x
        storedY = y
        storedForce = force
        storedMajorRadius = majorRadius
        storedMajorRadiusTolerance = majorRadiusTolerance
        storedAltitude = altitude
        storedAzimuth = azimuth
        storedRoll = roll
        storedDX = dx
        storedDY = dy
        storedButtons = buttons
        storedKey = key
        storedModifiers = modifiers
        storedFlags = flags
        storedLabel = label
    }

    /// A ground-truth marker such as `redirect`, `pause` or `release`.
    public static func marker(_ label: String, at time: Int64) -> InputSample {
        InputSample(time: time, kind: .marker, phase: .began, label: label)
    }

    // MARK: Fields

    /// Location in points; `nil` for keys and markers.
    @inlinable
    public var location: (x: Double, y: Double)? {
        get { storedFields.contains(.location) ? (storedX, storedY) : nil }
        set {
            storedX = newValue?.x ?? 0
            storedY = newValue?.y ?? 0
            set(.location, newValue != nil)
        }
    }

    /// Horizontal location in points (0 when absent).
    @inlinable public var x: Double { storedX }
    /// Vertical location in points (0 when absent).
    @inlinable public var y: Double { storedY }

    /// Normalised force, 0…1 (the device maximum is in the trace metadata).
    @inlinable
    public var force: Double? {
        get { value(storedForce, .force) }
        set { storedForce = newValue ?? 0; set(.force, newValue != nil) }
    }

    /// Major radius of the contact ellipse in points.
    @inlinable
    public var majorRadius: Double? {
        get { value(storedMajorRadius, .majorRadius) }
        set { storedMajorRadius = newValue ?? 0; set(.majorRadius, newValue != nil) }
    }

    /// The tolerance of ``majorRadius`` in points.
    @inlinable
    public var majorRadiusTolerance: Double? {
        get { value(storedMajorRadiusTolerance, .majorRadiusTolerance) }
        set { storedMajorRadiusTolerance = newValue ?? 0; set(.majorRadiusTolerance, newValue != nil) }
    }

    /// Pencil altitude in radians (π/2 is perpendicular to the surface).
    @inlinable
    public var altitude: Double? {
        get { value(storedAltitude, .altitude) }
        set { storedAltitude = newValue ?? 0; set(.altitude, newValue != nil) }
    }

    /// Pencil azimuth in radians.
    @inlinable
    public var azimuth: Double? {
        get { value(storedAzimuth, .azimuth) }
        set { storedAzimuth = newValue ?? 0; set(.azimuth, newValue != nil) }
    }

    /// Pencil barrel roll in radians.
    @inlinable
    public var roll: Double? {
        get { value(storedRoll, .roll) }
        set { storedRoll = newValue ?? 0; set(.roll, newValue != nil) }
    }

    /// Pressed buttons as a bit mask (bit 0 primary, bit 1 secondary, …).
    @inlinable
    public var buttons: UInt32? {
        get { storedFields.contains(.buttons) ? storedButtons : nil }
        set { storedButtons = newValue ?? 0; set(.buttons, newValue != nil) }
    }

    /// Modifier keys held; an empty set is stored as absent.
    @inlinable
    public var modifiers: ModifierFlags {
        get { storedModifiers }
        set { storedModifiers = newValue; set(.modifiers, !newValue.isEmpty) }
    }

    /// How the sample came to be; an empty set is stored as absent.
    @inlinable
    public var flags: SampleFlags {
        get { storedFlags }
        set { storedFlags = newValue; set(.flags, !newValue.isEmpty) }
    }

    /// Scroll deltas in points.
    @inlinable
    public var scrollDelta: (dx: Double, dy: Double)? {
        get { storedFields.contains(.scrollDelta) ? (storedDX, storedDY) : nil }
        set {
            storedDX = newValue?.dx ?? 0
            storedDY = newValue?.dy ?? 0
            set(.scrollDelta, newValue != nil)
        }
    }

    /// HID usage code of a key sample.
    @inlinable
    public var key: UInt32? {
        get { storedFields.contains(.key) ? storedKey : nil }
        set { storedKey = newValue ?? 0; set(.key, newValue != nil) }
    }

    /// The label of a marker sample.
    public var label: String? {
        get { storedFields.contains(.label) ? storedLabel.text : nil }
        set {
            storedLabel = newValue.map(MarkerLabel.init) ?? .none
            set(.label, newValue != nil)
        }
    }

    /// The label without turning it into a `String`: the fast path for comparisons.
    @inlinable
    public var markerLabel: MarkerLabel? { storedFields.contains(.label) ? storedLabel : nil }

    @inlinable @inline(__always)
    func value(_ stored: Double, _ field: SampleFields) -> Double? {
        storedFields.contains(field) ? stored : nil
    }

    @inlinable @inline(__always)
    mutating func set(_ field: SampleFields, _ present: Bool) {
        if present { storedFields.insert(field) } else { storedFields.remove(field) }
    }
}

extension InputSample: CustomStringConvertible {
    public var description: String {
        var text = "\(time)ns \(kind.name) \(phase.name)"
        if kind.isContact { text += " #\(id)" }
        if let location { text += " (\(location.x), \(location.y))" }
        if let label { text += " \"\(label)\"" }
        return text
    }
}
