import TouchInput

/// The constants of the `.touchtrace` v1 byte layout (docs/FORMAT.md is the full text).
package enum ContainerFormat {
    /// "\u{89}TBTR\r\n\u{1A}": the high byte and the line endings catch text-mode transfers.
    package static let fileMagic: [UInt8] = [0x89, 0x54, 0x42, 0x54, 0x52, 0x0D, 0x0A, 0x1A]
    package static let version: UInt16 = 1
    /// Magic + version + flags + metadata length.
    package static let fileHeaderFixedSize = 16
    /// The metadata JSON may not exceed this, so a hostile length cannot drive an allocation.
    package static let maximumMetadataSize = 1 << 20

    /// "TBCK"
    package static let chunkMagic: UInt32 = 0x4B43_4254
    package static let chunkHeaderSize = 40
    /// A chunk may hold at most this many samples; writers default to 4096.
    package static let maximumChunkSamples = 1 << 16
    /// Decompressed payloads larger than this are refused before any allocation.
    package static let maximumChunkRawSize = 64 << 20

    /// "TBIX"
    package static let indexMagic: UInt32 = 0x5849_4254
    package static let indexEntrySize = 32
    /// "TBEN"
    package static let trailerMagic: UInt32 = 0x4E45_4254
    package static let trailerSize = 16

    /// The number of column streams in a v1 chunk payload.
    package static let streamCount = 20

    /// Whether the first `size` bytes of `file` begin with the container's magic: the one
    /// check by which a text reader (JSON Lines, ``TraceInput``'s foreign forms) names a
    /// container read under a text form's name.
    package static func startsWithMagic(_ file: SystemFile, size: Int) throws(TraceFileError) -> Bool {
        guard size >= fileMagic.count else { return false }
        var head: [UInt8] = []
        try file.read(fileMagic.count, at: 0, into: &head)
        return head == fileMagic
    }
}
