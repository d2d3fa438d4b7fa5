// The person's answer. The tile follows the pointer (or the arrow keys) over
// their kingdom and turns with R; the squares where it may go at this
// rotation are marked, and where it may not the rules' reason is shown (the
// engine's: placement_reason.h). A click (or Enter) places it, a click on a
// free draft tile picks; the answer goes once the turn has what it asks for,
// and a refused click loses nothing.

import { h } from '../viewer/dom.js';
import { squareHtml, squareClass } from '../viewer/pieces.js';
import { GAP } from '../viewer/zones-view.js';
import { ROTATION_NAMES } from '../viewer/words.js';
import { checkPlacement } from './engine.js';
import { T } from './tstate.js';
import { renderActPanel, say } from './act.js';

const DX = [1, 0, -1, 0], DY = [0, 1, 0, -1];

function clearMarks() {
  document.querySelectorAll('#kingdoms .ghost').forEach((e) => e.remove());
  document.querySelectorAll('#kingdoms .sq.spot').forEach((e) => e.classList.remove('spot'));
}

// The tile's two squares drawn over the grid at (x, y) turned r: `kind` ok, no or held.
function drawTile(x, y, r, kind) {
  const m = T.m, tile = m.tiles[T.state.tile - 1], c = m.cards[T.move.seat], p = m.cell + GAP;
  const g = h('div', { class: 'ghost ' + kind, 'data-testid': 'ghost', 'data-kind': kind, 'data-x': x, 'data-y': y, 'data-r': r });
  [[x, y, tile.slice(0, 2)], [x + DX[r], y + DY[r], tile.slice(2, 4)]].forEach(([a, b, sq]) => {
    if (a < 0 || b < 0 || a >= m.n || b >= m.n) return;
    const e = h('div', { class: squareClass(sq) + ' ghost-sq', style: `left:${a * p}px;top:${b * p}px` });
    e.innerHTML = squareHtml(sq);
    g.append(e);
  });
  c.grid.append(g);
}

// The marks of the move as it stands: the spots of this rotation, the tile under the pointer or the one placed.
function drawMove() {
  const mv = T.move;
  clearMarks();
  if (!mv || mv.put === 'none' || T.state.turn === 0) return;
  if (mv.put) return drawTile(mv.put.x, mv.put.y, mv.put.r, 'held');
  const cells = T.m.cards[mv.seat].cells;
  for (const [x, y, r] of T.state.placements) if (r === mv.r) cells[y][x].classList.add('spot');
  if (!mv.shown) return;
  const verdict = checkPlacement(mv.x, mv.y, mv.r);
  drawTile(mv.x, mv.y, mv.r, verdict.legal ? 'ok' : 'no');
  say(verdict.legal ? `(${mv.x}, ${mv.y}), second square ${ROTATION_NAMES[mv.r]}: click or press Enter to place it`
    : `Not here: ${verdict.reason}`, verdict.legal ? '' : 'warn');
}

function send() {
  const mv = T.move, put = mv.put && mv.put !== 'none' ? mv.put : { x: 0, y: 0, r: 0 };
  T.move = null;
  clearMarks();
  mv.send(`PUT ${put.x} ${put.y} ${put.r}\nPICK ${mv.pick ?? -1}\n`);
}

// What the turn still asks of the person, said on the status line; sends the answer when nothing is left.
function next() {
  const mv = T.move, st = T.state;
  drawMove();
  if (!mv.put && st.turn > 0) {
    if (!st.placements.length) say(`Tile #${st.tile} fits nowhere in your kingdom: it is discarded (RULES.md, Placement). Press "Discard".`, 'warn');
    else if (!mv.shown) say(`Place tile #${st.tile}: point at your kingdom, R turns it; the dots are where its first square may go.`);
    return;
  }
  if (st.picks.length && mv.pick === undefined) return say('Now pick a tile of the draft for the next turn.' + (mv.put && mv.put !== 'none' ? ' (Esc: place again)' : ''));
  send();
}

function tryPlace() {
  const mv = T.move;
  const verdict = checkPlacement(mv.x, mv.y, mv.r);
  if (!verdict.legal) {
    mv.refused++;
    return say(`Refused: ${verdict.reason}`, 'bad');
  }
  mv.put = { x: mv.x, y: mv.y, r: mv.r };
  next();
}

function pick(tile) {
  const mv = T.move, st = T.state;
  if (!mv) return;
  const slot = st.draft.find((t) => t.id === tile);
  if (slot && slot.owner >= 0) return say(`Refused: tile #${tile} is taken (P${slot.owner} picked it).`, 'bad');
  if (!mv.put && st.turn > 0) return say('Refused: place your tile first (or discard it when it fits nowhere).', 'bad');
  mv.pick = tile;
  next();
}

function rotate(step) {
  const mv = T.move;
  if (!mv || mv.put || T.state.turn === 0) return;
  mv.r = (mv.r + (step || 1) + 4) % 4;
  next();
}

function discard() {
  if (!T.move || T.state.placements.length) return;
  T.move.put = 'none';
  next();
}

// Starts the person's answer for the acting seat; `sendAnswer(output)` plays it.
export function beginMove(sendAnswer) {
  const st = T.state, [cx, cy] = st.replay.castle;
  T.move = { seat: st.seat, send: sendAnswer, x: cx + 1, y: cy, r: 0, shown: false, put: null, pick: undefined, refused: 0 };
  renderActPanel({ pick, rotate: st.turn > 0 && st.placements.length ? () => rotate(1) : null,
    discard: st.turn > 0 && !st.placements.length ? discard : null });
  next();
}

// The square of the person's kingdom under the pointer, [x, y], or null.
function squareAt(e) {
  const cell = e.target.closest && e.target.closest('.sq[data-seat]');
  return cell && T.move && +cell.dataset.seat === T.move.seat ? [+cell.dataset.x, +cell.dataset.y] : null;
}

export function onPointer(e) {
  const mv = T.move, at = squareAt(e);
  if (!mv || mv.put || !at || (at[0] === mv.x && at[1] === mv.y && mv.shown)) return;
  [mv.x, mv.y] = at;
  mv.shown = true;
  drawMove();
}

export function onBoardClick(e) {
  const mv = T.move, at = squareAt(e);
  if (!mv || T.state.turn === 0 || mv.put === 'none') return;
  if (!at) return say('Refused: that is not your kingdom.', 'bad');
  [mv.x, mv.y] = at;  // placed already: placed again there, when that is legal
  mv.shown = true;
  tryPlace();
}

const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// R turns, the arrows move the tile, Enter places, Escape takes a placement back. True when the key was the move's.
export function onMoveKey(e) {
  const mv = T.move;
  if (!mv) return false;
  if (e.key === 'r' || e.key === 'R') rotate(e.shiftKey ? -1 : 1);
  else if (e.key === 'Escape' && mv.put && mv.pick === undefined) { mv.put = null; next(); }
  else if (e.key === 'Enter' && !mv.put && T.state.turn > 0 && T.state.placements.length) tryPlace();
  else if (MOVES[e.key] && !mv.put && T.state.turn > 0) {
    mv.x = Math.max(0, Math.min(T.m.n - 1, mv.x + MOVES[e.key][0]));
    mv.y = Math.max(0, Math.min(T.m.n - 1, mv.y + MOVES[e.key][1]));
    mv.shown = true;
    drawMove();
  } else return false;
  return true;
}

// The move's marks again, after the board was drawn anew.
export function redrawMove() { if (T.move) drawMove(); }
