// The small pieces of fluid-interface math the example pages share, written plainly and
// after the same formulas as TouchBench's reference scenes (docs/METRICS.md, DESIGN.md
// "Dynamics"): projection, rubber band, springs by damping ratio and response, and a
// least-squares velocity over the last 100 ms, and the drag that uses them. Plain script, no modules (file:// pages).
'use strict';

const Fluid = {
  // Where a value moving at v (units/s) comes to rest under scroll-view deceleration,
  // the rate per millisecond (normal 0.998): (v / 1000) · r / (1 − r).
  project(v, rate = 0.998) { return (v / 1000) * rate / (1 - rate); },

  // The distance coasted after t ms at that deceleration: (v/1000) · r · (1 − r^t) / (1 − r).
  coasted(v, t, rate = 0.998) { return (v / 1000) * rate * (1 - Math.pow(rate, t)) / (1 - rate); },

  // The velocity after t ms of coasting, units/s.
  coastVelocity(v, t, rate = 0.998) { return v * Math.pow(rate, t); },

  // Rubber band past an edge: f(x, d, c) = (1 − 1 / (x·c/d + 1)) · d.
  rubberBand(x, d, c = 0.55) { return (1 - 1 / (x * c / d + 1)) * d; },

  // A value held in [lo, hi] with the overshoot rubber-banded over dimension d.
  banded(value, lo, hi, d) {
    if (value < lo) return lo - Fluid.rubberBand(lo - value, d);
    if (value > hi) return hi + Fluid.rubberBand(value - hi, d);
    return value;
  },

  // The inverse of banded (so that content caught past an edge does not jump).
  unbanded(shown, lo, hi, d, c = 0.55) {
    const undo = (b) => (d / c) * (1 / (1 - b / d) - 1);
    if (shown < lo) return lo - undo(Math.min(lo - shown, d * 0.999));
    if (shown > hi) return hi + undo(Math.min(shown - hi, d * 0.999));
    return shown;
  },
};

// A spring of mass 1 described by damping ratio and response (s): stiffness (2π/response)²,
// damping 4π·ζ/response, solved in closed form from (x0, v0) towards target.
class Spring {
  constructor(dampingRatio, response) {
    this.zeta = dampingRatio;
    this.omega = 2 * Math.PI / response;
  }

  // Starts at value x0 with velocity v0 (units/s) at time t0 (ms), heading to target.
  start(x0, v0, target, t0) {
    this.target = target; this.t0 = t0; this.a = x0 - target; this.v0 = v0;
  }

  // Value and velocity at time t (ms).
  at(t) {
    const s = Math.max(0, (t - this.t0) / 1000), z = this.zeta, w = this.omega, a = this.a, v0 = this.v0;
    if (z < 1) {
      const wd = w * Math.sqrt(1 - z * z), b = (v0 + z * w * a) / wd, e = Math.exp(-z * w * s);
      const c = Math.cos(wd * s), n = Math.sin(wd * s);
      return { x: this.target + e * (a * c + b * n),
               v: e * ((b * wd - z * w * a) * c - (a * wd + z * w * b) * n) };
    }
    const b = v0 + w * a, e = Math.exp(-w * s);
    return { x: this.target + e * (a + b * s), v: e * (b - w * (a + b * s)) };
  }

  // Whether it has come to rest (within half a point and 1 pt/s).
  resting(t) { const p = this.at(t); return Math.abs(p.x - this.target) < 0.5 && Math.abs(p.v) < 1; }
}

