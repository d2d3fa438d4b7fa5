// The replay viewer's start: controls wired, the embedded replays (tools/replay-view) shown.

import { $, showMessage } from './dom.js';
import { wireControls } from './controls.js';
import { addReplays, applyHash } from './replays.js';

function init() {
  wireControls();
  let embedded = [];
  try { embedded = JSON.parse($('embedded-replays').textContent || '[]'); } catch (e) { showMessage('The embedded replays cannot be read: ' + e.message, true); }
  if (Array.isArray(embedded) && embedded.length) {
    addReplays(embedded, false);
    applyHash();
  } else {
    $('empty').hidden = false;
  }
  $('app').dataset.ready = '1';
}

init();
