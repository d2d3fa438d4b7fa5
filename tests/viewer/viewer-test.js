#!/usr/bin/env node
// End-to-end test of the replay viewer in headless Chromium.
//
//   node viewer-test.js --work DIR --template build/viewer.html --variants 2p,3p,4p,duel [--build BUILD]
//
// DIR holds what the CTest fixtures made: replays/<name>/<game>.json with the page
// tools/replay-view wrote next to each (<game>.html), and all.html, the page made
// from the directory all/ holding every replay; --template is the page the build
// makes (tools/viewer/bundle.py), opened alone. Expected values come from the JSON
// files, read here independently of the page. Screenshots go to DIR/screenshots.
// Each answer of our bot shows the tools/analyse command that looks inside it;
// with --build, one such command is run (KD_BUILD=BUILD) and must give the
// answer the replay recorded.
// Any failure, Chromium not starting included, exits 1: this test never skips.

'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');

const CHROMIUM = process.env.VIEWER_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

function parseArgs(argv) {
  const args = { variants: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--work') args.work = argv[++i];
    else if (a === '--template') args.template = argv[++i];
    else if (a === '--variants') args.variants = argv[++i].split(',').filter(Boolean);
    else if (a === '--build') args.build = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.work || !args.template) throw new Error('usage: viewer-test.js --work DIR --template viewer.html [--variants 2p,3p,...]');
  return args;
}

class Failure extends Error {}

// The project's root (where tools/analyse runs), the build tree to run it from
// (--build), and how many answers showed its command.
const RUN = { root: null, build: null, shown: 0 };

function check(cond, message) {
  if (!cond) throw new Failure(message);
}

// ------------------------------------------------------------ expected values, from the JSON alone

// Our bot's command, as tools/analyse --help defines it: a word named "bot" or "bot_*".
function isOurBot(cmd) {
  return String(cmd).split(/\s+/).some((w) => /^bot(_|$)/.test(path.basename(w)));
}

// `replayPath`: the replay's path in the page's tools/analyse commands.
function expectedModel(rep, replayPath) {
  const n = rep.grid_size, P = rep.players, reqs = rep.requests;
  const start = [];
  for (let y = 0; y < n; y++) {
    let row = '';
    for (let x = 0; x < n; x++) row += x === rep.castle[0] && y === rep.castle[1] ? '*0' : '_0';
    start.push(row);
  }
  const turnOf = [0].concat(reqs.map((r) => r.turn));
  const firstOfTurn = new Map();
  turnOf.forEach((t, k) => { if (!firstOfTurn.has(t)) firstOfTurn.set(t, k); });
  // Events show on the step after their after_request; eliminations stay from then on.
  const evStep = (ev) => Math.min(reqs.length, Math.max(0, ev.after_request + 1));
  const events = rep.events || [];
  return {
    rep, n, P, steps: reqs.length, turnOf,
    request: (k) => reqs[k - 1],
    eventsAt: (k) => events.filter((ev) => evStep(ev) === k).map((ev) => ev.kind),
    eliminatedAt: (k) => Array.from(new Set(events.filter((ev) => ev.kind === 'eliminated' && evStep(ev) <= k).map((ev) => ev.seat))).sort(),
    grids: (k) => (k === 0 ? Array.from({ length: P }, () => start) : reqs[k - 1].after.grids),
    scores: (k) => (k === 0 ? new Array(P).fill(0) : reqs[k - 1].after.scores),
    // Each seat's window [x0, y0, x1, y1] as the referee wrote it, null in a replay
    // without "windows"; at the start as after the first request (turn 0 places nothing).
    windows: (k) => (k === 0 ? reqs[0] : reqs[k - 1]).after.windows || null,
    // The tiles of step k's turn, from the drafts alone: turn t places draft t-1 and picks from draft t.
    placing: (k) => (turnOf[k] === 0 ? [] : rep.drafts[turnOf[k] - 1]),
    draft: (k) => (turnOf[k] < rep.turns - 1 ? rep.drafts[turnOf[k]] : []),
    // The limit of request k by RULES.md: 1000 ms for a seat's first answer, 50 ms later, times the scale.
    limit: (k) => (reqs.slice(0, k - 1).some((q) => q.seat === reqs[k - 1].seat) ? 50 : 1000) * rep.time_scale,
    // The command under an answer of our bot: its index in "requests" is K.
    analyse: (k) => (isOurBot(rep.bots[reqs[k - 1].seat]) ? `tools/analyse ${replayPath} --request ${k - 1}` : ''),
    nextTurn: (k) => {
      for (let j = k + 1; j <= reqs.length; j++) if (turnOf[j] > turnOf[k]) return j;
      return reqs.length;
    },
    // The first step of the current turn, or of the previous one when already there.
    prevTurn: (k) => (k === 0 ? 0 : firstOfTurn.get(turnOf[k - 1])),
  };
}

