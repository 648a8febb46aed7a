import TouchInput
import TouchTrace

/// Samples parked on disk between the two passes of an export whose header needs the whole
/// trace (``EvdevExportSurvey``), so that `convert` to evemu, libinput record or getevent
/// holds a block of samples, not the trace.
typealias SampleSpool = ScratchSpool<InputSample>

/// Values parked on disk between two passes, a block in memory: samples of an export
/// (``SampleSpool``), and the events a streamed getevent or libinput import parsed in its
/// first pass (so that the second reads them back instead of parsing the text again). Values
/// are written as their raw bytes (`BitwiseCopyable`) to an unnamed scratch file and read back
/// in the same process, in order: a marker's interned label stays valid because the table it
/// points into belongs to the process.
final class ScratchSpool<Element: BitwiseCopyable> {
    private static var blockCount: Int { 1 << 14 }
    private let file: SystemFile
    // Unchecked exclusivity: plain accesses with no call inside, once per value (the dynamic
    // check of a class property cost more than the append itself).
    @exclusivity(unchecked) private var block: [Element] = []
    /// Values appended so far.
    @exclusivity(unchecked) private(set) var count = 0

    init() throws(TraceFileError) {
        file = try SystemFile.scratch()
        block.reserveCapacity(Self.blockCount)
    }

    func append(_ value: Element) throws(TraceFileError) {
        block.append(value)
        count += 1
        if block.count == Self.blockCount { try writeBlock() }
    }

    private func writeBlock() throws(TraceFileError) {
        // Array's closures rethrow untyped errors: the typed one is carried out by hand.
        let failure: TraceFileError? = block.withUnsafeBytes { bytes in
            do throws(TraceFileError) { try file.write(bytes) } catch { return error }
            return nil
        }
        if let failure { throw failure }
        block.removeAll(keepingCapacity: true)
    }

    /// Reads the values back, from the first: call once every value is appended.
    func reader() throws(TraceFileError) -> Reader {
        if !block.isEmpty { try writeBlock() }
        return Reader(file: file, count: count, blockCount: Self.blockCount)
    }

    /// The spooled values in the order they were appended, read a block at a time into one buffer.
    final class Reader {
        private let file: SystemFile
        private let count: Int
        private let block: UnsafeMutableBufferPointer<Element>
        @exclusivity(unchecked) private var filled = 0
        @exclusivity(unchecked) private var index = 0
        @exclusivity(unchecked) private var read = 0

        fileprivate init(file: SystemFile, count: Int, blockCount: Int) {
            self.file = file
            self.count = count
            block = .allocate(capacity: blockCount)
        }

        deinit { block.deallocate() }

        @inline(__always)
        func next() throws(TraceFileError) -> Element? {
            if index == filled {
                guard read < count else { return nil }
                try refill()
            }
            index += 1
            return block[index - 1]
        }

        private func refill() throws(TraceFileError) {
            let wanted = Swift.min(block.count, count - read)
            let stride = MemoryLayout<Element>.stride
            let offset = read * stride
            // The bytes are values this process wrote (BitwiseCopyable), so they are read in place.
            let got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(block)[0..<(wanted * stride)]),
                                    at: offset)
            guard got == wanted * stride else {
                throw TraceFileError(.io, path: file.path, offset: offset + got, reason: "ends early: the scratch file lost what was written to it")
            }
            filled = wanted
            read += wanted
            index = 0
        }
    }
}
