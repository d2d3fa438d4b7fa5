// Hovering a square: a tooltip with the square and its zone, the zone lit on the grid.

import { $, h } from './dom.js';
import { TERRAIN_NAMES, describeSquare } from './words.js';
import { ui } from './state.js';

export function clearHover() {
  if (!ui.hoverGrid) return;
  ui.hoverGrid.classList.remove('hovering');
  ui.hoverGrid.querySelectorAll('.zone-hi').forEach((c) => c.classList.remove('zone-hi'));
  ui.hoverGrid = null;
}

// The tooltip's text for square (x, y) of seat s; its zone lit.
function describeHovered(m, cell, s, x, y) {
  let text = `(${x}, ${y}) ${cell.dataset.square}: ${describeSquare(cell.dataset.square)}`;
  const zi = m.zonesOf(ui.step, s);
  const zid = zi.id[y * m.n + x];
  if (zid >= 0) {
    const z = zi.zones[zid];
    text = `${TERRAIN_NAMES[z.terrain]} zone: ${z.size} square${z.size > 1 ? 's' : ''} \u00D7 ${z.crowns} crown${z.crowns === 1 ? '' : 's'} = ${z.value}\n` + text;
    const c = m.cards[s];
    c.grid.classList.add('hovering');
    for (const [a, b] of z.cells) c.cells[b][a].classList.add('zone-hi');
    ui.hoverGrid = c.grid;
  } else if (cell.classList.contains('out')) {
    text += `\noutside the ${m.ext}\u00D7${m.ext} window the kingdom can still use`;
  }
  return text;
}

export function onHover(e) {
  const cell = e.target.closest && e.target.closest('.sq[data-seat]');
  const tip = $('tooltip');
  clearHover();
  if (!cell || !ui.m) { tip.hidden = true; return; }
  const text = describeHovered(ui.m, cell, +cell.dataset.seat, +cell.dataset.x, +cell.dataset.y);
  tip.textContent = '';
  text.split('\n').forEach((line, i) => tip.append(i ? h('br') : '', i ? h('span', { class: 'note' }, line) : h('b', {}, line)));
  tip.hidden = false;
  tip.style.left = Math.min(window.innerWidth - 290, e.clientX + 14) + 'px';
  tip.style.top = (e.clientY + 16) + 'px';
}
