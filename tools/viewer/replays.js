// The page's replays: embedded or loaded from files, one chosen and shown.

import { $, h, showMessage } from './dom.js';
import { TERRAIN_NAMES } from './words.js';
import { ui } from './state.js';
import { writeHash, readHash } from './address.js';
import { buildModel } from './replay.js';
import { miniSquare } from './pieces.js';
import { buildBoard } from './board.js';
import { buildChart } from './chart.js';
import { buildLog } from './log.js';
import { renderStep, go, setPlaying } from './step.js';

// The header's chips, and the legend under the board.
function renderMeta(m) {
  const r = m.rep, box = $('meta');
  box.textContent = '';
  const chip = (k, v) => h('span', { class: 'chip' }, k + ' ', h('b', {}, v));
  box.append(chip('variant', r.variant), chip('seed', r.seed), chip('game', r.game), chip('rule', r.rule),
    chip('grid', `${m.n}\u00D7${m.n}`), chip('players', m.P));
  box.title = m.name || '';
  const leg = $('legend');
  leg.textContent = '';
  for (const t of 'cfglwm') leg.append(h('span', {}, miniSquare(t + '1'), TERRAIN_NAMES[t]));
  leg.append(h('span', {}, miniSquare('*0'), 'castle'));
  if (m.windows(0)) {
    leg.append(h('span', {}, h('span', { style: 'display:inline-block;width:18px;height:14px;border:2px dashed #ffffff77;border-radius:3px' }),
      `area the kingdom can still use (${m.ext}\u00D7${m.ext})`));
  }
}

// Shows replay `i` at `step`; a replay that cannot be read leaves the page as it was, with why.
export function selectReplay(i, step) {
  setPlaying(false);
  const entry = ui.replays[i];
  let m;
  try {
    m = entry.model || (entry.model = buildModel(entry.replay, entry.name, entry.path));
  } catch (e) {
    showMessage(`Cannot show ${entry.name}: ${e.message}`, true);
    return;
  }
  ui.index = i;
  ui.m = m;
  $('app').dataset.replay = entry.name || '';
  ui.step = Math.max(0, Math.min(m.steps, step || 0));
  $('replay-select').value = String(i);
  showMessage(m.warnings.length ? 'Replay check: ' + m.warnings.join('; ') : '', false);
  $('empty').hidden = true;
  $('main').hidden = false;
  $('controls').hidden = false;
  renderMeta(m);
  buildBoard(m);
  buildChart(m, go);
  buildLog(m, go);
  renderStep();
  writeHash();
}

function fillSelect() {
  const sel = $('replay-select');
  sel.textContent = '';
  ui.replays.forEach((e, i) => {
    const r = e.replay || {};
    const label = `${r.variant || '?'} \u00B7 seed ${r.seed} \u00B7 game ${r.game} \u2014 ${e.name || ''}`;
    sel.append(h('option', { value: i }, label));
  });
  sel.hidden = ui.replays.length < 2;
}

// Adds entries {name, path?, replay} to the selector; with `select`, shows the first added.
export function addReplays(entries, select) {
  const first = ui.replays.length;
  for (const e of entries) ui.replays.push(e);
  fillSelect();
  if (select && ui.replays.length > first) selectReplay(first, 0);
}

// Replay files from the file chooser or a drop: added, the first shown; the others said.
export function readFiles(files) {
  const list = Array.from(files || []);
  if (!list.length) return;
  Promise.all(list.map((f) => f.text().then((text) => ({ f, text })))).then((loaded) => {
    const good = [], bad = [];
    for (const { f, text } of loaded) {
      try {
        const rep = JSON.parse(text);
        if (!rep || !Array.isArray(rep.requests)) throw new Error('no "requests" array');
        good.push({ name: f.name, replay: rep });
      } catch (e) { bad.push(`${f.name}: ${e.message}`); }
    }
    addReplays(good, true);
    if (bad.length) showMessage('Could not load ' + bad.join('; '), true);
  });
}

// Shows what the address names (at load, and when it changes by hand).
export function applyHash() {
  const hs = readHash();
  if (!ui.replays.length) return;
  const idx = hs.replay !== undefined && hs.replay < ui.replays.length ? hs.replay : (ui.index >= 0 ? ui.index : 0);
  if (idx !== ui.index) selectReplay(idx, hs.step ?? 0);
  else go(hs.step ?? ui.step);
}
