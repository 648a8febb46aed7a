/// How a page replay dispatches the trace.
public enum PagePacing: String, Sendable, Hashable, CaseIterable {
    /// Every sample at its time in the trace (`--rate 1`).
    case realTime = "1"
    /// Real time within gestures, with every pause longer than ``PageReplaySettings/idleCap``
    /// while no contact is down cut to that length (`--rate max-safe`). A page's timing is
    /// real, so a gesture cannot run faster without changing what it measures; only the
    /// idle time between gestures can go.
    case maxSafe = "max-safe"

    /// Parses `--rate` for a page: `1` or `max-safe`.
    public init?(argument: String) {
        switch argument {
        case "1", "1.0": self = .realTime
        case "max-safe": self = .maxSafe
        default: return nil
        }
    }
}

/// Everything a page replay needs besides the trace.
public struct PageReplaySettings: Sendable, Hashable {
    /// The page.
    public var page: PageAddress
    /// The viewport in CSS pixels; `nil` uses the trace's screen in points (1 pt = 1 px).
    public var viewport: PageViewport?
    public var pacing: PagePacing
    /// The element followed every frame when the page does not call the hook (a CSS selector).
    public var selector: String?
    /// Frames from a frame's begin to the glass: headless Chromium has no glass, so a frame is
    /// taken as shown this many refresh periods after the vsync its work met (2, as the
    /// reference display model).
    public var presentationDelay: Int
    /// The browser executable (`nil`: found by ``BrowserLocator``).
    public var browser: String?
    /// After the last sample, how long nothing shown must change before the run ends, and the
    /// longest wait for that, nanoseconds.
    public var quiet: Int64 = 400_000_000
    public var settleLimit: Int64 = 5_000_000_000
    /// Under ``PagePacing/maxSafe``, the longest idle pause kept, nanoseconds.
    public static let idleCap: Int64 = 1_000_000_000

    public init(page: PageAddress, viewport: PageViewport? = nil, pacing: PagePacing = .realTime,
                selector: String? = nil, presentationDelay: Int = 2, browser: String? = nil) {
        self.page = page
        self.viewport = viewport
        self.pacing = pacing
        self.selector = selector
        self.presentationDelay = max(0, min(presentationDelay, 16))
        self.browser = browser
    }

}

/// A viewport in CSS pixels.
public struct PageViewport: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `--viewport WxH` (each 1…10000 CSS pixels).
    public init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...10_000).contains(width), (1...10_000).contains(height) else { return nil }
        self.init(width: width, height: height)
    }
}
