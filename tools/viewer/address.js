// The step (and replay, when the page has several) in the address, so that it can
// be shared and survives a reload: #step=12, #replay=2&step=5.

import { ui } from './state.js';

// Browsers limit how often history may change, so writes are spaced out (the
// last one always lands). ui.address is the hash the page last wrote or read:
// when the address is another, it was changed by hand and its hashchange is on
// the way, so the delayed write must not undo it.
export function writeHash() {
  const parts = [];
  if (ui.replays.length > 1) parts.push('replay=' + ui.index);
  parts.push('step=' + ui.step);
  ui.hash = '#' + parts.join('&');
  if (ui.hashTimer) return;
  if (location.hash !== ui.hash) {
    try { history.replaceState(null, '', ui.hash); } catch (e) { location.hash = ui.hash; }
    ui.hashTimer = setTimeout(() => { ui.hashTimer = 0; if (location.hash === ui.address) writeHash(); }, 80);
  }
  ui.address = location.hash;
}

// The address's numbers, {replay, step} (either may be missing); the page has now read it.
export function readHash() {
  ui.address = location.hash;
  const out = {};
  for (const part of location.hash.replace(/^#/, '').split('&')) {
    const [k, v] = part.split('=');
    if (k && v !== undefined && /^\d+$/.test(v)) out[k] = parseInt(v, 10);
  }
  return out;
}
