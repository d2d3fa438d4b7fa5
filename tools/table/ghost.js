// A tile drawn over a kingdom's grid without being played: the person's
// tile in the making (kinds ok, no, held), the hint's answer (hint), and in
// the review the bot's answer and the person's move (review-bot, review-you):
// a square both of these take is split between them (splitShared).

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
    const e = h('div', { class: squareClass(sq) + ' ghost-sq', style: `left:${a * p}px;top:${b * p}px`, 'data-at': `${a},${b}` });
    e.innerHTML = squareHtml(sq);
    g.append(e);
  });
  c.grid.append(g);
}

// The squares the ghosts of kinds `a` and `b` both take, each drawn half (table.css): neither hides the other.
export function splitShared(a, b) {
  const taken = new Set([...document.querySelectorAll(`.ghost.${a} .ghost-sq`)].map((e) => e.dataset.at));
  for (const e of document.querySelectorAll(`.ghost.${b} .ghost-sq`)) {
    if (!taken.has(e.dataset.at)) continue;
    e.classList.add('shared');
    document.querySelector(`.ghost.${a} .ghost-sq[data-at="${e.dataset.at}"]`).classList.add('shared');
  }
}

// The ghosts of these kinds taken off every grid.
export function removeGhosts(...kinds) {
  for (const kind of kinds) document.querySelectorAll(`.ghost[data-kind="${kind}"]`).forEach((e) => e.remove());
}
