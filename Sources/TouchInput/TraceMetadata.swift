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

    /// Keys with a meaning of their own; every other key is a free string in ``extra``.
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case device, screen, digitizerHz, displayHz, source, epochNanoseconds, forceMaximum, quanta, extra
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
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
        // Free keys may also stand at the top level, as the JSON Lines form writes them.
        let all = try decoder.container(keyedBy: AnyKey.self)
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        for key in all.allKeys where !known.contains(key.stringValue) {
            extra[key.stringValue] = try all.decode(String.self, forKey: key)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(device, forKey: .device)
        try c.encodeIfPresent(screen, forKey: .screen)
        try c.encodeIfPresent(digitizerHz, forKey: .digitizerHz)
        try c.encodeIfPresent(displayHz, forKey: .displayHz)
        try c.encodeIfPresent(source, forKey: .source)
        try c.encodeIfPresent(epochNanoseconds, forKey: .epochNanoseconds)
        try c.encodeIfPresent(forceMaximum, forKey: .forceMaximum)
        if quanta != .standard { try c.encode(quanta, forKey: .quanta) }
        var all = encoder.container(keyedBy: AnyKey.self)
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        for (key, value) in extra where !known.contains(key) {
            try all.encode(value, forKey: AnyKey(stringValue: key))
        }
    }
}
