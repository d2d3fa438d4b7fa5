// The game kept: the replay so far downloads as a file of the project's format
// (docs/replay-format.md), whole or from a game stopped early (the file says
// so); and a replay file checked by the engine as `referee --check-replay` checks it.

import { showMessage } from '../viewer/dom.js';
import { checkReplay, gameState } from './engine.js';
import { namedReplay } from './view.js';
import { T } from './tstate.js';

// The replay as the engine wrote it (the viewer's model marks the page's copy), with the
// seats' names as the page showed them and the review of the person's moves once made.
export function downloadReplay() {
  if (!T.state) return;
  const rep = namedReplay(gameState().replay);
  if (T.review && T.review.moves) rep.review = T.review;
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([JSON.stringify(rep, null, 1) + '\n'], { type: 'application/json' }));
  a.download = `table-${rep.variant}-seed${rep.seed}${T.state.over ? '' : '-unfinished'}.json`;
  document.body.append(a);
  a.click();
  a.remove();
}

const MAX_BYTES = 2 << 20;  // far above a replay (a few hundred KB): the engine takes the text on its 5 MB stack

function said(name, c) {
  if (!c.ok) return [`${name} is not a replay the rules accept: ${c.error}`, true];
  const end = c.finished ? 'final' : 'the game stops before its end; so far';
  return [`${name}: the rules replay it move by move and agree: ${end} scores ${c.scores.join(' ')}, `
    + `adjusted ${c.adjusted.join(' ')}, ranks ${c.ranks.join(' ')}.`, false];
}

export function checkReplayFile(file) {
  if (!file) return;
  if (file.size > MAX_BYTES) return showMessage(`${file.name} is not a replay: ${file.size} bytes is far too big for one.`, true);
  file.text().then((text) => {
    const [message, bad] = said(file.name, checkReplay(text));
    showMessage(message, bad);
  }, (e) => showMessage(`${file.name} cannot be read: ${e.message}`, true));
}
