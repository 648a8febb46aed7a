import Foundation
import TouchInput
import TouchTrace

// The scan for markers before the stream starts: the whole import places each marker among
// the samples by its time, so a marker later in the file can go before samples decoded
// earlier; knowing every marker's time first lets the stream place each where the whole
// import does, without holding samples back. The scan looks only for the comment's text
// (`memmem` over blocks), not at every line.
extension EvemuSampleStream {
    private static let markerText = Array("# TouchBench-marker: ".utf8)
    private static let blockSize = 1 << 18

    /// The markers of the file in file order, read as ``EvemuImporter/Reader`` reads them. The
    /// scan stops at a marker it cannot read (or a line too long to hold): the stream's own
    /// reading of the lines reports that line's error when it reaches it.
    static func markers(inFile path: String) throws -> [InputSample] {
        let file: SystemFile
        let size: Int
        do {
            file = try SystemFile.openForReading(path)
            size = try file.size()
        } catch {
            throw TraceFormatError("the file \(error.reason).", path: path, kind: .unreadable)
        }
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize + TextInput.maximumLineLength + 2, alignment: 8)
        defer { storage.deallocate() }
        guard let base = storage.baseAddress else { return [] }
        var found: [InputSample] = []
        var offset = 0, filled = 0
        while offset < size {
            let count = min(blockSize, size - offset)
            let read: Int
            do { read = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[filled..<(filled + count)]), at: offset) } catch {
                throw TraceFormatError("the file \(error.reason).", path: path, kind: .unreadable)
            }
            guard read == count else { return found }
            let atStart = offset == 0
            offset += count
            filled += count
            // Whole lines only: up to the last line feed, or everything at the end of the file.
            var end = filled
            if offset < size {
                while end > 0, storage[end - 1] != 0x0A { end -= 1 }
            }
            var from = 0
            while let position = find(in: storage, from: from, to: end) {
                var lineEnd = position
                while lineEnd < end, storage[lineEnd] != 0x0A { lineEnd += 1 }
                from = lineEnd
                guard opensLine(storage, at: position, fileStart: atStart) else { continue }
                var text = UnsafeRawBufferPointer(rebasing: storage[position..<lineEnd])
                if text.last == 0x0D { text = UnsafeRawBufferPointer(rebasing: text.dropLast()) }
                guard let marker = try? EvemuImporter.Reader.marker(Substring(String(decoding: text, as: UTF8.self))) else {
                    return found
                }
                found.append(marker)
            }
            let pending = filled - end
            guard pending <= TextInput.maximumLineLength else { return found }
            if end > 0, pending > 0 { base.copyMemory(from: base + end, byteCount: pending) }
            filled = pending
        }
        return found
    }

    /// Where the marker comment's text next starts in `from..<to`: `memchr` for its `k`, a
    /// letter the event lines (numbers and upper-case names) hardly hold, then the whole text.
    private static func find(in storage: UnsafeMutableRawBufferPointer, from: Int, to end: Int) -> Int? {
        let key = 16  // markerText[16] == "k"
        guard let base = storage.baseAddress else { return nil }
        var search = from + key
        while search < end, let hit = memchr(base + search, Int32(UInt8(ascii: "k")), end - search) {
            let position = hit - base - key
            search = position + key + 1
            guard position + markerText.count <= end else { return nil }
            if markerText.withUnsafeBytes({ memcmp(base + position, $0.baseAddress!, $0.count) }) == 0 { return position }
        }
        return nil
    }

    /// Whether only spaces and tabs (and a byte-order mark at the start of the file) come
    /// before `position` on its line: the comment opens the line, as the reader requires.
    private static func opensLine(_ storage: UnsafeMutableRawBufferPointer, at position: Int, fileStart: Bool) -> Bool {
        var index = position
        while index > 0, storage[index - 1] == 0x20 || storage[index - 1] == 0x09 { index -= 1 }
        if index == 0 || storage[index - 1] == 0x0A { return true }
        return fileStart && index == 3 && storage[0] == 0xEF && storage[1] == 0xBB && storage[2] == 0xBF
    }
}
