// The game at the table: a new game opened in the engine, then each request in
// turn: a person answers through place.js, a player of the worker (our bot,
// greedy, random) through players.js; every answer is played by the engine
// and the board drawn again. Ends with the final result, as the referee ranks.

import { $, h, showMessage } from '../viewer/dom.js';
import { badge } from '../viewer/pieces.js';
import { openGame, playAnswer } from './engine.js';
import { playerAnswer } from './players.js';
import { T } from './tstate.js';
import { showGame } from './view.js';
import { renderActPanel, say } from './act.js';
import { beginMove } from './place.js';
import { seatInputs } from './hint.js';

function renderNotes() {
  const box = $('notes');
  box.textContent = '';
  for (const n of T.notes.slice(-8).reverse()) {
    box.append(h('div', { class: 'note-row', 'data-testid': 'bot-note', 'data-seat': n.seat },
      badge(T.m, n.seat), ' ', h('span', { class: 'msg' }, n.message || ''), h('div', { class: 'note' }, n.note)));
  }
  $('notes-panel').hidden = !T.notes.length;
}

// Plays the acting seat's answer and draws the game; the next seat's turn follows.
function played(output, ms, note) {
  const state = playAnswer(output, ms, note);
  if (state.error) return showMessage('The engine refused the answer: ' + state.error, true);
  showGame(state);
  advance();
}

// The worker's player in the acting seat answers.
function botTurn(game, seat) {
  const start = performance.now();
  T.thinking = seat;
  $('app').dataset.thinking = seat;
  say(`P${seat} ${T.seats[seat].label} is thinking\u2026`);
  playerAnswer(T.seats[seat].command, seatInputs(seat)).then((reply) => {
    T.thinking = -1;
    $('app').dataset.thinking = -1;
    if (game !== T.game) return;  // a new game started meanwhile
    if (reply.error) return showMessage(`P${seat} ${T.seats[seat].label} could not answer: ${reply.error}`, true);
    if (T.seats[seat].kind === 'bot') T.notes.push({ seat, note: reply.note, message: (reply.output.split('\n')[1] || '').replace(/^PICK -?\d+ ?/, '') });
    renderNotes();
    played(reply.output, performance.now() - start, reply.note);
  }, (e) => showMessage('The worker stopped: ' + e.message, true));
}

// The next request: a person's move, or a player of the worker; the result at the end.
export function advance() {
  const st = T.state;
  $('app').dataset.requests = st.replay.requests.length;
  $('app').dataset.over = st.over ? '1' : '0';
  $('app').dataset.seat = st.seat;
  $('app').dataset.human = !st.over && T.seats[st.seat].kind === 'human' ? '1' : '0';
  if (st.over) {
    renderActPanel(null);
    const first = T.m.rep.final.ranks.map((r, s) => r === 1 ? `P${s} ${T.seats[s].label}` : null).filter(Boolean);
    return say(`Game over: ${first.join(' and ')} ${first.length > 1 ? 'share the first place' : 'wins'}. Download the replay to keep it.`);
  }
  if (T.seats[st.seat].kind === 'human') {
    const asked = performance.now();
    return beginMove((output) => played(output, performance.now() - asked, ''));
  }
  renderActPanel(null);
  botTurn(T.game, st.seat);
}

// A new game of `config` (setup.js); a bad setting is said and nothing starts.
export function startGame(config) {
  const state = openGame(config.variant, config.rule, config.seed, config.seats.map((s) => s.command));
  if (state.error) return showMessage('Cannot start: ' + state.error, true);
  showMessage('', false);
  T.game++;
  T.config = config;
  T.seats = config.seats;
  T.m = null;
  T.move = null;
  T.notes = [];
  renderNotes();
  $('hint-result').textContent = '';
  $('setup').hidden = true;
  $('main').hidden = false;
  showGame(state);
  advance();
}
