#!/usr/bin/env node
// The table page (build/table.html) in headless Chromium: a scripted person
// plays whole games of every variant through the page's controls (pointer,
// clicks, R, arrows and Enter), against our bot, greedy and random in the
// page's worker. Each of the person's moves starts with refused clicks (a
// square where the tile may not go, a tile taken, a pick before the
// placement): each must show the rules' reason and lose nothing. Each game's
// replay is downloaded, opened by the replay viewer, and played again move by
// move by the C++ rules (referee --check-replay): the final scores, tie-break
// scores and ranks it prints must be the ones the page showed. Also: the hint, the bots' notes,
// the page answering while a bot thinks, a game stopped early, bad input
// (a seed that is no number, a file that is no replay), and the engine check
// (the bench signature and the playouts a second in the page, against the
// native bench on the same positions: reported, not asserted).
//
//   node table-test.js --page build/table.html --viewer build/viewer.html --referee build/referee --bench build/bench
//                      --positions tests/bench_positions.txt --work DIR
// Any failure, Chromium not starting included, exits 1: this test never skips.

'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { launchChromium } = require('../viewer/viewer-test.js');

const failures = [];
function check(cond, what) {
  if (!cond) failures.push(what);
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${what}`);
  return cond;
}

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) args[argv[i].replace(/^--/, '')] = argv[i + 1];
  for (const need of ['page', 'viewer', 'referee', 'bench', 'positions', 'work']) if (!args[need]) throw new Error(`--${need} is missing`);
  return args;
}

// The scripted person's dice: the same choices every run.
function dice(seed) {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

// The games: who sits where; `keys`: the person places with the arrows and Enter, else with the pointer.
const GAMES = [
  { variant: '2p', seed: '7', seats: ['human', 'bot:30'], keys: false },
  { variant: '3p', seed: '11', seats: ['greedy', 'human', 'bot:30'], keys: false },
  { variant: '4p', seed: '5', seats: ['random', 'bot:30', 'human', 'greedy'], keys: false },
  { variant: 'duel', seed: '3', seats: ['bot:30', 'human'], keys: true },
];

const REASONS = ["outside the kingdom's window", 'overlaps', 'not connected', 'no matching terrain'];

async function app(page, name) { return page.getAttribute('[data-testid=app]', 'data-' + name); }

async function status(page) {
  const e = page.locator('[data-testid=status]');
  return { text: (await e.textContent()) || '', kind: await e.getAttribute('data-kind') };
}

// Waits until the person acts or the game is over.
async function waitTurn(page) {
  await page.waitForSelector('[data-testid=app][data-human="1"], [data-testid=app][data-over="1"]', { timeout: 120000 });
  return (await app(page, 'over')) === '1';
}

async function startGame(page, url, g) {
  await page.goto(url);
  await page.waitForSelector('[data-testid=app][data-ready="1"]', { timeout: 60000 });
  await page.selectOption('[data-testid=variant]', g.variant);
  for (let s = 0; s < g.seats.length; s++) await page.selectOption(`[data-testid=seat][data-seat="${s}"]`, g.seats[s]);
  await page.fill('[data-testid=seed]', g.seed);
  await page.click('[data-testid=start]');
}

// A refused click must say why and change nothing: the same requests played, the person still to act.
async function refused(page, what, words) {
  const st = await status(page);
  check(st.kind === 'bad' && st.text.startsWith('Refused: ') && st.text.includes(words),
    `${what}: refused with the reason (${JSON.stringify(st.text)})`);
  return st.text;
}

function squareSel(seat, x, y) { return `[data-testid=square][data-seat="${seat}"][data-x="${x}"][data-y="${y}"]`; }

// Pointing at empty squares that are no spot at this rotation: each says why not; one is clicked.
async function refusedSquares(page, seat, roll, seen) {
  const empty = await page.$$eval(`#kingdoms [data-testid=square][data-seat="${seat}"][data-square="_0"]:not(.spot)`,
    (cells) => cells.map((c) => [+c.dataset.x, +c.dataset.y]));
  const tries = [];
  for (let i = 0; i < 3 && empty.length; i++) tries.push(empty.splice(roll(empty.length), 1)[0]);
  for (const [x, y] of tries) {
    await page.hover(squareSel(seat, x, y));
    const st = await status(page);
    const reason = REASONS.find((r) => st.text.startsWith('Not here: ' + r));
    check(!!reason && st.kind === 'warn', `pointing at (${x}, ${y}), where the tile may not go, gives a reason of the rules: ${JSON.stringify(st.text)}`);
    if (reason) seen.reasons.add(reason);
  }
  if (tries.length) {
    const [x, y] = tries[0];
    await page.click(squareSel(seat, x, y));
    await refused(page, `a click at (${x}, ${y})`, '');
  }
}

