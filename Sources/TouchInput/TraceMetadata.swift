/// What a trace was recorded on and how: the header of a `.touchtrace` file and the first
/// line of the JSON Lines form.
public struct TraceMetadata: Sendable, Hashable, Codable {
    /// Screen size in points and its scale (pixels per point).
    public struct Screen: Sendable, Hashable, Codable {
        public var width: Double
        public var height: Double
        public var scale: Double
        public init(width: Double, height: Double, scale: Double = 1) {
            self.width = width
            self.height = height
            self.scale = scale
        }
    }

    /// A human-readable device name.
    public var device: String?
    public var screen: Screen?
    /// The digitizer's nominal sampling rate.
    public var digitizerHz: Double?
    /// The display's refresh rate during capture.
    public var displayHz: Double?
    /// Where the trace came from: `synth`, `evemu`, `jsonl`, `libinput`, …
    public var source: String?
    /// Wall-clock time of the trace's zero, in nanoseconds since 1970, when known.
    public var epochNanoseconds: Int64?
    /// The device's maximum force in its own units (forces are stored normalised 0…1).
    public var forceMaximum: Double?
    /// Fixed-point steps of the stored values.
    public var quanta: FieldQuanta
    /// Free string keys (device axis ranges, converter settings, …).
    public var extra: [String: String]

    public init(
        device: String? = nil, screen: Screen? = nil, digitizerHz: Double? = nil,
        displayHz: Double? = nil, source: String? = nil, epochNanoseconds: Int64? = nil,
        forceMaximum: Double? = nil, quanta: FieldQuanta = .standard, extra: [String: String] = [:]
    ) {
        self.device = device
        self.screen = screen
        self.digitizerHz = digitizerHz
        self.displayHz = displayHz
        self.source = source
        self.epochNanoseconds = epochNanoseconds
        self.forceMaximum = forceMaximum
        self.quanta = quanta
        self.extra = extra
    }

    private enum CodingKeys: String, CodingKey {
        case device, screen, digitizerHz, displayHz, source, epochNanoseconds, forceMaximum, quanta, extra
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        device = try c.decodeIfPresent(String.self, forKey: .device)
        screen = try c.decodeIfPresent(Screen.self, forKey: .screen)
        digitizerHz = try c.decodeIfPresent(Double.self, forKey: .digitizerHz)
        displayHz = try c.decodeIfPresent(Double.self, forKey: .displayHz)
        source = try c.decodeIfPresent(String.self, forKey: .source)
        epochNanoseconds = try c.decodeIfPresent(Int64.self, forKey: .epochNanoseconds)
        forceMaximum = try c.decodeIfPresent(Double.self, forKey: .forceMaximum)
        quanta = try c.decodeIfPresent(FieldQuanta.self, forKey: .quanta) ?? .standard
        extra = try c.decodeIfPresent([String: String].self, forKey: .extra) ?? [:]
    }
}
