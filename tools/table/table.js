// The game at the table: a new game opened in the engine (or the game kept
// in the browser played again up to where it was), then each request in
// turn: a person answers through place.js, a player of the worker (our bot,
// greedy, random) through players.js; every answer is played by the engine,
// kept (saved.js) and the board drawn again. Ends with the final result, as
// the referee ranks, and the review of the person's moves.

import { $, showMessage } from '../viewer/dom.js';
import { openGame, playAnswer } from './engine.js';
import { playerAnswer, stopAdviser, stopPlayers } from './players.js';
import { keepGame, forgetGame } from './saved.js';
import { T } from './tstate.js';
import { showGame } from './view.js';
import { showOnPhone } from './layout.js';
import { renderActPanel, say } from './act.js';
import { beginMove } from './place.js';
import { clearHint, followSeat, seatInputs } from './hint.js';
import { startReview } from './review.js';
import { randomNumber } from './setup.js';

function keep() { keepGame(T.config, T.answers, T.review && T.review.moves ? T.review : null); }

// Whether a game is going on (not over): leaving or starting another abandons it.
export function gameRunning() { return !!T.state && !T.state.over && T.config !== null; }

// Plays the acting seat's answer (its text, time in ms and note), keeps it, and goes on.
function played(output, ms, note) {
  const state = playAnswer(output, ms, note);
  if (state.error) return showMessage('The engine refused the answer: ' + state.error, true);
  T.answers.push([output, ms, note]);
  keep();
  clearHint();
  if (T.resumed) showMessage('', false);  // the game is under way again: the notice has done its work
  T.resumed = false;
  showGame(state);
  advance();
}

// The worker's player in the acting seat answers; its time is its answer's in the worker.
function botTurn(game, seat) {
  T.thinking = seat;
  $('app').dataset.thinking = seat;
  say(`P${seat} ${T.seats[seat].label} is thinking\u2026`);
  playerAnswer(`P${seat}`, T.seats[seat].command, seatInputs(seat)).then((reply) => {
    if (reply.stopped || game !== T.game) return;  // the game was abandoned meanwhile
    T.thinking = -1;
    $('app').dataset.thinking = -1;
    if (reply.error) return showMessage(`P${seat} ${T.seats[seat].label} could not answer: ${reply.error}`, true);
    played(reply.output, reply.ms, reply.note);
  }, (e) => showMessage('The worker stopped: ' + e.message, true));
}

function gameOver() {
  renderActPanel(null);
  $('hint-panel').hidden = true;  // no move left to hint
  const first = T.m.rep.final.ranks.map((r, s) => (r === 1 ? `P${s} ${T.seats[s].label}` : null)).filter(Boolean);
  say(`Game over: ${first.join(' and ')} ${first.length > 1 ? 'share the first place' : 'wins'}. Download the replay to keep it.`);
  startReview(keep);
}

// The next request: a person's move, or a player of the worker; the result at the end.
export function advance() {
  const st = T.state;
  $('app').dataset.requests = st.replay.requests.length;
  $('app').dataset.over = st.over ? '1' : '0';
  $('app').dataset.seat = st.seat;
  $('app').dataset.human = !st.over && T.seats[st.seat].kind === 'human' ? '1' : '0';
  $('app').dataset.home = T.home;
  // The tab says whose move it is, as a table's does: a person playing in another tab sees their turn come.
  const person = !st.over && T.seats[st.seat].kind === 'human';
  document.title = `${st.over ? 'Game over' : person ? `Your move (P${st.seat})` : 'Waiting'} \u00B7 Kingdomino table`;
  if (st.over) return gameOver();
  if (T.seats[st.seat].kind === 'human') {
    followSeat(st.seat);
    showOnPhone(T.m.cards[st.seat].card, true);
    const asked = performance.now();
    return beginMove((output) => played(output, performance.now() - asked, ''));
  }
  renderActPanel(null);
  botTurn(T.game, st.seat);
}

// The game at the table given up: its players' and adviser's work stopped, nothing kept.
export function abandonGame() {
  stopPlayers();
  stopAdviser();
  forgetGame();
  T.game++;
  T.config = null;
  T.move = null;
  T.thinking = -1;
  $('app').dataset.thinking = -1;
  $('download').disabled = true;
}

// A game of `config` (setup.js), its `answers` (kept from before a reload) played again first;
// a bad setting is said and nothing starts. Returns whether it started.
export function startGame(config, answers, review) {
  const opened = openGame(config.variant, config.rule, config.seed, config.seats.map((s) => s.command));
  if (opened.error) {
    showMessage('Cannot start: ' + opened.error, true);
    return false;
  }
  abandonGame();
  showMessage('', false);
  Object.assign(T, { config, seats: config.seats, answers: [], m: null, home: -1, step: null, review: review || null,
    adviserSeed: randomNumber(), resumed: false });
  let state = opened;
  for (const [output, ms, note] of answers || []) {
    const next = playAnswer(output, ms, note);
    if (next.error) break;  // kept by another version of the page: the game goes on from there
    state = next;
    T.answers.push([output, ms, note]);
  }
  keep();
  clearHint();
  $('review-panel').hidden = true;
  $('review-position').hidden = true;
  $('setup').hidden = true;
  $('main').hidden = false;
  $('download').disabled = false;
  showGame(state);
  advance();
  return true;
}