// Velocity from the last 100 ms of positions: a least-squares polynomial of degree 2 (the
// Android and Flutter default, as the reference scenes use), its slope at the newest
// sample; degree 1 with only two points; zero once the contact has been still 40 ms.
class VelocityTracker {
  constructor() { this.points = []; }
  reset() { this.points = []; }
  add(t, x, y) {
    this.points.push({ t, x, y });
    while (this.points.length > 2 && t - this.points[0].t > 100) this.points.shift();
  }
  // Each coalesced sample of a pointer event, so a busy page still sees every position.
  addEvent(e) {
    const list = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
    if (list.length > 0) for (const c of list) this.add(c.timeStamp, c.clientX, c.clientY);
    else this.add(e.timeStamp, e.clientX, e.clientY);
  }
  velocity(now) {
    const p = this.points, n = p.length;
    if (n < 2 || now - p[n - 1].t > 40) return { x: 0, y: 0 };
    return { x: VelocityTracker.slope(p, 'x'), y: VelocityTracker.slope(p, 'y') };
  }
  // The slope at t = 0 (the newest sample) of the least-squares fit of degree min(2, n − 1),
  // units per second; times in seconds before the newest sample.
  static slope(p, axis) {
    const t0 = p[p.length - 1].t;
    const degree = p.length >= 3 ? 2 : 1, m = degree + 1;
    const a = Array.from({ length: m }, () => new Array(m + 1).fill(0));
    for (const q of p) {
      const t = (q.t - t0) / 1000, powers = [1, t, t * t];
      for (let i = 0; i < m; i++) {
        for (let j = 0; j < m; j++) a[i][j] += powers[i] * powers[j];
        a[i][m] += powers[i] * q[axis];
      }
    }
    // Gaussian elimination with partial pivoting on the normal equations.
    for (let c = 0; c < m; c++) {
      let pivot = c;
      for (let r = c + 1; r < m; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
      [a[c], a[pivot]] = [a[pivot], a[c]];
      if (Math.abs(a[c][c]) < 1e-12) return 0;
      for (let r = 0; r < m; r++) {
        if (r === c) continue;
        const f = a[r][c] / a[c][c];
        for (let k = c; k <= m; k++) a[r][k] -= f * a[c][k];
      }
    }
    return a[1][m] / a[1][1];
  }
}

// A one-finger drag after the seeds: the element follows 1:1 once the finger has moved
// `hysteresis` px, keeping the offset it had where the pan began (onBegin records it), and
// the release velocity comes from the least-squares tracker. `slowMoveMs` is the deliberate
// long task of the slow variants, spent in every move handler.
class Drag {
  constructor(element, { onDown, onBegin, onMove, onLift, slowMoveMs = 0, hysteresis = 10 }) {
    const tracker = new VelocityTracker();
    this.active = null;       // { id, startX, startY, began }
    element.addEventListener('pointerdown', (e) => {
      if (this.active) return;
      element.setPointerCapture(e.pointerId);
      tracker.reset();
      tracker.add(e.timeStamp, e.clientX, e.clientY);
      this.active = { id: e.pointerId, startX: e.clientX, startY: e.clientY, began: false };
      onDown(e);
    });
    element.addEventListener('pointermove', (e) => {
      const drag = this.active;
      if (!drag || e.pointerId !== drag.id) return;
      if (slowMoveMs > 0) busyWait(slowMoveMs);
      tracker.addEvent(e);
      if (!drag.began) {
        // Each position the event carries, in turn: the pan begins at the one that crosses
        // the hysteresis, as a touch framework does sample by sample, whichever moves the
        // browser coalesced into this event (the offset kept from there on depends on it).
        const list = e.getCoalescedEvents ? e.getCoalescedEvents() : [];
        for (const c of list.length > 0 ? list : [e]) {
          const cx = c.clientX - drag.startX, cy = c.clientY - drag.startY;
          if (Math.hypot(cx, cy) >= hysteresis) { drag.began = true; onBegin(cx, cy); break; }
        }
        if (!drag.began) return;
      }
      onMove(e.clientX - drag.startX, e.clientY - drag.startY);
    });
    const lift = (e) => {
      const drag = this.active;
      if (!drag || e.pointerId !== drag.id) return;
      const v = drag.began ? tracker.velocity(e.timeStamp) : { x: 0, y: 0 };
      this.active = null;
      // The lift's own time, not when the handler ran: a busy page animates as it should.
      onLift(v, e.timeStamp);
    };
    element.addEventListener('pointerup', lift);
    element.addEventListener('pointercancel', lift);
  }

  // Whether the finger is down and past the hysteresis: the element follows it.
  get tracking() { return this.active !== null && this.active.began; }
}

// Reports the frame's state through TouchBench's hook when the page runs under it.
function reportFrame(state) {
  if (window.touchbench && typeof window.touchbench.report === 'function') window.touchbench.report(state);
}

// Blocks the main thread for ms milliseconds: the deliberate long task of the slow variants.
function busyWait(ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) { /* a long task, on purpose */ }
}