// Turns the tile until its rotation has spots (dots), by key or button; the spots' squares.
async function spotsAfterTurning(page, seat, roll) {
  for (let k = roll(4); k > 0; k--) await (k % 2 ? page.keyboard.press('r') : page.click('[data-testid=rotate]'));
  for (let k = 0; k < 4; k++) {
    const spots = await page.$$eval(`#kingdoms .sq.spot[data-seat="${seat}"]`, (cells) => cells.map((c) => [+c.dataset.x, +c.dataset.y]));
    if (spots.length) return spots;
    await page.keyboard.press('r');
  }
  return [];
}

// Places on spot (x, y): with the pointer, or from the castle with the arrows and Enter.
async function place(page, seat, [x, y], keys, castle) {
  if (!keys) return page.click(squareSel(seat, x, y));
  await page.hover(squareSel(seat, castle, castle));
  for (let i = castle; i !== x; i += Math.sign(x - castle)) await page.keyboard.press(x > castle ? 'ArrowRight' : 'ArrowLeft');
  for (let i = castle; i !== y; i += Math.sign(y - castle)) await page.keyboard.press(y > castle ? 'ArrowDown' : 'ArrowUp');
  await page.keyboard.press('Enter');
}

// The draft's tiles on the page: [{tile, owner}].
async function draft(page) {
  return page.$$eval('[data-testid=draft-tile]', (rows) => rows.map((r) => ({ tile: +r.dataset.tile, owner: +r.dataset.owner })));
}

// The person's placement, after refused clicks; false when the tile fits nowhere (discarded).
async function personPlaces(page, g, seat, roll, seen) {
  if (await page.isVisible('[data-testid=discard]')) {
    await page.click('[data-testid=discard]');
    return false;
  }
  const free = (await draft(page)).filter((t) => t.owner < 0);
  if (free.length && roll(2)) {
    await page.click(`[data-testid=draft-tile][data-tile="${free[0].tile}"]`);
    await refused(page, 'a pick before the placement', 'place your tile first');
  }
  const castle = g.variant === 'duel' ? 6 : 4;
  await page.click(squareSel(seat, castle, castle));
  seen.reasons.add((await refused(page, 'a click on the castle', 'overlaps')).slice('Refused: '.length).split(':')[0]);
  await refusedSquares(page, seat, roll, seen);
  const spots = await spotsAfterTurning(page, seat, roll);
  if (!check(spots.length > 0, 'a tile that fits has spots at some rotation')) return false;
  const spot = spots[roll(spots.length)];
  await place(page, seat, spot, g.keys, castle);
  if (!g.escaped && (await draft(page)).some((t) => t.owner < 0)) {  // once a game: Esc takes it back, then again
    g.escaped = true;
    check(await page.locator('.ghost[data-kind=held]').count() === 1, `${g.variant}: the tile placed stays drawn until the pick`);
    await page.keyboard.press('Escape');
    check(await page.locator('.ghost[data-kind=held]').count() === 0, `${g.variant}: Esc takes the placement back`);
    await place(page, seat, spot, g.keys, castle);
  }
  return true;
}

// One answer of the person, refused clicks first; checks that it was played.
async function personMove(page, g, roll, seen) {
  const before = +(await app(page, 'requests'));
  const seat = +(await app(page, 'seat'));
  const turn = +(await page.textContent('[data-testid=turn]')).split('/')[0];
  if (turn > 1) seen[(await personPlaces(page, g, seat, roll, seen)) ? 'placed' : 'discarded']++;
  const tiles = await draft(page);
  const taken = tiles.filter((t) => t.owner >= 0), free = tiles.filter((t) => t.owner < 0);
  if (free.length && taken.length && roll(2)) {
    await page.click(`[data-testid=draft-tile][data-tile="${taken[0].tile}"]`);
    await refused(page, `a pick of tile #${taken[0].tile}, taken`, 'is taken');
    check(+(await app(page, 'requests')) === before, 'nothing played after the refused clicks');
  }
  if (free.length) await page.click(`[data-testid=draft-tile][data-tile="${free[roll(free.length)].tile}"]`);
  await page.waitForFunction((n) => +document.querySelector('[data-testid=app]').dataset.requests > n, before, { timeout: 30000 });
  seen.moves++;
}

