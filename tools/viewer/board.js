// The kingdoms: one card per seat with its grid, frames, score, tags and footer.

import { $, h, svgEl } from './dom.js';
import { SEAT_SYMBOLS, reason, fmtMs } from './words.js';
import { square, kingdomStats } from './kingdom.js';
import { placedSquares, putSquares } from './replay.js';
import { squareHtml, squareClass, seatStyle } from './pieces.js';
import { GAP, drawZones, listZones } from './zones-view.js';

function buildGrid(m, s) {
  const grid = h('div', { class: 'grid', 'data-testid': 'kingdom', 'data-seat': s });
  const cells = [];
  for (let y = 0; y < m.n; y++) {
    const row = [];
    for (let x = 0; x < m.n; x++) {
      const c = h('div', { class: 'sq empty', 'data-testid': 'square', 'data-seat': s, 'data-x': x, 'data-y': y, 'data-square': '_0' });
      c._sq = '_0';
      grid.append(c);
      row.push(c);
    }
    cells.push(row);
  }
  return { grid, cells };
}

function buildCard(m, s) {
  const { grid, cells } = buildGrid(m, s);
  const win = h('div', { class: 'frame window', 'data-testid': 'window', 'data-seat': s });
  const bbox = h('div', { class: 'frame bbox' });
  const zsvg = svgEl('svg', { class: 'zones' });
  grid.append(win, bbox, zsvg);
  const score = h('span', { class: 'score', 'data-testid': 'score', 'data-seat': s }, '0');
  const delta = h('span', { class: 'delta' });
  const tags = h('span', { style: 'display:flex;gap:6px;align-items:center' });
  const say = h('div', { class: 'say', 'data-testid': 'say', 'data-seat': s, hidden: true });
  const foot = h('div', { class: 'card-foot' });
  const zlist = h('div', { class: 'zones-list', 'data-testid': 'zones', 'data-seat': s, hidden: true });
  const card = h('div', { class: 'card', style: seatStyle(s), 'data-testid': 'player', 'data-seat': s },
    h('div', { class: 'card-head' },
      h('span', { class: 'sym', style: 'font-size:20px' }, SEAT_SYMBOLS[s % 4]),
      h('div', { style: 'min-width:0' },
        h('div', { class: 'pname', title: (m.rep.bots || [])[s] || '', 'data-testid': 'player-name', 'data-seat': s },
          h('span', { class: 'seat-tag' }, `P${s} `), m.names[s]),
        tags),
      h('div', { class: 'score-box' }, score, delta)),
    say, grid, foot, zlist);
  return { card, grid, cells, win, bbox, zsvg, score, delta, tags, foot, zlist, say };
}

export function buildBoard(m) {
  const box = $('kingdoms');
  box.textContent = '';
  m.cards = [];
  for (let s = 0; s < m.P; s++) {
    const c = buildCard(m, s);
    box.append(c.card);
    m.cards.push(c);
  }
  layoutBoard(m);
}

// A card's squares of `cell` px. Its frames and zone outlines are placed in pixels: render the step again after.
export function sizeCard(c, m, cell) {
  c.cell = cell;
  c.card.style.setProperty('--cell', cell + 'px');
  c.card.style.setProperty('--gap', GAP + 'px');
  c.card.style.setProperty('--n', m.n);
}

// Square size from the space available: 2 kingdoms per row (3 for 3 players when wide).
export function layoutBoard(m) {
  if (!m || !m.cards) return;
  const avail = $('board').clientWidth || 900;
  const cols = m.P === 3 && avail > 1100 ? 3 : Math.min(2, m.P);
  const per = (avail - (cols - 1) * 16) / cols - 26;
  const maxCell = m.n > 9 ? 34 : 44;
  m.cell = Math.max(16, Math.min(maxCell, Math.floor(per / m.n - GAP)));
  for (const c of m.cards) sizeCard(c, m, m.cell);
}

function frameStyle(e, x0, y0, x1, y1, cell) {
  const p = cell + GAP;
  e.style.left = (x0 * p - 3) + 'px';
  e.style.top = (y0 * p - 3) + 'px';
  e.style.width = ((x1 - x0 + 1) * p - GAP + 6) + 'px';
  e.style.height = ((y1 - y0 + 1) * p - GAP + 6) + 'px';
}

