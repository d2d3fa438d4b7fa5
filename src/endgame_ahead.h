// The turn before the last draft, solved a turn ahead (the search's
// `endgame_ahead`, on in the duel; docs/experiments.md has what it gave).
//
// With all 48 tiles in play (4p, duel) the tiles of the last draft are known
// once the draft before it is on the table. After my last answer of that
// turn, and the other players' answers a candidate expects for the rest of
// it (the games its playouts start from), no chance is left: the rest of the
// game is solved exactly (src/endgame.h) for the candidates the halving
// ranked best, as many as the time allows, and the best of them by the
// solved value answers; the halving's order breaks ties.
#pragma once

#include <algorithm>

#include "candidate.h"
#include "decision.h"
#include "endgame.h"

namespace kd {

// Whether the game after my answer in root has nothing unknown left and
// reaches the turn of the last draft before I act again.
inline bool endgame_ahead_applies(const Game& root, const Request& request) {
    const Variant& v = root.variant();
    if (root.turn() != v.turns - 3 || request.n_unseen != v.tiles_used - root.drawn_count()) return false;
    for (int i = root.step() + 1; i < root.placing_count(); ++i)
        if (root.placing(i).owner == 0) return false;  // not my last answer of the turn
    return true;
}

// Puts first in order[0..n) the best of its first candidates by their solved
// ends; start(arm, reply) is the game a reply's playouts start from (its
// draws dealt here). A replier takes the reply best for itself, as the
// solver's other players choose (other_prefers); or
// greedy's reply with `greedy_replies` when its player is more likely greedy
// than not. Returns how many candidates were solved (0: the order stands);
// the solver's work is added to `nodes`.
template <typename Start>
int choose_by_solved_ends(const Game& root, const Request& request, const Candidate* arms, int* order, int n,
                          Start&& start, bool greedy_replies, Clock::time_point deadline, long node_limit, long& nodes) {
    constexpr int kMostCandidates = 8;
    int solved = 0, chosen = 0;
    EndgameValue chosen_value;
    for (; solved < std::min(n, kMostCandidates); ++solved) {
        const Candidate& a = arms[order[solved]];
        EndgameValue value;
        FinalTally theirs;
        bool have = false;
        for (int c = 0; c < a.n_replies; ++c) {
            if (a.replier >= 0 && greedy_replies && a.greedy_weight > 0.5 && c != a.greedy_reply) continue;
            Game g = start(order[solved], c);
            Rng rng(1);  // nothing unknown: every deal is the same
            resample_draws(g, request.unseen, request.n_unseen, root.drawn_count(), rng);
            if (g.is_terminal() || g.turn() != root.turn() + 1) return 0;
            const EndgameSolution s = solve_endgame_value(g, deadline, node_limit);
            nodes += s.nodes;
            if (!s.solved) {
                have = false;  // out of time: this candidate is not solved
                break;
            }
            const FinalTally reply_end = a.replier >= 0 ? s.tally[a.replier] : FinalTally{};
            if (!have || (a.replier >= 0 && other_prefers(reply_end, s.value, theirs, value)))
                value = s.value, theirs = reply_end, have = true;
        }
        if (!have) break;
        if (solved == 0 || chosen_value < value) chosen = solved, chosen_value = value;
    }
    std::rotate(order, order + chosen, order + chosen + 1);  // the chosen one first, the others in order
    return solved;
}

}  // namespace kd