// Zones as the rules define them: 4-connected squares of one terrain, castle in none.
function zonesOf(grid) {
  const n = grid.length, seen = new Set(), out = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const t = grid[y][2 * x];
      if ('cfglwm'.indexOf(t) < 0 || seen.has(y * n + x)) continue;
      let size = 0, crowns = 0;
      const stack = [[x, y]];
      seen.add(y * n + x);
      while (stack.length) {
        const [a, b] = stack.pop();
        size++; crowns += +grid[b][2 * a + 1];
        for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
          const u = a + dx, v = b + dy;
          if (u < 0 || v < 0 || u >= n || v >= n || seen.has(v * n + u) || grid[v][2 * u] !== t) continue;
          seen.add(v * n + u); stack.push([u, v]);
        }
      }
      out.push(`${t}${size}x${crowns}`);
    }
  }
  return out.sort();
}

// ------------------------------------------------------------ reading the page

async function pageState(page) {
  return page.evaluate(() => {
    const counter = document.querySelector('[data-testid="step-counter"]');
    const grids = {};
    for (const sq of document.querySelectorAll('[data-testid="square"]')) {
      const s = +sq.dataset.seat, x = +sq.dataset.x, y = +sq.dataset.y;
      ((grids[s] = grids[s] || [])[y] = grids[s][y] || [])[x] = sq.dataset.square;
    }
    const scores = {};
    for (const e of document.querySelectorAll('[data-testid="score"]')) scores[e.dataset.seat] = e.textContent.trim();
    const now = [], out = [];
    for (const e of document.querySelectorAll('[data-testid="square"].now')) now.push(`${e.dataset.seat}:${e.dataset.x},${e.dataset.y}`);
    for (const e of document.querySelectorAll('[data-testid="square"].out')) out.push(`${e.dataset.seat}:${e.dataset.x},${e.dataset.y}`);
    const windows = {};
    for (const e of document.querySelectorAll('[data-testid="window"]')) windows[e.dataset.seat] = e.hidden ? null : e.dataset.window;
    return {
      step: +counter.dataset.step, steps: +counter.dataset.steps, counterText: counter.textContent.trim(),
      turn: +document.querySelector('[data-testid="turn-counter"]').dataset.turn,
      grids: Object.keys(grids).sort((a, b) => a - b).map((s) => grids[s].map((row) => row.join(''))),
      scores: Object.keys(scores).sort((a, b) => a - b).map((s) => +scores[s]),
      now, out: out.sort(), windows, hash: location.hash, replay: document.getElementById('app').dataset.replay || '',
      eliminated: Array.from(document.querySelectorAll('[data-testid="eliminated"]'), (e) => +e.dataset.seat).sort(),
      events: Array.from(document.querySelectorAll('[data-testid="events-panel"]:not([hidden]) [data-testid="event"]'), (e) => e.dataset.kind),
      message: (document.querySelector('[data-testid="message-text"]') || {}).textContent || '',
      time: (document.querySelector('[data-testid="answer-time"]') || {}).textContent || '',
      limit: (document.querySelector('[data-testid="answer-limit"]') || {}).textContent || '',
      placing: Array.from(document.querySelectorAll('[data-testid="placing-tile"]'), (e) => +e.dataset.tile),
      draft: Array.from(document.querySelectorAll('[data-testid="draft-tile"]'), (e) => [+e.dataset.tile, +e.dataset.owner]),
      error: (document.querySelector('[data-testid="request-error"]') || {}).textContent || '',
      analyse: (document.querySelector('[data-testid="analyse-command"]') || {}).textContent || '',
      finalShown: !document.querySelector('[data-testid="final"]').hidden,
    };
  });
}

// Each kingdom's window frame where the replay's "windows" puts it (none without),
// and the squares outside it dimmed.
function checkWindows(st, exp, k, where) {
  const wins = exp.windows(k), out = [];
  for (let s = 0; s < exp.P; s++) {
    const want = wins ? wins[s].join(',') : null;
    check(st.windows[s] === want, `${where}: seat ${s}'s window frame is ${st.windows[s] ?? 'not drawn'}, the replay's window is ${want ?? 'not given'}`);
    for (let y = 0; wins && y < exp.n; y++) {
      for (let x = 0; x < exp.n; x++) {
        const [x0, y0, x1, y1] = wins[s];
        if (x < x0 || x > x1 || y < y0 || y > y1) out.push(`${s}:${x},${y}`);
      }
    }
  }
  check(JSON.stringify(st.out) === JSON.stringify(out.sort()), `${where}: ${st.out.length} squares dimmed as outside the window, the replay's windows leave out ${out.length}`);
}

function compareGrids(shown, expected, where) {
  check(shown.length === expected.length, `${where}: page shows ${shown.length} kingdoms, replay has ${expected.length}`);
  for (let s = 0; s < expected.length; s++) {
    for (let y = 0; y < expected[s].length; y++) {
      if (shown[s][y] === expected[s][y]) continue;
      for (let x = 0; 2 * x < expected[s][y].length; x++) {
        const a = (shown[s][y] || '').substr(2 * x, 2), b = expected[s][y].substr(2 * x, 2);
        check(a === b, `${where}: seat ${s} square (x=${x}, y=${y}) shows "${a}", replay has "${b}"`);
      }
    }
  }
}

