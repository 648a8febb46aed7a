import TouchInput

extension RefreshRate {
    /// The rate a trace is replayed at unless one is asked for: the display rate its
    /// metadata names (when in 0…1000 Hz), else 120 Hz. The one rule `replay`, `bench` and
    /// `demo` share.
    public static func forTrace(_ metadata: TraceMetadata) -> RefreshRate {
        guard let hz = metadata.displayHz, hz > 0, hz <= 1000 else { return .fixed(120) }
        return .fixed(hz)
    }
}
