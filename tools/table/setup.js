// The setting of a game: the variant, the rule, the seed (or a random deal)
// and who sits in each seat: me, our bot at a thinking time, greedy, random.

import { $, h } from '../viewer/dom.js';

const PLAYERS = { '2p': 2, '3p': 3, '4p': 4, duel: 2 };
const SEAT_CHOICES = [
  ['human', 'me'], ['bot:30', 'our bot, 30 ms (CodinGame)'], ['bot:100', 'our bot, 100 ms'],
  ['bot:300', 'our bot, 300 ms'], ['bot:1000', 'our bot, 1 s'], ['bot:3000', 'our bot, 3 s'],
  ['greedy', 'greedy'], ['random', 'random'],
];

// A random number below 2^31 (the deal's seed, a bot's seed).
export function randomNumber() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] >>> 1;
}

// One select per seat of the variant chosen, keeping the choices already made.
export function fillSeats() {
  const box = $('seats');
  const kept = Array.from(box.querySelectorAll('select')).map((s) => s.value);
  box.textContent = '';
  for (let s = 0; s < PLAYERS[$('variant').value]; s++) {
    const select = h('select', { 'data-testid': 'seat', 'data-seat': s, id: 'seat-' + s },
      SEAT_CHOICES.map(([value, label]) => h('option', { value }, label)));
    select.value = kept[s] || (s === 0 ? 'human' : 'bot:300');
    box.append(h('label', { class: 'seat-choice', style: `--pc: var(--p${s})` }, h('span', { class: 'seat-tag' }, `P${s}`), select));
  }
}

// A seat's player: its command (the replay's `bots` entry) and its name on the page.
function seatPlayer(choice) {
  const [kind, ms] = choice.split(':');
  if (kind === 'bot') {
    const time = +ms >= 1000 ? `${+ms / 1000} s` : `${ms} ms`;
    return { kind, command: `bot --time-ms ${ms} --seed ${randomNumber()}`, label: `bot ${time}` };
  }
  if (kind === 'random') return { kind, command: `random --seed ${randomNumber()}`, label: 'random' };
  return { kind, command: kind, label: kind === 'human' ? 'you' : kind };
}

// The setting the form holds; the seed as typed (the engine says when it is no number), or a random one.
export function readSetup() {
  const typed = $('seed').value.trim();
  return {
    variant: $('variant').value, rule: $('rule').value, seed: typed || String(randomNumber()),
    seats: Array.from($('seats').querySelectorAll('select')).map((s) => seatPlayer(s.value)),
  };
}