async function expectStep(page, exp, k, where) {
  let st = await pageState(page);
  if (st.step !== k) {
    await page.waitForFunction((want) => +document.querySelector('[data-testid="step-counter"]').dataset.step === want, k, { timeout: 20000 })
      .catch(() => {});
    st = await pageState(page);
  }
  check(st.step === k, `${where}: step counter is ${st.step}, expected ${k}`);
  check(st.steps === exp.steps, `${where}: counter says ${st.steps} steps, replay has ${exp.steps} requests`);
  check(st.counterText === `${k} / ${exp.steps}`, `${where}: counter text "${st.counterText}", expected "${k} / ${exp.steps}"`);
  check(st.turn === exp.turnOf[k], `${where}: turn counter ${st.turn}, expected ${exp.turnOf[k]}`);
  compareGrids(st.grids, exp.grids(k), `${where} (step ${k})`);
  check(JSON.stringify(st.scores) === JSON.stringify(exp.scores(k)), `${where} (step ${k}): scores shown ${st.scores}, replay has ${exp.scores(k)}`);
  const at = `${where} (step ${k})`;
  check(JSON.stringify(st.eliminated) === JSON.stringify(exp.eliminatedAt(k)), `${at}: players shown out ${st.eliminated}, replay says ${exp.eliminatedAt(k)}`);
  check(JSON.stringify(st.events) === JSON.stringify(exp.eventsAt(k)), `${at}: events shown [${st.events}], replay has [${exp.eventsAt(k)}]`);
  checkWindows(st, exp, k, at);
  if (k > 0) {
    const r = exp.request(k);
    check(st.message === (r.message ? `\u201C${r.message}\u201D` : ''), `${at}: PICK message shown "${st.message}", replay has "${r.message}"`);
    check(st.time.startsWith(expectedTime(r.time_ms)),
      `${at}: answer time shown "${st.time}", replay has ${r.time_ms} ms`);
    check(!r.error === !st.error && (!r.error || st.error.includes(r.error.detail || '')), `${at}: error shown "${st.error}", replay has ${JSON.stringify(r.error)}`);
    // The time limit is the replay's, which is RULES.md's (no limit but the cap with --no-timeout).
    check(exp.rep.no_timeout || Math.abs(r.limit_ms - exp.limit(k)) < 0.01, `${at}: the replay's limit_ms is ${r.limit_ms}, RULES.md gives ${exp.limit(k)}`);
    const limitText = exp.rep.no_timeout ? `no time limit (${r.limit_ms} ms cap)` : `limit ${r.limit_ms} ms`;
    check(st.limit === limitText, `${at}: limit shown "${st.limit}", expected "${limitText}"`);
    // The turn panel shows the request's own turn, also on a turn's last request.
    check(JSON.stringify(st.placing) === JSON.stringify(exp.placing(k)), `${at}: tiles to place shown [${st.placing}], turn ${r.turn} places [${exp.placing(k)}]`);
    check(JSON.stringify(st.draft.map((t) => t[0])) === JSON.stringify(exp.draft(k)), `${at}: draft shown [${st.draft.map((t) => t[0])}], turn ${r.turn} has [${exp.draft(k)}]`);
    check(st.analyse === exp.analyse(k), `${at}: analyse command shown "${st.analyse}", expected "${exp.analyse(k)}"`);
    if (r.pick !== null && !r.error) {
      check(st.draft.some(([id, owner]) => id === r.pick && owner === r.seat), `${at}: the draft shown does not give tile ${r.pick} to seat ${r.seat}, who picked it`);
    }
  }
  return st;
}

// The page spaces out its history updates, so the hash may land a little later.
async function expectHash(page, want, where) {
  if (await page.evaluate(() => location.hash) === want) return;
  const ok = await page.waitForFunction((w) => location.hash === w, want, { timeout: 20000 }).then(() => true, () => false);
  if (!ok) check(false, `${where}: the address hash is "${await page.evaluate(() => location.hash)}", expected "${want}"`);
}

// ------------------------------------------------------------ the checks

// The page writes its step to the address and checks 80 ms later that the last
// write landed. A hash changed by hand in between must win, also when that
// check runs before the hashchange (the race that once left "back to the
// start" at step 16): here the hand-made change and the check fall due together.
async function expectHandMadeHashWins(page, exp, name) {
  for (const want of [3, 5]) {
    await page.evaluate((w) => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true }));
      setTimeout(() => { location.hash = `#step=${w}`; }, 0);
      const t = performance.now();
      while (performance.now() - t < 150);  // both the page's check and the hand-made change are now due
    }, want);
    await expectStep(page, exp, want, `${name}, hash set by hand while the page's address write was pending`);
    await expectHash(page, `#step=${want}`, `${name}, hash set by hand while the page's address write was pending`);
  }
}

