import TouchInput

/// What an importer read: the trace's metadata and its samples in time order.
public struct ImportedTrace: Sendable, Hashable {
    /// Device, source, mapping and format details (see `extra`).
    public var metadata: TraceMetadata
    /// Samples in non-decreasing time, the first event of the source at time zero.
    public var samples: [InputSample]
    /// Events of an evdev capture whose time stepped back (recordings joined end to end, a
    /// clock step) and that were held at the time before them: counted here, whatever
    /// metadata a TouchBench comment restores, so that `convert` can say so.
    public var heldBackEvents = 0
    /// The number of the file's last line when it was an event line cut short (no line feed:
    /// a writer that died) and so not read (docs/FORMATS.md, "Cut files and equal times").
    public var cutLine: Int?

    public init(metadata: TraceMetadata, samples: [InputSample]) {
        self.metadata = metadata
        self.samples = samples
    }
}

/// Choices an importer cannot make from the file alone.
public struct ImportOptions: Sendable, Hashable {
    /// An evemu device description to use instead of the one found beside the events.
    public var descriptionPath: String?
    /// The device to import from a log that holds several (a name or a node such as
    /// `/dev/input/event2`); `nil` chooses the touchscreen automatically.
    public var device: String?
    /// The screen, in points, onto which device units are mapped when the device declares
    /// no resolution. `nil` maps such units 1:1.
    public var screen: TraceMetadata.Screen?

    public init(descriptionPath: String? = nil, device: String? = nil, screen: TraceMetadata.Screen? = nil) {
        self.descriptionPath = descriptionPath
        self.device = device
        self.screen = screen
    }
}
