import TouchInput

extension RefreshRate {
    /// The rate a trace is replayed at unless one is asked for: the display rate its
    /// metadata names (when in ``hertzRange``), else 120 Hz. The one rule `replay`, `bench`
    /// and `demo` share.
    public static func forTrace(_ metadata: TraceMetadata) -> RefreshRate {
        guard let hz = metadata.displayHz, hertzRange.contains(hz) else { return .fixed(120) }
        return .fixed(hz)
    }
}