async function openPage(context, url, errors) {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console error: ${m.text()}`); });
  page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) errors.push(`network request: ${r.url()}`); });
  await page.goto(url);
  const ready = await page.waitForSelector('[data-testid="app"][data-ready="1"]', { state: 'attached', timeout: 30000 }).then(() => true, () => false);
  check(ready, `${url}: the page never became ready${errors.length ? ': ' + errors.join('; ') : ''}`);
  return page;
}

// Runs `body(errors)`; a failure also reports the page's own errors, its likely cause.
async function withPageErrors(body) {
  const errors = [];
  try {
    return await body(errors);
  } catch (e) {
    if (errors.length && e instanceof Failure) e.message += ` [page: ${errors.join('; ')}]`;
    throw e;
  }
}

async function testReplay(context, jsonPath, htmlPath, shots, log) {
  return withPageErrors((errors) => checkReplay(context, jsonPath, htmlPath, shots, log, errors));
}

async function checkReplay(context, jsonPath, htmlPath, shots, log, errors) {
  const rep = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
  const exp = expectedModel(rep, path.relative(RUN.root, jsonPath));
  const fin = rep.final;
  const name = `${rep.variant} seed ${rep.seed} (${path.basename(jsonPath)})`;
  const url = pathToFileURL(htmlPath).href;
  const page = await openPage(context, url, errors);
  await page.setViewportSize({ width: 1600, height: 1000 });

  // Start: step 0, empty kingdoms; no hash needed.
  await expectStep(page, exp, 0, `${name}, at load`);

  // End: final grids, scores, adjusted scores and ranks.
  await page.keyboard.press('End');
  let st = await expectStep(page, exp, exp.steps, `${name}, after End`);
  compareGrids(st.grids, fin.grids, `${name}, after End vs final.grids`);
  check(JSON.stringify(st.scores) === JSON.stringify(fin.scores), `${name}: header scores ${st.scores} differ from final.scores ${fin.scores}`);
  check(st.finalShown, `${name}: the final result is not shown at the last step`);
  const out = fin.eliminated.map((e, s) => (e ? s : -1)).filter((s) => s >= 0);
  check(JSON.stringify(st.eliminated) === JSON.stringify(out), `${name}: at the end players shown out ${st.eliminated}, final.eliminated says ${out}`);
  await expectHash(page, `#step=${exp.steps}`, `${name}, after End`);
  const table = await page.evaluate(() => {
    const read = (id) => Object.fromEntries(Array.from(document.querySelectorAll(`[data-testid="${id}"]`), (e) => [e.dataset.seat, e.firstChild.textContent.trim()]));
    return { score: read('final-score'), adjusted: read('final-adjusted'), rank: read('final-rank'), territory: read('final-territory'), crowns: read('final-crowns') };
  });
  for (let s = 0; s < exp.P; s++) {
    check(+table.score[s] === fin.scores[s], `${name}: final score of seat ${s} shows ${table.score[s]}, replay ${fin.scores[s]}`);
    check(+table.adjusted[s] === fin.adjusted[s], `${name}: adjusted score of seat ${s} shows ${table.adjusted[s]}, replay ${fin.adjusted[s]}`);
    check(table.rank[s] === `#${fin.ranks[s]}`, `${name}: rank of seat ${s} shows ${table.rank[s]}, replay ${fin.ranks[s]}`);
    check(+table.territory[s] === fin.territory[s], `${name}: territory of seat ${s} shows ${table.territory[s]}, replay ${fin.territory[s]}`);
    check(+table.crowns[s] === fin.crowns[s], `${name}: crowns of seat ${s} shows ${table.crowns[s]}, replay ${fin.crowns[s]}`);
  }
  await page.mouse.move(0, 0);
  await page.screenshot({ path: path.join(shots, `viewer-${rep.variant}-seed${rep.seed}-end.png`), fullPage: true });

  // Zones on (key Z); every step backwards with the left arrow: grid, scores, zones, highlight.
  await page.keyboard.press('z');
  for (let k = exp.steps; k >= 0; k--) {
    if (k < exp.steps) await page.keyboard.press('ArrowLeft');
    const where = `${name}, ArrowLeft to step ${k}`;
    st = await expectStep(page, exp, k, where);
    await expectHash(page, `#step=${k}`, where);
    const zones = await page.evaluate(() => {
      const out = {};
      for (const e of document.querySelectorAll('[data-testid="zone"]')) {
        const s = e.closest('[data-testid="zones"]').dataset.seat;
        (out[s] = out[s] || []).push(`${e.dataset.terrain}${e.dataset.size}x${e.dataset.crowns}`);
      }
      const totals = Object.fromEntries(Array.from(document.querySelectorAll('[data-testid="zone-total"]'), (e) => [e.dataset.seat, e.textContent]));
      return { out, totals };
    });
    for (let s = 0; s < exp.P; s++) {
      const want = zonesOf(exp.grids(k)[s]).join(' '), got = (zones.out[s] || []).sort().join(' ');
      check(got === want, `${where}: seat ${s} zones shown "${got}", expected "${want}"`);
      check(zones.totals[s] === `total ${exp.scores(k)[s]}`, `${where}: seat ${s} zone total "${zones.totals[s]}", replay score ${exp.scores(k)[s]}`);
    }
    if (k > 0) {
      // The tile placed by this request is highlighted, and only it.
      const r = rep.requests[k - 1];
      const before = exp.grids(k - 1)[r.seat], after = exp.grids(k)[r.seat];
      const changed = [];
      for (let y = 0; y < exp.n; y++) for (let x = 0; x < exp.n; x++) if (before[y].substr(2 * x, 2) !== after[y].substr(2 * x, 2)) changed.push(`${r.seat}:${x},${y}`);
      check(JSON.stringify(st.now.sort()) === JSON.stringify(changed.sort()), `${where}: highlighted ${st.now}, the request placed ${changed}`);
      if (r.put_result === 'placed') check(changed.length === 2, `${where}: put_result "placed" but ${changed.length} squares changed in seat ${r.seat}'s grid`);
    }
  }
  await page.keyboard.press('z');
  if (RUN.build) await runShownCommand(page, exp, name);

  // Turns: down arrow forwards, up arrow backwards, shift+arrows the same.
  let k = 0;
  let guard = 0;
  while (k < exp.steps && guard++ < 100) {
    const want = exp.nextTurn(k);
    await page.keyboard.press(guard % 2 ? 'ArrowDown' : 'Shift+ArrowRight');
    st = await expectStep(page, exp, want, `${name}, next turn from step ${k}`);
    k = want;
  }
  check(k === exp.steps, `${name}: next turn never reached the last step`);
  guard = 0;
  while (k > 0 && guard++ < 100) {
    const want = exp.prevTurn(k);
    await page.keyboard.press(guard % 2 ? 'ArrowUp' : 'Shift+ArrowLeft');
    await expectStep(page, exp, want, `${name}, previous turn from step ${k}`);
    k = want;
  }
  check(k === 0, `${name}: previous turn never reached step 0`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expectStep(page, exp, 1, `${name}, right right left from 0`);
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await expectStep(page, exp, 0, `${name}, Home`);

  // Play: space starts, steps advance by themselves, space pauses.
  await page.selectOption('[data-testid="speed"]', '80');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => +document.querySelector('[data-testid="step-counter"]').dataset.step >= 3, null, { timeout: 20000 })
    .catch(() => { throw new Failure(`${name}: Space did not start playing`); });
  await page.keyboard.press('Space');
  const paused = (await pageState(page)).step;
  await page.waitForTimeout(400);
  const later = await pageState(page);
  check(later.step === paused, `${name}: still playing after the second Space (${paused} -> ${later.step})`);
  await expectStep(page, exp, paused, `${name}, paused`);

  // The hash restores a step on load, and follows hand-made hash changes.
  const mid = Math.floor(exp.steps / 2);
  const page2 = await openPage(context, `${url}#step=${mid}`, errors);
  await page2.setViewportSize({ width: 1600, height: 1000 });
  await expectStep(page2, exp, mid, `${name}, loaded with #step=${mid}`);
  await page2.evaluate(() => { location.hash = '#step=3'; });
  await expectStep(page2, exp, 3, `${name}, hash set to #step=3`);
  await page2.keyboard.press('ArrowRight');
  await expectStep(page2, exp, 4, `${name}, ArrowRight after hash change`);
  await expectHash(page2, '#step=4', `${name}, ArrowRight after hash change`);
  await expectHandMadeHashWins(page2, exp, name);
  await page2.close();
  const page3 = await openPage(context, `${url}#step=${exp.steps + 1000}`, errors);
  await expectStep(page3, exp, exp.steps, `${name}, loaded with a step past the end`);
  await expectHash(page3, `#step=${exp.steps}`, `${name}, loaded with a step past the end`);
  await page3.close();

  // A mid-game picture with the zones on and a square hovered.
  await page.keyboard.press('z');
  await page.evaluate((m) => { location.hash = `#step=${m}`; }, mid);
  await expectStep(page, exp, mid, `${name}, mid-game`);
  const land = await page.$('[data-testid="square"][data-seat="0"]:not([data-square="_0"]):not([data-square="*0"])');
  if (land) await land.hover();
  await page.screenshot({ path: path.join(shots, `viewer-${rep.variant}-seed${rep.seed}-mid.png`), fullPage: true });
  await page.close();

  check(!errors.length, `${name}: ${errors.join('; ')}`);
  log(`ok   ${name}: ${exp.steps} steps, final ${fin.scores.join('/')}`);
  return rep.variant;
}

