#!/usr/bin/env node
// The table page (build/table.html) in headless Chromium, as people use it.
//
// On a laptop (1366x768), a scripted person plays a whole game of every
// variant from the last seat, against our bot and random in the page's
// workers (greedy in the phone's game and after), through the page's
// controls (pointer, clicks, R, arrows, Enter, Esc): at each of their turns their kingdom, the draft and Confirm
// are in view without scrolling. Each move starts with refused clicks (a
// square where the tile may not go, a tile taken, a pick before the
// placement): each must show the rules' reason and lose nothing; nothing is
// sent before Confirm, and a move undone before it is not recorded. Each
// game's replay is downloaded, opened by the replay viewer (the seats named
// as the page named them), and played again move by move by the C++ rules
// (referee --check-replay): its final scores, tie-break scores and ranks
// must be the ones the page showed. Mid-game, each variant is pictured at
// 1366x768 and 390x844 (a phone: the person's squares at least 32 px). Every
// answer of our bot in every game took at most 100 ms over its budget (the
// page's bots learn of the others as the game goes, as the upload does: no
// answer decides the past again).
//
// In the 2p game: the hint drawn on the board and in the draft, in words;
// a hint overtaken by a move is never shown; the bot's time after a 3 s hint
// stays within its budget. In the 4p game, against three of our bots, a
// 300 ms hint at turns 6 and 11 comes within 400 ms. After the 2p and 4p games the review lists every move
// of the person, its costliest one where the bot's answer differs; opening
// it keeps the page 1366 px wide and brings the position into view; the
// downloaded replay keeps the review.
//
// At a phone's size: a whole 3p game by taps alone (table-phone.js), the
// page following the game: the kingdom in view at each move's start, the
// hint's tile on screen, the others a tap away, no sideways scroll at the end.
//
// Also: "New game" asks before it abandons a game and may be cancelled; an
// abandoned game's replay says it stopped (the rules and the viewer agree)
// and its bot's work stops (the next game's first answer is not held up);
// the page answers while a bot thinks; bad input (a seed that is no number,
// files that are no replay); the engine check (the bench signature and the
// playouts a second in the page, against the native bench: reported, not asserted).
//
//   node table-test.js --page build/table.html --viewer build/viewer.html --referee build/referee --bench build/bench
//                      --positions tests/bench_positions.txt --work DIR
// Pictures go to DIR. Any failure, Chromium not starting included, exits 1: this test never skips.

'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const path = require('path');
const { pathToFileURL } = require('url');
const { launchChromium } = require('../viewer/viewer-test.js');
const P = require('./table-page.js');
const { phoneGame, PHONE } = require('./table-phone.js');

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

// Where the time goes: each phase's seconds, printed at the end.
const phases = [];
async function timed(name, work) {
  const start = Date.now();
  const result = await work();
  phases.push(`${name} ${((Date.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

const LAPTOP = { width: 1366, height: 768 };

// The games on the laptop, the person last; `keys`: placed with the arrows and Enter, else with the pointer.
const GAMES = [
  { variant: '2p', seed: '7', seats: ['bot:30', 'human'], keys: false, review: '100', hints: true },
  { variant: '3p', seed: '11', seats: ['random', 'bot:30', 'human'], keys: false },
  { variant: '4p', seed: '5', seats: ['bot:30', 'bot:30', 'bot:30', 'human'], keys: false, review: '100', timedHints: [6, 11] },
  { variant: 'duel', seed: '3', seats: ['bot:30', 'human'], keys: true },
];

const REASONS = ["outside the kingdom's window", 'overlaps', 'not connected', 'no matching terrain'];

// A refused click must say why and change nothing.
async function refused(page, what, words) {
  const st = await P.status(page);
  check(st.kind === 'bad' && st.text.startsWith('Refused: ') && st.text.includes(words),
    `${what}: refused with the reason (${JSON.stringify(st.text)})`);
  return st.text;
}

// Pointing at empty squares that are no spot at this rotation: each says why not; one is clicked.
async function refusedSquares(page, seat, roll, seen) {
  const empty = await page.$$eval(`#home [data-testid=square][data-seat="${seat}"][data-square="_0"]:not(.spot)`,
    (cells) => cells.map((c) => [+c.dataset.x, +c.dataset.y]));
  const tries = [];
  for (let i = 0; i < 3 && empty.length; i++) tries.push(empty.splice(roll(empty.length), 1)[0]);
  for (const [x, y] of tries) {
    await page.hover(P.squareSel(seat, x, y));
    const st = await P.status(page);
    const reason = REASONS.find((r) => st.text.startsWith('Not here: ' + r));
    check(!!reason && st.kind === 'warn', `pointing at (${x}, ${y}), where the tile may not go, gives a reason of the rules: ${JSON.stringify(st.text)}`);
    if (reason) seen.reasons.add(reason);
  }
  if (tries.length) {
    const [x, y] = tries[0];
    await page.click(P.squareSel(seat, x, y));
    await refused(page, `a click at (${x}, ${y})`, '');
  }
}

