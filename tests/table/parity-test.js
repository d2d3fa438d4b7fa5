#!/usr/bin/env node
// The page's engine (build/table/engine.js: src/ in WebAssembly) against the
// native bench (build/bench, CodinGame's build): tools/bench.cpp's signature,
// the search's answers at a fixed number of playouts and seed on the frozen
// positions of tests/bench_positions.txt, must be the same line; and both
// runs are timed, the same work on both sides, for the speed ratio (reported,
// not asserted: timing is no test).
//
//   node parity-test.js --engine build/table/engine.js --bench build/bench --positions tests/bench_positions.txt

'use strict';

const childProcess = require('child_process');
const fs = require('fs');

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  for (const need of ['engine', 'bench', 'positions']) if (!args[need]) throw new Error(`--${need} is missing`);
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

async function wasm(enginePath, positions, runs) {
  const printed = [];
  const createEngine = require(fs.realpathSync(enginePath));
  const m = await createEngine({ print: (t) => printed.push(t), printErr: (t) => printed.push(t) });
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

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const n = native(args.bench, args.positions, 3);
  const w = await wasm(args.engine, args.positions, 3);
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
}

main().catch((e) => { console.log(`FAIL: ${e.stack || e}`); process.exit(1); });
