// The table page's start: the engine loaded on the page's thread and in the
// workers, the setting form as last chosen, the game kept in the browser
// taken up again, the buttons and keys wired; leaving or starting another
// game while one runs asks first.

import { $, showMessage } from '../viewer/dom.js';
import { loadEngine } from './engine.js';
import { startPlayers } from './players.js';
import { fillSeats, readSetup, restoreSetup } from './setup.js';
import { keptGame } from './saved.js';
import { T } from './tstate.js';
import { abandonGame, gameRunning, startGame } from './table.js';
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
  if (t && t.tagName === 'BUTTON' && (e.key === 'Enter' || e.key === ' ')) return;  // the button's own
  if (onMoveKey(e)) return e.preventDefault();
  if (e.key === 'h' || e.key === 'H') askHint();
  else if (e.key === 'z' || e.key === 'Z') setZones(!T.zones);
  else return;
  e.preventDefault();
}

function showSetup() {
  $('abandon').hidden = true;
  $('setup').hidden = false;
  $('main').hidden = true;
  $('setup-back').hidden = !T.state || !T.config;
}

// "New game": straight to the setting when no game runs; else asked first, and it may be cancelled.
function newGame() {
  if (!gameRunning()) return showSetup();
  $('abandon-text').textContent = `Abandon the game in progress (turn ${T.state.turn + 1} of ${T.state.turns})? `
    + 'Its bots stop, and it is not kept.';
  $('abandon').hidden = false;
}

function start() {
  if (startGame(readSetup())) $('app').dataset.resumed = '0';
}

function wire() {
  $('variant').addEventListener('change', () => fillSeats());
  $('start').addEventListener('click', start);
  $('setup-back').addEventListener('click', () => { $('setup').hidden = true; $('main').hidden = false; relayout(); });
  $('new-game').addEventListener('click', newGame);
  $('abandon-yes').addEventListener('click', () => { abandonGame(); showSetup(); });
  $('abandon-no').addEventListener('click', () => { $('abandon').hidden = true; });
  $('abandon-download').addEventListener('click', downloadReplay);
  $('how-button').addEventListener('click', () => { $('how').hidden = !$('how').hidden; });
  $('how-close').addEventListener('click', () => { $('how').hidden = true; });
  $('download').addEventListener('click', downloadReplay);
  $('replay-file').addEventListener('change', (e) => { checkReplayFile(e.target.files[0]); e.target.value = ''; });
  $('hint').addEventListener('click', askHint);
  $('hint-time').addEventListener('change', (e) => e.target.blur());  // H asks again at once
  $('engine-check').addEventListener('click', runEngineCheck);
  $('zones-toggle').addEventListener('change', (e) => { e.target.blur(); setZones(e.target.checked); });
  $('main').addEventListener('mousemove', onPointer);
  $('main').addEventListener('click', onBoardClick);
  document.addEventListener('keydown', onKey);
  window.addEventListener('resize', () => { relayout(); redrawMove(); });
  // The game is kept whatever happens; leaving still asks, as a table does.
  window.addEventListener('beforeunload', (e) => {
    if (!gameRunning()) return;
    e.preventDefault();
    e.returnValue = '';
  });
}

// The game kept in this browser, taken up where it was.
function resume() {
  const kept = keptGame();
  if (!kept || !startGame(kept.config, kept.answers, kept.review)) return;
  $('app').dataset.resumed = '1';
  showMessage(T.state.over ? 'Your last game, as it ended.'
    : `Your game goes on where it was: turn ${T.state.turn + 1} of ${T.state.turns}.`, false);
  T.resumed = !T.state.over;
}

function init() {
  $('main').prepend($('final'));  // the result over the whole table, not the others' column
  wire();
  restoreSetup();
  loadEngine().then(() => {
    startPlayers();
    $('start').disabled = false;
    resume();
    $('app').dataset.ready = '1';
  }, (e) => showMessage('The engine cannot start in this browser: ' + e, true));
}

init();