// Places on spot (x, y): with the pointer, or with the keys: pointed at the square next to
// it towards the castle (the spot is not the castle: not both steps 0), moved there with
// the arrows, placed with Enter.
async function place(page, seat, [x, y], keys, castle) {
  if (!keys) return page.click(P.squareSel(seat, x, y));
  const dx = Math.sign(castle - x), dy = Math.sign(castle - y);
  await page.hover(P.squareSel(seat, x + dx, y + dy));
  if (dx) await page.keyboard.press(dx > 0 ? 'ArrowLeft' : 'ArrowRight');
  if (dy) await page.keyboard.press(dy > 0 ? 'ArrowUp' : 'ArrowDown');
  await page.keyboard.press('Enter');
}

// Rotating by key or button, alternately.
function turner(page) {
  let k = 0;
  return () => (k++ % 2 ? page.keyboard.press('r') : page.click('[data-testid=rotate]'));
}

// The person's placement, after refused clicks; false when the tile fits nowhere (discarded).
async function personPlaces(page, g, seat, roll, seen) {
  if (await page.isVisible('[data-testid=discard]')) {
    await page.click('[data-testid=discard]');
    return false;
  }
  const free = g.tiles.filter((t) => t.owner < 0);
  if (free.length && roll(2)) {
    await page.click(`[data-testid=draft-tile][data-tile="${free[0].tile}"]`);
    await refused(page, 'a pick before the placement', 'place your tile first');
  }
  const castle = g.variant === 'duel' ? 6 : 4;
  await page.click(P.squareSel(seat, castle, castle));
  seen.reasons.add((await refused(page, 'a click on the castle', 'overlaps')).slice('Refused: '.length).split(':')[0]);
  await refusedSquares(page, seat, roll, seen);
  for (let k = roll(4); k > 0; k--) await turner(page)();
  const spots = await P.spotsAfterTurning(page, seat, turner(page));
  if (!check(spots.length > 0, 'a tile that fits has spots at some rotation')) return false;
  const spot = spots[roll(spots.length)];
  await place(page, seat, spot, g.keys, castle);
  if (!g.escaped && free.length) {  // once a game: Esc takes it back, then again
    g.escaped = true;
    check(!!(await P.heldTile(page)), `${g.variant}: the tile placed stays drawn until the move is confirmed`);
    await page.keyboard.press('Escape');
    check(!(await P.heldTile(page)), `${g.variant}: Esc takes the placement back`);
    await place(page, seat, spot, g.keys, castle);
  }
  return true;
}

// Kingdom, draft and Confirm in the window, as it is scrolled now (the test never scrolls it).
async function checkInView(page, g, seat, turn) {
  const v = await page.evaluate((s) => {
    const inside = (sel) => [...document.querySelectorAll(sel)].every((e) => {
      const b = e.getBoundingClientRect();
      return b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
    });
    return { kingdom: inside(`[data-testid=kingdom][data-seat="${s}"]`), draft: inside('[data-testid=draft-tile]'),
      confirm: inside('[data-testid=confirm]'), scroll: scrollY };
  }, seat);
  if (!v.kingdom || !v.draft || !v.confirm || !g.inView) {
    check(v.kingdom && v.draft && v.confirm, `${g.variant} at ${LAPTOP.width}x${LAPTOP.height}, P${seat}'s turn ${turn}: `
      + `kingdom ${v.kingdom ? 'in view' : 'NOT in view'}, draft ${v.draft ? 'in view' : 'NOT in view'}, `
      + `Confirm ${v.confirm ? 'in view' : 'NOT in view'} (page scrolled ${v.scroll} px)`);
  }
  g.inView = (g.inView || 0) + 1;
}

