#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file descriptor: the thin boundary between the trace container and POSIX I/O.
/// Every call's result is checked here and turned into a ``TraceFileError`` naming the file.
package final class SystemFile {
    package let path: String
    private var descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        if descriptor >= 0 { _ = close(descriptor) }
    }

    /// Opens an existing regular file for reading.
    package static func openForReading(_ path: String) throws(TraceFileError) -> SystemFile {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw TraceFileError(.cannotOpen, path: path, reason: "cannot be opened (\(Self.errorText()))")
        }
        let file = SystemFile(path: path, descriptor: fd)
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw TraceFileError(.cannotOpen, path: path, reason: "cannot be examined (\(Self.errorText()))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw TraceFileError(.cannotOpen, path: path, reason: "is not a regular file")
        }
        return file
    }

    /// Creates (or truncates) a file for writing.
    package static func create(_ path: String) throws(TraceFileError) -> SystemFile {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw TraceFileError(.io, path: path, reason: "cannot be created (\(Self.errorText()))")
        }
        return SystemFile(path: path, descriptor: fd)
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
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: repeatElement(0, count: count))
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

    /// Closes the descriptor, reporting a failure that would otherwise lose written data.
    package func closeChecked() throws(TraceFileError) {
        guard descriptor >= 0 else { return }
        let result = close(descriptor)
        descriptor = -1
        guard result == 0 else {
            throw TraceFileError(.io, path: path, reason: "cannot be closed (\(Self.errorText()))")
        }
    }

    package static func errorText() -> String { String(cString: strerror(errno)) }
}

@inline(__always)
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}
