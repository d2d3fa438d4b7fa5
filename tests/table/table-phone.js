// The table page at a phone's size (390x844, a screen that takes taps), for
// table-test.js: a whole 3p game against our bot and greedy by taps alone.
// The page follows the game: each move starts with the person's kingdom in
// view, a hint comes with its tile on screen, the others' kingdoms are a tap
// away, and at the end nothing is wider than the screen (the result table
// included). With an undo, and a reload in the middle that takes the same
// game up again (our bot reads its past again, its answers still its own
// time's), which finishes with a replay the rules accept.

'use strict';

const fs = require('fs');
const path = require('path');
const P = require('./table-page.js');

const PHONE = { width: 390, height: 844 };

// Whether every element of `selector` lies on the screen as it is scrolled now.
async function onScreen(page, selector) {
  return page.$$eval(selector, (all) => all.length > 0 && all.every((e) => {
    const b = e.getBoundingClientRect();
    return b.width > 0 && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight && b.right <= innerWidth;
  }));
}

// A tap on an element scrolled to the middle of the screen first, as a thumb does:
// the bar of buttons at the screen's bottom covers what lies under it.
async function tapInView(page, selector) {
  await page.$eval(selector, (e) => e.scrollIntoView({ block: 'center' }));
  await page.tap(selector);
}

// Reloads the page mid-game: the same game comes back, the same turn and answers.
async function reloadMidGame(page, t) {
  await P.waitTurn(page);
  const before = JSON.parse(fs.readFileSync(await P.download(page, path.join(t.work, 'table-phone-before-reload.json')), 'utf8'));
  const turn = await page.textContent('[data-testid=turn]');
  await page.screenshot({ path: path.join(t.work, 'table-phone-390x844.png') });
  await page.reload();
  await page.waitForSelector('[data-testid=app][data-ready="1"]', { timeout: 60000 });
  await P.waitTurn(page);
  const after = JSON.parse(fs.readFileSync(await P.download(page, path.join(t.work, 'table-phone-after-reload.json')), 'utf8'));
  const same = JSON.stringify(after.requests.map((r) => [r.output, r.time_ms])) === JSON.stringify(before.requests.map((r) => [r.output, r.time_ms]));
  t.check((await P.app(page, 'resumed')) === '1' && (await page.textContent('[data-testid=turn]')) === turn && same
    && after.seed === before.seed, `phone: a reload mid-game takes the same game up again (turn ${turn}, ${after.requests.length} answers the same)`);
  return true;
}

// Once a game: a hint asked by a tap comes with its tile on the screen; a tap shows the others' kingdoms.
async function hintAndOthers(page, t, seat) {
  await tapInView(page, '[data-testid=hint]');
  await page.waitForSelector('[data-testid=hint-answer]', { timeout: 30000 });
  t.check(await onScreen(page, '.ghost[data-kind=hint]'), 'phone: the hint comes with its tile drawn on the screen');
  await page.tap('[data-testid=show-others]');
  const others = await page.$$eval('[data-testid=kingdom]', (k) => k.map((e) => +e.dataset.seat));
  const shown = [];
  for (const s of others.filter((o) => o !== seat)) if (await onScreen(page, `[data-testid=kingdom][data-seat="${s}"]`)) shown.push(s);
  t.check(shown.length > 0, `phone: "Other kingdoms" shows them with a tap (on screen: ${shown.map((s) => `P${s}`).join(', ') || 'none'})`);
}