// The move undone before it was confirmed: placed and picked, both taken back, then another sent.
async function undoBeforeConfirm(page, g, seat, before) {
  const first = (await P.spotsAfterTurning(page, seat, turner(page)))[0];
  await page.click(P.squareSel(seat, ...first));
  const placed = await P.heldTile(page);
  await page.click('[data-testid=rotate]');  // turns it where it lies, when another way fits there
  const turned = await P.heldTile(page), said = (await P.status(page)).text;
  check(turned && turned.x === placed.x && turned.y === placed.y && (turned.r !== placed.r || said.startsWith('No other turn')),
    `${g.variant}: Rotate after placing turns the tile where it lies (r ${placed.r} -> ${turned && turned.r}) or says why not`);
  const free = (await P.draft(page)).filter((t) => t.owner < 0);
  await page.click(`[data-testid=draft-tile][data-tile="${free[0].tile}"]`);
  check(await page.isEnabled('[data-testid=confirm]') && (await P.where(page)).requests === before,
    `${g.variant}: a move placed and picked waits for Confirm`);
  await page.click('[data-testid=undo]');
  check(!(await page.$('[data-testid=draft-tile][data-chosen="1"]')) && !(await page.isEnabled('[data-testid=confirm]')),
    `${g.variant}: Undo takes the pick back`);
  await page.click('[data-testid=undo]');
  check(!(await P.heldTile(page)), `${g.variant}: Undo again takes the placement back`);
  const spots = await P.spotsAfterTurning(page, seat, turner(page));
  const other = spots.find((s) => s[0] !== first[0] || s[1] !== first[1]) || spots[0];
  await page.click(P.squareSel(seat, ...other));
  const held = await P.heldTile(page);
  const pick = free[free.length - 1].tile;
  await page.click(`[data-testid=draft-tile][data-tile="${pick}"]`);
  return { request: before, put: held, pick };
}

// One move of the person, refused clicks first, then confirmed; checks that it was played.
async function personMove(page, g, roll, seen) {
  const { requests: before, seat, turn } = await P.where(page);
  await checkInView(page, g, seat, turn);
  if (g.undo === undefined && turn > 1 && g.hints && !(await page.isVisible('[data-testid=discard]'))) g.undo = await undoBeforeConfirm(page, g, seat, before);
  else {
    const tiles = g.tiles = await P.draft(page);
    if (turn > 1) seen[(await personPlaces(page, g, seat, roll, seen)) ? 'placed' : 'discarded']++;
    const taken = tiles.filter((t) => t.owner >= 0), free = tiles.filter((t) => t.owner < 0);
    if (free.length && taken.length && roll(2)) {
      await page.click(`[data-testid=draft-tile][data-tile="${taken[0].tile}"]`);
      await refused(page, `a pick of tile #${taken[0].tile}, taken`, 'is taken');
    }
    if (free.length) await page.click(`[data-testid=draft-tile][data-tile="${free[roll(free.length)].tile}"]`);
  }
  check((await P.where(page)).requests === before, 'nothing played before Confirm');
  if (g.keys) await page.keyboard.press('Enter');
  else await page.click('[data-testid=confirm]');
  await P.waitPlayed(page, before);
  seen.moves++;
}

// Every hint shown is recorded with the position the page stood in then (the check at the game's end).
async function watchHints(page) {
  await page.evaluate(() => {
    window.hintsShown = [];
    new MutationObserver(() => {
      const a = document.querySelector('[data-testid=hint-answer]');
      if (a && a !== window.lastHint) {
        window.lastHint = a;
        window.hintsShown.push([+a.dataset.position.split('/')[1], +document.querySelector('[data-testid=app]').dataset.requests]);
      }
    }).observe(document.getElementById('hint-result'), { childList: true });
  });
}

// A hint asked for `ms` and waited for: drawn on the board and in the draft, said in words.
async function checkHintShown(page, g, args) {
  await page.selectOption('[data-testid=hint-time]', '300');
  await page.keyboard.press('h');
  await page.waitForSelector('[data-testid=hint-answer]', { timeout: 30000 });
  const text = await page.textContent('[data-testid=hint-answer]');
  const ghost = await page.$('.ghost[data-kind=hint]');
  const marked = await page.$$('[data-testid=draft-tile][data-hint="1"]');
  const cands = await page.locator('[data-testid=hint-candidate]').count();
  check(/^The bot would place #\d+ at \(\d+, \d+\), the second square/.test(text) && !/PUT|candidates/.test(text) && !!ghost
    && marked.length === 1 && cands > 0, `${g.variant}: the hint in words (${JSON.stringify(text.trim())}), its tile drawn on the board `
    + `(${ghost ? 'yes' : 'no'}) and its pick marked in the draft (${marked.length}), ${cands} best moves`);
  const coords = await page.$$eval('#home [data-testid=coordinate]', (c) => c.filter((e) => e.getBoundingClientRect().width > 0).map((e) => e.textContent));
  check(coords.length === 18 && coords.includes('8'), `${g.variant}: the coordinates the hint speaks of are on the kingdom's edges (${coords.length} shown)`);
  const spot = (await P.spots(page, +(await P.app(page, 'seat'))))[0];
  if (spot) await page.hover(P.squareSel(+(await P.app(page, 'seat')), ...spot));  // the README's picture: the tile under the pointer too
  await page.screenshot({ path: path.join(args.work, `table-${g.variant}-hint.png`) });
  const report = await page.textContent('[data-testid=hint-report]');
  check(/PUT \d \d \d|PICK \d+/.test(report) && /playouts/.test(report), `${g.variant}: the bot's full report is a click away`);
}

