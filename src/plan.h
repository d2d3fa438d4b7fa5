// My next answer, searched: the plans of a candidate answer.
//
// After my answer and the others' answers that follow it, when I answer
// again in the same turn (another of my kings, 2p and duel) everything I
// may do is known: my tile, the draft left, my kingdom (only I change it).
// A candidate need not leave that answer to the playout policy: it is tried
// with each free pick (and each of the few placements the policy ranks best),
// all on the same deals, and the candidate is worth what its best plan is
// worth: the draft's tiles shared out as the players would, each at its
// turn, not as the policy guesses for me. When I answer next only in the
// next turn, the new draft is unknown, but my next placement is not (it
// places a tile I already hold): the plans are then placements alone.
#pragma once

#include "greedy.h"
#include "policy.h"

namespace kd {

constexpr int kMaxPlans = 12;

// One plan: my next answer (an invalid put, pick -1: the policy's there),
// and where the answer after it places its tile (invalid: the policy's).
struct Plan {
    Placement put;
    int pick = -1;
    Placement then;
};

// How many plans, of how many placements of each of my next two tiles.
struct PlanWidths {
    int first = 0;   // placements of my next tile (1: the policy's; 0: no plans)
    int second = 0;  // placements of the tile after it, where it is known (0: the policy's)
    bool picks = true;  // every free pick of my next answer when it is in this turn
};

// The plans from `start`: the game after my candidate answer of turn `turn`
// and the others' answers until mine again in this turn, or until the next
// turn begins. When I answer again in this turn: up to `widths.first`
// placements ranked by the policy (1: the policy's own, left to it), each with
// every free pick. When the next turn has begun: up to `widths.first`
// placements of the first tile I place in it, and after each, of the second
// when I have one (none on the last turn, where the policy places for points
// alone, as it should). Returns how many (0: no plans).
inline int make_plans(const Game& start, int turn, const PlanWidths& widths, const PolicyWeights& w, Plan* out) {
    if (widths.first < 1 || start.is_terminal()) return 0;
    const Kingdom& k = start.kingdom(0);
    Placement spots[kMaxPlans];
    int n_spots = 0, picks[kMaxDraft], n_picks = 0, tiles[2], n_tiles = 0;
    const int width = std::min(widths.first, kMaxPlans);
    if (start.turn() == turn && start.current_player() == 0) {
        if (widths.picks) n_picks = start.free_picks(picks);
        if (width > 1 && !start.first_turn())
            n_spots = rank_placements(k, kTiles[start.current_tile()], start.rule(), w, width, spots);
    } else if (start.turn() == turn + 1 && !start.last_turn() && width > 1) {
        for (int i = 0; i < start.placing_count() && n_tiles < 2; ++i)  // ascending id: the order I place them
            if (start.placing(i).owner == 0) tiles[n_tiles++] = start.placing(i).tile;
        if (n_tiles > 0) n_spots = rank_placements(k, kTiles[tiles[0]], start.rule(), w, width, spots);
    }
    if (n_spots == 0) spots[n_spots++] = Placement{};  // the policy's placement
    if (n_picks == 0) picks[n_picks++] = -1;           // the policy's pick
    int n = 0;
    for (int i = 0; i < n_spots; ++i) {
        Placement thens[kMaxPlans];
        int n_thens = 0;
        if (n_tiles == 2 && widths.second > 0 && spots[i].valid()) {
            Kingdom after = k;
            after.place(kTiles[tiles[0]], spots[i]);
            n_thens = rank_placements(after, kTiles[tiles[1]], start.rule(), w, std::min(widths.second, kMaxPlans), thens);
        }
        if (n_thens == 0) thens[n_thens++] = Placement{};
        for (int t = 0; t < n_thens; ++t)
            for (int j = 0; j < n_picks && n < kMaxPlans; ++j) out[n++] = Plan{spots[i], picks[j], thens[t]};
    }
    return n > 1 ? n : 0;
}

// A playout (policy.h) in which my next two answers are as `plan` says
// (an invalid put, pick -1: the policy's there, as in all my later answers).
inline void planned_playout(Game& g, Rng& rng, const PolicyWeights& w, int until_turn, const Plan& plan) {
    int answers = 0;
    playout(g, rng, w, until_turn, [&](const Game&) {
        ++answers;
        return answers == 1 ? Move{plan.put, plan.pick} : answers == 2 ? Move{plan.then, -1} : Move{};
    });
}

}  // namespace kd
