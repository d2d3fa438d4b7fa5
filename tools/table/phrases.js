// What the table page says of moves, in players' words: tiles placed at a
// square of the board (its edges carry the coordinates, x across and y down,
// as the bot's protocol counts them) and tiles picked, never PUT and PICK.

const SECOND = ['to its right', 'below it', 'to its left', 'above it'];

// "(3, 4), the second square below it"
export function placeWords(x, y, r) { return `(${x}, ${y}), the second square ${SECOND[r]}`; }

// An answer as the replay writes it ({put: {x, y, rotation} | null, pick: id | null}) to a request
// placing `tile` (-1 on the first turn): "place #12 at (3, 4), ..., and pick #21".
export function answerWords(a, tile) {
  const parts = [];
  if (tile > 0) parts.push(a.put ? `place #${tile} at ${placeWords(a.put.x, a.put.y, a.put.rotation)}` : `discard #${tile} (it fits nowhere)`);
  if (a.pick !== null && a.pick !== undefined) parts.push(`pick #${a.pick}`);
  return parts.join(', and ');
}

// A request of the replay as the log says it, in the past: "placed #12 at (3, 4), the second square below it, and picked #21".
export function playedWords(r) {
  const parts = [];
  if (r.turn > 0) parts.push(r.put_result === 'placed' ? `placed #${r.tile} at ${placeWords(r.put.x, r.put.y, r.put.rotation)}` : `discarded #${r.tile}`);
  if (r.pick !== null && r.pick !== undefined) parts.push(`picked #${r.pick}`);
  return parts.join(', and ');
}

// "1 move", "3 moves", "19,389 games".
export function count(n, word) { return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`; }

// A share in [0, 1] as a percentage.
export function percent(v) { return `${Math.round(100 * v)}%`; }
