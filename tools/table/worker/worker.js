// The table page's worker: an engine of its own (the page joins the engine's
// script before this one) that answers for the players in the page, and runs
// tools/bench.cpp's signature for the engine check.

const printed = [];
const ready = createEngine({ print: (line) => printed.push(line), printErr: (line) => printed.push(line) });

function answer(m, request) {
  const start = performance.now();
  const reply = JSON.parse(m.ccall('player_answer', 'string', ['string', 'string'], [request.command, request.inputs]));
  reply.ms = performance.now() - start;
  return reply;
}

function bench(m, request) {
  m.FS.writeFile('/bench_positions.txt', request.positions);
  printed.length = 0;
  const start = performance.now();
  m.callMain(['--signature', '/bench_positions.txt']);
  return { line: printed.join('\n'), ms: performance.now() - start };
}

self.onmessage = (e) => {
  ready.then((m) => {
    let reply;
    try {
      reply = e.data.kind === 'bench' ? bench(m, e.data) : answer(m, e.data);
    } catch (error) {
      reply = { error: 'the engine failed: ' + error };
    }
    self.postMessage({ id: e.data.id, reply });
  });
};
