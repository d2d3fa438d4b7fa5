// The scores chart: each seat's score over the steps, a cursor on the step shown.

import { $, svgEl } from './dom.js';

const W = 340, H = 130, L = 26, R = 6, T = 8, B = 16;  // viewBox size and margins

function axes(svg, m, max, X, Y) {
  svg.append(svgEl('line', { class: 'axis', x1: L, y1: Y(0), x2: W - R, y2: Y(0) }), svgEl('line', { class: 'axis', x1: L, y1: T, x2: L, y2: Y(0) }));
  const t0 = svgEl('text', { x: L - 4, y: Y(0) + 3, 'text-anchor': 'end' }); t0.textContent = '0';
  const t1 = svgEl('text', { x: L - 4, y: T + 6, 'text-anchor': 'end' }); t1.textContent = String(max);
  svg.append(t0, t1);
  for (let t = 1; t < m.turns; t++) {
    const k = m.firstStepOfTurn.get(t);
    if (k === undefined) continue;
    svg.append(svgEl('line', { class: 'axis', x1: X(k - 0.5), y1: T, x2: X(k - 0.5), y2: Y(0), 'stroke-dasharray': '2 3' }));
  }
}

// Draws the chart of model `m`; a click on it calls go(step).
export function buildChart(m, go) {
  const svg = $('chart');
  svg.textContent = '';
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  let max = 1;
  for (let k = 0; k <= m.steps; k++) for (const v of m.scores(k)) max = Math.max(max, v);
  const X = (k) => L + (W - L - R) * (m.steps ? k / m.steps : 0);
  const Y = (v) => T + (H - T - B) * (1 - v / max);
  axes(svg, m, max, X, Y);
  for (let s = 0; s < m.P; s++) {
    const pts = [];
    for (let k = 0; k <= m.steps; k++) pts.push(`${X(k).toFixed(1)},${Y(m.scores(k)[s]).toFixed(1)}`);
    svg.append(svgEl('polyline', { points: pts.join(' '), stroke: `var(--p${s % 4})` }));
  }
  m.cursor = svgEl('line', { class: 'cursor', y1: T, y2: Y(0) });
  svg.append(m.cursor);
  m.chartX = X;
  m.chartY = Y;
  svg.onclick = (e) => {
    const r = svg.getBoundingClientRect();
    const x = (e.clientX - r.left) * W / r.width;
    go(Math.round(((x - L) / (W - L - R)) * m.steps));
  };
}

export function moveChartCursor(m, k) {
  if (!m.cursor) return;
  const x = m.chartX(k);
  m.cursor.setAttribute('x1', x); m.cursor.setAttribute('x2', x);
}
