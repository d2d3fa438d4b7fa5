// The panel of the turn in play: who acts, the tiles this turn places, the
// draft (a free tile is picked with a click or a tap), the status line that
// says what to do or why a click was refused, and the person's buttons:
// Rotate, Undo, Discard, Confirm.

import { $, h } from '../viewer/dom.js';
import { SEAT_SYMBOLS } from '../viewer/words.js';
import { badge, domino, seatStyle } from '../viewer/pieces.js';
import { T } from './tstate.js';

// A tile's owner: the seat's badge, and its short form (symbol and seat) that a phone's narrow rows show instead (table.css).
function ownerBadge(m, s, nobody) {
  if (s < 0) return badge(m, s, nobody);
  const full = badge(m, s);
  full.classList.add('full');
  return [full, h('span', { class: 'badge short', style: seatStyle(s), title: `P${s} ${m.names[s]}` },
    h('span', { class: 'sym' }, SEAT_SYMBOLS[s % 4]), `P${s}`)];
}

function tileRows(m, tiles, status) {
  return tiles.map((t, i) => {
    const [cls, text] = status(t, i);
    return h('div', { class: 'tile-row' + (cls ? ' ' + cls : ''), 'data-testid': 'placing-tile', 'data-tile': t.id },
      h('span', { class: 'tid' }, '#' + t.id), domino(m, t.id), ownerBadge(m, t.owner, 'nobody'), h('span', { class: 'tstat' }, text));
  });
}

// A button's action that lets go of the focus, so that the keys (Enter: place, confirm) stay the move's.
function letGo(act) {
  return (e) => {
    e.currentTarget.blur();
    act();
  };
}

// The draft's tiles, each a button: `pick(id)` decides what a click does.
function draftRows(m, draft, pick) {
  return draft.map((t) => h('button', {
    class: 'tile-row draft' + (t.owner < 0 ? ' free' : ''), 'data-testid': 'draft-tile', 'data-tile': t.id,
    'data-owner': t.owner, disabled: !pick, onclick: letGo(() => pick(t.id)),
  }, h('span', { class: 'tid' }, '#' + t.id), domino(m, t.id), t.owner < 0 ? h('span', { class: 'note' }, 'free') : ownerBadge(m, t.owner),
  h('span', { class: 'mark' })));
}

// The draft's marks: the tile the person chose (not yet confirmed) and the one the hint would pick.
export function markDraft() {
  const chosen = T.move && T.move.pick, hinted = T.hint && T.hint.answer && T.move ? T.hint.answer.pick : null;
  for (const row of document.querySelectorAll('[data-testid=draft-tile]')) {
    const id = +row.dataset.tile;
    row.classList.toggle('chosen', id === chosen);
    row.classList.toggle('hinted', id === hinted);
    row.dataset.chosen = id === chosen ? '1' : '0';
    row.dataset.hint = id === hinted ? '1' : '0';
    row.querySelector('.mark').textContent = id === chosen ? 'your pick' : id === hinted ? 'hint' : '';
  }
}

// Shows the turn now; `handlers` ({pick, rotate, undo, discard, confirm}) when a person acts.
export function renderActPanel(handlers) {
  const st = T.state, m = T.m, box = $('act-panel');
  box.textContent = '';
  const who = st.over ? 'game over' : `P${st.seat} ${T.seats[st.seat].label} to play`;
  box.append(h('h2', {}, 'Turn', h('span', { class: 'big', 'data-testid': 'turn' }, `${st.turn + 1} / ${st.turns}`),
    h('span', { class: 'note', 'data-testid': 'to-play', 'data-seat': st.seat }, who),
    // On a phone the others' kingdoms come after the turn and the hint: a tap away.
    T.home >= 0 && T.seats.length > 1 ? h('button', { class: 'btn show-others', 'data-testid': 'show-others',
      title: 'the other kingdoms', onclick: letGo(() => $('kingdoms').scrollIntoView({ block: 'start' })) }, 'Others \u2193') : null));
  if (st.placing.length) {
    box.append(h('h3', {}, 'Tiles to place this turn'), h('div', { class: 'tile-rows' }, tileRows(m, st.placing, (t, i) =>
      i < st.step ? ['done', 'done'] : i === st.step && !st.over ? ['now', 'now'] : ['', 'to come'])));
  }
  if (st.draft.length) {
    box.append(h('h3', {}, st.turn === 0 ? 'Pick a tile for turn 2' : `Draft for turn ${st.turn + 2}`),
      h('div', { class: 'tile-rows', 'data-testid': 'draft' }, draftRows(m, st.draft, handlers && handlers.pick)));
  }
  const bar = h('div', { class: 'act-bar' }, h('div', { id: 'status', 'data-testid': 'status' }));
  box.append(bar);
  if (!handlers) return;
  const button = (id, text, title, act) => h('button', { class: 'btn', 'data-testid': id, title, onclick: act && letGo(act), hidden: !act }, text);
  bar.append(h('div', { class: 'act-buttons' },
    button('rotate', '\u21BB Rotate', 'turn the tile (R; Shift+R the other way)', handlers.rotate),
    button('undo', '\u21B6 Undo', 'take back the last step of your move (Esc)', handlers.undo),
    button('discard', 'Discard the tile', 'it fits nowhere in your kingdom', handlers.discard),
    button('confirm', '\u2713 Confirm', 'send your move (Enter)', handlers.confirm)));
  markDraft();
}

// The buttons as the move stands: `can` {rotate, undo, discard, confirm} says which may act.
export function enableButtons(can) {
  for (const [id, on] of Object.entries(can)) {
    const b = document.querySelector(`#act-panel [data-testid=${id}]`);
    if (b) b.disabled = !on;
  }
}

// The status line: what to do now, or why a click was refused (kind 'bad').
export function say(text, kind) {
  const e = $('status');
  if (!e) return;
  e.textContent = text;
  e.className = kind || '';
  e.dataset.kind = kind || 'info';
}
