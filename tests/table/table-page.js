// Driving the table page (build/table.html) as a person does, for
// table-test.js: open it, set a game up, wait for one's turn, place, pick,
// confirm, download the replay; and the referee that re-checks a replay.
// Every wait is for something the page shows, never for a fixed time.

'use strict';

const childProcess = require('child_process');

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

async function app(page, name) { return page.getAttribute('[data-testid=app]', 'data-' + name); }

async function status(page) {
  return page.$eval('[data-testid=status]', (e) => ({ text: e.textContent || '', kind: e.dataset.kind }));
}

// Where the game stands: {requests, seat, turn} (turn as the page counts, from 1).
async function where(page) {
  return page.evaluate(() => {
    const a = document.querySelector('[data-testid=app]').dataset;
    return { requests: +a.requests, seat: +a.seat, turn: +document.querySelector('[data-testid=turn]').textContent.split('/')[0] };
  });
}

// Waits until a person acts or the game is over; true when over.
async function waitTurn(page) {
  await page.waitForSelector('[data-testid=app][data-human="1"], [data-testid=app][data-over="1"]', { timeout: 120000 });
  return (await app(page, 'over')) === '1';
}

// Waits until the answer in hand is played (more than `before` requests).
async function waitPlayed(page, before) {
  await page.waitForFunction((n) => +document.querySelector('[data-testid=app]').dataset.requests > n, before, { timeout: 30000 });
}

// The page opened (it takes up the game kept in the browser, if any); then the setting form.
async function openSetup(page, url) {
  await page.goto(url);
  await page.waitForSelector('[data-testid=app][data-ready="1"]', { timeout: 60000 });
  if (await page.isVisible('[data-testid=setup]')) return;
  await page.click('[data-testid=new-game]');
  if (await page.isVisible('[data-testid=abandon-question]')) await page.click('[data-testid=abandon-yes]');
  await page.waitForSelector('[data-testid=setup]');
}

// A new game `g`: {variant, seed, seats: ['human', 'bot:30', ...], review: '0' | ms}; `url` opens the page first.
async function startGame(page, url, g) {
  if (url) await openSetup(page, url);
  await page.selectOption('[data-testid=variant]', g.variant);
  for (let s = 0; s < g.seats.length; s++) await page.selectOption(`[data-testid=seat][data-seat="${s}"]`, g.seats[s]);
  await page.fill('[data-testid=seed]', g.seed);
  await page.selectOption('[data-testid=review-time]', g.review || '0');
  await page.click('[data-testid=start]');
}

function squareSel(seat, x, y) { return `[data-testid=square][data-seat="${seat}"][data-x="${x}"][data-y="${y}"]`; }

// The draft's tiles on the page: [{tile, owner}].
async function draft(page) {
  return page.$$eval('[data-testid=draft-tile]', (rows) => rows.map((r) => ({ tile: +r.dataset.tile, owner: +r.dataset.owner })));
}

// The squares of the dots (where the tile's first square may go at this rotation).
async function spots(page, seat) {
  return page.$$eval(`.sq.spot[data-seat="${seat}"]`, (cells) => cells.map((c) => [+c.dataset.x, +c.dataset.y]));
}

// Turns the tile (`press(control)`: a click, a tap or a key) until its rotation has dots; their squares.
async function spotsAfterTurning(page, seat, turn) {
  for (let k = 0; k < 4; k++) {
    const found = await spots(page, seat);
    if (found.length) return found;
    await turn();
  }
  return [];
}

// The tile placed now, drawn until the move is confirmed: {x, y, r} or null.
async function heldTile(page) {
  const g = await page.$('.ghost[data-kind=held]');
  return g && { x: +(await g.getAttribute('data-x')), y: +(await g.getAttribute('data-y')), r: +(await g.getAttribute('data-r')) };
}

async function download(page, file, button = '[data-testid=download]') {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  await dl.saveAs(file);
  return file;
}

// referee --check-replay on `file`: its status and line.
function checkReplay(referee, file) {
  const p = childProcess.spawnSync(referee, ['--check-replay', file], { encoding: 'utf8' });
  return { status: p.status, line: (p.stdout || '').trim() };
}

module.exports = {
  dice, app, status, where, waitTurn, waitPlayed, openSetup, startGame, squareSel, draft, spots, spotsAfterTurning,
  heldTile, download, checkReplay,
};
