// The scroller example: content three screens wide and tall (as the `scroll` reference
// scene), dragged 1:1 once the finger has moved 10 px, rubber-banded past its edges,
// coasting with scroll-view deceleration (0.998 per ms) from the release velocity,
// bouncing back from an edge on a critically damped spring, and caught at once by a
// touch on moving content. The element is the content's translation.
'use strict';

(function () {
  const slowMoveMs = window.SCROLLER_SLOW_MOVE_MS || 0;
  const W = window.innerWidth, H = window.innerHeight;
  const content = document.getElementById('content');
  const lo = { x: -2 * W, y: -2 * H }, hi = { x: 0, y: 0 };
  const dim = { x: W, y: H };
  const pos = { x: -W, y: -H };
  let anim = null;            // per axis: { kind: 'coast'|'spring', ... }
  let hold = { x: 0, y: 0 };

  function show() { content.style.transform = `translate3d(${pos.x}px, ${pos.y}px, 0)`; }

  function release(axis, v, t) {
    if (pos[axis] < lo[axis] || pos[axis] > hi[axis]) {
      const s = new Spring(1, 0.4);
      s.start(pos[axis], v, pos[axis] < lo[axis] ? lo[axis] : hi[axis], t);
      return { kind: 'spring', spring: s };
    }
    if (Math.abs(v) < 1) return null;
    return { kind: 'coast', from: pos[axis], v, t0: t };
  }

  function step(axis, a, t) {
    if (!a) return null;
    if (a.kind === 'coast') {
      const dt = t - a.t0;
      pos[axis] = a.from + Fluid.coasted(a.v, dt);
      const v = Fluid.coastVelocity(a.v, dt);
      if (pos[axis] < lo[axis] || pos[axis] > hi[axis]) {
        // Hits an edge while coasting: the spring takes it back, with the velocity it had.
        const s = new Spring(1, 0.4);
        s.start(pos[axis], v, pos[axis] < lo[axis] ? lo[axis] : hi[axis], t);
        return { kind: 'spring', spring: s };
      }
      return Math.abs(v) < 5 ? null : a;
    }
    const p = a.spring.at(t);
    pos[axis] = p.x;
    if (a.spring.resting(t)) { pos[axis] = a.spring.target; return null; }
    return a;
  }

  const drag = new Drag(content, {
    slowMoveMs,
    onDown() { anim = null; },   // a catch: whatever was moving stops where it is shown, under the finger
    onBegin(dx, dy) {
      // From where the pan began, unbanded, so content caught past an edge does not jump.
      hold = { x: Fluid.unbanded(pos.x, lo.x, hi.x, dim.x) - dx, y: Fluid.unbanded(pos.y, lo.y, hi.y, dim.y) - dy };
    },
    onMove(dx, dy) {
      pos.x = Fluid.banded(hold.x + dx, lo.x, hi.x, dim.x);
      pos.y = Fluid.banded(hold.y + dy, lo.y, hi.y, dim.y);
    },
    onLift(v, t) {
      anim = { x: release('x', v.x, t), y: release('y', v.y, t) };
      if (!anim.x && !anim.y) anim = null;
    },
  });

  function frame(t) {
    if (anim) {
      anim.x = step('x', anim.x, t);
      anim.y = step('y', anim.y, t);
      if (!anim.x && !anim.y) anim = null;
    }
    show();
    // Tracking 1:1 only within the range: past an edge the rubber band moves it less.
    const inRange = pos.x >= lo.x && pos.x <= hi.x && pos.y >= lo.y && pos.y <= hi.y;
    const state = drag.tracking ? (inRange ? 'tracking' : 'banding') : anim ? 'animating' : 'idle';
    reportFrame({ x: pos.x, y: pos.y, destination: '', state });
    requestAnimationFrame(frame);
  }
  show();
  requestAnimationFrame(frame);
})();
