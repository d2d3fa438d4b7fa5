// The zones shown on a kingdom (key Z): outlines with size x crowns, and the list under it.

import { h, svgEl } from './dom.js';
import { TERRAIN_NAMES } from './words.js';

export const GAP = 2;  // px between squares, as the grid's --gap

// Outlines every zone of `zi` (computeZones) over a grid of squares of `cell` px; its label on its first square.
export function drawZones(m, svg, zi, on, cell) {
  svg.textContent = '';
  if (!on) return;
  const n = m.n, p = cell + GAP, size = n * p - GAP;
  svg.setAttribute('width', size); svg.setAttribute('height', size);
  const at = (x, y) => (x < 0 || y < 0 || x >= n || y >= n ? -1 : zi.id[y * n + x]);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const z = at(x, y);
      if (z < 0) continue;
      const L = x * p - GAP / 2, T = y * p - GAP / 2, R = (x + 1) * p - GAP / 2, B = (y + 1) * p - GAP / 2;
      if (at(x - 1, y) !== z) svg.append(svgEl('line', { x1: L, y1: T, x2: L, y2: B }));
      if (at(x + 1, y) !== z) svg.append(svgEl('line', { x1: R, y1: T, x2: R, y2: B }));
      if (at(x, y - 1) !== z) svg.append(svgEl('line', { x1: L, y1: T, x2: R, y2: T }));
      if (at(x, y + 1) !== z) svg.append(svgEl('line', { x1: L, y1: B, x2: R, y2: B }));
    }
  }
  for (const z of zi.zones) {
    if (!z.crowns) continue;
    const [x, y] = z.cells[0];
    const label = `${z.size}\u00D7${z.crowns}`;
    const w = 7 * label.length + 8;
    const cx = x * p + cell / 2, cy = y * p + cell / 2;
    svg.append(svgEl('rect', { x: cx - w / 2, y: cy - 8, width: w, height: 16, rx: 4 }));
    const t = svgEl('text', { x: cx, y: cy });
    t.textContent = label;
    svg.append(t);
  }
}

// The zones, largest value first, and their total against the replay's score.
export function listZones(box, zi, score, on) {
  box.hidden = !on;
  box.textContent = '';
  if (!on) return;
  const zs = zi.zones.slice().sort((a, b) => b.value - a.value || b.size - a.size);
  for (const z of zs) {
    box.append(h('span', {
      class: 'zchip' + (z.value ? '' : ' zero'), style: `--tc: var(--t-${z.terrain})`, 'data-testid': 'zone',
      'data-terrain': z.terrain, 'data-size': z.size, 'data-crowns': z.crowns, title: `${TERRAIN_NAMES[z.terrain]}: ${z.size} squares \u00D7 ${z.crowns} crowns`,
    }, `${z.terrain} ${z.size}\u00D7${z.crowns}` + (z.value ? ` = ${z.value}` : '')));
  }
  box.append(h('span', { class: 'zchip total' + (zi.total !== score ? ' mismatch' : ''), 'data-testid': 'zone-total', 'data-seat': box.dataset.seat },
    `total ${zi.total}` + (zi.total !== score ? ` \u2260 ${score}` : '')));
}
