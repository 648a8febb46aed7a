import CZstd

/// The one place that touches libzstd's C API; every return code is checked here with
/// `ZSTD_isError`, so nothing above this file sees a C type or an unchecked size.
package enum Zstd {
    /// Why zstd refused to compress or decompress.
    package struct Failure: Error, Sendable {
        package var message: String
    }

    /// The live writer's level: one of zstd's fast levels, so capture and the default writer
    /// encode above 10 M samples/s; archival writes (conversion, synthesis) use level 9 for
    /// about 20 % fewer bytes (Benchmarks/CodecBenchmark measures both).
    package static let defaultLevel: Int32 = -2

    fileprivate static func failure(_ code: Int, _ operation: String) -> Failure {
        let name = ZSTD_getErrorName(code).map { String(cString: $0) } ?? "unknown error"
        return Failure(message: "zstd \(operation) failed: \(name)")
    }
}

/// A reusable compression context: allocating one per chunk would cost more than the
/// compression of a small chunk itself.
package final class ZstdCompressor {
    private let context: OpaquePointer
    package let level: Int32

    package init(level: Int32 = Zstd.defaultLevel) throws(Zstd.Failure) {
        guard let context = ZSTD_createCCtx() else { throw Zstd.Failure(message: "zstd could not allocate a compression context") }
        self.context = context
        self.level = level
    }

    deinit { ZSTD_freeCCtx(context) }

    /// Compresses `input` into one zstd frame that records its content size, written at the
    /// start of `output`; returns the frame's length. `output` only ever grows, so steady-state
    /// compression neither allocates nor clears memory.
    package func compress(_ input: [UInt8], into output: inout [UInt8]) throws(Zstd.Failure) -> Int {
        let bound = ZSTD_compressBound(input.count)
        if ZSTD_isError(bound) != 0 { throw Zstd.failure(bound, "compress bound") }
        if output.count < bound { output.append(contentsOf: repeatElement(0, count: bound - output.count)) }
        let code = input.withUnsafeBytes { raw in
            output.withUnsafeMutableBytes { buffer in
                ZSTD_compressCCtx(context, buffer.baseAddress, bound, raw.baseAddress, raw.count, level)
            }
        }
        if ZSTD_isError(code) != 0 { throw Zstd.failure(code, "compress") }
        return code
    }
}

/// A reusable decompression context.
package final class ZstdDecompressor {
    private let context: OpaquePointer

    package init() throws(Zstd.Failure) {
        guard let context = ZSTD_createDCtx() else { throw Zstd.Failure(message: "zstd could not allocate a decompression context") }
        self.context = context
    }

    deinit { ZSTD_freeDCtx(context) }

    /// Decompresses one frame whose content size must be exactly `expectedSize` bytes into the
    /// first `expectedSize` bytes of `output`, which only ever grows (bytes after them are left
    /// as they were), so steady-state decompression neither allocates nor clears memory.
    package func decompress(
        _ input: UnsafeRawBufferPointer, expectedSize: Int, into output: inout [UInt8]
    ) throws(Zstd.Failure) {
        let declared = ZSTD_getFrameContentSize(input.baseAddress, input.count)
        if declared == ZSTD_CONTENTSIZE_ERROR { throw Zstd.Failure(message: "the payload is not a zstd frame") }
        if declared == ZSTD_CONTENTSIZE_UNKNOWN { throw Zstd.Failure(message: "the zstd frame does not declare its size") }
        guard declared == UInt64(expectedSize) else {
            throw Zstd.Failure(message: "the zstd frame holds \(declared) bytes, the chunk header says \(expectedSize)")
        }
        if output.count < expectedSize { output.append(contentsOf: repeatElement(0, count: expectedSize - output.count)) }
        let code = output.withUnsafeMutableBytes { buffer in
            ZSTD_decompressDCtx(context, buffer.baseAddress, expectedSize, input.baseAddress, input.count)
        }
        if ZSTD_isError(code) != 0 { throw Zstd.failure(code, "decompress") }
        guard code == expectedSize else {
            throw Zstd.Failure(message: "zstd produced \(code) bytes, expected \(expectedSize)")
        }
    }
}
