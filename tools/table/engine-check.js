// The engine check: tools/bench/bench.cpp's signature (its search at fixed playouts
// and seed on tests/bench_positions.txt) run in the worker and compared with
// the native bench's (tests/bench_signature.txt, embedded when the page was
// made), and the playouts a second that it took in this page.

import { $ } from '../viewer/dom.js';
import { benchSignature } from './players.js';

export function runEngineCheck() {
  const box = $('engine-result');
  box.textContent = 'Running the bench signature in the worker\u2026';
  benchSignature($('bench-positions').textContent).then((r) => {
    const line = (r.line || r.error || '').trim(), native = $('bench-signature').textContent.trim();
    const playouts = +((line.match(/signature: (\d+) playouts/) || [])[1] || 0);
    const rate = playouts / (r.ms / 1000);
    box.dataset.signature = line;
    box.dataset.ms = r.ms.toFixed(1);
    box.dataset.rate = rate.toFixed(0);
    box.textContent = `${line} in ${(r.ms / 1000).toFixed(2)} s: ${Math.round(rate).toLocaleString('en')} playouts a second. `
      + (line === native ? 'The same as the native bench (tests/bench_signature.txt): the page plays as the bot plays.'
        : `The native bench's is "${native}" (tests/bench_signature.txt): this page's search differs.`);
  });
}
