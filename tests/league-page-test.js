#!/usr/bin/env node
// The page of tools/league in headless Chromium (playwright-core, Debian's chromium):
//
//   node league-page-test.js --work DIR
//
// DIR holds what tests/test_league.py left: league.html (tools/league page) and
// league-table.json (tools/league table --json of the same database). The page
// must load without a single request beyond itself, and show per pool the
// table (the bots in the JSON's order, with its numbers), a plot with one mu
// line per bot that played (a point per game and the start), head to head,
// and the last games with replay links. DOM content, not pixels.
// Any failure, Chromium not starting included, exits 1: this test never skips.

'use strict';

const fs = require('fs');
const os = require('os');
const path = require('path');
const { pathToFileURL } = require('url');

const CHROMIUM = process.env.VIEWER_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const failures = [];
function check(cond, what) {
  if (!cond) failures.push(what);
  console.log(`${cond ? 'ok  ' : 'FAIL'} ${what}`);
}

async function checkPool(page, pool) {
  const p = pool.pool;
  const section = page.locator(`section.pool[data-pool="${p}"]`);
  check(await section.count() === 1 && await section.isVisible(), `${p}: a visible section`);
  const rows = await section.locator('table.ratings tr.bot').evaluateAll((trs) => trs.map((tr) => ({
    bot: tr.dataset.bot, cells: Array.from(tr.cells, (td) => td.textContent.trim()),
  })));
  check(JSON.stringify(rows.map((r) => r.bot)) === JSON.stringify(pool.bots.map((b) => b.name)),
    `${p}: the table lists ${pool.bots.map((b) => b.name).join(', ')} in the JSON's order`);
  const close = (text, x) => Math.abs(parseFloat(text) - x) < 0.006;
  check(rows.length === pool.bots.length && rows.every((r, i) => {
    const b = pool.bots[i];
    return r.cells[0] === String(i + 1) && r.cells[1].startsWith(b.name) && close(r.cells[2], b.rating)
      && close(r.cells[3], b.mu) && close(r.cells[4], b.sigma) && r.cells[5] === String(b.games);
  }), `${p}: each row shows the bot's rank, rating, mu, sigma and games`);

  const played = pool.bots.filter((b) => b.games > 0);
  const lines = await section.locator('svg.plot polyline.mu').evaluateAll((ls) => ls.map((l) => {
    const box = l.getBBox();
    return { bot: l.dataset.bot, n: Number(l.dataset.points), pairs: l.getAttribute('points').trim().split(/\s+/).length,
      width: box.width, height: box.height };
  }));
  check(lines.length === played.length && played.every((b) => {
    const l = lines.find((x) => x.bot === b.name);
    return l && l.n === b.games + 1 && l.pairs === l.n && l.width > 100;
  }), `${p}: the plot has a mu line per bot, a point per game it played and the start, drawn across the plot`);
  const legend = await section.locator('svg.plot text.legend').allTextContents();
  check(JSON.stringify(legend) === JSON.stringify(played.map((b) => b.name)), `${p}: the plot's legend names the bots`);

  const h2h = await section.locator('table.h2h tr').count();
  check(h2h === pool.bots.length + 1, `${p}: head to head, a row per bot`);
  const games = await section.locator('table.games tr.game').count();
  const links = await section.locator('table.games tr.game a').count();
  check(games === Math.min(10, pool.games) && links === games, `${p}: the last ${games} games, each with its replay link`);
}

async function main() {
  const args = process.argv.slice(2);
  const work = args[0] === '--work' ? path.resolve(args[1]) : null;
  if (!work) {
    console.error('usage: league-page-test.js --work DIR');
    process.exit(2);
  }
  let chromium;
  try {
    ({ chromium } = require('playwright-core'));
  } catch (e) {
    console.error(`FAIL: cannot load playwright-core (${e.message}): the viewer_npm_ci test installs it`);
    process.exit(1);
  }
  const table = JSON.parse(fs.readFileSync(path.join(work, 'league-table.json'), 'utf8'));
  const pageFile = path.join(work, 'league.html');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-test-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, timeout: 60000,
      viewport: { width: 1300, height: 1000 },
    });
  } catch (e) {
    console.error(`FAIL: Chromium at ${CHROMIUM} did not start: ${e.message.split('\n').slice(0, 8).join('\n')}`);
    fs.rmSync(userDataDir, { recursive: true, force: true });
    process.exit(1);
  }
  const requests = [];
  context.on('request', (r) => requests.push(r.url()));
  await context.route(/^(https?|wss?):/, (route) => route.abort());
  try {
    const page = await context.newPage();
    const url = pathToFileURL(pageFile).href;
    await page.goto(url);
    check(requests.length === 1 && requests[0] === url, `the page needs nothing but itself (${requests.length} request(s))`);
    const sections = await page.locator('section.pool').evaluateAll((s) => s.map((x) => x.dataset.pool));
    check(JSON.stringify(sections) === JSON.stringify(table.pools.map((p) => p.pool)), `a section per pool: ${sections}`);
    for (const pool of table.pools) await checkPool(page, pool);
  } catch (e) {
    failures.push(String(e.stack || e));
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
  for (const f of failures) console.error(`FAIL: ${f}`);
  console.log(failures.length ? `${failures.length} failure(s)` : 'the league page passed');
  process.exit(failures.length ? 1 : 0);
}

main();
