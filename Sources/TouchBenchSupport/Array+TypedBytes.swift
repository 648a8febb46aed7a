extension Array where Element == UInt8 {
    /// `withUnsafeBytes` that keeps the body's typed error (the standard one is `rethrows`,
    /// which widens it to `any Error`).
    @inline(__always)
    package func withBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = withUnsafeBytes { bytes in
            Swift.Result { () throws(Failure) in try body(bytes) }
        }
        return try outcome.get()
    }
}
