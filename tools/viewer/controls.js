// The controls: buttons, slider, speed, zones, replay selector, files, keyboard, hover.

import { $ } from './dom.js';
import { ui } from './state.js';
import { nextTurnStep, prevTurnStep } from './replay.js';
import { layoutBoard } from './board.js';
import { renderStep, go, setPlaying } from './step.js';
import { selectReplay, readFiles, applyHash } from './replays.js';
import { onHover, clearHover } from './hover.js';

function setZones(on) {
  ui.zones = on;
  $('zones-toggle').checked = on;
  renderStep();
}

// Keys typed into a field are the field's; arrows on the slider and checkbox are the page's.
function isTyping(e) {
  const t = e.target;
  if (t && (t.tagName === 'SELECT' || t.tagName === 'TEXTAREA' || (t.tagName === 'INPUT' && t.type !== 'range' && t.type !== 'checkbox'))) return true;
  return !!t && t.tagName === 'BUTTON' && (e.key === ' ' || e.key === 'Enter');
}

function onKey(e) {
  if (e.key === '?') { $('help').hidden = !$('help').hidden; e.preventDefault(); return; }
  if (e.key === 'Escape') { $('help').hidden = true; return; }
  const m = ui.m;
  if (!m || e.ctrlKey || e.metaKey || e.altKey || isTyping(e)) return;
  const k = ui.step;
  switch (e.key) {
    case 'ArrowRight': go(e.shiftKey ? nextTurnStep(m, k) : k + 1); break;
    case 'ArrowLeft': go(e.shiftKey ? prevTurnStep(m, k) : k - 1); break;
    case 'ArrowDown': case 'PageDown': go(nextTurnStep(m, k)); break;
    case 'ArrowUp': case 'PageUp': go(prevTurnStep(m, k)); break;
    case 'Home': go(0); break;
    case 'End': go(m.steps); break;
    case ' ': case 'Spacebar': setPlaying(!ui.playing); break;
    case 'z': case 'Z': setZones(!ui.zones); break;
    default: return;
  }
  e.preventDefault();
}

function wireButtons() {
  const nav = {
    'b-first': () => go(0), 'b-last': () => go(ui.m.steps), 'b-prev': () => go(ui.step - 1), 'b-next': () => go(ui.step + 1),
    'b-pturn': () => go(prevTurnStep(ui.m, ui.step)), 'b-nturn': () => go(nextTurnStep(ui.m, ui.step)), 'b-play': () => setPlaying(!ui.playing),
  };
  for (const [id, fn] of Object.entries(nav)) {
    const b = $(id);
    b.addEventListener('mousedown', (e) => e.preventDefault()); // keep keyboard focus on the page
    b.addEventListener('click', () => { if (ui.m) fn(); });
  }
  $('slider').addEventListener('input', (e) => go(+e.target.value));
  $('speed').addEventListener('change', (e) => { e.target.blur(); if (ui.playing) setPlaying(true); });
  $('zones-toggle').addEventListener('change', (e) => { e.target.blur(); setZones(e.target.checked); });
  $('replay-select').addEventListener('change', (e) => { e.target.blur(); selectReplay(+e.target.value, 0); });
  $('help-btn').addEventListener('click', () => { $('help').hidden = !$('help').hidden; });
}

// Replay files from the file choosers, or dropped anywhere on the page.
function wireFiles() {
  for (const id of ['file-input', 'file-input-2']) $(id).addEventListener('change', (e) => { readFiles(e.target.files); e.target.value = ''; });
  let depth = 0;
  document.addEventListener('dragenter', (e) => { e.preventDefault(); depth++; document.body.classList.add('dragging'); });
  document.addEventListener('dragleave', () => { if (--depth <= 0) { depth = 0; document.body.classList.remove('dragging'); } });
  document.addEventListener('dragover', (e) => e.preventDefault());
  document.addEventListener('drop', (e) => { e.preventDefault(); depth = 0; document.body.classList.remove('dragging'); readFiles(e.dataTransfer.files); });
}

export function wireControls() {
  wireButtons();
  wireFiles();
  document.addEventListener('keydown', onKey);
  window.addEventListener('hashchange', applyHash);
  window.addEventListener('resize', () => { if (!ui.m) return; layoutBoard(ui.m); renderStep(); });
  $('kingdoms').addEventListener('mouseover', onHover);
  $('kingdoms').addEventListener('mouseleave', () => { clearHover(); $('tooltip').hidden = true; });
}