// The tools/analyse command shown under one of our bot's answers, run from the
// project's root: its chosen answer is the one the replay recorded.
async function runShownCommand(page, exp, name) {
  const ours = [];
  for (let k = 1; k <= exp.steps; k++) if (exp.analyse(k)) ours.push(k);
  RUN.shown += ours.length;
  if (!ours.length) return;
  const k = ours[Math.floor(ours.length / 2)];
  await page.evaluate((s) => { location.hash = `#step=${s}`; }, k);
  const st = await expectStep(page, exp, k, `${name}, an answer of our bot`);
  let out;
  try {
    out = childProcess.execSync(`${st.analyse} --json`, { cwd: RUN.root, env: { ...process.env, KD_BUILD: RUN.build }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    throw new Failure(`${name}: the command shown, "${st.analyse}", failed: ${e.stderr || e.message}`);
  }
  const chosen = JSON.parse(out).chosen, r = exp.request(k);
  const same = chosen.pick === r.pick && (chosen.put === null ? r.put === null || r.put_result === 'no_legal_spot' : JSON.stringify(chosen.put) === JSON.stringify(r.put));
  check(same, `${name}: "${st.analyse}" chose ${JSON.stringify(chosen)}, the replay recorded PUT ${JSON.stringify(r.put)} PICK ${r.pick}`);
  await page.evaluate(() => { location.hash = '#step=0'; });  // where the checks after this one start
  await expectStep(page, exp, 0, `${name}, back to the start`);
}

async function testMultiPage(context, work, entries, log) {
  const htmlPath = path.join(work, 'all.html');
  check(fs.existsSync(htmlPath), `${htmlPath} is missing (tools/replay-view on the all/ directory)`);
  const byName = new Map(entries.map((e) => [path.basename(e.json), e]));
  const errors = [];
  const url = pathToFileURL(htmlPath).href;
  const page = await openPage(context, url, errors);
  const options = await page.$$eval('[data-testid="replay-select"] option', (os) => os.map((o) => o.value));
  check(options.length === entries.length, `all.html: selector lists ${options.length} replays, the directory has ${entries.length}`);
  const visible = await page.isVisible('[data-testid="replay-select"]');
  check(visible, 'all.html: the replay selector is hidden');
  const seen = new Set();
  for (let i = 0; i < options.length; i++) {
    await page.selectOption('[data-testid="replay-select"]', String(i));
    const st = await pageState(page);
    const e = byName.get(st.replay);
    check(e, `all.html: replay ${i} is "${st.replay}", not one of the directory's files`);
    seen.add(st.replay);
    const exp = expectedModel(JSON.parse(fs.readFileSync(e.json, 'utf8')), path.relative(RUN.root, path.join(work, 'all', st.replay)));
    await expectHash(page, `#replay=${i}&step=0`, `all.html, replay ${i} selected`);
    await expectStep(page, exp, 0, `all.html replay ${i}`);
  }
  check(seen.size === entries.length, `all.html: the selector shows ${seen.size} distinct replays of ${entries.length}`);
  // Newest first (file modification time in all/, then name, as tools/replay-view sorts).
  const order = [];
  for (let i = 0; i < options.length; i++) {
    await page.selectOption('[data-testid="replay-select"]', String(i));
    order.push((await pageState(page)).replay);
  }
  const mtime = (f) => fs.statSync(path.join(work, 'all', f)).mtimeMs;
  for (let i = 1; i < order.length; i++) {
    const a = order[i - 1], b = order[i];
    check(mtime(a) > mtime(b) || (mtime(a) === mtime(b) && a < b), `all.html: ${a} is listed before ${b}, not newest first`);
  }
  // A hash with a replay index restores both.
  const pick = options.length - 1;
  const page2 = await openPage(context, `${url}#replay=${pick}&step=5`, errors);
  const st2 = await pageState(page2);
  const e2 = byName.get(st2.replay);
  check(e2, `all.html#replay=${pick}: unknown replay "${st2.replay}"`);
  const value = await page2.$eval('[data-testid="replay-select"]', (s) => s.value);
  check(value === String(pick), `all.html#replay=${pick}&step=5: selector shows ${value}`);
  const exp2 = expectedModel(JSON.parse(fs.readFileSync(e2.json, 'utf8')), path.relative(RUN.root, path.join(work, 'all', st2.replay)));
  await expectStep(page2, exp2, 5, `all.html#replay=${pick}&step=5`);
  await page2.close();
  await page.close();
  check(!errors.length, `all.html: ${errors.join('; ')}`);
  log(`ok   all.html: ${entries.length} replays, selector and #replay= hash`);
}

async function testTemplate(context, template, entry, shots, log) {
  // The bare page, opened directly: empty, then a replay loaded with the file chooser.
  const errors = [];
  const page = await openPage(context, pathToFileURL(template).href, errors);
  await page.setViewportSize({ width: 1400, height: 900 });
  check(await page.isVisible('#empty'), 'viewer.html opened directly: the "no replay loaded" screen is not shown');
  await page.setInputFiles('[data-testid="file-input"]', entry.json);
  await page.waitForFunction(() => +document.querySelector('[data-testid="step-counter"]').dataset.steps > 0, null, { timeout: 20000 })
    .catch(() => { throw new Failure('viewer.html: loading a replay with the file chooser showed nothing'); });
  const rep = JSON.parse(fs.readFileSync(entry.json, 'utf8'));
  const exp = expectedModel(rep, path.basename(entry.json));  // a file chooser does not tell the path
  await expectStep(page, exp, 0, 'viewer.html after the file chooser');
  await page.keyboard.press('End');
  const st = await expectStep(page, exp, exp.steps, 'viewer.html after the file chooser, End');
  compareGrids(st.grids, rep.final.grids, 'viewer.html after the file chooser, final grids');
  await page.screenshot({ path: path.join(shots, 'viewer-file-chooser.png'), fullPage: true });

  // Tie-break points: the shown adjusted scores and ranks are the replay's, not the raw scores.
  // (Real games rarely tie, so a copy of the replay gets distinct made-up values.)
  const tied = JSON.parse(JSON.stringify(rep));
  tied.final.adjusted = tied.final.scores.map((v, s) => v + s + 1);
  tied.final.ranks = tied.final.adjusted.map((v) => 1 + tied.final.adjusted.filter((w) => w > v).length);
  const tiedPath = path.join(shots, 'tie-break-copy.json');
  fs.writeFileSync(tiedPath, JSON.stringify(tied));
  await page.setInputFiles('[data-testid="file-input"]', tiedPath);
  await page.waitForFunction(() => document.getElementById('app').dataset.replay === 'tie-break-copy.json', null, { timeout: 20000 })
    .catch(() => { throw new Failure('viewer.html: a second file from the file chooser was not shown'); });
  await page.keyboard.press('End');
  const shown = await page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('[data-testid="final-adjusted"]'),
    (e) => [e.dataset.seat, e.firstChild.textContent.trim()])));
  const ranks = await page.evaluate(() => Object.fromEntries(Array.from(document.querySelectorAll('[data-testid="final-rank"]'),
    (e) => [e.dataset.seat, e.textContent.trim()])));
  for (let s = 0; s < tied.players; s++) {
    check(+shown[s] === tied.final.adjusted[s], `viewer.html: adjusted score of seat ${s} shows ${shown[s]}, replay ${tied.final.adjusted[s]}`);
    check(ranks[s] === `#${tied.final.ranks[s]}`, `viewer.html: rank of seat ${s} shows ${ranks[s]}, replay ${tied.final.ranks[s]}`);
  }
  fs.rmSync(tiedPath);
  await checkWindowCopies(page, rep, shots);
  await checkTableCopies(page, rep, shots);
  await page.close();
  check(!errors.length, `viewer.html: ${errors.join('; ')}`);
  log(`ok   viewer.html opened directly, ${path.basename(entry.json)} loaded with the file chooser`);
}

