// A tile drawn over a kingdom's grid without being played: the person's
// tile in the making (kinds ok, no, held), the hint's answer (hint), and in
// the review the bot's answer and the person's move (review-bot, review-you).

import { h } from '../viewer/dom.js';
import { squareHtml, squareClass } from '../viewer/pieces.js';
import { GAP } from '../viewer/zones-view.js';

const DX = [1, 0, -1, 0], DY = [0, 1, 0, -1];

// Tile `tile` on seat `seat`'s grid, its first square at (x, y), turned r.
export function drawGhost(m, seat, tile, x, y, r, kind) {
  const c = m.cards[seat], p = c.cell + GAP, squares = m.tiles[tile - 1];
  const g = h('div', { class: 'ghost ' + kind, 'data-testid': 'ghost', 'data-kind': kind, 'data-x': x, 'data-y': y, 'data-r': r });
  [[x, y, squares.slice(0, 2)], [x + DX[r], y + DY[r], squares.slice(2, 4)]].forEach(([a, b, sq]) => {
    if (a < 0 || b < 0 || a >= m.n || b >= m.n) return;
    const e = h('div', { class: squareClass(sq) + ' ghost-sq', style: `left:${a * p}px;top:${b * p}px` });
    e.innerHTML = squareHtml(sq);
    g.append(e);
  });
  c.grid.append(g);
}

// The ghosts of these kinds taken off every grid.
export function removeGhosts(...kinds) {
  for (const kind of kinds) document.querySelectorAll(`.ghost[data-kind="${kind}"]`).forEach((e) => e.remove());
}
