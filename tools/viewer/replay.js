// A replay (docs/replay-format.md) read into what the page shows at each step:
// step 0 is the start of the game, step k the state after requests[k - 1].

import { shortName } from './words.js';
import { computeZones, square } from './kingdom.js';

// The format the referee writes: tests/test_referee_cli.py holds it to the
// referee's and docs/replay-format.md's.
export const FORMAT = 'kingdomino-replay-3';
// The formats this page reads in full, FORMAT among them. Format 3 is 2 with
// each kingdom's "windows"; without them no window frame is drawn.
export const FORMATS_READ = ['kingdomino-replay-2', 'kingdomino-replay-3'];
const ROTATION = [[1, 0], [0, 1], [-1, 0], [0, -1]];

function startGrids(rep, n, P) {
  const castle = rep.castle || [n >> 1, n >> 1];
  const emptyRow = '_0'.repeat(n);
  const grid = [];
  for (let y = 0; y < n; y++) grid.push(y === castle[1] ? emptyRow.slice(0, 2 * castle[0]) + '*0' + emptyRow.slice(2 * castle[0] + 2) : emptyRow);
  return Array.from({ length: P }, () => grid);
}

// Events by the step they show on (the one after their after_request), and the
// step at which each seat's game ended, with why.
function eventSteps(rep, steps, P) {
  const eventsAt = Array.from({ length: steps + 1 }, () => []);
  const elimStep = new Array(P).fill(null);
  const elimReason = new Array(P).fill(null);
  (rep.events || []).forEach((ev, i) => {
    const k = Math.min(steps, Math.max(0, (ev.after_request ?? -1) + 1));
    ev._step = k; ev._i = i;
    eventsAt[k].push(ev);
    if (ev.kind === 'eliminated' && ev.seat >= 0 && ev.seat < P && elimStep[ev.seat] === null) { elimStep[ev.seat] = k; elimReason[ev.seat] = ev.reason; }
  });
  const fin = rep.final;
  if (fin && Array.isArray(fin.eliminated)) {
    fin.eliminated.forEach((e, s) => {
      if (e && elimStep[s] === null) { elimStep[s] = Math.min(steps, Math.max(0, (e.after_request ?? steps - 1) + 1)); elimReason[s] = e.reason; }
    });
  }
  return { eventsAt, elimStep, elimReason };
}

// The seats' names: the replay's "names" when it has one per seat (the table
// page writes the names it showed), else its commands shortened.
function seatNames(rep, P) {
  const given = rep.names;
  if (Array.isArray(given) && given.length === P && given.every((s) => typeof s === 'string' && s)) return given.slice();
  const names = (rep.bots || []).map(shortName);
  while (names.length < P) names.push('player ' + names.length);
  return names;
}

export function buildModel(rep, name, path) {
  if (!rep || typeof rep !== 'object' || !Array.isArray(rep.requests)) throw new Error('not a replay: no "requests" array');
  const warnings = [];
  if (!FORMATS_READ.includes(rep.format)) warnings.push(`format is "${rep.format}", expected "${FORMAT}"`);
  const n = rep.grid_size || 9;
  const P = rep.players || (rep.bots || []).length;
  const reqs = rep.requests;
  const steps = reqs.length;
  const start = startGrids(rep, n, P);
  const turnOf = [0].concat(reqs.map((r) => r.turn));
  const firstStepOfTurn = new Map();
  turnOf.forEach((t, k) => { if (!firstStepOfTurn.has(t)) firstStepOfTurn.set(t, k); });
  const names = seatNames(rep, P);

  const m = {
    rep, name, path, n, P, steps, turnOf, firstStepOfTurn, names, warnings, ...eventSteps(rep, steps, P),
    ext: rep.extent || (n === 13 ? 7 : 5),
    turns: rep.turns || (turnOf[steps] + 1),
    tiles: rep.tile_table || [],
    grids: (k) => (k === 0 ? start : reqs[k - 1].after.grids),
    scores: (k) => (k === 0 ? new Array(P).fill(0) : reqs[k - 1].after.scores),
    // Each seat's window [x0, y0, x1, y1], the squares a tile may still cover, as
    // the referee wrote it (null in a replay without). Turn 0 places nothing, so
    // step 0 has the first request's.
    windows: (k) => (reqs[Math.max(0, k - 1)] || {}).after?.windows || null,
    // The tiles of step k's turn (the request's own turn, as docs/replay-format.md says).
    placing: (k) => (k === 0 ? [] : reqs[k - 1].after.placing || []),
    draft: (k) => (k === 0 ? ((rep.drafts && rep.drafts[0]) || []).map((id) => ({ id, owner: -1 })) : reqs[k - 1].after.draft || []),
    zoneCache: new Map(),
  };
  m.zonesOf = (k, s) => {
    const key = k * 8 + s;
    if (!m.zoneCache.has(key)) m.zoneCache.set(key, computeZones(m.grids(k)[s], n));
    return m.zoneCache.get(key);
  };
  checkModel(m);
  return m;
}