// Opens `copy` of a replay, written as `name`, with the file chooser; shows its last step.
async function openCopy(page, copy, name, shots) {
  const file = path.join(shots, name);
  fs.writeFileSync(file, JSON.stringify(copy));
  await page.setInputFiles('[data-testid="file-input"]', file);
  await page.waitForFunction((f) => document.getElementById('app').dataset.replay === f, name, { timeout: 20000 })
    .catch(() => { throw new Failure(`viewer.html: ${name} from the file chooser was not shown`); });
  await page.keyboard.press('End');
  fs.rmSync(file);
  const texts = (id) => page.evaluate((t) => Array.from(document.querySelectorAll(`[data-testid="${t}"]`), (e) => e.textContent.trim()), id);
  return { title: await page.textContent('[data-testid="final-title"]'), names: await texts('player-name'), ties: await texts('final-tie-break') };
}

// What the table page writes in its replays: the seats' names, a game stopped
// early ("finished" false, "stopped_turn"); and which tie-break decided, in words.
async function checkTableCopies(page, rep, shots) {
  const named = JSON.parse(JSON.stringify(rep));
  named.names = named.bots.map((_, s) => `player ${'ABCD'[s]}`);
  named.finished = false;
  named.stopped_turn = 2;
  const stopped = await openCopy(page, named, 'stopped-copy.json', shots);
  check(stopped.title.includes(`Stopped at turn 3 of ${rep.turns}`), `viewer.html: a replay stopped early says so: "${stopped.title}"`);
  check(JSON.stringify(stopped.names) === JSON.stringify(named.names.map((n, s) => `P${s} ${n}`)),
    `viewer.html: the seats named as the replay's "names": ${stopped.names.join(', ')}`);
  const tied = JSON.parse(JSON.stringify(rep)), f = tied.final;
  f.scores[1] = f.scores[0];
  f.territory[1] = f.territory[0] + 1;
  f.adjusted = f.scores.map((v, s) => v + (s === 1 ? 1 : 0));
  f.ranks = f.adjusted.map((v) => 1 + f.adjusted.filter((w) => w > v).length);
  const tie = await openCopy(page, tied, 'tied-copy.json', shots);
  check(tie.ties.length === 1 && tie.ties[0].includes('+1 tie-break: largest land') && (f.ranks[1] > 1 || tie.title.includes('on the tie-break (largest land)')),
    `viewer.html: the tie-break that decided, in words: ${tie.ties.join('; ')} / "${tie.title}"`);
}

