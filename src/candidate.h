// The candidate answers of one decision (src/search.h) and what their
// playouts said: per searched reply of the next player, every reply played
// once on each deal the candidate gets, so that all of its sums compare.
#pragma once

#include <algorithm>
#include <vector>

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
    int greedy_reply = 0;        // the reply full greedy would make
    int greedy_reply_pick = -1;  // its pick (-1: no searched reply)
    double greedy_weight = 0;    // the share of greedy's reply in my value (Search::reply_weight())
    int reply_picks[kMaxReplies];  // each reply's pick (with a replier)
    int tree = -1;               // the root of its tree of my later answers (src/answer_trees.h; -1: none)
    int deals = 0;               // deals played, each by every reply
    Sums sums[kMaxReplies];
    // My value foreseen after the candidate by the learnt value of its
    // position (SearchOptions' prior), worth prior_weight playouts ahead of the real ones.
    double prior = 0, prior_weight = 0;

    // Deals are played anew from here: the sums start over.
    void clear_sums() {
        deals = 0;
        for (Sums& s : sums) s = Sums{};
    }
    // The reply its player prefers by its own mean value.
    int chosen_reply() const {
        int best = 0;
        for (int c = 1; c < n_replies; ++c)
            if (sums[c].them > sums[best].them) best = c;
        return best;
    }
    // The mean of one of my figures after reply c.
    double after(int c, double Sums::*figure) const {
        if (prior_weight > 0 && figure == &Sums::me) return (sums[c].me + prior_weight * prior) / (deals + prior_weight);
        return deals ? sums[c].*figure / deals : 0;
    }
    // The mean of one of my figures: after the preferred reply, blended with greedy's.
    double blended(double Sums::*figure) const {
        const double preferred = after(chosen_reply(), figure);
        return preferred + greedy_weight * (after(greedy_reply, figure) - preferred);
    }
    double mean() const { return blended(&Sums::me); }
    double first() const { return blended(&Sums::wins); }
    long playouts() const { return long(deals) * n_replies; }
};

// The candidates of one decision, in the order the halving ranks them (best
// first once it ends), and the games each reply's playouts start from.
class Candidates {
  public:
    static constexpr int kMax = 256;

    int size() const { return n_; }
    // Room for n candidates, each a placement and a pick, in this order.
    void reset(int n) {
        n_ = n;
        for (int i = 0; i < n; ++i) order_[i] = i, all_[i] = Candidate{};
    }
    // By the index they were made with (it stays theirs), or by rank.
    Candidate& operator[](int i) { return all_[i]; }
    const Candidate& operator[](int i) const { return all_[i]; }
    int index_at(int rank) const { return order_[rank]; }
    const Candidate& ranked(int rank) const { return all_[order_[rank]]; }
    // The game reply c of candidate i starts its playouts from.
    Game& start(int i, int c) { return starts_[size_t(i * kMaxReplies + c)]; }
    // The first `alive` of the ranking sorted by mean value (ties keep their order).
    void rank(int alive) {
        std::stable_sort(order_, order_ + alive, [&](int a, int b) { return all_[a].mean() > all_[b].mean(); });
    }
    // The candidate at `rank` first, those before it one place down.
    void bring_first(int rank) { std::rotate(order_, order_ + rank, order_ + rank + 1); }

  private:
    int n_ = 0;
    Candidate all_[kMax];
    int order_[kMax];
    std::vector<Game> starts_ = std::vector<Game>(kMax * kMaxReplies, Game(kTwoPlayers, Rule::Match));
};

}  // namespace kd
