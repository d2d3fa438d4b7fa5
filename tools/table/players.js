// The page's workers (worker/worker.js), each an engine of its own, so that
// the page never waits on them: one for the players of the game (our bot,
// greedy, random), one for the person's adviser (the hint, the review after
// the game), and one for the engine check while it runs. Apart, a bot's
// thinking never waits behind a hint, and its time is its own answer's. A
// worker stopped (a hint overtaken by a move, a game abandoned) ends its
// work at once: its pending answers come back as {stopped: true}.

import { $ } from '../viewer/dom.js';

let code = null;  // the worker's script: the engine's and worker.js, joined

class EngineWorker {
  constructor() {
    this.worker = null;
    this.waiting = new Map();
    this.next = 1;
  }

  start() {
    if (!code) code = URL.createObjectURL(new Blob([$('engine-js').textContent + '\n' + $('worker-js').textContent], { type: 'text/javascript' }));
    this.worker = new Worker(code);
    this.worker.onmessage = (e) => {
      const w = this.waiting.get(e.data.id);
      this.waiting.delete(e.data.id);
      if (w) w.resolve(e.data.reply);
    };
    this.worker.onerror = (e) => this.settle(() => { throw new Error(e.message || 'the worker stopped'); });
  }

  // Every pending request answered by `reply()` (or rejected when it throws).
  settle(reply) {
    for (const w of this.waiting.values()) {
      try { w.resolve(reply()); } catch (error) { w.reject(error); }
    }
    this.waiting.clear();
  }

  ask(request) {
    if (!this.worker) this.start();
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  busy() { return this.waiting.size > 0; }

  // Ends the worker's work now; the next request starts a fresh one.
  stop() {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.settle(() => ({ stopped: true }));
  }
}

const players = new EngineWorker(), adviser = new EngineWorker();

// The workers of the game and of the adviser started, so that their engines are ready by the first answer.
export function startPlayers() {
  players.start();
  adviser.start();
}

// The answer of player `command` in seat `key` to the last request of `inputs` (its requests so far):
// {output, note, analysis, ms} (ms: the answer's own time) or {error}, or {stopped}.
export function playerAnswer(key, command, inputs) { return players.ask({ kind: 'answer', key, command, inputs }); }

// The same from the adviser (the hint): our bot's answer in the person's seat.
export function adviserAnswer(key, command, inputs) { return adviser.ask({ kind: 'answer', key, command, inputs }); }

// The adviser's bot in the person's seat learns from the seat's requests before the one in play, as the game goes.
export function adviserLearn(key, command, inputs) { return adviser.ask({ kind: 'learn', key, command, inputs }); }

// The review of the person's answer `answer` ({put, pick} as the replay writes them) to the
// last request of `inputs`, by our bot `command` in seat `key` on `deals` deals (review.h).
export function reviewAnswer(key, command, inputs, answer, deals) { return adviser.ask({ kind: 'review', key, command, inputs, answer, deals }); }

// The game's players stopped (a game abandoned), or the adviser (its hint or review overtaken).
export function stopPlayers() { players.stop(); }
export function stopAdviser() { adviser.stop(); }

// tools/bench/bench.cpp's signature on `positions` (tests/bench_positions.txt) in a worker of its own: {line, ms}.
export function benchSignature(positions) {
  const bench = new EngineWorker();
  return bench.ask({ kind: 'bench', positions }).finally(() => bench.stop());
}
