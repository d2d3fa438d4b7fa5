// What a decision sees and what it gives back. The text loop (play.h)
// builds a Request and prints the Answer; the search and the baselines only
// ever see these, never text.
#pragma once

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
    explicit Request(const Game& g) : game(g) {}
};

struct Answer {
    Placement put;        // ignored on the first turn
    int pick = -1;        // ignored on the last turn
    std::string message;  // shown by viewers after PICK
    std::string note;     // one line for stderr, written after the answer is sent
};

}  // namespace kd
