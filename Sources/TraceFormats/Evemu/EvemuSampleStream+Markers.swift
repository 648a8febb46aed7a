import TouchInput
import TouchTrace

// The scan for markers before the stream starts: the whole import places each marker among
// the samples by its time, so a marker later in the file can go before samples decoded
// earlier; knowing every marker's time first lets the stream place each where the whole
// import does, without holding samples back. The scan reads the lines as the stream does
// (``ByteLines/Reader``) but looks at a line only when it opens with the comment's text.
extension EvemuSampleStream {
    private static let markerText = Array(EvemuImporter.Reader.markerPrefix.utf8)

    /// The markers of the file in file order, read as ``EvemuImporter/Reader`` reads them (a
    /// cut last marker comment is not read: ``ByteLines/EventLines``). The scan stops at a line
    /// it cannot read or a marker it cannot parse: the stream's own reading of the lines
    /// reports that line's error when it reaches it.
    static func markers(inFile path: String) throws -> [InputSample] {
        let lines = try ByteLines.Reader(path: path, cutting: .evemu)
        var found: [InputSample] = []
        while true {
            let next: UnsafeRawBufferPointer?
            do { next = try lines.next() } catch { return found }
            guard let line = next else { return found }
            guard let text = markerLine(line) else { continue }
            guard let marker = try? EvemuImporter.Reader.marker(ByteLines.substring(text)) else { return found }
            found.append(marker)
        }
    }

    /// The line from its comment on, when (after spaces and tabs) it opens with the marker text.
    @inline(__always)
    private static func markerLine(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var index = 0
        while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        guard line.count - index >= markerText.count, line[index] == 0x23 else { return nil }
        for (offset, byte) in markerText.enumerated() where line[index + offset] != byte { return nil }
        return UnsafeRawBufferPointer(rebasing: line[index...])
    }
}
