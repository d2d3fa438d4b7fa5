// The players of the page's worker (worker/worker.js): our bot, greedy and
// random, on an engine of their own, so that the page never waits on them.
// The worker's script is the engine's and the worker's, joined.

import { $ } from '../viewer/dom.js';

let worker = null, next = 1;
const waiting = new Map();

export function startPlayers() {
  const code = $('engine-js').textContent + '\n' + $('worker-js').textContent;
  worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
  worker.onmessage = (e) => {
    const w = waiting.get(e.data.id);
    waiting.delete(e.data.id);
    if (w) w.resolve(e.data.reply);
  };
  worker.onerror = (e) => {
    for (const w of waiting.values()) w.reject(new Error(e.message || 'the worker stopped'));
    waiting.clear();
  };
}

function ask(request) {
  return new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, ...request });
  });
}

// The answer of player `command` to the last request of `inputs` (its requests so far):
// {output, note, analysis, ms} or {error}.
export function playerAnswer(command, inputs) { return ask({ kind: 'answer', command, inputs }); }

// tools/bench.cpp's signature on `positions` (tests/bench_positions.txt) in the worker: {line, ms}.
export function benchSignature(positions) { return ask({ kind: 'bench', positions }); }
