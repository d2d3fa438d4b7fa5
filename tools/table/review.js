// Learn from the game: once it is over, each of the person's moves reviewed
// in the adviser worker (review.h), a progress bar while it thinks: what our
// bot would have answered there, and what the person's move cost by the
// bot's values (both moves valued on the same deals). The three costliest
// are marked in the list and on the scores chart; a click opens that
// position in place, with the bot's answer and the person's move drawn on
// the board, and brings it into view.
// The review is kept with the game (saved.js) and in the downloaded replay.

import { $, h, svgEl } from '../viewer/dom.js';
import { moveChartCursor } from '../viewer/chart.js';
import { reviewAnswer } from './players.js';
import { botCommand, randomNumber, thinkingTime } from './setup.js';
import { answerWords, percent } from './phrases.js';
import { drawGhost, removeGhosts, splitShared } from './ghost.js';
import { renderBoard } from './view.js';
import { T } from './tstate.js';

const DEALS = 1000;  // deals each move of a pair is valued on: a cost's noise is a few thousandths
const MARKED = 3;    // the costliest moves marked

// The person's answers of the replay: [{request, seat, turn, tile, put, pick, inputs}].
function personMoves(rep) {
  const moves = [];
  rep.requests.forEach((r, k) => {
    if (T.seats[r.seat].kind !== 'human') return;
    const inputs = rep.requests.slice(0, k + 1).filter((q) => q.seat === r.seat).map((q) => q.input).join('');
    moves.push({ request: k, seat: r.seat, turn: r.turn, tile: r.tile, put: r.put_result === 'placed' ? r.put : null, pick: r.pick, inputs });
  });
  return moves;
}

function progress(done, total) {
  const box = $('review-panel');
  box.hidden = false;
  box.textContent = '';
  box.append(h('h2', {}, 'Reviewing your moves'),
    h('progress', { 'data-testid': 'review-progress', value: done, max: total }),
    h('div', { class: 'note' }, `${done} of ${total}: the bot thinks ${thinkingTime(T.review.ms)} about each.`));
}

// Reviews the finished game's person's moves, unless kept already or not asked for; `done()` when finished.
export function startReview(done) {
  if (T.review && T.review.moves) return renderReview();
  const ms = +T.config.reviewMs, game = T.game;
  const moves = personMoves(T.state.replay);
  if (!ms || !moves.length) return;
  const seed = randomNumber();
  T.review = { by: botCommand(ms, seed), ms, deals: DEALS, moves: null };
  $('app').dataset.review = 'running';
  const reviewed = [];
  const next = () => {
    if (game !== T.game) return;
    progress(reviewed.length, moves.length);
    if (reviewed.length === moves.length) {
      T.review.moves = reviewed;
      renderReview();
      return done();
    }
    const mv = moves[reviewed.length];
    reviewAnswer(`P${mv.seat}`, T.review.by, mv.inputs, { put: mv.put, pick: mv.pick }, DEALS).then((reply) => {
      if (reply.stopped || game !== T.game) return;
      const { inputs, ...move } = mv;
      reviewed.push(reply.error ? { ...move, error: reply.error } : { ...move, bot: reply.bot, same: reply.same,
        bot_value: reply.bot_value, bot_first: reply.bot_first, person_value: reply.person_value, person_first: reply.person_first,
        cost: +(reply.bot_value - reply.person_value).toFixed(4) });
      next();
    });
  };
  next();
}

// A move's cost in words: what it gave up against the bot's answer, in hundredths of
// the leaders' points; below zero, the playouts liked it better than the bot's own answer.
function costWords(mv) {
  const c = Math.round(1000 * mv.cost) / 10;
  if (mv.same || c === 0) return 'cost 0';
  return c > 0 ? `cost ${c.toFixed(1)}` : `better by ${(-c).toFixed(1)}`;
}

// The costliest moves, most first: only those that cost something by the bot's values.
function costliest(moves) {
  return moves.filter((mv) => mv.cost > 0).sort((a, b) => b.cost - a.cost).slice(0, MARKED);
}