// The window frames of replays with made-up "windows" and without any (an older
// replay), loaded with the file chooser: whichever the referee writes, both kinds
// are checked.
async function checkWindowCopies(page, rep, shots) {
  const made = JSON.parse(JSON.stringify(rep)), none = JSON.parse(JSON.stringify(rep));
  const n = rep.grid_size;
  made.requests.forEach((r, i) => {
    r.after.windows = Array.from({ length: rep.players }, (_, s) => [(i + s) % 3, (i + 2 * s) % 4, n - 1 - ((i + s) % 2), n - 1 - s]);
  });
  made.final.windows = made.requests[made.requests.length - 1].after.windows;
  for (const r of none.requests) delete r.after.windows;
  delete none.final.windows;
  for (const [name, copy] of [['made-up-windows-copy.json', made], ['no-windows-copy.json', none]]) {
    const file = path.join(shots, name);
    fs.writeFileSync(file, JSON.stringify(copy));
    await page.setInputFiles('[data-testid="file-input"]', file);
    await page.waitForFunction((f) => document.getElementById('app').dataset.replay === f, name, { timeout: 20000 })
      .catch(() => { throw new Failure(`viewer.html: ${name} from the file chooser was not shown`); });
    const exp = expectedModel(copy, name);
    await expectStep(page, exp, 0, `viewer.html, ${name}`);
    for (const [key, k] of [['ArrowRight', 1], ['ArrowRight', 2], ['End', exp.steps]]) {
      await page.keyboard.press(key);
      await expectStep(page, exp, k, `viewer.html, ${name}, ${key}`);
    }
    fs.rmSync(file);
  }
}

