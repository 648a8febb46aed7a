extension Array where Element == UInt8 {
    /// `withUnsafeBytes` that keeps the body's typed error (the standard one is `rethrows`,
    /// which widens it to `any Error`). Inlinable, so that other modules specialise it: called
    /// unspecialised, it looked up `Result`'s generic metadata at run time, some 500
    /// instructions a call (three calls per chunk a trace reader decodes).
    @inlinable
    package func withBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let outcome: Swift.Result<Result, Failure> = withUnsafeBytes { bytes in
            Swift.Result { () throws(Failure) in try body(bytes) }
        }
        return try outcome.get()
    }
}
