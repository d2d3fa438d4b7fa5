// Endgame positions for the tests and the timing program: seeded games played
// to the turn of the last draft or the last turn, then seen by the player to act.
#pragma once

#include "game.h"
#include "greedy.h"

namespace kd {
namespace endgame_positions {

// g as the player at `seat` sees it: that seat becomes 0, the next one 1...
inline Game seen_by(const Game& g, int seat) {
    const int n = g.players();
    Game r(g.variant(), g.rule());
    for (int p = 0; p < n; ++p) r.kingdom_mut(p) = g.kingdom((p + seat) % n);
    auto relative = [&](int owner) { return owner < 0 ? -1 : (owner - seat + n) % n; };
    Slot placing[kMaxDraft], draft[kMaxDraft];
    for (int i = 0; i < g.placing_count(); ++i) placing[i] = Slot{g.placing(i).tile, int8_t(relative(g.placing(i).owner))};
    for (int i = 0; i < g.draft_count(); ++i) draft[i] = Slot{g.draft(i).tile, int8_t(relative(g.draft(i).owner))};
    uint8_t eliminated = 0;
    for (int p = 0; p < n; ++p)
        if (g.eliminated((p + seat) % n)) eliminated |= uint8_t(1 << p);
    r.set_position(g.turn(), g.step(), placing, g.placing_count(), draft, g.draft_count(), g.drawn_count(), eliminated, 0);
    return r;
}

// A uniformly random answer (legal placement or none, free pick).
inline void random_answer(Game& g, Rng& rng) {
    PlacementList spots;
    int picks[kMaxDraft];
    const int n_spots = g.answer_placements(spots), n_picks = g.answer_picks(picks);
    g.apply(spots[rng.below(uint32_t(n_spots))], picks[rng.below(uint32_t(n_picks))], true);
}

struct Recipe {
    bool last_turn = false;   // the last turn rather than the turn of the last draft
    int greedy_percent = 100; // answers before the position: full greedy's this often, else random
    int free_squares = -1;    // >= 0: fill each kingdom's window with random land down to this many empty squares
    bool eliminate = false;   // end the game of one other player (one that is not to act)
    int steps = -1;           // answers into the turn before the position; -1: a random number
};

// The position of `seed`: a game played to the recipe's turn, at a random
// step of it, seen by the player to act. The game may end before (all
// players eliminated cannot happen; a last step can): then is_terminal().
inline Game position(const Variant& v, Rule rule, uint64_t seed, const Recipe& recipe) {
    Rng rng(seed * 0x9E3779B97F4A7C15ull + 17);
    Game g = Game::deal(v, rule, seed);
    const int target = v.turns - (recipe.last_turn ? 1 : 2);
    auto answer = [&]() {
        if (int(rng.below(100)) < recipe.greedy_percent) {
            const GreedyChoice c = full_greedy(g);
            g.apply(c.put, c.pick, true);
        } else {
            random_answer(g, rng);
        }
    };
    while (!g.is_terminal() && g.turn() < target) answer();
    const int steps = recipe.steps >= 0 ? recipe.steps : int(rng.below(uint32_t(v.draft_size)));
    for (int k = steps; k > 0 && !g.is_terminal() && g.turn() == target; --k) answer();
    if (g.is_terminal() || g.turn() != target) return g;
    if (recipe.free_squares >= 0)
        for (int p = 0; p < v.players; ++p) {
            Kingdom& k = g.kingdom_mut(p);
            for (Bitboard free = k.free_squares(); free.count() > recipe.free_squares; free = k.free_squares()) {
                int pick = int(rng.below(uint32_t(free.count()))), square = -1;
                free.for_each_square([&](int sq) {
                    if (pick-- == 0) square = sq;
                });
                k.put_square(square_x(square), square_y(square), int(rng.below(kLandTerrains)), int(rng.below(4)) / 3);
            }
        }
    if (recipe.eliminate) {
        const int seat = (g.current_player() + 1 + int(rng.below(uint32_t(v.players - 1)))) % v.players;
        g.eliminate(seat, "test");
    }
    if (g.is_terminal()) return g;
    return seen_by(g, g.current_player());
}

}  // namespace endgame_positions
}  // namespace kd
