import TouchInput

/// The kind of device a synthesized trace pretends to come from.
public enum DeviceProfile: String, Sendable, Hashable, CaseIterable, Codable {
    /// A 6.1-inch phone: 390 × 844 points at scale 3.
    case phone
    /// An 11-inch-class tablet: 1024 × 1366 points at scale 2.
    case tablet

    /// The command-line name: `phone` or `tablet`.
    public var name: String { rawValue }

    /// The device with the given command-line name, or `nil`.
    public init?(name: String) { self.init(rawValue: name) }

    /// The device with the given command-line name; throws ``SynthesisError/unknownDevice(_:)``.
    public init(parsing name: String) throws(SynthesisError) {
        guard let device = DeviceProfile(name: name) else { throw .unknownDevice(name) }
        self = device
    }

    /// The screen in points, portrait.
    public var screen: TraceMetadata.Screen {
        switch self {
        case .phone: TraceMetadata.Screen(width: 390, height: 844, scale: 3)
        case .tablet: TraceMetadata.Screen(width: 1024, height: 1366, scale: 2)
        }
    }

    /// The device name recorded in the trace metadata.
    public var deviceName: String {
        switch self {
        case .phone: "synthetic phone 390x844@3x"
        case .tablet: "synthetic tablet 1024x1366@2x"
        }
    }

    /// The display refresh rate: both profiles have 120 Hz adaptive displays.
    public var displayHz: Int { 120 }
}
