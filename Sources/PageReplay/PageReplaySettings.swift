/// How a page replay dispatches the trace and whose clock drives the page's frames.
public enum PagePacing: String, Sendable, Hashable, CaseIterable {
    /// The deterministic page clock (`--rate max`, the default): TouchBench sends the page
    /// every frame itself (`HeadlessExperimental.beginFrame`) at the vsyncs of a modelled
    /// display, each only once every sample due before it has been dispatched and taken by
    /// the page, so which frame consumes which sample is fixed by the trace and the run goes
    /// as fast as the page renders (docs/PAGES.md, "The page clock").
    case virtualClock = "max"
    /// Every sample at its time in the trace on the wall clock, the browser's own frames
    /// (`--rate 1`): what real dispatch timing is measured with.
    case realTime = "1"
    /// Real time within gestures, with every pause longer than ``PageReplaySettings/idleCap``
    /// while no contact is down cut to that length (`--rate max-safe`). A page's timing is
    /// real, so a gesture cannot run faster without changing what it measures; only the
    /// idle time between gestures can go.
    case maxSafe = "max-safe"

    /// Parses `--rate` for a page: `max`, `1` or `max-safe`.
    public init?(argument: String) {
        switch argument {
        case "max": self = .virtualClock
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
    /// Under ``PagePacing/virtualClock``, the modelled display's refresh rate in hertz
    /// (`replay --page --refresh`): 60 Hz unless set (headless Chromium's own rate), even when
    /// the trace's metadata gives its display's (`TraceMetadata.displayHz`, which scene
    /// replays use). The wall clock ignores it: the browser draws its own 60 Hz frames there.
    public var refreshHz: Double = 60
    /// Under ``PagePacing/virtualClock``, how long (real nanoseconds) the inputs of a frame
    /// are given to reach the renderer before the frame is sent; every one is then checked to
    /// have been taken by that frame, and a run where one was not is run again with a longer
    /// wait (up to ``maximumInputSettle``, then again at that wait, ``maximumAttempts`` runs
    /// in all).
    public var inputSettle: Int64 = 4_000_000
    /// The longest input settle tried.
    public static let maximumInputSettle: Int64 = 50_000_000
    /// The runs tried before a run is given up. A lone touch move (a frame whose only input it
    /// is) can miss its frame even with the longest settle (docs/PAGES.md): on a loaded
    /// machine, and once in a clean CI run at 4, 16 and 50 ms in a row; a fresh run at the
    /// longest settle usually keeps it.
    public static let maximumAttempts = 6
    /// The browser launches tried on the page clock before a run whose page read an event time
    /// a step off is kept as it is (`PageRun.exactTimes` false). The browser's conversion of
    /// the Unix time DevTools takes is predicted to within a microsecond, so an event sent on
    /// its 100 µs step can land 1 µs below it and read a step early (docs/PAGES.md); a new
    /// launch converts anew.
    public static let exactAttempts = 3
    /// The element followed every frame when the page does not call the hook (a CSS selector).
    public var selector: String?
    /// Frames from a frame's begin to the glass: headless Chromium has no glass, so a frame is
    /// taken as shown this many refresh periods after the vsync its work met (2, as the
    /// reference display model).
    public var presentationDelay: Int
    /// The browser executable (`nil`: found by ``BrowserLocator``).
    public var browser: String?
    /// On the wall clock, after the last sample, how long nothing shown must change before the
    /// run ends, and the longest wait for that, nanoseconds; on the page clock the run always
    /// goes on `settleLimit` of page time after the last sample (the scenes' 5 s tail).
    public var quiet: Int64 = 400_000_000
    public var settleLimit: Int64 = 5_000_000_000
    /// Under ``PagePacing/maxSafe``, the longest idle pause kept, nanoseconds.
    public static let idleCap: Int64 = 1_000_000_000

    public init(page: PageAddress, viewport: PageViewport? = nil, pacing: PagePacing = .virtualClock,
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