// The squares of grid `g`; those outside the window `win` ([x0, y0, x1, y1] or null) dimmed.
function renderSquares(m, c, g, win) {
  for (let y = 0; y < m.n; y++) {
    for (let x = 0; x < m.n; x++) {
      const cell = c.cells[y][x], sq = square(g, x, y);
      if (cell._sq !== sq || !cell._built) {
        cell._sq = sq; cell._built = true;
        cell.className = squareClass(sq);
        cell.dataset.square = sq;
        cell.innerHTML = squareHtml(sq);
      }
      cell.classList.toggle('out', !!win && (x < win[0] || x > win[2] || y < win[1] || y > win[3]));
      cell.classList.remove('now', 'bad', 'zone-hi');
    }
  }
}

// The tile the request placed, highlighted; an illegal PUT's squares crossed.
function markPlay(m, c, k, req) {
  for (const [x, y] of placedSquares(m, k)) c.cells[y][x].classList.add('now');
  if (req.put_result !== 'illegal') return;
  for (const [x, y] of putSquares(req.put)) if (x >= 0 && y >= 0 && x < m.n && y < m.n) c.cells[y][x].classList.add('bad');
}

// The window frame (none when the replay has no windows) and the box of land and
// castle, hidden when the window is that box: the kingdom's size is fixed.
function renderFrames(m, c, stats, win) {
  const full = !!win && win[2] - win[0] + 1 === stats.w && win[3] - win[1] + 1 === stats.hgt;
  c.win.hidden = !win;
  if (win) {
    frameStyle(c.win, win[0], win[1], win[2], win[3], c.cell);
    c.win.className = 'frame ' + (full ? 'full' : 'window');
    c.win.title = full ? `the ${m.ext}x${m.ext} window is fixed` : `the kingdom can still grow inside this area (at most ${m.ext}x${m.ext})`;
    c.win.dataset.window = win.join(',');
  }
  frameStyle(c.bbox, stats.minX, stats.minY, stats.maxX, stats.maxY, c.cell);
  c.bbox.hidden = full;
}

function renderHead(m, c, k, s, req) {
  const scores = m.scores(k), prev = k > 0 ? m.scores(k - 1) : scores;
  c.score.textContent = scores[s];
  const d = scores[s] - prev[s];
  c.delta.textContent = d ? (d > 0 ? '+' : '') + d : '';
  const gone = m.elimStep[s] !== null && m.elimStep[s] <= k;
  const moving = !!req && req.seat === s;
  c.card.classList.toggle('gone', gone);
  c.card.classList.toggle('active', moving);
  c.tags.textContent = '';
  if (moving) c.tags.append(h('span', { class: 'turn-tag' }, k === m.steps ? 'last move' : 'this move'));
  if (gone) c.tags.append(h('span', { class: 'gone-tag', 'data-testid': 'eliminated', 'data-seat': s }, 'out: ' + reason(m.elimReason[s])));
}

// The seat's latest PICK message (bright on the step that sent it), and the footer:
// land, crowns, size, answer times so far.
function renderSayAndFoot(m, c, k, s, stats) {
  let last = null, max = 0, said = null;
  for (let j = 0; j < k; j++) {
    const r = m.rep.requests[j];
    if (r.seat !== s) continue;
    last = r.time_ms; max = Math.max(max, r.time_ms || 0);
    if (r.message) said = j;
  }
  c.say.hidden = said === null;
  c.say.textContent = said === null ? '' : m.rep.requests[said].message;
  c.say.classList.toggle('fresh', said === k - 1);
  c.say.title = said === null ? '' : `message sent with request ${said + 1}`;
  c.foot.textContent = '';
  c.foot.append(...[
    h('span', {}, 'land ', h('b', {}, stats.land)),
    h('span', {}, 'crowns ', h('b', {}, stats.crowns)),
    h('span', { title: 'width x height of land and castle' }, 'size ', h('b', {}, `${stats.w}\u00D7${stats.hgt}`), ` / ${m.ext}\u00D7${m.ext}`),
    last !== null ? h('span', { title: 'answer time: last (max)' }, 'time ', h('b', {}, fmtMs(last)), ` (max ${fmtMs(max)})`) : null].filter(Boolean));
}

export function renderKingdoms(m, k, zonesOn) {
  const req = k > 0 ? m.rep.requests[k - 1] : null;
  const windows = m.windows(k);
  for (let s = 0; s < m.P; s++) {
    const c = m.cards[s], g = m.grids(k)[s];
    const stats = kingdomStats(g, m.n);
    const win = windows ? windows[s] : null;
    renderSquares(m, c, g, win);
    if (req && req.seat === s) markPlay(m, c, k, req);
    renderFrames(m, c, stats, win);
    renderHead(m, c, k, s, req);
    renderSayAndFoot(m, c, k, s, stats);
    const zi = m.zonesOf(k, s);
    drawZones(m, c.zsvg, zi, zonesOn, c.cell);
    listZones(c.zlist, zi, m.scores(k)[s], zonesOn);
  }
}
