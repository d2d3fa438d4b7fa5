// The panel of the turn in play: who acts, the tiles this turn places, the
// draft (a free tile is picked with a click), the status line that says what
// to do or why a click was refused, and the person's buttons.

import { $, h } from '../viewer/dom.js';
import { badge, domino } from '../viewer/pieces.js';
import { T } from './tstate.js';

function tileRows(m, tiles, status) {
  return tiles.map((t, i) => {
    const [cls, text] = status(t, i);
    return h('div', { class: 'tile-row' + (cls ? ' ' + cls : ''), 'data-testid': 'placing-tile', 'data-tile': t.id },
      h('span', { class: 'tid' }, '#' + t.id), domino(m, t.id), badge(m, t.owner, 'nobody'), h('span', { class: 'tstat' }, text));
  });
}

// The draft's tiles, each a button: `pick(id)` decides what a click does.
function draftRows(m, draft, pick) {
  return draft.map((t) => h('button', {
    class: 'tile-row draft' + (t.owner < 0 ? ' free' : ''), 'data-testid': 'draft-tile', 'data-tile': t.id,
    'data-owner': t.owner, disabled: !pick, onclick: () => pick(t.id),
  }, h('span', { class: 'tid' }, '#' + t.id), domino(m, t.id), t.owner < 0 ? h('span', { class: 'note' }, 'free') : badge(m, t.owner)));
}

// Shows the turn now; `handlers` ({pick, rotate, discard}) when a person acts.
export function renderActPanel(handlers) {
  const st = T.state, m = T.m, box = $('act-panel');
  box.textContent = '';
  const who = st.over ? 'game over' : `P${st.seat} ${T.seats[st.seat].label} to play`;
  box.append(h('h2', {}, 'Turn', h('span', { class: 'big', 'data-testid': 'turn' }, `${st.turn + 1} / ${st.turns}`),
    h('span', { class: 'note', 'data-testid': 'to-play', 'data-seat': st.seat }, who)));
  if (st.placing.length) {
    box.append(h('h3', {}, 'Tiles to place this turn'), ...tileRows(m, st.placing, (t, i) =>
      i < st.step ? ['done', 'done'] : i === st.step && !st.over ? ['now', 'now'] : ['', 'to come']));
  }
  if (st.draft.length) box.append(h('h3', {}, st.turn === 0 ? 'Pick a tile for turn 2' : `Draft for turn ${st.turn + 2}`), ...draftRows(m, st.draft, handlers && handlers.pick));
  box.append(h('div', { id: 'status', 'data-testid': 'status' }));
  if (!handlers) return;
  box.append(h('div', { class: 'act-buttons' },
    h('button', { class: 'btn', 'data-testid': 'rotate', title: 'turn the tile (R; Shift+R the other way)', onclick: handlers.rotate,
      hidden: !handlers.rotate }, '\u21BB Rotate (R)'),
    h('button', { class: 'btn', 'data-testid': 'discard', onclick: handlers.discard, hidden: !handlers.discard },
      'Discard the tile (it fits nowhere)')));
}

// The status line: what to do now, or why a click was refused (kind 'bad').
export function say(text, kind) {
  const e = $('status');
  if (!e) return;
  e.textContent = text;
  e.className = kind || '';
  e.dataset.kind = kind || 'info';
}
