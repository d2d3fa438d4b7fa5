// The table page's start: the engine loaded on the page's thread and in the
// worker, the setting form, the buttons and keys wired.

import { $, showMessage } from '../viewer/dom.js';
import { loadEngine } from './engine.js';
import { startPlayers } from './players.js';
import { fillSeats, readSetup } from './setup.js';
import { T } from './tstate.js';
import { startGame } from './table.js';
import { renderBoard, relayout } from './view.js';
import { onPointer, onBoardClick, onMoveKey, redrawMove } from './place.js';
import { askHint } from './hint.js';
import { downloadReplay, checkReplayFile } from './files.js';
import { runEngineCheck } from './engine-check.js';

function setZones(on) {
  T.zones = on;
  $('zones-toggle').checked = on;
  renderBoard();
  redrawMove();
}

function onKey(e) {
  const t = e.target;
  if (e.ctrlKey || e.metaKey || e.altKey || (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT'))) return;
  if (onMoveKey(e)) return e.preventDefault();
  if (e.key === 'h' || e.key === 'H') askHint();
  else if (e.key === 'z' || e.key === 'Z') setZones(!T.zones);
  else return;
  e.preventDefault();
}

function wire() {
  $('variant').addEventListener('change', fillSeats);
  $('start').addEventListener('click', () => startGame(readSetup()));
  $('new-game').addEventListener('click', () => { $('setup').hidden = false; });
  $('download').addEventListener('click', downloadReplay);
  $('replay-file').addEventListener('change', (e) => { checkReplayFile(e.target.files[0]); e.target.value = ''; });
  $('hint').addEventListener('click', askHint);
  $('engine-check').addEventListener('click', runEngineCheck);
  $('zones-toggle').addEventListener('change', (e) => { e.target.blur(); setZones(e.target.checked); });
  $('kingdoms').addEventListener('mousemove', onPointer);
  $('kingdoms').addEventListener('click', onBoardClick);
  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', () => { relayout(); redrawMove(); });
}

function init() {
  wire();
  fillSeats();
  loadEngine().then(() => {
    startPlayers();
    $('app').dataset.ready = '1';
    $('start').disabled = false;
  }, (e) => showMessage('The engine cannot start in this browser: ' + e, true));
}

init();
