// The person's move, made and then confirmed. The tile follows the pointer
// (or the arrow keys) over their kingdom and turns with R or Rotate; the
// squares where it may go at this rotation carry a dot, and where it may not
// the rules' reason is shown (the engine's: placement_reason.h). A click or a
// tap (or Enter) places it, a click on a free draft tile picks; nothing is
// sent until Confirm (or Enter): Undo (or Esc) takes back the pick, then the
// placement, a step at a time. A refused click loses nothing; the replay
// records only the move confirmed.

import { ROTATION_NAMES } from '../viewer/words.js';
import { checkPlacement } from './engine.js';
import { drawGhost, removeGhosts } from './ghost.js';
import { drawHint } from './hint.js';
import { T } from './tstate.js';
import { enableButtons, markDraft, renderActPanel, say } from './act.js';

const MARKS = ['ok', 'no', 'held'];

// Where the tile still has to go, and what is left to choose.
function needs() {
  const mv = T.move, st = T.state;
  return { put: st.turn > 0 && !mv.put, pick: st.picks.length > 0 && mv.pick === undefined };
}

function clearMarks() {
  removeGhosts(...MARKS);
  document.querySelectorAll('#main .sq.spot').forEach((e) => e.classList.remove('spot'));
}

// The marks of the move as it stands: the spots of this rotation, the tile under the pointer or the one placed.
function drawMove() {
  const mv = T.move;
  clearMarks();
  drawHint();
  if (!mv || mv.put === 'none' || T.state.turn === 0) return;
  if (mv.put) return drawGhost(T.m, mv.seat, T.state.tile, mv.put.x, mv.put.y, mv.put.r, 'held');
  const cells = T.m.cards[mv.seat].cells;
  for (const [x, y, r] of T.state.placements) if (r === mv.r) cells[y][x].classList.add('spot');
  if (!mv.shown) return;
  const verdict = checkPlacement(mv.x, mv.y, mv.r);
  drawGhost(T.m, mv.seat, T.state.tile, mv.x, mv.y, mv.r, verdict.legal ? 'ok' : 'no');
  say(verdict.legal ? `(${mv.x}, ${mv.y}), second square ${ROTATION_NAMES[mv.r]}: click or press Enter to place it here`
    : `Not here: ${verdict.reason}`, verdict.legal ? '' : 'warn');
}

function send() {
  const mv = T.move, put = mv.put && mv.put !== 'none' ? mv.put : { x: 0, y: 0, r: 0 };
  T.move = null;
  clearMarks();
  mv.send(`PUT ${put.x} ${put.y} ${put.r}\nPICK ${mv.pick ?? -1}\n`);
}

// What the move still asks of the person, said on the status line, the buttons set to match.
function next() {
  const mv = T.move, st = T.state, need = needs();
  drawMove();
  markDraft();
  enableButtons({ rotate: st.turn > 0 && mv.put !== 'none', undo: !!mv.put || mv.pick !== undefined,
    discard: need.put, confirm: !need.put && !need.pick });
  if (need.put) {
    if (!st.placements.length) say(`Tile #${st.tile} fits nowhere in your kingdom, so the rules discard it: press "Discard".`, 'warn');
    else if (!mv.shown) say(`Place tile #${st.tile}: the dots show where its first square may go; Rotate (R) turns it.`);
    return;
  }
  if (need.pick) return say('Now pick a tile of the draft for the next turn.' + (mv.put ? ' Undo (Esc) takes the placement back.' : ''));
  say('Confirm your move (Enter) to play it, or Undo (Esc) to change it.');
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
  if (needs().put) return say('Refused: place your tile first (or discard it when it fits nowhere).', 'bad');
  mv.pick = tile;
  next();
}

// Turns the tile; once placed, about its first square, to the next way that fits there.
function rotate(step) {
  const mv = T.move;
  if (!mv || mv.put === 'none' || T.state.turn === 0) return;
  if (!mv.put) {
    mv.r = (mv.r + (step || 1) + 4) % 4;
    return next();
  }
  for (let k = 1; k < 4; k++) {
    const r = (mv.put.r + k * (step || 1) + 8) % 4;
    if (checkPlacement(mv.put.x, mv.put.y, r).legal) {
      mv.put.r = mv.r = r;
      return next();
    }
  }
  say('No other turn of the tile fits with its first square there.', 'warn');
}

// Takes back the last step: the pick, then the placement (or the discard).
function undo() {
  const mv = T.move;
  if (!mv) return;
  if (mv.pick !== undefined) mv.pick = undefined;
  else if (mv.put) mv.put = null;
  else return;
  next();
}

function discard() {
  if (!T.move || T.state.placements.length || T.move.put) return;
  T.move.put = 'none';
  next();
}

function confirm() {
  const need = T.move && needs();
  if (need && !need.put && !need.pick) send();
}

// Starts the person's move for the acting seat; `sendAnswer(output)` plays it.
export function beginMove(sendAnswer) {
  const st = T.state, [cx, cy] = st.replay.castle;
  T.move = { seat: st.seat, send: sendAnswer, x: cx + 1, y: cy, r: 0, shown: false, put: null, pick: undefined, refused: 0 };
  const placing = st.turn > 0;
  renderActPanel({ pick, undo, confirm, rotate: placing && st.placements.length ? () => rotate(1) : null,
    discard: placing && !st.placements.length ? discard : null });
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
  const card = e.target.closest('.card');
  if (!at) return card && +card.dataset.seat !== mv.seat && say('Refused: that is not your kingdom.', 'bad');
  [mv.x, mv.y] = at;  // placed already: placed again there, when that is legal
  mv.shown = true;
  tryPlace();
}

const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// R turns, the arrows move the tile, Enter places or confirms, Escape takes back. True when the key was the move's.
export function onMoveKey(e) {
  const mv = T.move;
  if (!mv) return false;
  const placing = !mv.put && T.state.turn > 0;
  if (e.key === 'r' || e.key === 'R') rotate(e.shiftKey ? -1 : 1);
  else if (e.key === 'Escape') undo();
  else if (e.key === 'Enter' && placing && T.state.placements.length) tryPlace();
  else if (e.key === 'Enter') confirm();
  else if (MOVES[e.key] && placing) {
    mv.x = Math.max(0, Math.min(T.m.n - 1, mv.x + MOVES[e.key][0]));
    mv.y = Math.max(0, Math.min(T.m.n - 1, mv.y + MOVES[e.key][1]));
    mv.shown = true;
    drawMove();
  } else return false;
  return true;
}

// The move's marks again, after the board was drawn anew.
export function redrawMove() {
  if (T.move) drawMove();
}
