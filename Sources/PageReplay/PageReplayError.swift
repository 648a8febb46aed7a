/// Why a page replay could not run: a value with the kind, the file it concerns (the
/// browser, the page or the trace) and the reason; its description is the one sentence the
/// CLI prints. Kinds say what went wrong, never an exit code (the CLI maps them).
public struct PageReplayError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// No headless Chromium was found (or the one named is not executable).
        case browserMissing
        /// The browser could not start, exited, crashed or closed its pipe.
        case browserFailed
        /// The browser did not answer within its time limit.
        case timeout
        /// The browser sent something that is not the DevTools protocol, or refused a command.
        case protocolError
        /// The page is not a local file or a localhost URL (nothing may reach beyond the machine).
        case pageNotLocal
        /// The page file cannot be opened, or the page failed to load.
        case pageUnavailable
        /// The page's collected frames are not what our observer writes (it was replaced or broken).
        case pageMalformed
        /// A setting is out of range (viewport, rate, selector).
        case invalidSetting
    }

    public var kind: Kind
    /// The browser executable, page or file concerned.
    public var file: String?
    public var reason: String

    public init(_ kind: Kind, file: String? = nil, reason: String) {
        self.kind = kind
        self.file = file
        self.reason = reason
    }

    public var description: String {
        if kind == .browserMissing, file == nil {
            return "headless Chromium was not found: \(reason); install it (Debian: sudo apt-get install chromium-headless-shell) "
                + "or name it with TOUCHBENCH_CHROMIUM=/path/to/chromium."
        }
        guard let file else { return reason.prefix(1).uppercased() + reason.dropFirst() + "." }
        if kind == .browserMissing {
            return "\(file) \(reason); install headless Chromium (Debian: sudo apt-get install chromium-headless-shell) "
                + "or name it with TOUCHBENCH_CHROMIUM."
        }
        return "\(file): \(reason)."
    }
}