// The person's move by taps: the tile on a dot (once undone and placed again), a free tile picked, confirmed.
async function tapMove(page, t, seat, turn, g) {
  if (turn > 1) {
    if (await page.isVisible('[data-testid=discard]')) await page.tap('[data-testid=discard]');
    else {
      const spots = await P.spotsAfterTurning(page, seat, () => page.tap('[data-testid=rotate]'));
      await page.tap(P.squareSel(seat, ...spots[0]));
      if (!g.undone) {
        await page.tap('[data-testid=undo]');
        g.undone = t.check(!(await P.heldTile(page)), 'phone: Undo, a button, takes the placement back');
        await page.tap(P.squareSel(seat, ...spots[spots.length - 1]));
      }
      t.check(!!(await P.heldTile(page)), 'phone: a tap on a dot places the tile');
    }
  }
  const free = (await P.draft(page)).filter((d) => d.owner < 0);
  if (free.length) await tapInView(page, `[data-testid=draft-tile][data-tile="${free[0].tile}"]`);
  await page.tap('[data-testid=confirm]');
}

// A whole 3p game at a phone's size, by taps alone (t: {url, work, referee, check, watchErrors}).
async function phoneGame(context, t) {
  const page = await context.newPage();
  await page.setViewportSize(PHONE);
  t.watchErrors(page, false);
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.type()); d.accept(); });
  const g = { variant: '3p', seed: '9', seats: ['human', 'bot:30', 'greedy'], undone: false };
  await P.startGame(page, t.url, g);
  let moves = 0, reloaded = false, inView = 0, starts = 0;
  while (!(await P.waitTurn(page))) {
    const { seat, requests: before, turn } = await P.where(page);
    starts++;
    if (await onScreen(page, `[data-testid=kingdom][data-seat="${seat}"]`)) inView++;
    else t.check(false, `phone: turn ${turn} starts with the kingdom off the screen (scrolled ${await page.evaluate(() => scrollY)} px)`);
    if (!moves) t.check((await page.title()).startsWith('Your move'), `phone: the tab says it is your move: ${await page.title()}`);
    if (turn === 2) {
      const cell = await page.$eval(`[data-testid=kingdom][data-seat="${seat}"] .sq`, (e) => e.getBoundingClientRect().width);
      t.check(cell >= 32, `phone: the person's squares are ${cell} px`);
      const clipped = await page.$$eval('.tile-row .badge', (all) => all.filter((b) => b.offsetWidth > 0
        && (b.getBoundingClientRect().right > b.closest('.tile-row').getBoundingClientRect().right || b.scrollWidth > b.clientWidth)).length);
      t.check(clipped === 0, `phone: every owner's badge in the turn's tiles whole (${clipped} cut)`);
    }
    if (reloaded && moves === 6) {
      t.check(!(await page.isVisible('[data-testid=message]')), 'phone: the notice that the game goes on is gone once it does');
    }
    if (turn === 4) await hintAndOthers(page, t, seat);
    await tapMove(page, t, seat, turn, g);
    await P.waitPlayed(page, before);
    if (++moves === 5 && !reloaded) reloaded = await reloadMidGame(page, t);
  }
  t.check(inView === starts, `phone: the kingdom in view at the start of ${inView} of ${starts} moves`);
  const wide = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, final: document.querySelector('#final table').scrollWidth,
    box: document.querySelector('#final').clientWidth }));
  console.log(`measure: phone: the page ${wide.page} px wide at the end (the screen ${PHONE.width}); the result table ${wide.final} px in ${wide.box}`);
  t.check(wide.page <= PHONE.width && wide.final <= wide.box, `phone: at the end nothing scrolls sideways: the page ${wide.page} px, `
    + `the result table ${wide.final} px in its ${wide.box} px panel`);
  await page.screenshot({ path: path.join(t.work, 'table-phone-end.png'), fullPage: true });
  const file = await P.download(page, path.join(t.work, 'table-phone.json'));
  const c = P.checkReplay(t.referee, file);
  t.check(c.status === 0 && c.line.includes(': ok: 3p seed 9'), `phone: the game played by taps, reloaded in the middle, finishes; `
    + `referee --check-replay accepts it: ${c.line}`);
  t.check(dialogs.includes('beforeunload'), `phone: leaving mid-game asked first (${dialogs.join(', ') || 'no dialog'})`);
  await page.close();
  return file;
}

module.exports = { phoneGame, PHONE };
