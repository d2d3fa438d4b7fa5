// What a decision sees and what it gives back. The text loop (play.h)
// builds a Request and prints the Answer; the search and the baselines only
// ever see these, never text.
#pragma once

#include <algorithm>
#include <string>

#include "game.h"

namespace kd {

// The game as one player sees it: me at seat 0 and acting now, and the
// tiles that may still be drawn.
struct Request {
    Game game;
    int8_t unseen[kTileCount];
    int n_unseen = 0;
    int index = 0;  // the player's requests before this one: a search seeds its deals with it
#ifndef KD_UPLOAD
    // A bot told the deal (--told-deal, the ceiling's experiments): `unseen`
    // holds the draws to come in their true order.
    bool deal_known = false;
#endif
    explicit Request(const Game& g) : game(g) {}
};

// Deals g's draws from first_draw on: the unseen tiles in a random order
// (or, for a bot told the deal, in the true one).
inline void deal_draws(Game& g, const Request& r, int first_draw, Rng& rng) {
#ifndef KD_UPLOAD
    if (r.deal_known) {
        g.redeal(r.unseen, std::min(r.n_unseen, g.variant().tiles_used - first_draw), first_draw);
        return;
    }
#endif
    resample_draws(g, r.unseen, r.n_unseen, first_draw, rng);
}

#ifndef KD_UPLOAD
// Tells request r the true deal of its game (Game::deal with `seed`, as the
// referee deals): its draws to come in order. False, r unchanged, when that
// deal's draws to come are not all tiles the request has not seen.
inline bool tell_deal(Request& r, uint64_t seed) {
    const Game& g = r.game;
    const Game truth = Game::deal(g.variant(), g.rule(), seed);
    const int drawn = g.drawn_count();
    bool unseen[kTileCount + 1] = {};
    for (int i = 0; i < r.n_unseen; ++i) unseen[r.unseen[i]] = true;
    for (int i = drawn; i < g.variant().tiles_used; ++i)
        if (!unseen[truth.deck_tile(i)]) return false;
    r.n_unseen = 0;
    for (int i = drawn; i < g.variant().tiles_used; ++i) r.unseen[r.n_unseen++] = int8_t(truth.deck_tile(i));
    r.deal_known = true;
    return true;
}
#endif

struct Answer {
    Placement put;        // ignored on the first turn
    int pick = -1;        // ignored on the last turn
    std::string message;  // shown by viewers after PICK
    std::string note;     // one line for stderr, written after the answer is sent
};

}  // namespace kd
