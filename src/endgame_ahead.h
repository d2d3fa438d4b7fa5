// The turn before the last draft, solved a turn ahead (the search's
// `endgame_ahead`: on in 2p, 4p and the duel, the resolved settings in
// src/search_options.h; docs/experiments.md has what it gave).
//
// With all 48 tiles in play (4p, duel) the tiles of the last draft are known
// once the draft before it is on the table. After my last answer of that
// turn, and the other players' answers a candidate expects for the rest of
// it (the games its playouts start from), no chance is left: the rest of the
// game is solved exactly (src/endgame.h) for the candidates the halving
// ranked best, as many as the time allows, and the best of them by the
// solved value answers; the halving's order breaks ties. With fewer tiles in
// play (2p, 3p) the last draft is unknown, but it is the last chance left:
// each candidate is solved on the same `ahead_deals` deals of it, and judged
// by its solved values summed over them.
#pragma once

#include <algorithm>

#include "candidate.h"
#include "decision.h"
#include "endgame.h"

namespace kd {

// How many deals of the last draft judge my answer in root by the solved ends:
// 1 when nothing unknown is left (all 48 tiles in play), `deals` when the last
// draft is unknown, 0 when the game does not reach the turn of the last draft
// before I act again.
inline int endgame_ahead_deals(const Game& root, const Request& request, int deals) {
    const Variant& v = root.variant();
    if (root.turn() != v.turns - 3) return 0;
    for (int i = root.step() + 1; i < root.placing_count(); ++i)
        if (root.placing(i).owner == 0) return 0;  // not my last answer of the turn
    return request.n_unseen == v.tiles_used - root.drawn_count() ? 1 : deals;
}

// The solves a turn ahead: on how many deals, the replies, the limits, and the work done.
struct AheadSolve {
    int deals = 1;              // deals of the last draft, the same for every candidate (1 when it is known)
    bool greedy_replies = false;  // a replier more likely greedy than not replies as greedy (learn_replies)
    Clock::time_point deadline;
    long node_limit = 0;        // the solver's nodes at most (0: no limit)
    long nodes = 0;             // the solver's work, added up
};

// Puts first the best of the ranking's first candidates by their solved ends
// on solve.deals deals of the last draft (its draws dealt into each reply's
// starting game). A replier takes the reply best for itself, as the solver's
// other players choose (other_prefers, its tally summed over the deals); or
// greedy's reply with `greedy_replies` when its player is more likely greedy
// than not. Returns how many candidates were solved before the time ran out.
inline int choose_by_solved_ends(const Game& root, const Request& request, Candidates& candidates, AheadSolve& solve) {
    constexpr int kMostCandidates = 8;
    int solved = 0, chosen = 0;
    double chosen_value = 0, value = 0;
    // The value of the candidate ranked `solved` (its replier's best reply's), false when an end is not solved.
    auto solve_candidate = [&] {
        const int index = candidates.index_at(solved);
        const Candidate& a = candidates[index];
        FinalTally theirs;  // the chosen reply's (score -1: none yet)
        for (int c = 0; c < a.n_replies; ++c) {
            if (a.replier >= 0 && solve.greedy_replies && a.greedy_weight > 0.5 && c != a.greedy_reply) continue;
            double mine = 0;
            FinalTally sums{0, 0, 0};  // the replier's tallies summed over the deals
            for (int d = 1; d <= solve.deals; ++d) {
                Game g = candidates.start(index, c);
                Rng rng(d);  // deal d the same for every candidate (with nothing unknown, every deal is the same)
                deal_draws(g, request, root.drawn_count(), rng);
                if (g.is_terminal() || g.turn() != root.turn() + 1) return false;
                const EndgameSolution s = solve_endgame_value(g, solve.deadline, solve.node_limit);
                solve.nodes += s.nodes;
                if (!s.solved) return false;  // out of time
                // Summable over deals, in EndgameValue's order for one: first place, players beaten, margin, score.
                const EndgameValue& v = s.value;
                mine += v.first * 1e9 + v.ahead * 1e6 + v.margin * 1e3 + v.score;
                if (a.replier >= 0)
                    sums.score += s.tally[a.replier].score, sums.territory += s.tally[a.replier].territory;
            }
            if (theirs.score < 0 || other_prefers(sums, mine, theirs, value)) value = mine, theirs = sums;
        }
        return true;
    };
    for (; solved < std::min(candidates.size(), kMostCandidates) && solve_candidate(); ++solved)
        if (solved == 0 || chosen_value < value) chosen = solved, chosen_value = value;
    candidates.bring_first(chosen);  // the others in order
    return solved;
}

}  // namespace kd
