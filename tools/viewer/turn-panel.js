// The turn panel: the tiles the turn places, each with what became of it, and its draft.

import { $, h } from './dom.js';
import { reason } from './words.js';
import { badge, domino } from './pieces.js';

function putOutcome(r) {
  if (r.put_result === 'placed') return null;
  return ['bad', r.put_result === 'none' ? 'lost: no answer' : 'discarded: ' + reason(r.put_result)];
}

// [class, text] of a tile of turn `turn` at step k: placed now, placed, discarded, or to place.
function tileStatus(m, k, tile, turn) {
  const cur = k > 0 ? m.rep.requests[k - 1] : null;
  if (cur && cur.turn === turn && cur.tile === tile) return putOutcome(cur) || ['cur', 'placed now'];
  for (let j = k - 2; j >= 0; j--) {
    const r = m.rep.requests[j];
    if (r.turn !== turn) break;
    if (r.tile === tile) return putOutcome(r) || ['ok', '\u2713 placed'];
  }
  for (let j = 0; j <= k; j++) {
    for (const ev of m.eventsAt[j]) if (ev.kind === 'discard' && ev.tile === tile && ev.turn === turn) return ['bad', 'discarded: ' + reason(ev.reason)];
  }
  return ['', 'to place'];
}

const ROW_CLASS = { cur: ' now', ok: ' done', bad: ' dropped', '': '' };

function placingRows(m, k, turn) {
  return m.placing(k).map((t) => {
    const [cls, text] = tileStatus(m, k, t.id, turn);
    return h('div', { class: 'tile-row' + ROW_CLASS[cls], 'data-testid': 'placing-tile', 'data-tile': t.id, 'data-owner': t.owner },
      h('span', { class: 'tid' }, '#' + t.id), domino(m, t.id), badge(m, t.owner, 'nobody'), h('span', { class: 'tstat ' + cls }, text));
  });
}

function draftRows(m, k) {
  const cur = k > 0 ? m.rep.requests[k - 1] : null;
  return m.draft(k).map((t) => {
    const now = cur && cur.pick === t.id && t.owner === cur.seat;
    return h('div', { class: 'tile-row' + (now ? ' now' : ''), 'data-testid': 'draft-tile', 'data-tile': t.id, 'data-owner': t.owner },
      h('span', { class: 'tid' }, '#' + t.id), domino(m, t.id), badge(m, t.owner), h('span', { class: 'tstat' + (now ? ' cur' : '') }, now ? 'picked now' : t.owner >= 0 ? 'picked' : ''));
  });
}

export function renderTurnPanel(m, k) {
  const box = $('turn-panel');
  box.textContent = '';
  const turn = m.turnOf[k];
  box.append(h('h2', {}, 'Turn', h('span', { class: 'big' }, `${turn + 1} / ${m.turns}`),
    h('span', { class: 'note' }, turn === 0 ? 'picks only' : turn === m.turns - 1 ? 'last turn: no draft' : '')));
  const placing = placingRows(m, k, turn);
  if (placing.length) box.append(h('h3', {}, 'Tiles to place this turn'), ...placing);
  const draft = draftRows(m, k);
  if (draft.length) {
    box.append(h('h3', {}, turn === 0 ? 'Draft: pick the tiles for turn 2' : `Draft for turn ${turn + 2}`), ...draft);
  } else if (turn === m.turns - 1 && k > 0) {
    box.append(h('div', { class: 'note' }, 'No draft on the last turn.'));
  }
}
