import TouchBenchSupport

/// The observer TouchBench injects into every page it replays into (with
/// `Page.addScriptToEvaluateOnNewDocument`, so it runs before the page's own scripts). It is
/// ours, not the page's, and it is what lets an unmodified page be measured:
///
/// - a `requestAnimationFrame` loop records every frame: its begin time (the rAF timestamp,
///   the frame's vsync), the newest input event time handled before it, and — from a
///   message posted in the frame, which runs once the frame has rendered — when the frame's
///   main-thread work ended; what it showed is the state the page gave the hook during the
///   frame (stored straight into the frame's record), else the position of the element
///   matched by the selector once the frame has rendered; and the newest handled before it
///   of the events that carry their sample's own time (touch and pen pointer events: Chromium
///   stamps mouse, wheel and key events from the DevTools timestamp with an offset of its own,
///   a few milliseconds that vary from launch to launch, though their spacing is exact);
/// - capture-phase listeners on `window` (registered before any of the page's), bubble-phase
///   ones (which run after the page's handlers) and a wrapper around each listener the page
///   adds for these events (which times a handler that stops propagation) time every
///   delivered input event: its timestamp, when handling began and ended, and how many samples it carried
///   (pointer moves count their coalesced events), and whether its time is its sample's own;
/// - `window.touchbench.report({x, y, destination, state})` is the documented hook.
///
/// Everything is kept in flat arrays and read once, at the end, as one JSON string.
enum PageObserverScript {
    /// The script, with the selector of the element to follow (or `null`).
    static func source(selector: String?) -> String {
        // A JSON string literal is a JavaScript one.
        body.replacingOccurrences(of: "__SELECTOR__", with: selector.map { JSONWriter.quoted($0) } ?? "null")
    }

    private static let body = #"""
(() => {
  if (window.__touchbench) return;
  const selector = __SELECTOR__;
  const tb = { frames: [], events: [], samples: 0, cancels: 0, newest: -1, own: -1, report: null, reports: 0, lastChange: 0, shown: '' };
  Object.defineProperty(window, '__touchbench', { value: tb });
  // The documented hook: a page calls it once per frame with what it shows.
  window.touchbench = Object.freeze({
    report(state) {
      if (!state || typeof state !== 'object') return;
      tb.report = state;
      tb.reports++;
      // Into the frame being rendered (our rAF callback runs before the page's), so a late
      // task cannot make one frame's record show the next frame's state.
      const f = tb.frames[tb.frames.length - 1];
      if (f) {
        f[3] = +state.x; f[4] = +state.y;
        f[5] = state.destination == null ? '' : String(state.destination);
        f[6] = state.state == null ? '' : String(state.state); f[7] = 1;
      }
    }
  });
  const kinds = ['pointerdown', 'pointermove', 'pointerup', 'pointercancel', 'wheel', 'keydown', 'keyup'];
  let open = null;
  const begin = (e) => {
    // An event a script dispatched (a gesture library re-sending pointer events) is not input.
    if (!e.isTrusted) return;
    // The browser took a touch for itself (a pan on a page without touch-action: none).
    if (e.type === 'pointercancel') tb.cancels++;
    let carried = 1, newest = e.timeStamp;
    const stamps = [];
    if (e.type === 'pointermove' && e.getCoalescedEvents) {
      const list = e.getCoalescedEvents();
      if (list.length > 1) carried = list.length;
      for (const c of list) { stamps.push(c.timeStamp); if (c.timeStamp > newest) newest = c.timeStamp; }
    }
    tb.samples += carried;
    if (newest > tb.newest) tb.newest = newest;
    // A cancel is the browser's own decision, stamped with its own time.
    const own = (e.pointerType === 'touch' || e.pointerType === 'pen') && e.type !== 'pointercancel';
    if (own && newest > tb.own) tb.own = newest;
    open = [e.timeStamp, performance.now(), 0, carried, stamps, own ? 1 : 0];
    tb.events.push(open);
  };
  // Handling ends when the last handler returns: the bubble listener on window times it
  // where the event gets there; each of the page's own listeners for these events, wrapped
  // as it is added, times it where a handler stops propagation (a 20 ms handler that called
  // stopPropagation read 0 before) or listens on window after ours.
  const end = (e) => { if (open && (!e || e.isTrusted)) open[2] = performance.now(); };
  const add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
  for (const k of kinds) {
    add.call(window, k, begin, { capture: true, passive: true });
    add.call(window, k, end, { capture: false, passive: true });
  }
  const timed = new Set(kinds), wrappers = new WeakMap();
  const keyOf = (type, options) => type + ((typeof options === 'boolean' ? options : !!(options && options.capture)) ? ' capture' : '');
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (!timed.has(type) || !listener || (typeof listener !== 'function' && typeof listener.handleEvent !== 'function')) {
      return add.call(this, type, listener, options);
    }
    let byKey = wrappers.get(listener);
    if (!byKey) { byKey = new Map(); wrappers.set(listener, byKey); }
    const key = keyOf(type, options);
    let wrapper = byKey.get(key);
    if (!wrapper) {
      wrapper = function (event) {
        try { return typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event); } finally { end(event); }
      };
      byKey.set(key, wrapper);
    }
    return add.call(this, type, wrapper, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    const byKey = listener ? wrappers.get(listener) : undefined;
    const wrapper = byKey ? byKey.get(keyOf(type, options)) : undefined;
    return remove.call(this, type, wrapper || listener, options);
  };
  const channel = new MessageChannel();
  let pending = [];
  channel.port1.onmessage = () => {
    const now = performance.now();
    let x = NaN, y = NaN;
    if (!tb.report && selector) {
      const el = document.querySelector(selector);
      if (el) { const b = el.getBoundingClientRect(); x = b.left; y = b.top; }
    }
    for (const f of pending) {
      f[2] = now;
      if (f[7] === 1) continue;
      if (tb.report) {
        // A frame in which the page did not call the hook shows what it last reported.
        const r = tb.report;
        f[3] = +r.x; f[4] = +r.y; f[5] = r.destination == null ? '' : String(r.destination);
        f[6] = r.state == null ? '' : String(r.state); f[7] = 1;
      } else {
        f[3] = x; f[4] = y;
      }
    }
    const last = pending[pending.length - 1];
    pending = [];
    const shown = last ? last[3] + ',' + last[4] + ',' + last[5] + ',' + last[6] : tb.shown;
    if (shown !== tb.shown) { tb.shown = shown; tb.lastChange = now; }
  };
  const tick = (t) => {
    const f = [t, tb.newest, 0, NaN, NaN, '', '', 0, tb.own];
    tb.frames.push(f);
    pending.push(f);
    channel.port2.postMessage(0);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Resolves once nothing shown has changed for `quiet` ms since it was called (the last
  // input's answer may not have been shown yet) or since the last change, or after `limit` ms.
  tb.settled = (quiet, limit) => new Promise((resolve) => {
    const start = performance.now();
    const check = () => {
      const now = performance.now();
      if (now - Math.max(tb.lastChange, start) >= quiet || now - start >= limit) resolve(now); else setTimeout(check, 50);
    };
    check();
  });
  tb.dump = (from) => JSON.stringify({
    timeOrigin: performance.timeOrigin, now: performance.now(), reports: tb.reports, samples: tb.samples, cancels: tb.cancels,
    frames: tb.frames.filter((f) => f[0] >= from),
    events: tb.events.filter((e) => e[0] >= from)
  });
})();
"""#
}