// The page's final table: per seat {score, adjusted, rank}.
async function finalTable(page, players) {
  const out = [];
  for (let s = 0; s < players; s++) {
    const cell = async (what) => +(await page.textContent(`[data-testid=final-${what}][data-seat="${s}"]`)).replace(/^#/, '').split('(')[0].trim();
    out.push({ score: await cell('score'), adjusted: await cell('adjusted'), rank: await cell('rank') });
  }
  return out;
}

// Opens `file` (a path, or {name, mimeType, buffer}) with the page's "Check a replay" chooser: the message about it.
async function checkInPage(page, file) {
  const name = typeof file === 'string' ? path.basename(file) : file.name;
  await page.setInputFiles('[data-testid=replay-file]', file);
  await page.waitForFunction((n) => document.querySelector('[data-testid=message]').textContent.startsWith(n), name);
  return page.textContent('[data-testid=message]');
}

async function download(page, file) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=download]')]);
  await dl.saveAs(file);
  return file;
}

// referee --check-replay on `file`: its status and line.
function checkReplay(referee, file) {
  const p = childProcess.spawnSync(referee, ['--check-replay', file], { encoding: 'utf8' });
  return { status: p.status, line: (p.stdout || '').trim() };
}

// The replay viewer (build/viewer.html) opens the page's replay with its file chooser, without a warning.
async function checkInViewer(context, viewer, file, requests, variant) {
  const page = await context.newPage();
  try {
    await page.goto(pathToFileURL(viewer).href);
    await page.setInputFiles('[data-testid=file-input]', file);
    await page.waitForSelector(`[data-testid=app][data-replay="${path.basename(file)}"]`);
    const steps = await page.getAttribute('[data-testid=step-counter]', 'data-steps');
    check(+steps === requests && !(await page.isVisible('[data-testid=message]')),
      `${variant}: the replay viewer opens the page's replay, ${steps} steps, no warning`);
  } finally {
    await page.close();
  }
}

// The replay kept: downloaded, played again by the C++ rules, their standings the page's.
async function checkKept(page, g, args, shown) {
  const file = await download(page, path.join(args.work, `table-${g.variant}.json`));
  const rep = JSON.parse(fs.readFileSync(file, 'utf8'));
  check(rep.format === 'kingdomino-replay-3' && rep.bots[g.seats.indexOf('human')] === 'human', `${g.variant}: the replay's format and seats`);
  const c = checkReplay(args.referee, file);
  const want = `final scores ${shown.map((s) => s.score).join(' ')}, adjusted ${shown.map((s) => s.adjusted).join(' ')}, `
    + `ranks ${shown.map((s) => s.rank).join(' ')}`;
  check(c.status === 0 && c.line.endsWith(want), `${g.variant}: referee --check-replay accepts the page's replay with the page's `
    + `standings (${want}): ${c.line}`);
  await checkInViewer(page.context(), args.viewer, file, rep.requests.length, g.variant);
  const said = await checkInPage(page, file);
  check(said.includes('the rules replay it move by move and agree') && said.includes(`ranks ${shown.map((s) => s.rank).join(' ')}`),
    `${g.variant}: the page's own check of that file agrees: ${said}`);
}

async function playGame(page, url, g, args, seen) {
  const roll = dice(+g.seed * 7919);
  await startGame(page, url, g);
  let hinted = false;
  while (!(await waitTurn(page))) {
    if (!hinted && +(await page.textContent('[data-testid=turn]')).split('/')[0] > 1) {
      await page.keyboard.press('h');
      await page.waitForSelector('[data-testid=hint-answer]', { timeout: 30000 });
      const cands = await page.locator('[data-testid=hint-candidate]').count();
      check(/PUT \d+ \d+ \d/.test(await page.textContent('[data-testid=hint-answer]')) && cands > 0,
        `${g.variant}: the hint gives the bot's answer and ${cands} top candidates`);
      hinted = true;
    }
    await personMove(page, g, roll, seen);
  }
  const players = g.seats.length;
  const shown = await finalTable(page, players);
  check(shown.every((s) => s.rank >= 1 && s.rank <= players), `${g.variant}: the page shows every seat's final rank`);
  if (g.seats.includes('bot:30')) {
    const note = await page.textContent('[data-testid=bot-note]');
    check(/playouts|nodes/.test(note), `${g.variant}: a bot's answer has its note: ${note.trim()}`);
  }
  await page.screenshot({ path: path.join(args.work, `table-${g.variant}.png`) });
  await checkKept(page, g, args, shown);
}