// The hint at the seat's first request thinks as long as asked (it had the bot's first-answer budget, 800 ms).
async function firstHint(page, g) {
  await page.selectOption('[data-testid=hint-time]', '300');
  await page.keyboard.press('h');
  await page.waitForSelector('[data-testid=hint-answer]', { timeout: 30000 });
  const text = await page.textContent('[data-testid=hint-answer]'), report = await page.textContent('[data-testid=hint-report]');
  check(/^The bot would pick #\d+\./.test(text) && report.includes('(budget 300 ms)') && await page.$('[data-testid=draft-tile][data-hint="1"]'),
    `${g.variant}: the hint at the first request thinks the 300 ms asked (${(report.match(/\(budget [^)]*\)/) || ['?'])[0]}): ${text.trim()}`);
}

// A 3 s hint overtaken by the move: taken off at once, its search stopped (the bot's next time is checked in the replay).
async function overtakeHint(page, g, seat) {
  await page.selectOption('[data-testid=hint-time]', '3000');
  await page.keyboard.press('h');
  await page.waitForSelector('[data-testid=app][data-hinting="1"]');
  const before = +(await P.app(page, 'requests'));
  if (await page.isVisible('[data-testid=discard]')) await page.click('[data-testid=discard]');
  else await page.click(P.squareSel(seat, ...(await P.spotsAfterTurning(page, seat, turner(page)))[0]));
  const free = (await P.draft(page)).filter((t) => t.owner < 0);
  await page.click(`[data-testid=draft-tile][data-tile="${free[0].tile}"]`);
  await page.click('[data-testid=confirm]');
  await P.waitPlayed(page, before);
  check((await page.textContent('[data-testid=hint-result]')) === '' && !(await page.$('.ghost[data-kind=hint]')),
    `${g.variant}: a hint overtaken by the move is taken off the page`);
  g.hintedAt = before;
}

