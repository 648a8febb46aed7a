import TouchBenchSupport

/// Why a page replay could not run: the project's one error shape (``LocatedError``) with
/// this layer's kinds, the file it concerns (the browser, the page or the trace) and the
/// reason; its description is the one sentence the CLI prints. Kinds say what went wrong,
/// never an exit code (the CLI maps them).
public typealias PageReplayError = LocatedError<PageReplayErrorKind>

/// What went wrong in a page replay.
public enum PageReplayErrorKind: String, LocatedErrorKind {
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

    /// `file: reason.`; with no file, the reason alone (it names what it is about).
    public static let style = LocatedErrorStyle(endsSentence: true, unnamedFile: nil)
}

extension LocatedError where Kind == PageReplayErrorKind {
    /// How to get a browser, for the reasons of `browserMissing` errors.
    static let installHint = "install headless Chromium (Debian: sudo apt-get install chromium-headless-shell) "
        + "or name it with TOUCHBENCH_CHROMIUM=/path/to/chromium"

    /// An error about `file` (the browser, page or trace), when there is one.
    public init(_ kind: Kind, file: String? = nil, reason: String) {
        self.init(kind, path: file, reason: reason)
    }

    /// The browser, page or trace concerned.
    public var file: String? { path }
}
