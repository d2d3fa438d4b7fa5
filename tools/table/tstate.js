// What the table holds between moves, shared by the modules that change it.
export const T = {
  game: 0,          // the number of the game at the table: an answer for an older game is dropped
  config: null,     // the game's setting (setup.js): variant, rule, seed, seats
  seats: [],        // per seat {kind: 'human' | 'bot' | 'greedy' | 'random', choice, label, command}
  answers: [],      // every answer played, [output, ms, note]: the game kept (saved.js) plays them again
  state: null,      // the game now, as the engine gives it (tools/table/table.h, Table::state)
  m: null,          // the viewer's model of the replay so far (tools/viewer/replay.js)
  home: -1,         // the seat whose kingdom is drawn large: the person's (layout.js), -1: none
  step: null,       // the step the board shows, null: the latest (the review shows older ones)
  zones: false,     // zones drawn on the kingdoms (key Z)
  move: null,       // the person's move in the making (place.js)
  thinking: -1,     // the seat whose player in the worker is thinking, -1: none
  hint: null,       // the hint: {position, answer} (hint.js)
  resumed: false,   // the message says the game was taken up again after a reload: it goes with the next move
  adviserSeed: 0,   // the seed of the adviser's bot in the person's seat, one a game (hint.js)
  review: null,     // the review of the person's moves after the game (review.js)
};
