// The log: one line per request and event, the step shown marked; a click goes there.

import { $, h } from './dom.js';
import { SEAT_SYMBOLS, reason, fmtMs } from './words.js';
import { seatStyle } from './pieces.js';
import { describeEvent } from './events.js';

function requestText(r) {
  const parts = [h('span', { class: 'sym', style: seatStyle(r.seat) }, SEAT_SYMBOLS[r.seat % 4]), ` P${r.seat} `];
  parts.push(h('span', { class: 'note' }, `T${r.turn + 1} `));
  if (r.turn > 0) {
    parts.push(`#${r.tile} `);
    parts.push(r.put_result === 'placed' ? `\u2192 (${r.put.x},${r.put.y}) r${r.put.rotation}` : h('span', { class: 'err' }, r.put_result === 'none' ? 'no answer' : 'discarded'));
  }
  if (r.pick !== null && r.pick !== undefined) parts.push(` \u00B7 pick #${r.pick}`);
  if (r.message) parts.push(' ', h('span', { class: 'msg' }, `\u201C${r.message}\u201D`));
  if (r.error) parts.push(' ', h('span', { class: 'err' }, reason(r.error.kind)));
  parts.push(h('span', { class: 'note' }, ` ${fmtMs(r.time_ms)}`));
  return parts;
}

// Fills the log of model `m`; a click on a line calls go(its step).
export function buildLog(m, go) {
  const box = $('log');
  box.textContent = '';
  m.logRows = [];
  const add = (k, cls, n, text) => {
    const row = h('div', { class: cls, 'data-step': k, onclick: () => go(k) }, h('span', { class: 'n' }, n), h('span', { class: 'txt' }, text));
    row._event = cls.includes('event');
    box.append(row); m.logRows.push(row);
  };
  const addEvents = (k) => { for (const ev of m.eventsAt[k]) add(k, 'lrow event', '!', describeEvent(m, ev)); };
  addEvents(0);
  m.rep.requests.forEach((r, i) => {
    add(i + 1, 'lrow', i + 1, requestText(r));
    addEvents(i + 1);
  });
}

export function renderLog(m, k) {
  let curRow = null;
  for (const row of m.logRows) {
    const s = +row.dataset.step;
    const state = s === k ? 'lrow cur' : s > k ? 'lrow future' : 'lrow';
    const cls = state + (row._event ? ' event' : '');
    if (row.className !== cls) row.className = cls;
    if (s === k && !curRow) curRow = row;
  }
  // Scroll the log (not the page) to the current line once layout is done anyway.
  cancelAnimationFrame(m.logFrame);
  m.logFrame = requestAnimationFrame(() => {
    const box = $('log');
    if (!curRow) { if (k === 0) box.scrollTop = 0; return; }
    const top = curRow.offsetTop, bottom = top + curRow.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 2);
  });
}
