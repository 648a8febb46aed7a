// The picture-in-picture example (after the `pip` reference scene): a 160 × 90 window
// dragged 1:1 from wherever the finger lands (offset kept, after 10 px of travel), thrown
// to the corner nearest the projection of its resting point — project(v) =
// (v/1000) · r/(1 − r), r = 0.998 — sprung there (damping ratio 0.85, response 0.5 s)
// with the release velocity, and caught in flight: a touch stops it under the finger.
'use strict';

(function () {
  const slowMoveMs = window.PIP_SLOW_MOVE_MS || 0;
  const W = window.innerWidth, H = window.innerHeight;
  const size = { w: 160, h: 90 }, margin = 16;
  const left = margin, right = W - margin - size.w, top = margin + 44, bottom = H - margin - 34 - size.h;
  const corners = [{ x: left, y: top }, { x: right, y: top }, { x: left, y: bottom }, { x: right, y: bottom }];
  const win = document.getElementById('pip');
  const stage = document.getElementById('stage');
  const pos = { x: corners[3].x, y: corners[3].y };
  let corner = 3;
  let springs = null;
  let hold = { x: 0, y: 0 };

  function nearest(x, y) {
    let best = 0, distance = Infinity;
    corners.forEach((c, i) => { const d = Math.hypot(c.x - x, c.y - y); if (d < distance) { distance = d; best = i; } });
    return best;
  }

  const drag = new Drag(stage, {
    slowMoveMs,
    onDown() { springs = null; },   // caught in flight: it stays where it is shown
    onBegin(dx, dy) { hold = { x: pos.x - dx, y: pos.y - dy }; },
    onMove(dx, dy) { pos.x = hold.x + dx; pos.y = hold.y + dy; },
    onLift(v, t) {
      corner = nearest(pos.x + Fluid.project(v.x), pos.y + Fluid.project(v.y));
      const sx = new Spring(0.85, 0.5), sy = new Spring(0.85, 0.5);
      sx.start(pos.x, v.x, corners[corner].x, t);
      sy.start(pos.y, v.y, corners[corner].y, t);
      springs = { x: sx, y: sy };
    },
  });

  function frame(t) {
    if (springs) {
      pos.x = springs.x.at(t).x;
      pos.y = springs.y.at(t).x;
      if (springs.x.resting(t) && springs.y.resting(t)) {
        pos.x = corners[corner].x; pos.y = corners[corner].y; springs = null;
      }
    }
    win.style.transform = `translate3d(${pos.x}px, ${pos.y}px, 0)`;
    const state = drag.tracking ? 'tracking' : springs ? 'animating' : 'idle';
    reportFrame({ x: pos.x, y: pos.y, destination: 'corner' + corner, state });
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})();
