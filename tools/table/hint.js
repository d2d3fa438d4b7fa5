// The hint: what our bot would answer in the person's seat, searched by the
// adviser worker's bot in that seat from the very requests the seat received
// (tools/table/seat_bot.h) for as long as the person chose, the first request included. It
// is drawn on the board (the tile where the bot would place it) and in the
// draft (the tile it would pick), said in words, with its best moves and
// the bot's full report a click away. A hint belongs to one position: when
// a move is played its search is stopped, and one that comes back for
// another position is dropped. The adviser's bot follows the person's seat
// as the game goes (it learns from each request as our bot at 30 ms would),
// so that a hint searches only its own position, for the time asked.

import { $, h } from '../viewer/dom.js';
import { fmtMs } from '../viewer/words.js';
import { domino } from '../viewer/pieces.js';
import { adviserAnswer, adviserLearn, stopAdviser } from './players.js';
import { botCommand, thinkingTime } from './setup.js';
import { answerWords, count, percent } from './phrases.js';
import { drawGhost, removeGhosts } from './ghost.js';
import { markDraft } from './act.js';
import { showOnPhone } from './layout.js';
import { T } from './tstate.js';

// The text a seat received before the request in play.
function pastInputs(seat) {
  return T.state.replay.requests.filter((r) => r.seat === seat).map((r) => r.input).join('');
}

// The text a seat received so far, its request now last.
export function seatInputs(seat) { return pastInputs(seat) + T.state.input; }

// At the start of a person's move: the adviser's bot in their seat reads the requests before it.
export function followSeat(seat) {
  const past = pastInputs(seat);
  if (past) adviserLearn(`P${seat}`, `bot --time-ms 30 --first-ms 30 --seed ${T.adviserSeed}`, past);
}

// The position the game stands in: a hint is for this one only.
function position() { return `${T.game}/${T.state.replay.requests.length}`; }

// "PUT 2 4 0, PICK 21", as the bot's protocol writes the answer (the full report's words).
function protocolText(a) {
  const put = a.put ? `PUT ${a.put.x} ${a.put.y} ${a.put.rotation}` : '';
  return [put, a.pick !== null ? `PICK ${a.pick}` : ''].filter(Boolean).join(', ') || '(nothing to decide)';
}

// What the search did, in a line a player reads.
function searchWords(an, ms) {
  if (an.mode === 'exact') return `Solved exactly in ${fmtMs(ms)}: with this move your best final score is ${Math.round(an.value)} points.`;
  if (an.mode === 'forced') return 'Only one move is possible here.';
  return `In ${fmtMs(ms)} the bot weighed ${count(an.candidates_count, 'possible move')}, playing `
    + `${count(an.playouts, 'game')} from them to the end with guesses of the tiles to come. `
    + `After this move you came first in ${percent(an.first)} of those games.`;
}

// The bot's full report: the search's own figures and its candidates as the protocol writes them.
function fullReport(an, ms) {
  const rows = an.candidates.slice(0, 8).map((c, i) => h('tr', {}, h('td', { class: 'num' }, i + 1), h('td', {}, protocolText(c)),
    h('td', { class: 'num' }, c.first.toFixed(3)), h('td', { class: 'num' }, c.value.toFixed(3)), h('td', { class: 'num' }, c.playouts)));
  return h('details', { 'data-testid': 'hint-report' }, h('summary', {}, "The bot's full report"),
    h('pre', {}, `mode ${an.mode}, ${an.playouts} playouts, ${an.candidates_count} candidates, ${an.nodes} nodes, `
      + `${Math.round(ms)} ms (budget ${an.budget_ms ?? '-'} ms), seed ${an.seed}\nanswer: ${protocolText(an.chosen)}, value ${an.value}, first ${an.first}`),
    rows.length ? h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'answer'), h('th', { class: 'num' }, 'first'),
      h('th', { class: 'num' }, 'value'), h('th', { class: 'num' }, 'playouts'))), h('tbody', {}, rows)) : null);
}

// The hint on the board and in the draft: the tile placed where the bot would place it.
export function drawHint() {
  removeGhosts('hint');
  const hint = T.hint;
  if (!hint || !hint.answer || hint.position !== position() || !T.move) return;
  const put = hint.answer.put;
  if (put && T.state.tile > 0) drawGhost(T.m, T.move.seat, T.state.tile, put.x, put.y, put.rotation, 'hint');
}

function showHint(an, ms) {
  const box = $('hint-result');
  box.textContent = '';
  const chosen = an.chosen;
  box.append(h('div', { 'data-testid': 'hint-answer', 'data-position': T.hint.position },
    h('span', {}, h('b', {}, 'The bot would '), answerWords(chosen, T.state.turn > 0 ? T.state.tile : -1) + '.'),
    chosen.pick !== null ? domino(T.m, chosen.pick) : null),
  h('div', { class: 'note' }, searchWords(an, ms)));
  const best = an.candidates.slice(0, 4);
  if (best.length > 1) {
    box.append(h('h3', {}, 'Its best moves'),
      h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'move'), h('th', { class: 'num' }, 'wins'), h('th', { class: 'num' }, 'value'))),
        h('tbody', {}, best.map((c) => h('tr', { 'data-testid': 'hint-candidate' }, h('td', {}, answerWords(c, T.state.turn > 0 ? T.state.tile : -1)),
          h('td', { class: 'num' }, percent(c.first)), h('td', { class: 'num' }, c.value.toFixed(2)))))),
      h('p', { class: 'note' }, 'Wins: how often you came first in the games the bot played to the end after that move. '
        + 'Value: your share of the points of the two leaders (you and the best other) at their end, on average.'));
  }
  box.append(fullReport(an, ms));
}

// The hint taken off the page, its search stopped: the position changed.
export function clearHint() {
  if (T.hint && !T.hint.answer) stopAdviser();
  T.hint = null;
  $('hint-result').textContent = '';
  $('app').dataset.hinting = '0';
  removeGhosts('hint');
}

// Asks the adviser for the bot's answer in the acting person's seat, for the time chosen.
export function askHint() {
  const st = T.state;
  if (!st || st.over || !T.move || (T.hint && T.hint.position === position())) return;
  const ms = $('hint-time').value;
  T.hint = { position: position(), answer: null };
  $('app').dataset.hinting = '1';
  $('hint-result').textContent = `The bot is thinking for ${thinkingTime(ms)}\u2026`;
  const asked = T.hint, start = performance.now();
  adviserAnswer(`P${st.seat}`, botCommand(ms, T.adviserSeed), seatInputs(st.seat)).then((reply) => {
    if (reply.stopped || T.hint !== asked || asked.position !== position()) return;  // overtaken
    $('app').dataset.hinting = '0';
    $('hint-result').dataset.waited = (performance.now() - start).toFixed(0);  // the person's wait, the search's own time included
    if (reply.error) {
      $('hint-result').textContent = 'No hint: ' + reply.error;
      return;
    }
    asked.answer = reply.analysis.chosen;
    showHint(reply.analysis, reply.ms);
    drawHint();
    markDraft();
    showOnPhone(document.querySelector('.ghost[data-kind=hint]') || document.querySelector('[data-testid=draft-tile][data-hint="1"]'));
  });
}