// Bad input gets a clear message: a seed that is no number, files that are no replay.
async function checkBadInput(page, url, args) {
  await startGame(page, url, { variant: '2p', seed: 'seven', seats: ['human', 'greedy'] });
  const said = await page.textContent('[data-testid=message]');
  check(said.includes("the seed 'seven' is not a number") && await page.isVisible('[data-testid=setup]'),
    `a seed that is no number: said, and no game starts (${said})`);
  for (const [name, text, words] of [['notes.txt', 'PUT 1 2 3', 'not JSON'], ['other.json', '{"requests": 3}', 'not a replay'],
    ['old.json', '{"format": "kingdomino-replay-1", "requests": []}', 'this check reads kingdomino-replay-3']]) {
    const msg = await checkInPage(page, { name, mimeType: 'application/json', buffer: Buffer.from(text) });
    check(msg.startsWith(`${name} is not a replay the rules accept:`) && msg.includes(words), `a file that is no replay (${name}): ${msg}`);
  }
}

// A bot that thinks a second: the page answers meanwhile (the worker thinks, not the page); the
// game stopped after a few requests downloads, and the rules accept it as a game stopped early.
async function checkStoppedGame(page, url, args) {
  await startGame(page, url, { variant: '2p', seed: '21', seats: ['bot:1000', 'human'] });
  await page.waitForSelector('[data-testid=app][data-thinking="0"]', { timeout: 30000 });
  const lag = await page.evaluate(() => new Promise((r) => { const t = performance.now(); setTimeout(() => r(performance.now() - t), 0); }));
  check(lag < 200 && (await app(page, 'thinking')) === '0', `the page answers in ${lag.toFixed(1)} ms while the bot thinks`);
  await waitTurn(page);
  await page.click('[data-testid=draft-tile][data-owner="-1"]');
  await page.waitForFunction(() => +document.querySelector('[data-testid=app]').dataset.requests >= 2);
  const file = await download(page, path.join(args.work, 'table-stopped.json'));
  const c = checkReplay(args.referee, file);
  check(c.status === 0 && c.line.includes('ok, but the game stops before its end'), `a game stopped early: its replay is accepted as such: ${c.line}`);
}

// The bench signature in the page's worker against the native bench's, and the speed of each on the same work.
async function checkEngine(page, args) {
  await page.click('[data-testid=engine-check]');
  await page.waitForSelector('[data-testid=engine-result][data-signature]', { timeout: 120000 });
  const e = page.locator('[data-testid=engine-result]');
  const line = await e.getAttribute('data-signature'), ms = +(await e.getAttribute('data-ms'));
  let nativeMs = Infinity, nativeLine = '';
  for (let i = 0; i < 3; i++) {
    const start = process.hrtime.bigint();
    nativeLine = childProcess.execFileSync(args.bench, ['--signature', args.positions], { encoding: 'utf8' }).trim();
    nativeMs = Math.min(nativeMs, Number(process.hrtime.bigint() - start) / 1e6);
  }
  const playouts = +(line.match(/(\d+) playouts/) || [0, 0])[1];
  console.log(`measure: in the page ${line} in ${ms.toFixed(0)} ms (${(playouts / ms * 1000).toFixed(0)} playouts a second); `
    + `native ${nativeLine} in ${nativeMs.toFixed(0)} ms (the process included): the page has ${(nativeMs / ms).toFixed(2)} of native's speed`);
  console.log(`measure: the page's signature ${line === nativeLine ? 'equals' : 'DIFFERS FROM'} the native bench's (table_parity asserts it)`);
  check(playouts > 0, 'the engine check ran the bench signature in the page');
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  args.work = path.resolve(args.work);
  fs.mkdirSync(args.work, { recursive: true });
  const url = pathToFileURL(path.resolve(args.page)).href;
  const { context, close } = await launchChromium('table-test-chromium-');
  context.setDefaultTimeout(30000);
  const seen = { reasons: new Set(), placed: 0, discarded: 0, moves: 0 };
  try {
    const page = await context.newPage();
    page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') failures.push(`console error: ${m.text()}`); });
    for (const g of GAMES) {
      const start = Date.now();
      await playGame(page, url, g, args, seen);
      console.log(`${g.variant}: a whole game in ${((Date.now() - start) / 1000).toFixed(1)} s`);
    }
    check(REASONS.every((r) => seen.reasons.has(r)), `every reason of the rules was shown: ${[...seen.reasons].join('; ')}`);
    check(seen.placed > 20 && seen.moves > 40, `the person placed ${seen.placed} tiles in ${seen.moves} answers `
      + `(and discarded ${seen.discarded} that fitted nowhere)`);
    await checkBadInput(page, url, args);
    await checkStoppedGame(page, url, args);
    await checkEngine(page, args);
  } catch (err) {
    failures.push(String(err.stack || err));
  } finally {
    await close();
  }
  if (failures.length) {
    for (const f of failures) console.error(`FAIL: ${f}`);
    process.exit(1);
  }
  console.log('table test passed');
}

main().catch((e) => { console.error(`FAIL: ${e.stack || e}`); process.exit(1); });
