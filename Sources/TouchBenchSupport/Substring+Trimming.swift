extension Substring {
    /// The text without leading or trailing spaces or tabs.
    ///
    /// Scans UTF-8 code units, not Characters: both are ASCII, never part of a multi-byte
    /// sequence, and a Character walk (grapheme breaking) plus rebuilding a String from a
    /// reversed collection cost more than the rest of a line's parse.
    package func trimmingSpaces() -> Substring {
        trimmingTrailingSpaces().trimmingLeadingSpaces()
    }

    /// The text without leading spaces or tabs.
    package func trimmingLeadingSpaces() -> Substring {
        let start = utf8.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? utf8.endIndex
        return self[start...]
    }

    /// The text without trailing spaces or tabs.
    package func trimmingTrailingSpaces() -> Substring {
        guard let last = utf8.lastIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
            return self[endIndex...]
        }
        // The byte after the last kept one starts a space or is the end: a Character boundary
        // even when the kept text ends in a multi-byte sequence.
        return self[..<utf8.index(after: last)]
    }
}
