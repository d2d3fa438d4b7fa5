// The game drawn from the replay so far, by the replay viewer's own modules:
// the kingdoms with their scores, windows and zones (laid out by layout.js),
// the log, the scores chart, the bots' notes and, at the end, the final
// result with its ranks and tie-break points.

import { $, h, showMessage } from '../viewer/dom.js';
import { TERRAIN_NAMES, fmtMs } from '../viewer/words.js';
import { buildModel } from '../viewer/replay.js';
import { buildBoard, renderKingdoms } from '../viewer/board.js';
import { renderFinal } from '../viewer/final.js';
import { buildLog, renderLog } from '../viewer/log.js';
import { buildChart, moveChartCursor } from '../viewer/chart.js';
import { badge, miniSquare } from '../viewer/pieces.js';
import { layoutTable } from './layout.js';
import { playedWords } from './phrases.js';
import { T } from './tstate.js';

function renderMeta(rep) {
  const chip = (k, v) => h('span', { class: 'chip' }, k + ' ', h('b', { 'data-testid': 'meta-' + k }, v));
  $('meta').textContent = '';
  $('meta').append(chip('variant', rep.variant), chip('seed', rep.seed), chip('rule', rep.rule));
  const legend = $('legend');
  legend.textContent = '';
  for (const t of 'cfglwm') legend.append(h('span', {}, miniSquare(t + '1'), TERRAIN_NAMES[t]));
  legend.append(h('span', {}, miniSquare('*0'), 'castle'));
}

// The bots' latest notes, from the replay (a bot's note is its request's "stderr").
function renderNotes() {
  const box = $('notes'), m = T.m;
  box.textContent = '';
  const notes = m.rep.requests.filter((r) => T.seats[r.seat].kind === 'bot').slice(-8).reverse();
  for (const r of notes) {
    box.append(h('div', { class: 'note-row', 'data-testid': 'bot-note', 'data-seat': r.seat },
      badge(m, r.seat), ' ', h('span', { class: 'msg' }, r.message || ''),
      h('details', {}, h('summary', {}, 'how it chose'), h('div', { class: 'note' }, r.stderr))));
  }
  $('notes-panel').hidden = !notes.length;
}

// The log in players' words: each answer's line, which the viewer writes as the protocol's figures, says what was played.
function logInWords(m) {
  for (const row of m.logRows) {
    if (row._event) continue;
    const r = m.rep.requests[+row.dataset.step - 1], txt = row.querySelector('.txt');
    txt.textContent = '';
    txt.append(badge(m, r.seat), ` turn ${r.turn + 1}: ${playedWords(r)}`, h('span', { class: 'note' }, ` (${fmtMs(r.time_ms)})`));
  }
}

// The replay as the page shows it and downloads it: the engine's, with the names the page gave the seats.
export function namedReplay(rep) {
  rep.names = T.seats.map((s) => s.label);
  return rep;
}

// Shows `state` (Table::state): a new game's board is built, a game going on keeps its own.
export function showGame(state) {
  const m = buildModel(namedReplay(state.replay), 'table', null);
  if (T.m) {  // the same game (startGame forgets the last one's model)
    m.cards = T.m.cards;
  } else {
    $('home').querySelectorAll('.card').forEach((e) => e.remove());  // the last game's, which buildBoard does not know
    buildBoard(m);
    renderMeta(state.replay);
  }
  const home = T.home;
  T.m = m;
  T.state = state;
  if (!T.m.cards[0].cell || layoutNeeded(home)) layoutTable();
  renderBoard();
  buildLog(m, () => {});
  logInWords(m);
  renderLog(m, m.steps);
  buildChart(m, () => {});
  moveChartCursor(m, m.steps);
  renderNotes();
  renderFinal(m, m.steps);
  $('final').hidden = !state.over;  // a game going on has standings, not a result
  if (m.warnings.length) showMessage('Replay check: ' + m.warnings.join('; '), true);
}

// Whether the kingdom drawn large must change: another person acts (seats shared at one screen).
function layoutNeeded(home) {
  const st = T.state;
  return !st.over && T.seats[st.seat].kind === 'human' && st.seat !== home;
}

// The kingdoms again (after a resize, the zones key), at the step shown, the seat to act marked.
export function renderBoard() {
  const m = T.m;
  if (!m) return;
  renderKingdoms(m, T.step ?? m.steps, T.zones);
  m.cards.forEach((c, s) => c.card.classList.toggle('to-act', !T.state.over && T.state.seat === s && T.step === null));
}

export function relayout() {
  if (!T.m) return;
  layoutTable();
  renderBoard();
}
