// The step shown: every part of the page drawn for it, moving to another, playing.

import { $ } from './dom.js';
import { ui } from './state.js';
import { writeHash } from './address.js';
import { renderKingdoms } from './board.js';
import { renderFinal } from './final.js';
import { renderTurnPanel } from './turn-panel.js';
import { renderRequestPanel } from './request-panel.js';
import { renderEvents } from './events.js';
import { renderLog } from './log.js';
import { moveChartCursor } from './chart.js';

function renderCounters(m, k) {
  const sc = $('step-counter');
  sc.textContent = `${k} / ${m.steps}`;
  sc.dataset.step = k; sc.dataset.steps = m.steps;
  sc.title = k === 0 ? 'start of the game' : `after request ${k} of ${m.steps} (requests[${k - 1}])`;
  const tc = $('turn-counter');
  tc.textContent = `Turn ${m.turnOf[k] + 1} / ${m.turns}`;
  tc.dataset.turn = m.turnOf[k];
  $('slider').max = m.steps;
  $('slider').value = k;
  document.title = `${k}/${m.steps} \u00B7 Kingdomino ${m.rep.variant} seed ${m.rep.seed}`;
}

export function renderStep() {
  const m = ui.m;
  if (!m) return;
  const k = ui.step;
  renderKingdoms(m, k, ui.zones);
  renderFinal(m, k);
  renderTurnPanel(m, k);
  renderRequestPanel(m, k);
  renderEvents(m, k);
  renderLog(m, k);
  moveChartCursor(m, k);
  renderCounters(m, k);
}

export function go(k) {
  const m = ui.m;
  if (!m) return;
  k = Math.max(0, Math.min(m.steps, Number.isFinite(k) ? Math.round(k) : 0));
  ui.step = k;
  renderStep();
  writeHash();
  if (ui.playing && k >= m.steps) setPlaying(false);
}

// Plays a step every tick of the speed selector's milliseconds, from the start when at the end.
export function setPlaying(on) {
  ui.playing = on;
  clearTimeout(ui.timer);
  $('b-play').querySelector('use').setAttribute('href', on ? '#i-pause' : '#i-play');
  if (!on) return;
  if (ui.m && ui.step >= ui.m.steps) go(0);
  const tick = () => {
    if (!ui.playing) return;
    go(ui.step + 1);
    if (ui.playing) ui.timer = setTimeout(tick, +$('speed').value);
  };
  ui.timer = setTimeout(tick, +$('speed').value);
}
