// What the page is showing, shared by the modules that change it.
export const ui = {
  replays: [],     // {name, path?, replay, model?} in the selector's order
  index: -1,       // the replay shown
  m: null,         // its model (replay.js)
  step: 0,         // the step shown
  playing: false, timer: 0,
  zones: false,    // zones shown (key Z)
  hash: '', hashTimer: 0, address: '',  // address.js
  hoverGrid: null, // hover.js
};
