import Foundation
import Synchronization
import Testing
import TouchInput
@testable import TouchTrace

/// Issue 15: files built to attack the reader's arithmetic, scans and output handling.
@Suite("Hostile inputs and safe outputs")
struct HostileInputTests {
    /// A valid trace of three chunks, its bytes and chunk table.
    private static func fixture(_ scratch: ScratchDirectory) throws -> (bytes: [UInt8], chunks: [ChunkInfo], path: String) {
        let path = scratch.path("whole.touchtrace")
        _ = try Samples.write(Samples.mixed(count: 150, seed: 5), to: path, chunkSamples: 50)
        let reader = try TraceReader(path: path)
        return ([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), reader.chunks, path)
    }

    private static func put<T: FixedWidthInteger>(_ value: T, at offset: Int, in bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { for (i, byte) in $0.enumerated() { bytes[offset + i] = byte } }
    }

    @Test("a trailer with a huge index offset is a damaged index, not an overflow; the chunks are recovered")
    func hugeIndexOffset() throws {
        let scratch = ScratchDirectory()
        var (bytes, chunks, _) = try Self.fixture(scratch)
        Self.put(UInt64(0x7FFF_FFFF_FFFF_FFF0), at: bytes.count - 16, in: &bytes)
        let path = scratch.path("huge.touchtrace")
        try Data(bytes).written(to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.damage?.offset == bytes.count - 16)
        #expect(reader.chunks == chunks)
    }

