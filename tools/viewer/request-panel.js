// The request panel: who answered the step's request, what, how fast, and the raw text.

import { $, h } from './dom.js';
import { ROTATION_NAMES, reason, fmtMs } from './words.js';
import { limitMs } from './replay.js';
import { badge, domino } from './pieces.js';
import { whyLine } from './analyse.js';

const PUT_RESULTS = { none: 'no usable answer', no_legal_spot: 'discarded: no legal spot', illegal: 'discarded: illegal spot' };

// The rows of what the answer did: the tile it placed (or not) and the one it picked.
function answerRows(m, r, row) {
  if (r.turn > 0) {
    const put = r.put ? `PUT ${r.put.x} ${r.put.y} ${r.put.rotation}` : (r.output || '').split('\n')[0] || '(nothing)';
    const res = r.put_result === 'placed' ? h('span', { class: 'tstat ok', style: 'margin:0' }, '\u2713 placed')
      : h('span', { class: 'err' }, PUT_RESULTS[r.put_result] || r.put_result);
    row('Places', `#${r.tile}`, domino(m, r.tile));
    row('Answer', h('code', {}, put), r.put ? h('span', { class: 'note' }, `(2nd square ${ROTATION_NAMES[r.put.rotation] || '?'})`) : null, res);
  } else {
    row('Places', h('span', { class: 'note' }, 'nothing on the first turn'));
  }
  if (r.pick !== null && r.pick !== undefined) row('Picks', `#${r.pick}`, domino(m, r.pick));
  else row('Picks', h('span', { class: 'note' }, r.turn === m.turns - 1 ? 'nothing on the last turn' : 'no pick'));
  if (r.message) row('Says', h('span', { class: 'msg', 'data-testid': 'message-text' }, `\u201C${r.message}\u201D`));
}

// The answer's time against its limit (red past it, amber past 80 %).
function timeRow(m, k, r, row) {
  const lim = limitMs(m, k);
  row('Time', h('span', { class: (lim && r.time_ms > lim ? 'err' : lim && r.time_ms > 0.8 * lim ? 'slow' : ''), 'data-testid': 'answer-time' }, fmtMs(r.time_ms)),
    h('span', { class: 'note', 'data-testid': 'answer-limit' },
      lim === null ? 'limit not recorded' : m.rep.no_timeout ? `no time limit (${lim} ms cap)` : `limit ${lim} ms`));
}

function rawText(r) {
  return h('details', {}, h('summary', {}, 'Raw input and output'),
    h('div', { class: 'note', style: 'margin-top:6px' }, 'Input sent (ids relative to the receiver):'), h('pre', {}, r.input || ''),
    h('div', { class: 'note', style: 'margin-top:6px' }, 'Output read:'), h('pre', {}, r.output || '(nothing)'),
    r.stderr ? [h('div', { class: 'note', style: 'margin-top:6px' }, 'Bot\'s stderr:'), h('pre', { 'data-testid': 'stderr' }, r.stderr)] : null);
}

export function renderRequestPanel(m, k) {
  const box = $('request-panel');
  box.textContent = '';
  if (k === 0) {
    box.append(h('h2', {}, 'Request', h('span', { class: 'big' }, `0 / ${m.steps}`)),
      h('div', { class: 'note' }, 'Start of the game: empty kingdoms, the first draft is revealed. Press \u2192 to step.'));
    return;
  }
  const r = m.rep.requests[k - 1];
  box.append(h('h2', {}, 'Request', h('span', { class: 'big' }, `${k} / ${m.steps}`), h('span', { class: 'note' }, `(index ${k - 1})`)));
  const kv = h('div', { class: 'kv' });
  const row = (key, ...v) => kv.append(h('span', { class: 'k' }, key), h('span', { class: 'v' }, ...v));
  row('Player', badge(m, r.seat));
  answerRows(m, r, row);
  timeRow(m, k, r, row);
  if (r.stderr) row('Stderr', h('span', { class: 'note' }, `${r.stderr.split('\n').filter(Boolean).length} line(s), see below`));
  if (r.error) row('Error', h('span', { class: 'err', 'data-testid': 'request-error' }, `${reason(r.error.kind)}${r.error.detail ? ': ' + r.error.detail : ''}`),
    m.elimStep[r.seat] === k ? h('span', { class: 'note' }, '(game over for this player)') : null);
  const why = whyLine(m, k - 1);
  if (why) row('Why?', ...why);
  box.append(kv, rawText(r));
}
