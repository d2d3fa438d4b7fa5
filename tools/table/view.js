// The game drawn from the replay so far, by the replay viewer's own modules:
// the kingdoms with their scores, windows and zones, the log, the scores chart
// and, at the end, the final result with its ranks and tie-break points.

import { $, h, showMessage } from '../viewer/dom.js';
import { TERRAIN_NAMES } from '../viewer/words.js';
import { buildModel } from '../viewer/replay.js';
import { buildBoard, layoutBoard, renderKingdoms } from '../viewer/board.js';
import { renderFinal } from '../viewer/final.js';
import { buildLog, renderLog } from '../viewer/log.js';
import { buildChart, moveChartCursor } from '../viewer/chart.js';
import { miniSquare } from '../viewer/pieces.js';
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

// Shows `state` (Table::state): a new game's board is built, a game going on keeps its own.
export function showGame(state) {
  const m = buildModel(state.replay, 'table', null);
  m.names = T.seats.map((s) => s.label);
  if (T.m) {  // the same game (startGame forgets the last one's model)
    m.cards = T.m.cards;
    m.cell = T.m.cell;
  } else {
    buildBoard(m);
    renderMeta(state.replay);
  }
  T.m = m;
  T.state = state;
  renderBoard();
  buildLog(m, () => {});
  renderLog(m, m.steps);
  buildChart(m, () => {});
  moveChartCursor(m, m.steps);
  if (state.over) renderFinal(m, m.steps);
  $('final').hidden = !state.over;
  if (m.warnings.length) showMessage('Replay check: ' + m.warnings.join('; '), true);
}

// The kingdoms again (after a resize, the zones key), the seat to act marked.
export function renderBoard() {
  const m = T.m;
  if (!m) return;
  renderKingdoms(m, m.steps, T.zones);
  m.cards.forEach((c, s) => c.card.classList.toggle('to-act', !T.state.over && T.state.seat === s));
}

export function relayout() {
  if (!T.m) return;
  layoutBoard(T.m);
  renderBoard();
}
