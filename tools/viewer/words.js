// What the page calls things: terrains, seats, rotations, reasons, times, bots.

export const TERRAIN_NAMES = { c: 'corn field', f: 'forest', g: 'grassland', l: 'lake', w: 'wetland', m: 'mine' };
export const SEAT_SYMBOLS = ['\u25CF', '\u25A0', '\u25B2', '\u25C6'];
export const ROTATION_NAMES = ['right', 'below', 'left', 'above'];

const REASONS = {
  timeout: 'timeout', bad_output: 'bad output', invalid_pick: 'invalid pick', crash: 'crashed', illegal_put: 'illegal PUT',
  owner_eliminated: 'its owner left the game', unpicked: 'nobody picked it', no_legal_spot: 'no legal spot',
};
export function reason(r) { return REASONS[r] || String(r); }

// An answer's time: in ms below a second (as the limits are), in seconds from there.
export function fmtMs(t) {
  if (typeof t !== 'number') return '?';
  if (t >= 1000) return (t < 10000 ? (t / 1000).toFixed(2) : (t / 1000).toFixed(1)) + ' s';
  return (t < 1 ? t.toFixed(3) : t < 10 ? t.toFixed(2) : t.toFixed(1)) + ' ms';
}

// A square's two characters ("f1", "*0", "_0") in words.
export function describeSquare(s) {
  if (TERRAIN_NAMES[s[0]]) return TERRAIN_NAMES[s[0]] + (s[1] !== '0' ? `, ${s[1]} crown${s[1] === '1' ? '' : 's'}` : '');
  return s[0] === '*' ? 'castle' : 'empty';
}

export function baseName(s) { return String(s).replace(/\/+$/, '').split('/').pop(); }

// "./build/greedy --depth 2" -> "greedy --depth 2"; "python3 -u bots/x.py" -> "x.py".
export function shortName(cmd) {
  const toks = String(cmd).trim().split(/\s+/).filter(Boolean);
  if (!toks.length) return '?';
  const interp = /^(env|python[0-9.]*|pypy[0-9.]*|node|nodejs|bash|sh|ruby|perl|java|php|lua|dotnet|mono|stdbuf|timeout|nice|taskset)$/;
  let i = 0;
  while (i < toks.length - 1 && (interp.test(baseName(toks[i])) || (i > 0 && toks[i].startsWith('-')) || /^[0-9.]+[smh]?$/.test(toks[i]))) i++;
  let name = [baseName(toks[i])].concat(toks.slice(i + 1)).join(' ');
  if (name.length > 26) name = name.slice(0, 25) + '\u2026';
  return name;
}
