// The "Why?" line under an answer of our bot: the tools/analyse command that
// looks inside that decision, to copy and run from the project's root.

import { h } from './dom.js';
import { baseName } from './words.js';

// Our bot's command, by the rule of tools/analyse (its --help): a word, before any
// redirection or other command, whose file name is "bot" or starts with "bot_".
function isOurBot(cmd) {
  for (const w of String(cmd || '').trim().split(/\s+/)) {
    if (/^([<>|;&]|[0-9]>)/.test(w)) return false;
    if (/^bot(_|$)/.test(baseName(w))) return true;
  }
  return false;
}

// A word as the shell reads it: quoted when it holds anything but plain path characters.
function shellWord(s) { return /^[A-Za-z0-9_.\/+=:,-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`; }

// The command for the answer to request index `i` (null when its seat is not our
// bot); the replay's path as tools/replay-view gave it.
function analyseCommand(m, i) {
  const r = m.rep.requests[i];
  if (!isOurBot((m.rep.bots || [])[r.seat])) return null;
  return `tools/analyse ${shellWord(m.path || m.name || 'REPLAY.json')} --request ${i}`;
}

// Copies an element's text; where the page may not use the clipboard, selects it for Ctrl+C.
function copyText(e) {
  const select = () => { const range = document.createRange(); range.selectNodeContents(e); const sel = getSelection(); sel.removeAllRanges(); sel.addRange(range); };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(e.textContent).catch(select);
  else select();
}

// The elements of the "Why?" line for request index `i`, or null when there is none.
export function whyLine(m, i) {
  const cmd = analyseCommand(m, i);
  if (!cmd) return null;
  const code = h('code', { class: 'cmd', 'data-testid': 'analyse-command', title: 'run from the project\'s root: the search\'s candidates for this answer' }, cmd);
  const copy = h('button', { class: 'copy', title: 'copy the command', onclick: () => copyText(code) }, 'copy');
  return [code, copy, m.path ? null : h('span', { class: 'note' }, '(opened with the file chooser: the page does not know its folder)')];
}