// Consistency checks shown to the user: a referee bug should be visible, not hidden.
function checkModel(m) {
  const { rep, steps, P, n } = m;
  rep.requests.forEach((r, i) => {
    const a = r.after;
    if (!a || !Array.isArray(a.grids) || a.grids.length !== P || a.grids.some((g) => g.length !== n || g.some((row) => row.length !== 2 * n))) {
      throw new Error(`request ${i}: "after.grids" is not ${P} grids of ${n}x${n} squares`);
    }
  });
  const bad = [];
  for (let k = 1; k <= steps && bad.length < 3; k++) {
    for (let s = 0; s < P; s++) {
      const z = m.zonesOf(k, s).total, sc = m.scores(k)[s];
      if (z !== sc) { bad.push(`step ${k} seat ${s}: zones sum to ${z}, replay says ${sc}`); break; }
    }
  }
  if (bad.length) m.warnings.push('scores differ from the zones: ' + bad.join('; '));
  const fin = rep.final;
  if (!fin) m.warnings.push('no "final" block');
  else if (steps > 0) {
    const same = (what, last) => { if (JSON.stringify(fin[what]) !== JSON.stringify(last)) m.warnings.push(`final.${what} differ from the last request's ${what}`); };
    same('grids', m.grids(steps));
    same('scores', m.scores(steps));
    if (fin.windows || m.windows(steps)) same('windows', m.windows(steps));
  }
}

// The time limit request k's answer had, as the referee applied it; null when the replay does not say.
export function limitMs(m, k) {
  const lim = m.rep.requests[k - 1].limit_ms;
  return typeof lim === 'number' ? lim : null;
}

// Squares the step's request filled in its player's kingdom (the tile just placed).
export function placedSquares(m, k) {
  if (k === 0) return [];
  const r = m.rep.requests[k - 1];
  const before = m.grids(k - 1)[r.seat], after = m.grids(k)[r.seat];
  const out = [];
  if (!before || !after) return out;
  for (let y = 0; y < m.n; y++) {
    if (before[y] === after[y]) continue;
    for (let x = 0; x < m.n; x++) if (square(before, x, y) !== square(after, x, y)) out.push([x, y]);
  }
  return out;
}

// The two squares a PUT names.
export function putSquares(put) {
  if (!put) return [];
  const d = ROTATION[put.rotation] || [1, 0];
  return [[put.x, put.y], [put.x + d[0], put.y + d[1]]];
}

export function nextTurnStep(m, k) {
  for (let j = k + 1; j <= m.steps; j++) if (m.turnOf[j] > m.turnOf[k]) return j;
  return m.steps;
}

// The first step of the current turn, or of the previous one when already there.
export function prevTurnStep(m, k) {
  return k === 0 ? 0 : m.firstStepOfTurn.get(m.turnOf[k - 1]);
}
