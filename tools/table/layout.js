// Where the kingdoms go and how large: the person's kingdom (the home seat)
// large, with the coordinates on its edges, beside the turn's panel so that
// both are in view without scrolling on a laptop; the others smaller beside
// them. On a phone (a narrow window) the person's squares stay at least
// 32 px, the turn's panel right under their kingdom, the others after
// (table.css), and the page follows the game: each move starts with the
// kingdom in view, a hint comes with its tile on screen.

import { $, h } from '../viewer/dom.js';
import { sizeCard } from '../viewer/board.js';
import { GAP } from '../viewer/zones-view.js';
import { T } from './tstate.js';

export const NARROW = 1000;  // px: below, one column (table.css says the same)
const PHONE_CELL = 32, MAX_CELL = 44, MAX_CELL_BIG_GRID = 34, MIN_CELL = 10;

// The seat whose kingdom is large: the person acting, else the last person who acted; -1 when nobody plays here.
export function homeSeat() {
  const st = T.state, people = T.seats.map((s, i) => (s.kind === 'human' ? i : -1)).filter((i) => i >= 0);
  if (!people.length) return -1;
  if (!st.over && people.includes(st.seat)) return st.seat;
  return people.includes(T.home) ? T.home : people[0];
}

// On a phone: `element` scrolled into view (its top at the screen's top with `top`, else just on screen).
export function showOnPhone(element, top) {
  if (element && window.innerWidth < NARROW) element.scrollIntoView({ block: top ? 'start' : 'nearest' });
}

// The coordinates on the home card's edges: x across the top, y down the left, as the protocol counts.
function addCoordinates(c, m) {
  if (c.coords) return;
  c.coords = [];
  for (let i = 0; i < m.n; i++) {
    for (const axis of ['x', 'y']) {
      const e = h('span', { class: 'coord ' + axis, 'data-testid': 'coordinate', 'data-axis': axis }, i);
      e.dataset.i = i;
      c.grid.append(e);
      c.coords.push(e);
    }
  }
}

function placeCoordinates(c) {
  const p = c.cell + GAP;
  for (const e of c.coords || []) {
    const at = +e.dataset.i * p + c.cell / 2;
    e.style[e.classList.contains('x') ? 'left' : 'top'] = at + 'px';
  }
}

// The largest square size at which `count` cards fit a box of width x height, in 1 to count columns.
function fitCell(m, count, width, height, chrome, max) {
  let best = MIN_CELL;
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const byWidth = Math.floor(((width - (cols - 1) * 16) / cols - chrome.w) / m.n) - GAP;
    const byHeight = Math.floor(((height - (rows - 1) * 16) / rows - chrome.h) / m.n) - GAP;
    best = Math.max(best, Math.min(byWidth, byHeight, max));
  }
  return best;
}

// A card's room around its grid (head, foot, padding, the coordinates).
function chromeOf(c) {
  const card = c.card.getBoundingClientRect(), grid = c.grid.getBoundingClientRect();
  return { w: card.width - grid.width, h: card.height - grid.height };
}

// Lays the kingdoms out for the window as it is now; the board is drawn again after.
export function layoutTable() {
  const m = T.m;
  if (!m || !m.cards) return;
  T.home = homeSeat();
  const windowWidth = document.documentElement.clientWidth;  // less its scroll bar
  const narrow = window.innerWidth < NARROW, home = m.cards[T.home];
  const max = m.n > 9 ? MAX_CELL_BIG_GRID : MAX_CELL;
  m.cards.forEach((c, s) => {
    c.card.classList.toggle('home', s === T.home);
    (s === T.home ? $('home') : $('kingdoms')).append(c.card);  // the others in seat order
  });
  $('home').hidden = !home;
  $('hint-panel').hidden = !home || T.state.over;  // a hint is for a person's move
  $('main').classList.toggle('no-home', !home);
  const top = $('main').getBoundingClientRect().top + window.scrollY;
  const height = window.innerHeight - top - 24;
  let homeWidth = 0;
  if (home) {
    addCoordinates(home, m);
    sizeCard(home, m, max);
    const chrome = chromeOf(home);
    const cell = narrow ? Math.max(PHONE_CELL, Math.min(max, Math.floor((windowWidth - 12 - chrome.w) / m.n) - GAP))
      : Math.max(MIN_CELL, Math.min(max, Math.floor((height - chrome.h) / m.n) - GAP));
    sizeCard(home, m, cell);
    placeCoordinates(home);
    home.card.scrollLeft = (home.card.scrollWidth - home.card.clientWidth) / 2;  // a grid wider than a phone: its castle in the middle
    homeWidth = home.card.getBoundingClientRect().width;
  }
  const others = m.cards.filter((c) => c !== home);
  if (!others.length) return;
  sizeCard(others[0], m, MIN_CELL);
  const chrome = chromeOf(others[0]);
  const width = narrow ? windowWidth - 12 : windowWidth - homeWidth - $('act-side').getBoundingClientRect().width - 80;
  const cell = fitCell(m, others.length, width, narrow ? height / 2 : height, chrome, home ? Math.min(home.cell, narrow ? 18 : 30) : max);
  for (const c of others) sizeCard(c, m, cell);
}
