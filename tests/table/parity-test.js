#!/usr/bin/env node
// The page's engine (build/table/engine.js: src/ in WebAssembly) against the
// native bench (build/bench, CodinGame's build): tools/bench/bench.cpp's signature,
// the search's answers at a fixed number of playouts and seed on the frozen
// positions of tests/bench_positions.txt, must be the same line; and both
// runs are timed, the same work on both sides, for the speed ratio (reported,
// not asserted: timing is no test).
//
// And the page's players against the upload (build/bot, CodinGame's build):
// a 3p and a 4p game of our bots at a fixed number of playouts played through
// the engine as the page plays it (each seat's bot kept across the game,
// learning of the others as it goes: tools/table/seat_bot.h); each seat's
// whole input then given to build/bot with the same options must get every
// answer the page gave.
//
//   node parity-test.js --engine build/table/engine.js --bench build/bench --bot build/bot --positions tests/bench_positions.txt

'use strict';

const childProcess = require('child_process');
const fs = require('fs');

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  for (const need of ['engine', 'bench', 'bot', 'positions']) if (!args[need]) throw new Error(`--${need} is missing`);
  return args;
}

// The native signature line and the fastest of `runs` runs, in ms.
function native(bench, positions, runs) {
  let line = '', best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const p = childProcess.spawnSync(bench, ['--signature', positions], { encoding: 'utf8' });
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
    if (p.status !== 0) throw new Error(`${bench} --signature failed: ${p.stderr}`);
    line = p.stdout.trim();
  }
  return { line, ms: best };
}

async function wasm(m, printed, positions, runs) {
  m.FS.writeFile('/bench_positions.txt', fs.readFileSync(positions));
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    printed.length = 0;
    const start = process.hrtime.bigint();
    m.callMain(['--signature', '/bench_positions.txt']);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { line: printed.join('\n').trim(), ms: best };
}

// "PUT x y r" and "PICK n" of an answer, its message left out (the page words it for people).
function moves(text) {
  return text.split('\n').filter(Boolean).map((line) => line.split(' ').slice(0, line.startsWith('PUT') ? 4 : 2).join(' '));
}

// A game of our bots at fixed playouts through the engine as the page plays it; then each
// seat's input given to the upload (`bot`): the number of answers that differ, said.
function gameParity(m, bot, variant, seed) {
  const call = (name, args) => JSON.parse(m.ccall(name, 'string', args.map((a) => (typeof a === 'number' ? 'number' : 'string')), args));
  const options = (s) => ['--playouts', '300', '--seed', String(s + 1)];
  const seats = variant === '3p' ? 3 : 4, commands = [...Array(seats).keys()].map((s) => ['bot', ...options(s)].join(' '));
  const inputs = commands.map(() => ''), answers = commands.map(() => []);
  for (let state = call('table_open', [variant, 'match', String(seed), commands.join('\n') + '\n']); !state.over;) {
    const s = state.seat;
    inputs[s] += state.input;
    const reply = call('player_answer', [`P${s}`, commands[s], inputs[s]]);
    if (reply.error) throw new Error(`${variant} seat ${s}: ${reply.error}`);
    answers[s].push(...moves(reply.output));
    state = call('table_answer', [reply.output, reply.ms, '']);
  }
  let differ = 0, total = 0;
  for (let s = 0; s < seats; s++) {
    const p = childProcess.spawnSync(bot, options(s), { input: inputs[s], encoding: 'utf8' });
    const upload = moves(p.stdout);
    total += answers[s].length;
    differ += answers[s].filter((a, i) => a !== upload[i]).length + Math.abs(upload.length - answers[s].length);
  }
  console.log(`${differ ? 'FAIL' : 'ok  '} ${variant} seed ${seed}: the page's bots gave the upload's answer at ${total - differ} of ${total} `
    + 'answer lines (--playouts 300, each seat\'s bot kept across the game)');
  return differ === 0;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const printed = [];
  const createEngine = require(fs.realpathSync(args.engine));
  const m = await createEngine({ print: (t) => printed.push(t), printErr: (t) => printed.push(t) });
  const games = ['3p', '4p'].map((variant) => gameParity(m, args.bot, variant, 5)).every(Boolean);
  const n = native(args.bench, args.positions, 3);
  const w = await wasm(m, printed, args.positions, 3);
  console.log(`native ${n.line} (${n.ms.toFixed(0)} ms, the process included)`);
  console.log(`wasm   ${w.line} (${w.ms.toFixed(0)} ms)`);
  console.log(`speed: wasm under node does the same work in ${(w.ms / n.ms).toFixed(2)}x native's time `
    + `(${(n.ms / w.ms).toFixed(2)} of native's playouts a second)`);
  if (w.line !== n.line || !/^signature: \d+ playouts, [0-9a-f]{16}$/.test(n.line)) {
    console.log('FAIL: the WebAssembly search answers otherwise than the native one on the bench positions'
      + ' (a `long` is 32 bits there: look for shifts and sums that need 64)');
    process.exit(1);
  }
  console.log('ok   the same signature: the same answers at fixed playouts and seed');
  if (!games) {
    console.log('FAIL: the page\'s players answer otherwise than the upload in a game (tools/table/seat_bot.h)');
    process.exit(1);
  }
}

main().catch((e) => { console.log(`FAIL: ${e.stack || e}`); process.exit(1); });
