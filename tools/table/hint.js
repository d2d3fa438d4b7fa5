// The hint: what our bot would answer in the person's seat, searched in the
// worker from the very requests the seat received (tools/analyse's search),
// with its top candidates and their chances of first place.

import { $, h } from '../viewer/dom.js';
import { ROTATION_NAMES } from '../viewer/words.js';
import { domino } from '../viewer/pieces.js';
import { playerAnswer } from './players.js';
import { randomNumber } from './setup.js';
import { T } from './tstate.js';

// The text a seat received so far, its request now last.
export function seatInputs(seat) {
  return T.state.replay.requests.filter((r) => r.seat === seat).map((r) => r.input).join('') + T.state.input;
}

// "PUT 4 5 1, PICK #8"; `long`: with where the second square goes.
function answerText(a, long) {
  const turn = a.put && long ? ` (2nd square ${ROTATION_NAMES[a.put.rotation]})` : '';
  const put = a.put ? `PUT ${a.put.x} ${a.put.y} ${a.put.rotation}${turn}` : 'no PUT';
  return a.pick === null ? put : `${put}, PICK #${a.pick}`;
}

const MODES = { mc: 'Monte Carlo', exact: 'solved exactly', forced: 'a single choice' };

function showHint(an, ms) {
  const box = $('hint-result');
  box.textContent = '';
  box.append(h('div', { class: 'note' }, `${MODES[an.mode] || an.mode}: ${an.playouts} playouts over ${an.candidates_count} candidates in ${Math.round(ms)} ms`
    + (an.mode === 'exact' ? `, final score ${Math.round(an.value)}` : '')),
  h('div', { 'data-testid': 'hint-answer' }, h('b', {}, 'The bot would answer: '), answerText(an.chosen, true),
    an.chosen.pick !== null ? domino(T.m, an.chosen.pick) : null));
  const rows = an.candidates.slice(0, 5).map((c, i) => h('tr', { 'data-testid': 'hint-candidate' },
    h('td', { class: 'num' }, i + 1), h('td', {}, answerText(c)), h('td', { class: 'num' }, `${(100 * c.first).toFixed(0)}%`),
    h('td', { class: 'num' }, c.value.toFixed(3)), h('td', { class: 'num' }, c.playouts)));
  if (rows.length) {
    box.append(h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, '#'), h('th', {}, 'answer'), h('th', { class: 'num', title: 'share of first places in its playouts' }, 'first'),
      h('th', { class: 'num', title: 'mean playout value: my share of the two leaders\' points' }, 'value'), h('th', { class: 'num' }, 'playouts'))), h('tbody', {}, rows)));
  }
}

// Asks the worker for the bot's answer in the acting person's seat.
export function askHint() {
  const st = T.state, game = T.game;
  if (!st || st.over || !T.move || T.thinking >= 0) return;
  $('hint-result').textContent = 'The bot is thinking\u2026';
  T.thinking = st.seat;
  playerAnswer(`bot --time-ms ${$('hint-time').value} --seed ${randomNumber()}`, seatInputs(st.seat)).then((reply) => {
    T.thinking = -1;
    if (game !== T.game) return;
    if (reply.error) $('hint-result').textContent = 'No hint: ' + reply.error;
    else showHint(reply.analysis, reply.ms);
  });
}
