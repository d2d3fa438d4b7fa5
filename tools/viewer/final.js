// The final result over the board, on the last step: ranks, scores, tie-break
// points and which tie-break gave them; for a game stopped early (the replay's
// "finished" false) the standings so far, said so.

import { $, h } from './dom.js';
import { reason } from './words.js';
import { badge, crownIcon } from './pieces.js';

// Which tie-breaks gave seat s its points, in words. The points are the
// replay's (the rules'); this only names them: the first pass goes to the
// largest land among the seats tied on score, the rest is the second, the most crowns.
function tieBreakWords(fin, s) {
  const extra = fin.adjusted[s] - fin.scores[s];
  if (extra <= 0) return '';
  const tied = fin.scores.map((_, j) => j).filter((j) => fin.scores[j] === fin.scores[s]);
  const land = tied.length > 1 && fin.territory && tied.every((j) => fin.territory[j] <= fin.territory[s]) ? 1 : 0;
  return [land ? 'largest land' : null, extra > land ? 'most crowns' : null].filter(Boolean).join(' and ');
}

function resultRow(m, fin, s, finished) {
  const adj = fin.adjusted[s], sc = fin.scores[s];
  const out = fin.eliminated && fin.eliminated[s];
  const tie = tieBreakWords(fin, s);
  return h('tr', { class: fin.ranks[s] === 1 ? 'winner' : '' },
    h('td', { class: 'rank', 'data-testid': 'final-rank', 'data-seat': s }, `#${fin.ranks[s]}`),
    h('td', {}, badge(m, s), fin.ranks[s] === 1 ? crownIcon('width:16px;height:16px;vertical-align:-3px;margin-left:6px') : null),
    h('td', { class: 'num', 'data-testid': 'final-score', 'data-seat': s }, sc),
    h('td', { class: 'num', 'data-testid': 'final-adjusted', 'data-seat': s }, adj,
      tie ? h('span', { class: 'tie', 'data-testid': 'final-tie-break', 'data-seat': s }, `(+${adj - sc} tie-break: ${tie})`) : null),
    h('td', { class: 'num', 'data-testid': 'final-territory', 'data-seat': s }, (fin.territory || [])[s]),
    h('td', { class: 'num', 'data-testid': 'final-crowns', 'data-seat': s }, (fin.crowns || [])[s]),
    h('td', {}, out ? h('span', { class: 'err' }, 'eliminated: ' + reason(out.reason))
      : h('span', { class: 'note' }, finished ? 'finished' : 'playing')));
}

// The result's title: who wins, and by which tie-break when the scores were equal.
function title(m, fin, order) {
  const winners = order.filter((s) => fin.ranks[s] === 1);
  const named = (s) => `P${s} ${m.names[s]}`;
  if (winners.length > 1) return 'draw between ' + winners.map(named).join(' and ');
  const w = winners[0];
  const tied = order.some((s) => s !== w && fin.scores[s] === fin.scores[w]);
  return `${named(w)} wins` + (tied ? ` on the tie-break (${tieBreakWords(fin, w)})` : '');
}

export function renderFinal(m, k) {
  const box = $('final');
  const fin = m.rep.final;
  box.hidden = !(fin && k === m.steps);
  if (box.hidden) return;
  box.textContent = '';
  const finished = m.rep.finished !== false;  // a replay from before the field was a finished game
  box.dataset.finished = finished ? '1' : '0';
  const order = Array.from({ length: m.P }, (_, s) => s).sort((a, b) => (fin.ranks[a] - fin.ranks[b]) || a - b);
  const head = finished ? 'Final result \u2014 ' + title(m, fin, order)
    : `Stopped at turn ${(m.rep.stopped_turn ?? m.turnOf[m.steps]) + 1} of ${m.turns} \u2014 the standings so far`;
  box.append(h('h2', { 'data-testid': 'final-title' }, crownIcon(), head), h('table', {},
    h('thead', {}, h('tr', {}, h('th', {}, 'Rank'), h('th', {}, 'Player'), h('th', { class: 'num' }, 'Score'), h('th', { class: 'num' }, 'Adjusted'),
      h('th', { class: 'num' }, 'Land'), h('th', { class: 'num' }, 'Crowns'), h('th', {}, 'Status'))),
    h('tbody', {}, order.map((s) => resultRow(m, fin, s, finished)))));
}
