// The game kept in the browser's storage, so that a reload or a closed tab
// loses nothing: its setting and every answer played (its text, time and
// note), from which the engine plays the same game again; the review once
// made. And the last setting chosen in the form. The page's storage, a few KB.

const GAME = 'kingdomino-table/game', SETUP = 'kingdomino-table/setup';

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || 'null');
  } catch (e) {
    return null;  // storage off, or a value this page did not write
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (e) {
    // storage off or full: the game goes on, it will not survive a reload
  }
}

// {config, answers: [[output, ms, note]...], review} of the game kept, or null.
export function keptGame() {
  const g = read(GAME);
  return g && g.config && Array.isArray(g.answers) ? g : null;
}

export function keepGame(config, answers, review) { write(GAME, { config, answers, review: review || null }); }

export function forgetGame() {
  try { localStorage.removeItem(GAME); } catch (e) { /* storage off */ }
}

// The setting form's choices: {variant, rule, seed, seats: [choice...], reviewMs}.
export function keptSetup() { return read(SETUP); }
export function keepSetup(form) { write(SETUP, form); }
