import TouchInput

/// A long, marker-dense capture of mixed use, streamed: up to five fingers at 240 Hz with
/// force and radius, a pencil at 120 Hz with hover and angles, a trackpad pointer and its
/// scrolls, keys with modifiers, and a `redirect`, `pause` or `release` marker every few
/// seconds.
///
/// It is the workload of the scale benchmarks and of the complexity tests: unlike a
/// `session` (idle gaps, one marker a minute or so) it keeps every pass busy with contacts
/// and redirections for its whole length.
///
/// ```swift
/// let hour = MixedSession(seed: 1, duration: 3600)
/// try writer.append(contentsOf: Array(hour.prefix(10_000)))   // or iterate: memory stays flat
/// ```
///
/// Episodes are generated one at a time from `seed` and their index alone, so the same
/// arguments give the same samples on any machine, the work is linear in the duration and
/// iterating holds one episode (at most a few thousand samples) in memory. Positions, radii
/// and scroll deltas are on the 1/256 pt grid and forces on the 1/4096 grid, so a trace
/// round-trips through every form exactly.
public struct MixedSession: Sequence, Sendable {
    /// The seed of every random choice.
    public let seed: UInt64
    /// How long the session lasts, in seconds; no sample is later than this.
    public let duration: Double
    /// The device whose screen the contacts stay on.
    public let device: DeviceProfile

    /// The touch digitizer rate.
    public static let touchHz = 240
    /// The pencil's rate.
    public static let pencilHz = 120
    /// Bumped whenever a change alters the samples produced for given arguments.
    public static let modelVersion = 1

    /// A session of `duration` seconds (clamped to one day) on `device`'s screen.
    public init(seed: UInt64 = 0, duration: Double, device: DeviceProfile = .phone) {
        self.seed = seed
        self.duration = duration.isFinite ? Swift.min(Swift.max(duration, 0), SynthesisOptions.maximumSessionDuration) : 0
        self.device = device
    }

    /// The metadata to write with the samples.
    public var metadata: TraceMetadata {
        TraceMetadata(
            device: device.deviceName, screen: device.screen, digitizerHz: Double(Self.touchHz), displayHz: 120, source: "synth",
            extra: [
                "generator": "TraceSynthesis/MixedSession/\(Self.modelVersion)", "seed": String(seed),
                "sessionSeconds": String(duration), "pencilHz": String(Self.pencilHz),
            ])
    }

    public func makeIterator() -> Iterator { Iterator(session: self) }

    /// Renders the next episode when the current one runs out.
    public struct Iterator: IteratorProtocol, Sendable {
        var episodes: MixedEpisodes
        var buffer: [InputSample] = []
        var position = 0

        init(session: MixedSession) {
            episodes = MixedEpisodes(seed: session.seed, screen: session.device.screen,
                                     limit: Int64((session.duration * 1e9).rounded()))
        }

        public mutating func next() -> InputSample? {
            while position == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                guard episodes.render(into: &buffer) else { return nil }
                position = 0
            }
            defer { position += 1 }
            return buffer[position]
        }
    }
}

/// Plans and renders the episodes of a ``MixedSession``.
struct MixedEpisodes: Sendable {
    let seed: UInt64
    let width: Double, height: Double
    let limit: Int64
    private(set) var index: UInt64 = 0
    private var origin: Int64 = 10_000_000
    private var nextID: UInt32 = 1
    private var finished = false

    init(seed: UInt64, screen: TraceMetadata.Screen, limit: Int64) {
        self.seed = seed
        width = screen.width
        height = screen.height
        self.limit = limit
    }

    /// Appends the next episode's samples (time-ordered, all within the limit); `false` at the end.
    mutating func render(into samples: inout [InputSample]) -> Bool {
        while !finished {
            var random = SeededRandom(seed: seed, stream: 7, index)
            index += 1
            let choice = random.integer(in: 0...19)
            var episode = MixedEpisode(random: random, origin: origin, firstID: nextID, width: width, height: height)
            switch choice {
            case 0...3: episode.reversal()
            case 4...6: episode.edgePause()
            case 7...8: episode.flick()
            case 9...13: episode.multiFinger()
            case 14...15: episode.pencil()
            case 16...17: episode.scrollAndKeys()
            case 18: episode.pointer()
            default: episode.tap()
            }
            let end = episode.samples.last?.time ?? origin
            guard end <= limit else {
                finished = true
                return false
            }
            nextID = episode.nextID
            origin = end + Int64(episode.random.uniform(0.03, 0.25) * 1e9)
            if !episode.samples.isEmpty {
                samples.append(contentsOf: episode.samples)
                return true
            }
        }
        return false
    }
}
