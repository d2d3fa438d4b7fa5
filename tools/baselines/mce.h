// mce's decision: the best method of Gedda, Lagerkvist and Butler, "Monte
// Carlo Methods for the Game Kingdomino" (CIG 2018): flat Monte Carlo
// evaluation. Root answers (placement x pick) are sampled uniformly at random;
// each sample is one playout, with the unknown draws dealt from the unseen
// tiles, in which every player plays full greedy; its value is own score /
// (own + best opponent's score). The answer with the best average wins.
// The mce player (mce.cpp) and tools/lib/selfplay/selfplay.cpp call it.
#pragma once

#include <vector>

#include "decision.h"
#include "greedy.h"
#include "timeman.h"

namespace kd {

namespace mce_detail {

struct RootMove {
    Placement put;
    int pick;
    double sum = 0;
    int n = 0;
};

inline double playout_value(Game g) {
    while (!g.is_terminal()) apply_full_greedy(g);
    return leaders_share(g.result(false), 0);
}

}  // namespace mce_detail

// mce's answer to r: `playouts` samples when > 0, else until the budget's stop rule says so.
inline Answer mce_answer(const Request& r, const TimeBudget& budget, long playouts, Rng& rng, long* samples_out) {
    using mce_detail::RootMove;
    const Game& root = r.game;
    PlacementList spots;
    const int n_spots = root.answer_placements(spots);
    int picks[kMaxDraft];
    const int n_picks = root.answer_picks(picks);
    std::vector<RootMove> moves;
    for (int i = 0; i < n_spots; ++i)
        for (int j = 0; j < n_picks; ++j) moves.push_back(RootMove{spots[i], picks[j]});
    long samples = 0;
    StopRule time(budget);  // our bot's stop rule (src/timeman.h)
    while (moves.size() > 1 && (playouts > 0 ? samples < playouts : !time.should_stop())) {
        RootMove& m = moves[rng.below(uint32_t(moves.size()))];
        Game g = root;
        resample_draws(g, r.unseen, r.n_unseen, g.drawn_count(), rng);
        g.apply(m.put, m.pick, true);
        m.sum += mce_detail::playout_value(g);
        m.n++;
        samples++;
    }
    const RootMove* best = &moves[0];
    for (const RootMove& m : moves)
        if (m.n && (!best->n || m.sum / m.n > best->sum / best->n)) best = &m;
    *samples_out = samples;
    return Answer{best->put, best->pick, "", ""};
}

}  // namespace kd
