// One candidate answer of the search (src/search.h) and what its playouts
// said: per searched reply of the next player, every reply played once on
// each deal the candidate gets, so that all of its sums compare.
#pragma once

#include "game.h"

namespace kd {

// After my pick at most kMaxDraft - 1 tiles are left to reply with.
constexpr int kMaxReplies = kMaxDraft - 1;

struct Candidate {
    // Sums over the deals of one reply: my value, the replying
    // player's own (its share of the leaders' points), my first places.
    struct Sums {
        double me = 0, them = 0, wins = 0;
    };

    Placement put;
    int pick = -1;
    int replier = -1;            // the seat whose reply is searched, -1: none (one line of greedy answers)
    int n_replies = 1;
    bool greedy_only = false;    // for now only greedy's reply is played (the halving's first rounds)
    int greedy_reply = 0;        // the reply full greedy would make
    int greedy_reply_pick = -1;  // its pick (-1: no searched reply)
    double greedy_weight = 0;    // the share of greedy's reply in my value (Search::reply_weight())
    int reply_picks[kMaxReplies];  // each reply's pick (with a replier)
    int tree = -1;               // the root of its tree of my later answers (src/answer_trees.h; -1: none)
    int deals = 0;               // deals played, each by every reply
    Sums sums[kMaxReplies];

    // Deals are played anew from here: the sums start over.
    void clear_sums() {
        deals = 0;
        for (Sums& s : sums) s = Sums{};
    }
    // The reply its player prefers by its own mean value.
    int chosen_reply() const {
        if (greedy_only) return greedy_reply;
        int best = 0;
        for (int c = 1; c < n_replies; ++c)
            if (sums[c].them > sums[best].them) best = c;
        return best;
    }
    // The mean of one of my figures after reply c.
    double after(int c, double Sums::*figure) const { return deals ? sums[c].*figure / deals : 0; }
    // The mean of one of my figures: after the preferred reply, blended with greedy's.
    double blended(double Sums::*figure) const {
        if (greedy_only) return after(greedy_reply, figure);
        const double preferred = after(chosen_reply(), figure);
        return preferred + greedy_weight * (after(greedy_reply, figure) - preferred);
    }
    double mean() const { return blended(&Sums::me); }
    double first() const { return blended(&Sums::wins); }
    int playouts_per_deal() const { return greedy_only ? 1 : n_replies; }
    long playouts() const { return long(deals) * playouts_per_deal(); }
};

}  // namespace kd
