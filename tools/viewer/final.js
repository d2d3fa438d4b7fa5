// The final result over the board, on the last step: ranks, scores, tie-break points.

import { $, h } from './dom.js';
import { reason } from './words.js';
import { badge, crownIcon } from './pieces.js';

function resultRow(m, fin, s) {
  const adj = fin.adjusted[s], sc = fin.scores[s];
  const out = fin.eliminated && fin.eliminated[s];
  return h('tr', { class: fin.ranks[s] === 1 ? 'winner' : '' },
    h('td', { class: 'rank', 'data-testid': 'final-rank', 'data-seat': s }, `#${fin.ranks[s]}`),
    h('td', {}, badge(m, s), fin.ranks[s] === 1 ? crownIcon('width:16px;height:16px;vertical-align:-3px;margin-left:6px') : null),
    h('td', { class: 'num', 'data-testid': 'final-score', 'data-seat': s }, sc),
    h('td', { class: 'num', 'data-testid': 'final-adjusted', 'data-seat': s }, adj, adj !== sc ? h('span', { class: 'tie' }, `(+${adj - sc} tie-break)`) : null),
    h('td', { class: 'num', 'data-testid': 'final-territory', 'data-seat': s }, (fin.territory || [])[s]),
    h('td', { class: 'num', 'data-testid': 'final-crowns', 'data-seat': s }, (fin.crowns || [])[s]),
    h('td', {}, out ? h('span', { class: 'err' }, 'eliminated: ' + reason(out.reason)) : h('span', { class: 'note' }, 'finished')));
}

export function renderFinal(m, k) {
  const box = $('final');
  const fin = m.rep.final;
  box.hidden = !(fin && k === m.steps);
  if (box.hidden) return;
  box.textContent = '';
  const order = Array.from({ length: m.P }, (_, s) => s).sort((a, b) => (fin.ranks[a] - fin.ranks[b]) || a - b);
  const winners = order.filter((s) => fin.ranks[s] === 1);
  const title = winners.length > 1 ? 'draw between ' + winners.map((s) => `P${s} ${m.names[s]}`).join(' and ') : `P${winners[0]} ${m.names[winners[0]]} wins`;
  box.append(h('h2', {}, crownIcon(), 'Final result \u2014 ' + title), h('table', {},
    h('thead', {}, h('tr', {}, h('th', {}, 'Rank'), h('th', {}, 'Player'), h('th', { class: 'num' }, 'Score'), h('th', { class: 'num' }, 'Adjusted'),
      h('th', { class: 'num' }, 'Land'), h('th', { class: 'num' }, 'Crowns'), h('th', {}, 'Status'))),
    h('tbody', {}, order.map((s) => resultRow(m, fin, s)))));
}