    @Test("a chunk header whose times leave ±(2^62 − 1) ns is refused by its header, never decoded")
    func chunkTimeRange() throws {
        let scratch = ScratchDirectory()
        var (bytes, chunks, _) = try Self.fixture(scratch)
        let offset = chunks[0].offset
        Self.put(Int64.min, at: offset + 8, in: &bytes)
        Self.put(Int64.max, at: offset + 16, in: &bytes)
        Self.put(CRC32C.checksum(Array(bytes[offset..<(offset + 36)])), at: offset + 36, in: &bytes)
        let snapshot = bytes
        #expect(throws: ChunkHeader.Problem.self) {
            try snapshot.withUnsafeBytes { (raw) throws(ChunkHeader.Problem) -> ChunkHeader in
                try ChunkHeader(decoding: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + 40)]))
            }
        }
        let path = scratch.path("wide.touchtrace")
        try Data(bytes).written(to: path)
        let reader = try TraceReader(path: path)
        // The index still names the old times, so the header disagrees with it.
        #expect(throws: TraceFileError.self) { try reader.verify() }
    }

    @Test("1 MiB of chunks whose headers hold and payloads do not: each payload is checked once, none kept")
    func linearRecovery() throws {
        let scratch = ScratchDirectory()
        let (bytes, chunks, _) = try Self.fixture(scratch)
        var damaged = Array(bytes[0..<chunks[0].offset])
        let size = 1 << 20
        while damaged.count + 64 <= size {
            let claimed = UInt32(size - damaged.count - 40)
            var header = ChunkHeader(sampleCount: 1, firstTime: 0, lastTime: 0, compressedSize: Int(claimed), rawSize: 16,
                                     payloadChecksum: 0xDEAD_BEEF).encoded()
            header += [UInt8](repeating: 0x54, count: 24)  // more "T"s: candidates everywhere
            damaged += header
        }
        damaged += [UInt8](repeating: 0, count: size - damaged.count)
        let path = scratch.path("damaged.touchtrace")
        try Data(damaged).written(to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.chunks.isEmpty)
        #expect(reader.damage?.offset == chunks[0].offset)
    }

    @Test("a file packed with chunk magics recovers nothing and names the first candidate")
    func magicFlood() throws {
        // The scan's linearity is timed on the release binary by scripts/test-cli's table.
        let scratch = ScratchDirectory()
        let (bytes, chunks, _) = try Self.fixture(scratch)
        var flooded = Array(bytes[0..<chunks[0].offset])
        for _ in 0..<(1 << 14) { flooded += [0x54, 0x42, 0x43, 0x4B] }
        let path = scratch.path("flood.touchtrace")
        try Data(flooded).written(to: path)
        let reader = try TraceReader(path: path)
        #expect(reader.chunks.isEmpty)
        #expect(reader.damage?.offset == chunks[0].offset)
    }

    @Test("an output replaces the previous file only when complete")
    func atomicOutput() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("keep.touchtrace")
        _ = try Samples.write(Samples.mixed(count: 40), to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let writer = try TraceWriter(path: path, metadata: TraceMetadata())
            try writer.append(contentsOf: Samples.mixed(count: 5000, seed: 9))
            // Dropped unfinished, as a failed conversion drops it.
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
        #expect(leftovers == ["keep.touchtrace"])
        let writer = try TraceWriter(path: path, metadata: TraceMetadata())
        try writer.append(contentsOf: Samples.mixed(count: 7, seed: 2))
        try writer.finish()
        #expect(try TraceReader(path: path).sampleCount == 7)
    }

    @Test("a directory as output is refused; a character device is written, never replaced")
    func specialOutputs() throws {
        let scratch = ScratchDirectory()
        #expect(throws: TraceFileError.self) { try TextOutput(path: scratch.url.path) }
        let output = try TextOutput(path: "/dev/null")
        try output.write("hello\n")
        try output.close()
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
    }

    @Test("a FIFO input is refused at once rather than waited on")
    func fifoInput() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("pipe")
        #expect(mkfifo(path, 0o600) == 0)
        let error = try #require(throws: TraceFileError.self) { try TraceReader(path: path) }
        #expect(error.kind == .cannotOpen)
        #expect(throws: TraceFileError.self) { try JSONLinesReader(path: path) }
    }

    @Test("an output through a dangling symbolic link is refused and the link kept; a name near 255 bytes is written")
    func awkwardOutputNames() throws {
        let scratch = ScratchDirectory()
        let link = scratch.path("dangling.json")
        #expect(symlink(scratch.path("missing/target.json"), link) == 0)
        let error = try #require(throws: TraceFileError.self) { try SystemFile.writeWhole("{}\n", to: link) }
        #expect(error.description == "\(link): is a symbolic link to a file that does not exist; create that file first or write to another path.")
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        // 250 bytes: the name beside it with ".PID.partial" would pass 255.
        let long = scratch.path(String(repeating: "n", count: 245) + ".json")
        try SystemFile.writeWhole("{}\n", to: long)
        #expect(try String(contentsOfFile: long, encoding: .utf8) == "{}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("")).filter { $0.hasSuffix(".partial") }.isEmpty)
        #expect(SystemFile.temporaryName(for: long) == scratch.path(".touchbench-\(getpid()).partial"))
        #expect(SystemFile.temporaryName(for: "short.json") == "short.json.\(getpid()).partial")
    }

    @Test("a FIFO output that no program reads is refused after the reader wait; one with a reader is written, never replaced")
    func fifoOutput() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("out-pipe")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(SystemFile.fifoReaderWait == .seconds(5))
        let started = ContinuousClock.now
        let error = try #require(throws: TraceFileError.self) { try SystemFile.create(path, readerWait: .milliseconds(50)) }
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(error.kind == .io)
        #expect(error.description == "\(path): is a FIFO (named pipe) that no program began reading within 50 ms; start its reader first (such as cat \(path)), then write to it.")
        // A reader (opened without waiting for a writer) makes the same path writable.
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let output = try TextOutput(path: path)
        try output.write("hello\n")
        try output.close()
        var bytes = [UInt8](repeating: 0, count: 16)
        #expect(read(reader, &bytes, 16) == 6)
        var info = stat()
        #expect(stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }

    /// Whether this process may make device nodes (root with CAP_MKNOD, as CI runs).
    private static let canMakeDeviceNodes: Bool = {
        let scratch = ScratchDirectory()
        return mknod(scratch.path("probe"), S_IFCHR | 0o600, 60 << 8) == 0
    }()

    @Test("a character device without a driver is refused at once, not waited on as a FIFO's reader is",
          .enabled(if: canMakeDeviceNodes, "making a device node needs root"))
    func driverlessDevice() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("no-driver")
        // Major 60 is reserved for local use: no driver answers it, so an open fails with ENXIO.
        #expect(mknod(path, S_IFCHR | 0o600, 60 << 8) == 0)
        let started = ContinuousClock.now
        let error = try #require(throws: TraceFileError.self) { try TextOutput(path: path) }
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(error.description == "\(path): cannot be opened for writing as a character device (No such device or address).")
    }

    @Test("a link to a deleted file is refused as an output, never renamed over (the link stays a link)")
    func linkToDeletedFile() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("deleted.jsonl")
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(fd >= 0)
        defer { close(fd) }
        #expect(unlink(path) == 0)
        let link = scratch.path("to-deleted")
        #expect(symlink("/proc/self/fd/\(fd)", link) == 0)
        let error = try #require(throws: TraceFileError.self) { try TextOutput(path: link) }
        #expect(error.description.hasPrefix("\(link): cannot be resolved to the file it names ("))
        var info = stat()
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK)
    }

    @Test("a FIFO output whose reader starts 300 ms after the writer is written (convert -o pipe & cat pipe)")
    func lateFIFOReader() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path("late-pipe")
        #expect(mkfifo(path, 0o600) == 0)
        let received = Mutex<[UInt8]>([])
        let thread = Thread {
            usleep(300_000)
            let reader = open(path, O_RDONLY)   // waits for the writer, as cat does
            guard reader >= 0 else { return }
            var bytes = [UInt8](repeating: 0, count: 64)
            let count = read(reader, &bytes, 64)
            close(reader)
            received.withLock { $0 = Array(bytes.prefix(max(count, 0))) }
        }
        let started = ContinuousClock.now
        thread.start()
        let output = try TextOutput(path: path)
        let waited = ContinuousClock.now - started
        try output.write("late\n")
        try output.close()
        while !thread.isFinished { usleep(1_000) }
        #expect(waited >= .milliseconds(250) && waited < .seconds(4))
        #expect(received.withLock { $0 } == Array("late\n".utf8))
    }

    @Test("metadata every reader refuses is not written: a recording must read back",
          arguments: ["screen", "quantum"])
    func unreadableMetadataIsNotWritten(what: String) throws {
        let scratch = ScratchDirectory()
        var metadata = TraceMetadata(device: "hostile")
        if what == "screen" {
            metadata.screen = TraceMetadata.Screen(width: 1_000_001, height: 844)
        } else {
            metadata.quanta.position = 1e300
        }
        #expect(metadata.problem != nil)
        let path = scratch.path("\(what).touchtrace")
        #expect(throws: TraceFileError.self) { try TraceWriter(path: path, metadata: metadata) }
        #expect(!FileManager.default.fileExists(atPath: path))
        // A JSON Lines file declaring it is refused on read, naming the problem.
        let text = JSONLines.metadataLine(metadata) + "\n" + #"{"t":0,"kind":"touch","phase":"began","id":1,"x":1,"y":2}"# + "\n"
        let jsonl = scratch.path("\(what).jsonl")
        try Data(text.utf8).written(to: jsonl)
        #expect(throws: TraceFileError.self) { _ = try JSONLinesReader(path: jsonl).metadata }
    }

    @Test("a suite naming one trace with one scene twice is refused before any run")
    func duplicateSuiteEntries() throws {
        let scratch = ScratchDirectory()
        for (name, traces) in [
            ("same-entry", #"[{"file":"tap.touchtrace","scenes":["button"]},{"file":"./tap.touchtrace","scenes":["button"]}]"#),
            ("same-scene", #"[{"file":"tap.touchtrace","scenes":["button","button"]}]"#),
        ] {
            let path = scratch.path("\(name).json")
            try Data(#"{"schema":"touchbench.suite/1","traces":\#(traces)}"#.utf8).written(to: path)
            let error = #expect(throws: TraceFileError.self) { try TraceSuite.load(from: path) }
            #expect(error?.description.contains("twice") == true, "\(String(describing: error))")
        }
        let path = scratch.path("distinct.json")
        try Data(#"{"schema":"touchbench.suite/1","traces":[{"file":"tap.touchtrace","scenes":["button"]},{"file":"sub/tap.touchtrace","scenes":["button"]}]}"#.utf8).written(to: path)
        #expect(try TraceSuite.load(from: path).traces.count == 2)
    }
}
