import TouchBenchSupport

/// An open file descriptor: the thin boundary between the trace container and POSIX I/O.
/// Every call's result is checked here and turned into a ``TraceFileError`` naming the file.
package final class SystemFile {
    package let path: String
    private var descriptor: Int32
    /// For an output written beside its target: the temporary file and the file it replaces.
    private var replacement: Replacement?

    /// Whether this output is a regular file written beside its target (not a device, a FIFO
    /// or standard output): only such an output may have files written beside it.
    package var isRegularFileOutput: Bool { replacement != nil }

    /// Whether this output is a regular file at its path, written beside it or created there
    /// (not a device, a FIFO or standard output): one that can be read back once closed.
    package var isRegularFileAtPath: Bool { replacement != nil || createdInPlace }

    /// Whether this object created the file in place (``create(_:newFileInPlace:readerWait:)``
    /// where none existed): ``abandon()`` then removes it.
    private var createdInPlace = false

    private struct Replacement {
        var temporary: String
        var target: String
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 { _ = close(descriptor) }
        // Never finished: the partial output goes, the previous file stays.
        if let replacement { _ = unlink(replacement.temporary) }
    }

    /// Opens an existing regular file for reading. A FIFO, a device or a directory is
    /// refused: the open itself never waits (`O_NONBLOCK`), so a named pipe with no writer
    /// cannot block the reader forever.
    package static func openForReading(_ path: String) throws(TraceFileError) -> SystemFile {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else {
            throw TraceFileError(.cannotOpen, path: path, reason: "cannot be opened (\(Self.errorText()))")
        }
        let file = SystemFile(path: path, descriptor: fd)
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw TraceFileError(.cannotOpen, path: path, reason: "cannot be examined (\(Self.errorText()))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw TraceFileError(.cannotOpen, path: path, reason: "is \(FileType(mode: info.st_mode).phrase), not a regular file; copy it to a file first")
        }
        return file
    }

    /// Opens `path` for writing as an output: a regular file (or a new one) is written to a
    /// temporary file beside it and renamed over it only by ``closeChecked()``, so a writer
    /// that fails or is killed leaves the previous file intact (a killed writer leaves its
    /// partial output as `PATH.PID.partial`). A device or FIFO is written directly, never
    /// replaced (a FIFO that no program reads is waited on for at most `readerWait`, then
    /// refused, where a plain open would block forever); a directory is refused. With
    /// `newFileInPlace`, a path where no file exists yet is created and written directly (a
    /// live capture's chunks land there at once).
    package static func create(_ path: String, newFileInPlace: Bool = false,
                               readerWait: Duration = fifoReaderWait) throws(TraceFileError) -> SystemFile {
        // Standard output closed at start is /dev/null (see StandardStreams): writing to it by
        // name would discard the output in silence.
        if StandardStreams.outputClosedAtStart, ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"].contains(path) {
            throw TraceFileError(.io, path: path, reason: "is standard output, which was closed when touchbench started")
        }
        var target = path
        var info = stat()
        var mode: mode_t = 0o644
        if stat(path, &info) == 0 {
            // `-o /dev/stdout`, `/dev/fd/2`, or any name of the file standard output or error
            // is: written through that descriptor as `-` is, never renamed over (a shell's
            // `>>log` appends to the log; a deleted log is not brought back as a file in /dev).
            if let stream = Self.standardStream(sameFileAs: info) {
                let fd = dup(stream)
                guard fd >= 0 else { throw TraceFileError(.io, path: path, reason: "cannot be opened for writing (\(Self.errorText()))") }
                return SystemFile(path: path, descriptor: fd)
            }
            switch FileType(mode: info.st_mode) {
            case .regular:
                mode = info.st_mode & 0o7777
                // Replace the file a symbolic link points at, not the link; a link that cannot
                // be resolved (to a deleted file) is not renamed over either.
                guard let resolved = realpath(path, nil) else {
                    throw TraceFileError(.io, path: path, reason: "cannot be resolved to the file it names (\(Self.errorText()))")
                }
                target = String(cString: resolved)
                free(resolved)
            case .directory:
                throw TraceFileError(.io, path: path, reason: "is a directory, not a file that can be written")
            case let other:
                // Never blocking: a FIFO with no reader would block the open forever
                // (hostile report L9); without waiting the kernel answers ENXIO at once, and
                // the open is tried again every 10 ms for a reader started just after the
                // writer (`touchbench convert … -o pipe & cat pipe`).
                let fd = openWithoutBlocking(path, readerWait: other == .fifo ? readerWait : .zero)
                guard fd >= 0 else {
                    if errno == ENXIO, other == .fifo {
                        throw TraceFileError(.io, path: path, reason: "is a FIFO (named pipe) that no program began reading within \(Self.phrase(readerWait)); start its reader first (such as cat \(path)), then write to it")
                    }
                    throw TraceFileError(.io, path: path, reason: "cannot be opened for writing as \(other.phrase) (\(Self.errorText()))")
                }
                // Writes then wait for the reader as a pipe's do, rather than failing with EAGAIN.
                let flags = fcntl(fd, F_GETFL)
                if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
                return SystemFile(path: path, descriptor: fd)
            }
        } else if newFileInPlace {
            // O_EXCL: a file that appeared since the stat is not truncated.
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            guard fd >= 0 else {
                throw TraceFileError(.io, path: path, reason: "cannot be created (\(Self.errorText()))")
            }
            let file = SystemFile(path: path, descriptor: fd)
            file.createdInPlace = true
            return file
        }
        // A dangling symbolic link: replacing it would turn the link into a file where the
        // target it names was meant (hostile report 20); writing through it is refused too.
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            throw TraceFileError(.io, path: path, reason: "is a symbolic link to a file that does not exist; create that file first or write to another path")
        }
        let temporary = Self.temporaryName(for: target)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else {
            throw TraceFileError(.io, path: path, reason: "cannot be created (\(Self.errorText()))")
        }
        let file = SystemFile(path: path, descriptor: fd)
        file.replacement = Replacement(temporary: temporary, target: target)
        return file
    }

    /// Where an output is written before it replaces `target`: `TARGET.PID.partial` beside it,
    /// or `.touchbench-PID.partial` in its folder when that name would pass the 255 bytes a
    /// file name may have (an output named near the limit failed with "File name too long").
    static func temporaryName(for target: String) -> String {
        let suffix = ".\(getpid()).partial"
        let slash = target.utf8.lastIndex(of: UInt8(ascii: "/"))
        let nameLength = slash.map { target.utf8.distance(from: target.utf8.index(after: $0), to: target.utf8.endIndex) } ?? target.utf8.count
        guard nameLength + suffix.utf8.count > 255 else { return target + suffix }
        let folder = slash.map { String(target[...$0]) } ?? ""
        return folder + ".touchbench-\(getpid()).partial"
    }

    /// The descriptor, 1 or 2, whose open file is the file `info` describes, if any.
    private static func standardStream(sameFileAs info: stat) -> Int32? {
        for stream: Int32 in [1, 2] {
            var open = stat()
            if fstat(stream, &open) == 0, open.st_dev == info.st_dev, open.st_ino == info.st_ino { return stream }
        }
        return nil
    }

    /// How long an output FIFO's reader is waited for before the output is refused: long
    /// enough for a reader started by the same shell line, short enough never to look hung.
    package static let fifoReaderWait: Duration = .seconds(5)

    /// `open(path, O_WRONLY | O_NONBLOCK)`, tried again every 10 ms while it fails with
    /// ENXIO (a FIFO with no reader yet) until `readerWait` has passed (a device answers ENXIO
    /// when it has no driver: it is given no wait); `errno` is the last attempt's.
    private static func openWithoutBlocking(_ path: String, readerWait: Duration) -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + readerWait
        while true {
            let fd = open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd < 0, errno == ENXIO, clock.now < deadline else { return fd }
            usleep(10_000)
        }
    }

    /// A wait as the error words it: "5 s", or "50 ms" below a second.
    private static func phrase(_ wait: Duration) -> String {
        let milliseconds = wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// A new, unnamed scratch file in the temporary directory (`TMPDIR`, else `/tmp`), for data
    /// parked between two passes: its name is removed as soon as it is open, so nothing is left
    /// behind however the process ends. Written with ``write(_:)``, read back by offset.
    package static func scratch() throws(TraceFileError) -> SystemFile {
        var directories = ["/tmp"]
        if let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty, value != "/tmp" { directories.insert(value, at: 0) }
        var failure = ""
        for directory in directories {
            var template = Array("\(directory)/touchbench-spool-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
            // Not inherited by a browser or any other child this process starts.
            if fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard fd >= 0 else {
                // An unwritable TMPDIR falls back to /tmp.
                failure = "\(path) cannot be created as a scratch file (\(Self.errorText()))"
                continue
            }
            _ = unlink(path)
            return SystemFile(path: path, descriptor: fd)
        }
        throw TraceFileError(.io, path: directories.last ?? "/tmp", reason: failure)
    }

    /// Standard output, never closed by this object.
    package static func standardOutput() -> SystemFile {
        SystemFile(path: "(standard output)", descriptor: dup(1))
    }

    /// The file's current size in bytes.
    package func size() throws(TraceFileError) -> Int {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw TraceFileError(.io, path: path, reason: "cannot be examined (\(Self.errorText()))")
        }
        return Int(info.st_size)
    }

    /// Reads exactly `count` bytes at `offset` into `buffer` (replacing its contents), or
    /// throws when the file ends first.
    package func read(_ count: Int, at offset: Int, into buffer: inout [UInt8]) throws(TraceFileError) {
        // Resized in place (pread overwrites the bytes): appending element by element costs a
        // generic call per byte in a debug build.
        if buffer.count > count {
            buffer.removeLast(buffer.count - count)
        } else if buffer.count < count {
            buffer += [UInt8](repeating: 0, count: count - buffer.count)
        }
        var done = 0
        var failure: Int32 = 0
        buffer.withUnsafeMutableBytes { bytes in
            while done < count {
                let result = pread(descriptor, bytes.baseAddress! + done, count - done, off_t(offset + done))
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if result == 0 { return }
                done += result
            }
        }
        if failure != 0 {
            throw TraceFileError(.io, path: path, offset: offset, reason: "cannot be read (\(String(cString: strerror(failure))))")
        }
        guard done == count else {
            throw TraceFileError(.malformed, path: path, offset: offset + done,
                                 reason: "ends early: \(count) bytes were needed from byte \(offset)")
        }
    }

    /// Reads up to `buffer.count` bytes at `offset` straight into `buffer` (no intermediate
    /// array, for the text importers' block reads); returns how many were read, fewer only
    /// at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(TraceFileError) -> Int {
        var done = 0
        while done < buffer.count {
            let result = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if result < 0 {
                if errno == EINTR { continue }
                throw TraceFileError(.io, path: path, offset: offset + done, reason: "cannot be read (\(Self.errorText()))")
            }
            if result == 0 { break }
            done += result
        }
        return done
    }

    /// Writes all of `bytes` at the current position.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(TraceFileError) {
        var done = 0
        while done < bytes.count {
            let result = posixWrite(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if result < 0 {
                if errno == EINTR { continue }
                throw TraceFileError(.io, path: path, reason: "cannot be written (\(Self.errorText()))")
            }
            done += result
        }
    }

    package func write(_ bytes: [UInt8]) throws(TraceFileError) {
        try bytes.withBytes { (buffer) throws(TraceFileError) in try write(buffer) }
    }

    /// Forces written data to stable storage.
    package func synchronize() throws(TraceFileError) {
        guard fsync(descriptor) == 0 else {
            throw TraceFileError(.io, path: path, reason: "cannot be synchronised to disk (\(Self.errorText()))")
        }
    }

    /// Closes the descriptor, reporting a failure that would otherwise lose written data;
    /// an output written beside its target then replaces it.
    /// Closes an output that is not to be kept: the temporary file beside its target, or the
    /// file created in place, is removed, and whatever was at the path before stays as it was.
    package func abandon() {
        if descriptor >= 0 { _ = close(descriptor) }
        descriptor = -1
        if let replacement { _ = unlink(replacement.temporary) }
        replacement = nil
        if createdInPlace { _ = unlink(path) }
    }

    package func closeChecked() throws(TraceFileError) {
        guard descriptor >= 0 else { return }
        let result = close(descriptor)
        descriptor = -1
        guard result == 0 else {
            throw TraceFileError(.io, path: path, reason: "cannot be closed (\(Self.errorText()))")
        }
        if let replacement {
            guard rename(replacement.temporary, replacement.target) == 0 else {
                throw TraceFileError(.io, path: path, reason: "cannot replace the previous file (\(Self.errorText()))")
            }
            self.replacement = nil
        }
    }

    /// Writes `text` as the whole of the output `path` (`-`: standard output), with the
    /// safety of ``create(_:)``: the previous file stays until the new one is complete.
    package static func writeWhole(_ text: String, to path: String) throws(TraceFileError) {
        let file = path == "-" ? standardOutput() : try create(path)
        try file.write(Array(text.utf8))
        try file.closeChecked()
    }

    /// The whole of a regular file of at most `limit` bytes, read without blocking on a FIFO
    /// and refused before any allocation when larger: for the small JSON documents (results,
    /// thresholds, manifests, pointer-event captures) that are parsed whole; a byte-order mark
    /// reads as three spaces.
    package static func readWhole(_ path: String, limit: Int = 256 << 20) throws(TraceFileError) -> [UInt8] {
        let file = try openForReading(path)
        let size = try file.size()
        guard size <= limit else {
            throw TraceFileError(.malformed, path: path, reason: "is \(size) bytes, more than the \(limit) bytes such a file may hold")
        }
        var bytes: [UInt8] = []
        try file.read(size, at: 0, into: &bytes)
        // A UTF-8 byte-order mark (editors on Windows) is not part of the document: it is read
        // as three spaces, which every JSON reader skips, so the byte offsets errors name stay
        // the file's own (removed, they were three short; hostile report 20).
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.replaceSubrange(0..<3, with: [0x20, 0x20, 0x20]) }
        return bytes
    }

    /// Whether two paths name the same file (after symbolic links), so a command can refuse
    /// to write over one of its own inputs before it writes anything.
    package static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    package static func errorText() -> String { String(cString: strerror(errno)) }
}

@inline(__always)
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// The type of a file system object, for errors that say what a path is.
enum FileType {
    case regular, directory, fifo, characterDevice, blockDevice, socket, other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    var phrase: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .fifo: "a FIFO (named pipe)"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .other: "a special file"
        }
    }
}