function findEntries(work) {
  const dir = path.join(work, 'replays');
  check(fs.existsSync(dir), `${dir} is missing: the referee fixtures did not run`);
  const entries = [];
  for (const sub of fs.readdirSync(dir).sort()) {
    const d = path.join(dir, sub);
    if (!fs.statSync(d).isDirectory()) continue;
    const jsons = fs.readdirSync(d).filter((f) => f.endsWith('.json'));
    check(jsons.length === 1, `${d}: expected one replay, found ${jsons.length}`);
    const json = path.join(d, jsons[0]);
    const html = json.replace(/\.json$/, '.html');
    check(fs.existsSync(html), `${html} is missing: tools/replay-view did not write it`);
    entries.push({ sub, json, html });
  }
  check(entries.length, `${dir}: no replay directories`);
  return entries;
}

// An answer's time as the page writes it: ms below a second, seconds from there.
function expectedTime(t) {
  if (t >= 1000) return `${(t / 1000).toFixed(t < 10000 ? 2 : 1)} s`;
  return `${t < 1 ? t.toFixed(3) : t < 10 ? t.toFixed(2) : t.toFixed(1)} ms`;
}

// Debian's Chromium, headless and offline (the pages must need nothing from the
// network), as the browser tests run it: {context, close}. A test that cannot
// have it exits 1 saying why; tests/table/table-test.js uses it too. Each has a
// profile of its own (a new temporary folder); `options` go to its context (a
// phone's viewport and touch, for the table page's test).
async function launchChromium(prefix, options = {}) {
  let chromium;
  try {
    ({ chromium } = require('playwright-core'));
  } catch (e) {
    console.error(`FAIL: cannot load playwright-core (${e.message}). Run "npm ci" in tests/viewer or let the viewer_npm_ci test do it.`);
    process.exit(1);
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`FAIL: no Chromium at ${CHROMIUM}. Install it: apt-get install -y chromium (or set VIEWER_CHROMIUM).`);
    process.exit(1);
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 60000, viewport: { width: 1600, height: 1000 },
      reducedMotion: 'reduce', // no animation: faster steps, screenshots without half-finished effects
      acceptDownloads: true, ...options,
    });
  } catch (e) {
    console.error(`FAIL: Chromium at ${CHROMIUM} did not start: ${e.message.split('\n').slice(0, 8).join('\n')}`);
    fs.rmSync(userDataDir, { recursive: true, force: true });
    process.exit(1);
  }
  context.setDefaultTimeout(15000);
  await context.route(/^(https?|wss?):/, (route) => route.abort());
  return { context, close: async () => { await context.close(); fs.rmSync(userDataDir, { recursive: true, force: true }); } };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const work = path.resolve(args.work);
  RUN.root = path.resolve(__dirname, '..', '..'); // this file is tests/viewer/viewer-test.js
  RUN.build = args.build ? path.resolve(args.build) : null;
  const shots = path.join(work, 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  const log = (s) => console.log(s);
  const failures = [];

  const { context, close } = await launchChromium('viewer-test-chromium-');

  try {
    const entries = findEntries(work);
    const variants = new Set();
    for (const e of entries) {
      try {
        variants.add(await testReplay(context, e.json, e.html, shots, log));
      } catch (err) {
        failures.push(err instanceof Failure ? err.message : `${e.json}: ${err.stack || err}`);
      }
    }
    for (const v of args.variants) if (!variants.has(v)) failures.push(`no passing replay of variant ${v}`);
    if (!RUN.shown) failures.push('no answer showed a tools/analyse command: a replay with our bot is missing');
    for (const [what, fn] of [
      ['all.html', () => testMultiPage(context, work, entries, log)],
      ['viewer.html', () => testTemplate(context, path.resolve(args.template), entries[0], shots, log)],
    ]) {
      try { await fn(); } catch (err) { failures.push(err instanceof Failure ? err.message : `${what}: ${err.stack || err}`); }
    }
  } catch (err) {
    failures.push(err instanceof Failure ? err.message : String(err.stack || err));
  } finally {
    await close();
  }
  if (failures.length) {
    for (const f of failures) console.error(`FAIL: ${f}`);
    process.exit(1);
  }
  console.log(`viewer test passed; screenshots in ${shots}`);
}

module.exports = { launchChromium };
if (require.main === module) main().catch((e) => { console.error(`FAIL: ${e.stack || e}`); process.exit(1); });
