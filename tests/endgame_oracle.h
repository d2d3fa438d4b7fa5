// The plain brute force that src/endgame.h must agree with: it walks the real
// game with Game::apply over every answer (every legal placement times every
// free pick) to the end, with no bound, no memo and no independence argument,
// and backs the results up with the same objectives:
//  - seat 0 maximises its value: first-place share after the tie-breaks
//    (12/k twelfths in a k-way tie), then opponents finished ahead of (halves),
//    then score minus the best other score, then score;
//  - every other seat maximises its own final (score, territory); among
//    answers equal for it, the one worst for seat 0.
// Its value is computed here from Game::result's adjusted scores, apart from
// endgame_value(). Exponential: callers keep positions small and give a node limit.
#pragma once

#include <climits>
#include <tuple>
#include <vector>

#include "endgame.h"
#include "game.h"

namespace kd {
namespace oracle {

// Seat 0's value of a finished game, straight from its Result.
inline EndgameValue value_of(const Result& r) {
    EndgameValue v;
    int ahead = 0, tied = 1, best_other = INT_MIN;
    bool first = true;
    for (int p = 1; p < r.players; ++p) {
        if (r.adjusted[p] > r.adjusted[0]) first = false;
        if (r.adjusted[p] == r.adjusted[0]) ++tied, ahead += 1;
        if (r.adjusted[p] < r.adjusted[0]) ahead += 2;
        best_other = std::max(best_other, r.score[p]);
    }
    v.first = first ? 12 / tied : 0;
    v.ahead = ahead;
    v.margin = r.score[0] - best_other;
    v.score = r.score[0];
    return v;
}

struct BruteLine {
    EndgameValue mine;
    Result result;
};

class BruteForce {
  public:
    explicit BruteForce(long node_limit) : limit_(node_limit) {}
    bool exceeded() const { return nodes_ > limit_; }
    long nodes() const { return nodes_; }

    // The line that best play from g gives.
    BruteLine solve(const Game& g) {
        ++nodes_;
        BruteLine best;
        if (exceeded()) return best;
        if (g.is_terminal()) {
            best.result = g.result();
            best.mine = value_of(best.result);
            return best;
        }
        const int seat = g.current_player();
        PlacementList spots;
        int picks[kMaxDraft];
        const int n_spots = g.answer_placements(spots), n_picks = g.answer_picks(picks);
        bool have = false;
        for (int i = 0; i < n_spots; ++i)
            for (int j = 0; j < n_picks; ++j) {
                Game child = g;
                child.apply(spots[i], picks[j], true);
                const BruteLine c = solve(child);
                if (!have || better_for(seat, c, best)) best = c, have = true;
            }
        return best;
    }

    // The line of one answer at g.
    BruteLine solve_answer(const Game& g, Placement put, int pick) {
        Game child = g;
        child.apply(put, pick, true);
        return solve(child);
    }

  private:
    static bool better_for(int seat, const BruteLine& a, const BruteLine& b) {
        if (seat == 0) return b.mine < a.mine;
        const auto ka = std::make_tuple(a.result.score[seat], a.result.territory[seat]);
        const auto kb = std::make_tuple(b.result.score[seat], b.result.territory[seat]);
        if (ka != kb) return ka > kb;
        return a.mine < b.mine;  // equal for the seat: the worse for seat 0
    }

    long limit_;
    long nodes_ = 0;
};

}  // namespace oracle
}  // namespace kd
