// The engine on the page's own thread: the game as the referee keeps it, from
// C++ compiled to WebAssembly (tools/table/table_api.cpp). Every rule the page
// applies comes from here. `createEngine` is the engine script's (the page's
// "engine-js" block).

let engine = null;

export function loadEngine() {
  return createEngine({ printErr: (line) => console.warn(line) }).then((m) => { engine = m; });
}

function call(name, types, args) {
  return JSON.parse(engine.ccall(name, 'string', types, args));
}

// A new game: its state (Table::state), or {error} saying what is wrong with the setting.
export function openGame(variant, rule, seed, commands) {
  return call('table_open', ['string', 'string', 'string', 'string'], [variant, rule, seed, commands.join('\n') + '\n']);
}

// The game now (Table::state): who acts, the legal placements and picks, the replay so far.
export function gameState() {
  return call('table_state', [], []);
}

// {legal, reason}: may the acting seat's tile go at (x, y) with rotation r, and if not why.
export function checkPlacement(x, y, r) {
  return call('table_check', ['number', 'number', 'number'], [x, y, r]);
}

// The acting seat's answer (its two lines), its time in ms and its note, played: the new state.
export function playAnswer(output, ms, note) {
  return call('table_answer', ['string', 'number', 'string'], [output, ms, note]);
}

// A replay's text checked as `referee --check-replay` checks it: {ok, error, finished, scores, adjusted, ranks}.
export function checkReplay(text) {
  return call('table_check_replay', ['string'], [text]);
}