function moveRow(mv, rank) {
  const tile = mv.turn > 0 ? mv.tile : -1;
  const words = mv.error ? [h('div', { class: 'err' }, 'not reviewed: ' + mv.error)]
    : mv.same ? [h('div', {}, 'You: ', answerWords(mv, tile), '.'), h('div', { class: 'note' }, 'The bot would do the same.')]
      : [h('div', {}, 'You: ', answerWords(mv, tile), ` (wins ${percent(mv.person_first)}).`),
        h('div', {}, 'The bot: ', answerWords(mv.bot, tile), ` (wins ${percent(mv.bot_first)}).`)];
  return h('button', { class: 'review-move' + (rank ? ' costly' : ''), 'data-testid': 'review-move', 'data-request': mv.request,
    'data-cost': mv.cost ?? '', 'data-same': mv.same ? '1' : '0', 'data-rank': rank || '', 'data-bot-places': mv.bot && mv.bot.put ? '1' : '0',
    onclick: () => showPosition(mv) },
  h('div', { class: 'review-head' }, h('b', {}, `Turn ${mv.turn + 1}`), rank ? h('span', { class: 'rank-tag' }, `costliest #${rank}`) : null,
    h('span', { class: 'note', 'data-testid': 'review-cost' }, mv.error ? '' : costWords(mv))), ...words);
}

// The marks of the costliest moves on the scores chart, at the step each was played.
function markChart(top) {
  const svg = $('chart'), m = T.m;
  svg.querySelectorAll('.review-mark').forEach((e) => e.remove());
  top.forEach((mv, i) => {
    const x = m.chartX(mv.request + 1), y = m.chartY(m.scores(mv.request + 1)[mv.seat]);
    const g = svgEl('g', { class: 'review-mark', 'data-testid': 'review-mark', 'data-request': mv.request });
    const label = svgEl('text', { x, y: y - 7, 'text-anchor': 'middle' });
    label.textContent = String(i + 1);
    g.append(svgEl('circle', { cx: x, cy: y, r: 4.5 }), label);
    g.addEventListener('click', (e) => { e.stopPropagation(); showPosition(mv); });
    svg.append(g);
  });
}

export function renderReview() {
  const box = $('review-panel'), moves = T.review.moves;
  box.hidden = false;
  box.textContent = '';
  const top = costliest(moves);
  box.append(h('h2', {}, 'Your moves, reviewed'),
    h('p', { class: 'note' }, `For each of your moves, what our bot would have played after thinking ${thinkingTime(T.review.ms)}, `
      + `and both moves played to the end of the game ${T.review.deals} times, on the same tiles to come. `
      + 'Cost: how much less of the points of the two leaders your move left you than the bot\'s, in hundredths. '
      + '"Better by": your move did better there than the bot\'s; its short search had valued it below its own. '
      + 'Click a move to see it on the board.'),
    h('div', { class: 'review-list' }, moves.map((mv) => moveRow(mv, top.indexOf(mv) + 1))));
  markChart(top);
  $('app').dataset.review = 'done';
}

// The board at the position before move `mv`, the bot's answer and the person's move drawn.
function showPosition(mv) {
  const m = T.m;
  T.step = mv.request;
  renderBoard();
  document.querySelectorAll('#main .sq.now').forEach((e) => e.classList.remove('now'));  // the move before: not this one
  for (const c of m.cards) c.tags.textContent = '';
  moveChartCursor(m, mv.request + 1);
  removeGhosts('review-bot', 'review-you');
  if (mv.turn > 0 && mv.bot && mv.bot.put) drawGhost(m, mv.seat, mv.tile, mv.bot.put.x, mv.bot.put.y, mv.bot.put.rotation, 'review-bot');
  if (mv.turn > 0 && mv.put) drawGhost(m, mv.seat, mv.tile, mv.put.x, mv.put.y, mv.put.rotation, 'review-you');
  splitShared('review-you', 'review-bot');
  const banner = $('review-position');
  banner.hidden = false;
  banner.dataset.request = mv.request;
  banner.textContent = '';
  const tile = mv.turn > 0 ? mv.tile : -1;
  const shared = document.querySelector('.ghost-sq.shared') ? ' Where both take a square, the bot\'s is its upper left half.' : '';
  banner.append(h('span', {}, `Turn ${mv.turn + 1}, before your move. `, h('span', { class: 'you' }, 'You: '), answerWords(mv, tile), '. ',
    mv.same ? 'The bot would do the same.' : [h('span', { class: 'bot' }, 'The bot: '), answerWords(mv.bot, tile), '.'],
    tile > 0 ? ' Both drawn on the board.' + shared : ''),
  h('button', { class: 'btn', 'data-testid': 'review-back', onclick: () => backToEnd(mv) }, 'Back to the end'));
  $('home').scrollIntoView({ block: 'start' });  // the position opened, not where its line was clicked
}

// The board at the game's end again, the list where the move `mv` was opened from.
function backToEnd(mv) {
  T.step = null;
  removeGhosts('review-bot', 'review-you');
  $('review-position').hidden = true;
  renderBoard();
  moveChartCursor(T.m, T.m.steps);
  const row = document.querySelector(`[data-testid=review-move][data-request="${mv.request}"]`);
  if (row) row.scrollIntoView({ block: 'nearest' });
}
