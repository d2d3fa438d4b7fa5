// Events (eliminations, discards): their words, and the panel of the step's events.

import { $, h } from './dom.js';
import { reason } from './words.js';
import { badge, domino } from './pieces.js';

export function describeEvent(m, ev) {
  if (ev.kind === 'eliminated') return h('span', {}, badge(m, ev.seat), ` eliminated: ${reason(ev.reason)}`);
  if (ev.kind === 'discard') {
    return h('span', {}, `Tile #${ev.tile} `, domino(m, ev.tile), ' discarded',
      ev.seat >= 0 ? [' (', badge(m, ev.seat), ')'] : '', `: ${reason(ev.reason)}`);
  }
  return h('span', {}, `${ev.kind}${ev.seat >= 0 ? ' P' + ev.seat : ''}${ev.reason ? ': ' + ev.reason : ''}`);
}

export function renderEvents(m, k) {
  const box = $('events-panel');
  const evs = m.eventsAt[k];
  box.hidden = !evs.length;
  box.textContent = '';
  if (!evs.length) return;
  box.append(h('h2', {}, 'Events'));
  for (const ev of evs) box.append(h('div', { class: 'ev ' + (ev.kind === 'eliminated' ? 'elim' : 'discard'), 'data-testid': 'event', 'data-kind': ev.kind }, describeEvent(m, ev)));
}
