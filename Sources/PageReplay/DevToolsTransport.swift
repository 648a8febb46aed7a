/// Whole DevTools messages in and out: what the protocol client needs of the browser's pipe
/// (``BrowserProcess`` over real fds; tests can script one in memory).
protocol DevToolsTransport: AnyObject {
    /// Writes one message (its JSON text without the NUL terminator) by `deadline`
    /// (monotonic nanoseconds).
    func send(_ message: [UInt8], deadline: Int64) throws(PageReplayError)
    /// The next whole message, or `nil` when none arrived by `deadline`.
    func receive(deadline: Int64) throws(PageReplayError) -> [UInt8]?
}
