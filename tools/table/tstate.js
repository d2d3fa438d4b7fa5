// What the table holds between moves, shared by the modules that change it.
export const T = {
  game: 0,          // the number of the game at the table: an answer for an older game is dropped
  config: null,     // the game's setting (setup.js): variant, rule, seed, seats
  seats: [],        // per seat {kind: 'human' | 'bot' | 'greedy' | 'random', label, command}
  state: null,      // the game now, as the engine gives it (tools/table/table.h, Table::state)
  m: null,          // the viewer's model of the replay so far (tools/viewer/replay.js)
  zones: false,     // zones drawn on the kingdoms (key Z)
  move: null,       // the person's answer in the making (place.js)
  thinking: -1,     // the seat whose player in the worker is thinking, -1: none
  notes: [],        // the bots' notes, {seat, note, message}, latest last
  hint: null,       // the last hint (hint.js)
};
