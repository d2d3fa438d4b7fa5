// The setting of a game: the variant, the rule, the seed (or a random deal)
// and who sits in each seat: me, our bot at a thinking time, greedy, random.
// The form keeps the last choices (saved.js).

import { $, h } from '../viewer/dom.js';
import { keptSetup, keepSetup } from './saved.js';

const PLAYERS = { '2p': 2, '3p': 3, '4p': 4, duel: 2 };
const SEAT_CHOICES = [
  ['human', 'me'], ['bot:30', 'our bot, 30 ms (as on CodinGame)'], ['bot:100', 'our bot, 100 ms'],
  ['bot:300', 'our bot, 300 ms'], ['bot:1000', 'our bot, 1 s'], ['bot:3000', 'our bot, 3 s'],
  ['greedy', 'greedy'], ['random', 'random'],
];
// On CodinGame a bot's first answer may take a second: our bot at 30 ms takes it as there
// (800 ms); at any other time it thinks that long on every answer, the first included.
const CODINGAME_MS = '30';

// A random number below 2^31 (the deal's seed, a bot's seed).
export function randomNumber() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] >>> 1;
}

// Our bot's command thinking `ms` on every answer (the CodinGame setting: its first answer longer).
export function botCommand(ms, seed) {
  return `bot --time-ms ${ms}${String(ms) === CODINGAME_MS ? '' : ` --first-ms ${ms}`} --seed ${seed}`;
}

// "300 ms", "1 s".
export function thinkingTime(ms) { return +ms >= 1000 ? `${+ms / 1000} s` : `${ms} ms`; }

// One select per seat of the variant chosen, keeping the choices already made.
export function fillSeats(kept) {
  const box = $('seats');
  kept = kept || Array.from(box.querySelectorAll('select')).map((s) => s.value);
  box.textContent = '';
  for (let s = 0; s < PLAYERS[$('variant').value]; s++) {
    const select = h('select', { 'data-testid': 'seat', 'data-seat': s, id: 'seat-' + s },
      SEAT_CHOICES.map(([value, label]) => h('option', { value }, label)));
    select.value = kept[s] || (s === 0 ? 'human' : 'bot:300');
    box.append(h('label', { class: 'seat-choice', style: `--pc: var(--p${s})` }, h('span', { class: 'seat-tag' }, `P${s}`), select));
  }
}

// The form as the last game set it (or as the page starts).
export function restoreSetup() {
  const f = keptSetup();
  if (f && PLAYERS[f.variant]) {
    $('variant').value = f.variant;
    $('rule').value = f.rule === 'adjacent' ? 'adjacent' : 'match';
    $('seed').value = f.seed || '';
    if (f.reviewMs !== undefined) $('review-time').value = f.reviewMs;
  }
  fillSeats(f && Array.isArray(f.seats) ? f.seats : null);
}

// A seat's player: its command (the replay's `bots` entry) and its name on the page.
function seatPlayer(choice, you) {
  const [kind, ms] = choice.split(':');
  if (kind === 'bot') return { kind, choice, command: botCommand(ms, randomNumber()), label: `bot ${thinkingTime(ms)}` };
  if (kind === 'random') return { kind, choice, command: `random --seed ${randomNumber()}`, label: 'random' };
  return { kind, choice, command: kind, label: kind === 'human' ? you : kind };
}

// The setting the form holds, kept for the next visit; the seed as typed (the engine says when it is no number), or a random one.
export function readSetup() {
  const typed = $('seed').value.trim();
  const choices = Array.from($('seats').querySelectorAll('select')).map((s) => s.value);
  const people = choices.filter((c) => c === 'human').length;
  let person = 0;
  const seats = choices.map((c) => seatPlayer(c, people > 1 ? `you (${++person})` : 'you'));
  const reviewMs = $('review-time').value;
  keepSetup({ variant: $('variant').value, rule: $('rule').value, seed: typed, seats: choices, reviewMs });
  return { variant: $('variant').value, rule: $('rule').value, seed: typed || String(randomNumber()), seats, reviewMs };
}