// Mid-game pictures at the laptop's size and a phone's, the person's squares at least 32 px on the phone.
async function pictures(page, g, args) {
  await page.screenshot({ path: path.join(args.work, `table-${g.variant}-${LAPTOP.width}x${LAPTOP.height}.png`) });
  const cut = await page.$$eval('[data-testid=player-name], .turn-tag', (all) => all.filter((e) => e.scrollWidth > e.clientWidth
    || e.getBoundingClientRect().height > 24 && e.classList.contains('turn-tag')).map((e) => e.textContent));
  check(cut.length === 0, `${g.variant} at ${LAPTOP.width}x${LAPTOP.height}: every name and tag on the cards whole, on one line for a tag `
    + `(${cut.length ? 'NOT: ' + cut.join(', ') : 'none cut'})`);
  await page.setViewportSize(PHONE);
  const seat = +(await P.app(page, 'seat'));
  await page.waitForFunction((s) => document.querySelector(`[data-testid=kingdom][data-seat="${s}"] .sq`).getBoundingClientRect().width >= 32, seat)
    .catch(() => {});
  const cell = await page.$eval(`[data-testid=kingdom][data-seat="${seat}"] .sq`, (e) => e.getBoundingClientRect().width);
  check(cell >= 32, `${g.variant} at ${PHONE.width}x${PHONE.height}: the person's squares are ${cell} px (at least 32)`);
  await page.screenshot({ path: path.join(args.work, `table-${g.variant}-${PHONE.width}x${PHONE.height}.png`) });
  await page.setViewportSize(LAPTOP);
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

// The replay viewer (build/viewer.html) opens the page's replay without a warning: {title, names}.
async function openInViewer(context, viewer, file, requests, what) {
  const page = await context.newPage();
  try {
    await page.goto(pathToFileURL(viewer).href);
    await page.setInputFiles('[data-testid=file-input]', file);
    await page.waitForSelector(`[data-testid=app][data-replay="${path.basename(file)}"]`);
    const steps = await page.getAttribute('[data-testid=step-counter]', 'data-steps');
    check(+steps === requests && !(await page.isVisible('[data-testid=message]')),
      `${what}: the replay viewer opens the page's replay, ${steps} steps, no warning`);
    await page.keyboard.press('End');
    return {
      title: await page.textContent('[data-testid=final-title]'),
      names: await page.$$eval('[data-testid=player-name]', (e) => e.map((n) => n.textContent.replace(/^P\d+ /, '').trim())),
    };
  } finally {
    await page.close();
  }
}

// The replay kept: downloaded, played again by the C++ rules, their standings the page's.
async function checkKept(page, g, args, shown) {
  const file = await P.download(page, path.join(args.work, `table-${g.variant}.json`));
  const rep = JSON.parse(fs.readFileSync(file, 'utf8'));
  check(rep.format === 'kingdomino-replay-3' && rep.finished === true && rep.bots[g.seats.indexOf('human')] === 'human',
    `${g.variant}: the replay's format, seats, and that it finished`);
  const c = P.checkReplay(args.referee, file);
  const want = `final scores ${shown.map((s) => s.score).join(' ')}, adjusted ${shown.map((s) => s.adjusted).join(' ')}, `
    + `ranks ${shown.map((s) => s.rank).join(' ')}`;
  check(c.status === 0 && c.line.endsWith(want), `${g.variant}: referee --check-replay accepts the page's replay with the page's `
    + `standings (${want}): ${c.line}`);
  const seen = await openInViewer(page.context(), args.viewer, file, rep.requests.length, g.variant);
  check(JSON.stringify(seen.names) === JSON.stringify(rep.names) && rep.names[g.seats.indexOf('human')] === 'you',
    `${g.variant}: the viewer names the seats as the page did: ${seen.names.join(', ')}`);
  const said = await checkInPage(page, file);
  check(said.includes('the rules replay it move by move and agree') && said.includes(`ranks ${shown.map((s) => s.rank).join(' ')}`),
    `${g.variant}: the page's own check of that file agrees: ${said}`);
  return rep;
}

// After the game: the review of every move of the person, the costliest where the bot differs, kept in the replay.
async function checkReview(page, g, rep, args) {
  await page.waitForSelector('[data-testid=review-progress]', { state: 'attached', timeout: 10000 }).catch(() => {});
  const barSeen = await page.$('[data-testid=review-progress]') || (await P.app(page, 'review')) === 'done';
  await page.waitForSelector('[data-testid=app][data-review="done"]', { timeout: 120000 });
  const person = g.seats.indexOf('human');
  const moves = rep.requests.map((r, k) => [r, k]).filter(([r]) => r.seat === person).map(([, k]) => k);
  const rows = await page.$$eval('[data-testid=review-move]', (e) => e.map((r) => ({ request: +r.dataset.request, cost: +r.dataset.cost,
    same: r.dataset.same === '1', rank: +r.dataset.rank || 0, places: r.dataset.botPlaces === '1', text: r.textContent })));
  check(barSeen && JSON.stringify(rows.map((r) => r.request)) === JSON.stringify(moves) && rows.every((r) => r.text.includes('You: ')),
    `${g.variant}: the review lists every move of the person (${rows.length} of ${moves.length}), a progress bar while it ran`);
  const top = rows.find((r) => r.rank === 1);
  const costliest = rows.reduce((a, r) => (r.cost > a.cost ? r : a), rows[0]);
  check(!!top && top === costliest && !top.same && /The bot: /.test(top.text) && (await page.$$('[data-testid=review-mark]')).length >= 1,
    `${g.variant}: its costliest move (request ${top && top.request}, cost ${top && top.cost}) is one where the bot's answer differs, `
    + 'marked on the scores chart');
  await page.click(`[data-testid=review-move][data-request="${top.request}"]`);
  const position = await page.getAttribute('[data-testid=review-position]', 'data-request');
  const said = await page.textContent('[data-testid=review-position]');
  check(+position === top.request && /The bot: (place|discard|pick)/.test(said) && (!top.places || await page.$('.ghost[data-kind=review-bot]')),
    `${g.variant}: a click opens that position with the bot's answer said and, where it places a tile, drawn: ${said}`);
  const v = await page.evaluate(() => {
    const inside = (e) => { const b = e.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight && b.right <= innerWidth; };
    return { width: document.documentElement.scrollWidth, banner: inside(document.querySelector('[data-testid=review-position]')),
      ghosts: [...document.querySelectorAll('.ghost[data-kind^=review] .ghost-sq')].every(inside) };
  });
  console.log(`measure: ${g.variant}: the page ${v.width} px wide at ${LAPTOP.width}x${LAPTOP.height} with a reviewed move open`);
  check(v.width === LAPTOP.width && v.banner && v.ghosts, `${g.variant}: the reviewed move opens in place: the page ${v.width} px wide, `
    + `its words ${v.banner ? 'on' : 'NOT on'} the screen, the tiles drawn ${v.ghosts ? 'on' : 'NOT on'} it`);
  await page.screenshot({ path: path.join(args.work, `table-${g.variant}-review.png`) });
  await page.click('[data-testid=review-back]');
  const file = await P.download(page, path.join(args.work, `table-${g.variant}-reviewed.json`));
  const kept = JSON.parse(fs.readFileSync(file, 'utf8'));
  const c = P.checkReplay(args.referee, file);
  check(kept.review && kept.review.moves.length === moves.length && c.status === 0,
    `${g.variant}: the downloaded replay keeps the review (${kept.review && kept.review.moves.length} moves) and the rules accept it: ${c.line}`);
}

async function playGame(page, url, g, args, seen) {
  const roll = P.dice(+g.seed * 7919);
  await P.startGame(page, url, g);
  await watchHints(page);
  let hinted = false, first = true;
  while (!(await P.waitTurn(page))) {
    const { turn, seat } = await P.where(page);
    if (g.hints && first) await firstHint(page, g);
    else if (g.hints && !g.hintedAt && turn > 1) {  // a position with a search to stop
      await overtakeHint(page, g, seat);
      continue;
    }
    first = false;
    if (g.hints && !hinted && g.hintedAt) {
      await checkHintShown(page, g, args);
      hinted = true;
    }
    if ((g.timedHints || []).includes(turn)) await timedHint(page, g, turn);
    if (!g.pictured && turn >= 4) {
      g.pictured = true;
      await pictures(page, g, args);
    }
    await personMove(page, g, roll, seen);
  }
  const players = g.seats.length;
  const shown = await finalTable(page, players);
  check(shown.every((s) => s.rank >= 1 && s.rank <= players), `${g.variant}: the page shows every seat's final rank`);
  const note = await page.textContent('[data-testid=bot-note]');
  check(/games to the end|solved the rest|only one move/.test(note) && !/playouts|candidates/.test(note),
    `${g.variant}: a bot's answer has its note, in words: ${note.trim()}`);
  await page.screenshot({ path: path.join(args.work, `table-${g.variant}-end.png`) });
  check(!(await page.isVisible('#hint-panel')), `${g.variant}: no hint offered once the game is over`);
  const rep = await checkKept(page, g, args, shown);
  checkBotTimes(g, rep);
  if (g.hints) await checkHints(page, g, rep);
  if (g.undo) {
    const r = rep.requests[g.undo.request];
    check(r.put && r.put.x === g.undo.put.x && r.put.y === g.undo.put.y && r.put.rotation === g.undo.put.r && r.pick === g.undo.pick,
      `${g.variant}: the replay records only the move confirmed after the undo (${JSON.stringify(r.put)}, pick ${r.pick})`);
  }
  if (g.review !== '0' && g.review) await timed(`${g.variant} review`, () => checkReview(page, g, rep, args));
  check(g.inView > 0, `${g.variant}: kingdom, draft and Confirm in view at each of the person's ${g.inView} turns`);
}

// Our bot's budget for an answer, from its command: --time-ms, and for its first
// answer --first-ms or as on CodinGame (27 times the budget, at most 800 ms: src/timeman.h).
function budgetOf(command, first) {
  const option = (name) => +((command.match(new RegExp(`--${name} (\\d+)`)) || [])[1] || 0);
  return first ? option('first-ms') || Math.min(27 * option('time-ms'), 800) : option('time-ms');
}

// Every answer of our bot in the replay within 100 ms of its budget; the later answers' median and max said.
function checkBotTimes(g, rep) {
  const seen = new Set(), later = [], over = [];
  rep.requests.forEach((r, k) => {
    const command = rep.bots[r.seat];
    if (!command.startsWith('bot ')) return;
    const budget = budgetOf(command, !seen.has(r.seat));
    if (seen.has(r.seat)) later.push(r.time_ms);
    seen.add(r.seat);
    if (r.time_ms > budget + 100) over.push(`request ${k}: ${r.time_ms.toFixed(0)} ms of ${budget}`);
  });
  later.sort((a, b) => a - b);
  const median = later.length ? later[later.length >> 1] : 0, max = later.length ? later[later.length - 1] : 0;
  console.log(`measure: ${g.variant}: our bot's answers after its first: median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms `
    + `(${later.length} answers)`);
  check(seen.size > 0 && over.length === 0, `${g.variant}: every answer of our bot within 100 ms of its budget `
    + `(later ones: median ${median.toFixed(1)} ms, max ${max.toFixed(1)} ms)${over.length ? ': NOT ' + over.join(', ') : ''}`);
}

// A 300 ms hint late in the game: the adviser's bot followed the seat, so the person waits for this search only.
async function timedHint(page, g, turn) {
  await page.selectOption('[data-testid=hint-time]', '300');
  await page.keyboard.press('h');
  await page.waitForSelector('[data-testid=hint-answer]', { timeout: 30000 });
  const waited = +(await page.getAttribute('[data-testid=hint-result]', 'data-waited'));
  console.log(`measure: ${g.variant}: a 300 ms hint at turn ${turn} came in ${waited} ms`);
  check(waited <= 400, `${g.variant}: a 300 ms hint at turn ${turn} came in ${waited} ms (at most 400)`);
}

// The hints of the game: never one for another position, and the bot after the overtaken one on its own time.
async function checkHints(page, g, rep) {
  const shown = await page.evaluate(() => window.hintsShown);
  check(shown.length >= 1 && shown.every(([at, now]) => at === now), `${g.variant}: every hint shown was for the position on the page `
    + `(${shown.map(([at, now]) => `${at}@${now}`).join(' ')}): none overtaken came late`);
  const bot = rep.requests.findIndex((r, k) => k >= g.hintedAt && g.seats[r.seat].startsWith('bot'));
  const ms = rep.requests[bot].time_ms, budget = +g.seats[rep.requests[bot].seat].split(':')[1];
  check(ms < budget + 1000, `${g.variant}: the bot's answer after a 3 s hint took ${ms.toFixed(0)} ms, within its ${budget} ms budget `
    + 'and a margin for a loaded machine (with the hint in its way it was 1,240 ms and more)');
}

// "New game" asks first and may be cancelled; an abandoned game's replay says it stopped, its bot stops;
// the next game (greedy against greedy, started without reloading the page) has its own kingdoms only.
async function checkAbandon(page, url, args) {
  await P.startGame(page, url, { variant: '2p', seed: '21', seats: ['human', 'bot:3000'] });
  while ((await P.app(page, 'thinking')) !== '1') {  // the person's picks until the bot thinks
    await page.waitForSelector('[data-testid=app][data-human="1"], [data-testid=app][data-thinking="1"]');
    if ((await P.app(page, 'human')) !== '1') continue;
    const { requests } = await P.where(page);
    await page.click('[data-testid=draft-tile][data-owner="-1"]');
    await page.click('[data-testid=confirm]');
    await P.waitPlayed(page, requests);
  }
  const lag = await page.evaluate(() => new Promise((r) => { const t = performance.now(); setTimeout(() => r(performance.now() - t), 0); }));
  check(lag < 200, `the page answers in ${lag.toFixed(1)} ms while the bot thinks`);
  await page.click('[data-testid=new-game]');
  const asked = await page.isVisible('[data-testid=abandon-question]');
  await page.click('[data-testid=abandon-no]');
  check(asked && !(await page.isVisible('[data-testid=setup]')) && (await P.app(page, 'thinking')) === '1',
    '"New game" during a game asks first; "Keep playing" goes on with it');
  await page.click('[data-testid=new-game]');
  const file = await P.download(page, path.join(args.work, 'table-stopped.json'), '[data-testid=abandon-download]');
  await page.click('[data-testid=abandon-yes]');
  check(await page.isVisible('[data-testid=setup]') && !(await page.isVisible('#main')) && await page.isDisabled('[data-testid=download]'),
    'abandoned: the setting form, no game under it, nothing to download');
  const rep = JSON.parse(fs.readFileSync(file, 'utf8'));
  const c = P.checkReplay(args.referee, file);
  check(c.status === 0 && c.line.includes('ok, but the game stops before its end') && rep.finished === false && rep.stopped_turn === 0
    && rep.names.join() === 'you,bot 3 s',
    `an abandoned game: its replay says it stopped, and the rules accept it as such: ${c.line}`);
  check(/^bot --time-ms 3000 --first-ms 3000 /.test(rep.bots[1]), `the bot at 3 s thinks 3 s on its first answer too: ${rep.bots[1]}`);
  const viewer = await openInViewer(page.context(), args.viewer, file, rep.requests.length, 'the stopped game');
  check(viewer.title.includes('Stopped at turn 1 of 7'), `the viewer shows the stopped game as such: ${viewer.title}`);
  await P.startGame(page, null, { variant: '2p', seed: '22', seats: ['greedy', 'greedy'] });
  await P.waitTurn(page);
  await page.screenshot({ path: path.join(args.work, 'table-all-bots.png') });
  const kingdoms = await page.$$eval('[data-testid=kingdom]', (k) => k.length);
  check(kingdoms === 2 && !(await page.isVisible('#home')), `the next game without a person shows its 2 kingdoms only (${kingdoms}), none large`);
  const next = JSON.parse(fs.readFileSync(await P.download(page, path.join(args.work, 'table-after-stop.json')), 'utf8'));
  const ms = next.requests[0].time_ms;
  check(ms < 400, `the abandoned game's bot stopped: the next game's first answer (greedy) took ${ms.toFixed(1)} ms (held up behind it: 2,043 ms)`);
}

// Bad input gets a clear message: a seed that is no number, files that are no replay.
async function checkBadInput(page, url) {
  await P.openSetup(page, url);
  const kept = await page.$$eval('[data-testid=seat]', (s) => s.map((e) => e.value));
  check(kept.join() === 'greedy,greedy', `the setting form keeps the last game's seats after a reload (${kept.join(', ')})`);
  await page.click('[data-testid=how-button]');
  const how = await page.textContent('[data-testid=how]');
  check(/Confirm/.test(how) && /squares × its crowns/.test(how) && /larger land/.test(how), 'How to play says the turn, Confirm, the scoring and the tie-breaks');
  await page.click('[data-testid=how-close]');
  await P.startGame(page, null, { variant: '2p', seed: 'seven', seats: ['human', 'greedy'] });
  const said = await page.textContent('[data-testid=message]');
  check(said.includes("the seed 'seven' is not a number") && await page.isVisible('[data-testid=setup]'),
    `a seed that is no number: said, and no game starts (${said})`);
  for (const [name, text, words] of [['notes.txt', 'PUT 1 2 3', 'not JSON'], ['other.json', '{"requests": 3}', 'not a replay'],
    ['old.json', '{"format": "kingdomino-replay-1", "requests": []}', 'this check reads kingdomino-replay-3']]) {
    const msg = await checkInPage(page, { name, mimeType: 'application/json', buffer: Buffer.from(text) });
    check(msg.startsWith(`${name} is not a replay the rules accept:`) && msg.includes(words), `a file that is no replay (${name}): ${msg}`);
  }
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

// Errors in the page fail the test; its dialogs (leaving mid-game asks) are accepted unless `dialogs` is false.
function watchErrors(page, dialogs = true) {
  page.on('pageerror', (e) => failures.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') failures.push(`console error: ${m.text()}`); });
  if (dialogs) page.on('dialog', (d) => d.accept());
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  args.work = path.resolve(args.work);
  fs.rmSync(args.work, { recursive: true, force: true });  // no picture of an earlier run left to mislead
  fs.mkdirSync(args.work, { recursive: true });
  const url = pathToFileURL(path.resolve(args.page)).href;
  const seen = { reasons: new Set(), placed: 0, discarded: 0, moves: 0 };
  // One Chromium for all (a second costs seconds to start): a laptop's window whose screen
  // also takes taps, a phone's size for the phone's game.
  const { context, close } = await launchChromium('table-test-chromium-', { viewport: LAPTOP, hasTouch: true });
  try {
    context.setDefaultTimeout(30000);
    const page = await context.newPage();
    watchErrors(page);
    for (const g of GAMES) await timed(`${g.variant} game`, () => playGame(page, url, g, args, seen));
    check(REASONS.every((r) => seen.reasons.has(r)), `every reason of the rules was shown: ${[...seen.reasons].join('; ')}`);
    check(seen.placed > 20 && seen.moves > 40, `the person placed ${seen.placed} tiles in ${seen.moves} moves `
      + `(and discarded ${seen.discarded} that fitted nowhere)`);
    await timed('abandoned game', () => checkAbandon(page, url, args));
    await timed('bad input', () => checkBadInput(page, url));
    await timed('engine check', () => checkEngine(page, args));
    await page.close();
    const phone = await timed('phone game', () => phoneGame(context, { url, work: args.work, referee: args.referee, check, watchErrors }));
    checkBotTimes({ variant: 'phone 3p' }, JSON.parse(fs.readFileSync(phone, 'utf8')));
  } catch (err) {
    failures.push(String(err.stack || err));
  } finally {
    await close();
  }
  console.log(`time: ${phases.join(', ')}`);
  console.log(`pictures: ${args.work}/table-*.png`);
  if (failures.length) {
    for (const f of failures) console.error(`FAIL: ${f}`);
    process.exit(1);
  }
  console.log('table test passed');
}

main().catch((e) => { console.error(`FAIL: ${e.stack || e}`); process.exit(1); });
