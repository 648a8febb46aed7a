import TouchInput

/// The samples of a synthesized trace as a lazy sequence, generated one gesture at a time.
///
/// Iterating twice generates twice, identically. Use it to write long sessions without
/// holding them in memory.
public struct SynthesizedSamples: Sequence, Sendable {
    let synthesizer: GestureSynthesizer
    let gesture: Gesture

    public func makeIterator() -> Iterator {
        Iterator(episodes: EpisodeIterator(synthesizer: synthesizer, gesture: gesture))
    }

    /// Yields the samples of each episode in turn, rendering the next when one runs out.
    public struct Iterator: IteratorProtocol {
        var episodes: EpisodeIterator
        var buffer: [InputSample] = []
        var position = 0

        public mutating func next() -> InputSample? {
            while position == buffer.count {
                guard let episode = episodes.next() else { return nil }
                buffer = episode.samples
                position = 0
            }
            defer { position += 1 }
            return buffer[position]
        }
    }
}
