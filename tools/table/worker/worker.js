// The table page's worker: an engine of its own (the page joins the engine's
// script before this one) that answers for the players in the page, reviews
// a person's answer after the game, and runs tools/bench/bench.cpp's signature for
// the engine check. The engine keeps our bot of each seat across the game
// (tools/table/seat_bot.h), so an answer searches its own request only. Each
// reply carries its time (ms): our bot's is its answer's own, as the engine
// timed it; any other's, the call's in the worker.

const printed = [];
const ready = createEngine({ print: (line) => printed.push(line), printErr: (line) => printed.push(line) });

function answer(m, request) {
  return JSON.parse(m.ccall('player_answer', 'string', ['string', 'string', 'string'], [request.key, request.command, request.inputs]));
}

// Our bot in seat `key` reads the seat's requests before the one in play: the hint there is then its own search only.
function learn(m, request) {
  return JSON.parse(m.ccall('bot_learn', 'string', ['string', 'string', 'string'], [request.key, request.command, request.inputs]));
}

// The person's answer as the replay wrote it: put {x, y, rotation} or null, pick or null.
function review(m, request) {
  const put = request.answer.put, pick = request.answer.pick;
  return JSON.parse(m.ccall('review_answer', 'string', ['string', 'string', 'string', 'number', 'number', 'number', 'number', 'number'],
    [request.key, request.command, request.inputs, put ? put.x : 0, put ? put.y : 0, put ? put.rotation : -1, pick ?? -1, request.deals]));
}

function bench(m, request) {
  m.FS.writeFile('/bench_positions.txt', request.positions);
  printed.length = 0;
  m.callMain(['--signature', '/bench_positions.txt']);
  return { line: printed.join('\n') };
}

const WORK = { answer, learn, review, bench };

self.onmessage = (e) => {
  ready.then((m) => {
    let reply;
    const start = performance.now();
    try {
      reply = WORK[e.data.kind](m, e.data);
    } catch (error) {
      reply = { error: 'the engine failed: ' + error };
    }
    reply.ms ??= performance.now() - start;
    self.postMessage({ id: e.data.id, reply });
  });
};
