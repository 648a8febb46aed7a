import TouchInput

/// One planned episode and its samples.
struct RenderedEpisode: Sendable {
    var episode: Episode
    var samples: [InputSample]
}

/// Plans and renders the episodes of a trace one after the other.
///
/// A single gesture is one episode starting 20 ms into the trace. A session is a sequence
/// of rounds, each a shuffle of every elementary gesture (so each appears once per round),
/// separated by idle gaps of 0.4–1.8 s after the planned end, until the next episode would end after the session
/// duration. Each episode depends only on the seed, its index and where the previous one
/// ended, so the work is linear in the duration and the memory bounded by one episode.
struct EpisodeIterator: IteratorProtocol {
    let synthesizer: GestureSynthesizer
    let gesture: Gesture
    private var index = 0
    private var origin: Int64 = 20_000_000
    private var nextID: UInt32 = 1
    private var round: (number: Int, order: [Gesture]) = (-1, [])
    private var finished = false

    init(synthesizer: GestureSynthesizer, gesture: Gesture) {
        self.synthesizer = synthesizer
        self.gesture = gesture
    }

    mutating func next() -> RenderedEpisode? {
        guard !finished else { return nil }
        let kind = gesture == .session ? sessionGesture(at: index) : gesture
        var builder = synthesizer.plan(kind, index: index, origin: origin, firstID: nextID, isWholeTrace: gesture != .session)
        let episode = builder.episode
        if gesture != .session {
            finished = true
        } else {
            let limit = Int64((synthesizer.options.sessionDuration * 1e9).rounded())
            guard episode.end <= limit else {
                finished = true
                return nil
            }
            let gap = builder.random.uniform(0.4, 1.8)
            // Spaced from the planned end, not the last scan, so the schedule of a session
            // is the same at every rate; a gap of 0.4 s clears the last scan with room to spare.
            origin = builder.absoluteTime(builder.plannedEnd + gap)
        }
        nextID = builder.nextID
        let samples = synthesizer.render(episode, index: index)
        index += 1
        return RenderedEpisode(episode: episode, samples: samples)
    }

    private mutating func sessionGesture(at index: Int) -> Gesture {
        let all = Gesture.elementary
        let number = index / all.count
        if round.number != number {
            var random = SeededRandom(seed: synthesizer.options.seed, stream: 3, UInt64(number))
            round = (number, random.shuffled(all))
        }
        return round.order[index % all.count]
    }
}
