import CZstd

/// The one place that touches libzstd's C API; every return code is checked here with
/// `ZSTD_isError`, so nothing above this file sees a C type or an unchecked size.
package enum Zstd {
    /// Why zstd refused to compress or decompress.
    package struct Failure: Error, Sendable {
        package var message: String
    }

    /// The default level: fast enough for 10 M samples/s of columnar input, and within a
    /// few percent of level 19 on it (Benchmarks/CodecBenchmark measures both).
    package static let defaultLevel: Int32 = 6

    /// Compresses `input` into one zstd frame that records its content size.
    package static func compress(
        _ input: UnsafeRawBufferPointer, level: Int32 = defaultLevel, into output: inout [UInt8]
    ) throws(Failure) {
        let bound = ZSTD_compressBound(input.count)
        if ZSTD_isError(bound) != 0 { throw failure(bound, "compress bound") }
        output.resizeForFilling(to: bound)
        let code = output.withUnsafeMutableBufferPointer { buffer in
            ZSTD_compress(buffer.baseAddress, bound, input.baseAddress, input.count, level)
        }
        if ZSTD_isError(code) != 0 { throw failure(code, "compress") }
        output.removeLast(output.count - code)
    }

    /// Compresses the bytes of an array; see ``compress(_:level:into:)``.
    package static func compress(_ input: [UInt8], level: Int32 = defaultLevel, into output: inout [UInt8]) throws(Failure) {
        try input.withBytes { (raw) throws(Failure) in try compress(raw, level: level, into: &output) }
    }

    /// Decompresses one frame whose content size must be exactly `expectedSize` bytes.
    package static func decompress(
        _ input: UnsafeRawBufferPointer, expectedSize: Int, into output: inout [UInt8]
    ) throws(Failure) {
        let declared = ZSTD_getFrameContentSize(input.baseAddress, input.count)
        if declared == ZSTD_CONTENTSIZE_ERROR { throw Failure(message: "the payload is not a zstd frame") }
        if declared == ZSTD_CONTENTSIZE_UNKNOWN { throw Failure(message: "the zstd frame does not declare its size") }
        guard declared == UInt64(expectedSize) else {
            throw Failure(message: "the zstd frame holds \(declared) bytes, the chunk header says \(expectedSize)")
        }
        output.resizeForFilling(to: expectedSize)
        let code = output.withUnsafeMutableBufferPointer { buffer in
            ZSTD_decompress(buffer.baseAddress, expectedSize, input.baseAddress, input.count)
        }
        if ZSTD_isError(code) != 0 { throw failure(code, "decompress") }
        guard code == expectedSize else {
            throw Failure(message: "zstd produced \(code) bytes, expected \(expectedSize)")
        }
        output.removeLast(output.count - code)
    }

    private static func failure(_ code: Int, _ operation: String) -> Failure {
        let name = ZSTD_getErrorName(code).map { String(cString: $0) } ?? "unknown error"
        return Failure(message: "zstd \(operation) failed: \(name)")
    }
}

extension Array where Element == UInt8 {
    /// Makes the array exactly `size` bytes long, reusing its storage, so a C call can fill it.
    fileprivate mutating func resizeForFilling(to size: Int) {
        if count > size {
            removeLast(count - size)
        } else if count < size {
            append(contentsOf: repeatElement(0, count: size - count))
        }
    }
}
