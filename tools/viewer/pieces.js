// The small drawn things: squares, dominoes, a seat's badge, the crown.

import { h, svgEl } from './dom.js';
import { TERRAIN_NAMES, SEAT_SYMBOLS, describeSquare } from './words.js';

// A square's content: its terrain letter and crowns, or the castle.
export function squareHtml(s) {
  const t = s[0];
  if (TERRAIN_NAMES[t]) {
    const c = Math.max(0, Math.min(3, parseInt(s[1], 10) || 0));
    return '<span class="lt">' + t + '</span>' + (c ? '<span class="cr">' + '<svg><use href="#i-crown"/></svg>'.repeat(c) + '</span>' : '');
  }
  if (t === '*') return '<svg><use href="#i-castle"/></svg>';
  return '';
}

export function squareClass(s) {
  const t = s[0];
  return 'sq ' + (TERRAIN_NAMES[t] ? 't-' + t : t === '*' ? 'castle' : 'empty');
}

export function miniSquare(s) {
  const e = h('span', { class: squareClass(s), title: describeSquare(s) });
  e.innerHTML = squareHtml(s);
  return e;
}

export function domino(m, id) {
  const t = m.tiles[id - 1];
  if (!t) return h('span', { class: 'domino' }, '#' + id);
  return h('span', { class: 'domino', title: `tile ${id}: ${t.slice(0, 2)} ${t.slice(2, 4)}` }, miniSquare(t.slice(0, 2)), miniSquare(t.slice(2, 4)));
}

// The seat's colour, for the element and what it holds.
export function seatStyle(s) { return s >= 0 ? `--pc: var(--p${s % 4})` : ''; }

export function badge(m, s, nobody) {
  if (s === null || s === undefined || s < 0) return h('span', { class: 'badge free' }, nobody || 'free');
  return h('span', { class: 'badge', style: seatStyle(s), title: (m.rep.bots || [])[s] || '' },
    h('span', { class: 'sym' }, SEAT_SYMBOLS[s % 4]), `P${s} ${m.names[s]}`);
}

export function crownIcon(style) {
  const svg = svgEl('svg', { class: 'crown', style: 'fill:#ffd43b;stroke:#3a2700;stroke-width:1.4;' + (style || '') });
  svg.append(svgEl('use', { href: '#i-crown' }));
  return svg;
}
