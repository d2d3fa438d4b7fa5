// What the bot learns during a game about how each other player picks, so
// that the search guesses the pick of the player right after mine better.
//
// The search values a candidate by the reply best for that player by our
// playouts: what a searching player does. Plain greedy players pick full
// greedy's tile instead, and that guess costs us about ten points of first
// places against three of them (docs/experiments.md). So the search blends in
// the value after greedy's own reply with a weight learnt per player: the
// chance that it is a greedy player, by Bayes from its picks so far. A greedy
// player takes greedy's tile nearly always (other tie-breaks aside), any other
// about half the time, and most players are taken to search. The evidence:
// - in 3p and 4p, every answer of another player whose state before it is
//   known (its first since my last request): was its pick full greedy's;
// - in every variant, each pick of the player right after me where greedy's
//   guess and the search's differ: which of them it took.
// Seats are relative, 0 is me; the counts start again with each game.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "game.h"
#include "greedy.h"

namespace kd {

class OpponentModel {
  public:
    struct Counts {
        int greedy_hits = 0, greedy_misses = 0;      // its picks that were full greedy's, and not
        int greedy_only = 0, preferred_only = 0;     // its replies only greedy's guess foresaw, only the search's
    };

    // The chance that `seat` is a greedy player: the share of greedy's reply
    // in my value when it replies to me.
    double greedy_weight(int seat) const {
        const Counts& c = counts_[seat];
        const int hits = c.greedy_hits + c.greedy_only, misses = c.greedy_misses + c.preferred_only;
        const double odds = kPriorOdds * std::pow(kGreedyHit / kOtherHit, hits) *
                            std::pow((1 - kGreedyHit) / (1 - kOtherHit), misses);
        return odds / (1 + odds);
    }
#ifndef KD_UPLOAD  // home only: tests
    const Counts& counts(int seat) const { return counts_[seat]; }
#endif

    // At each of my requests, before I answer: what the others did since my
    // last request. Then it remembers this one.
    void observe(const Game& now) {
        if (now.turn() < previous_.turn()) std::fill(counts_, counts_ + kMaxPlayers, Counts{});  // a new game
        else if (seen_previous_ && now.turn() == previous_.turn() + 1 && now.players() > 2) judge_picks(now);
        if (expected_.seat >= 0) judge_reply(now);
        expected_ = ExpectedReply{};
        previous_ = now;
        seen_previous_ = true;
    }

    // After my answer: the player right after me, full greedy's guess of its
    // pick and the search's (the reply best for it).
    void answered(int replier, int greedy_pick, int preferred_pick) {
        if (replier > 0 && greedy_pick != preferred_pick)  // else the pick cannot tell them apart
            expected_ = ExpectedReply{replier, previous_.turn(), greedy_pick, preferred_pick};
    }

  private:
    static constexpr double kPriorOdds = 0.25;  // greedy players : others, before any pick
    static constexpr double kGreedyHit = 0.95;  // how often a greedy player's pick is ours (other tie-breaks)
    static constexpr double kOtherHit = 0.5;    // any other's (full greedy foresaw `mce`'s in 54%)
    static uint64_t bit(int tile) { return uint64_t(1) << tile; }

    // 3p, 4p (one king each): every other player's first answer since my
    // last request, whose kingdom before it is the one I saw then.
    void judge_picks(const Game& now) {
        const Game& before = previous_;
        bool judged[kMaxPlayers] = {true};
        // The answers of g's steps from..to, whose picks `now` shows in its
        // draft or its tiles to place; `taken`: the tiles gone before them.
        auto judge_steps = [&](const Game& g, int from, int to, bool in_draft, uint64_t taken) {
            for (int step = from; step < to; ++step) {
                const int seat = g.actor_at(step);
                if (seat <= 0) continue;
                const int pick = owned(now, in_draft, seat);
                if (!judged[seat]) judge(before, seat, g.first_turn() ? -1 : g.placing(step).tile, g, taken, pick);
                judged[seat] = true;
                if (pick > 0) taken |= bit(pick);
            }
        };
        // The rest of my last turn: its draft is now placed, with its owners.
        uint64_t taken = 0;
        for (int i = 0; i < before.draft_count(); ++i)
            if (before.draft(i).owner >= 0) taken |= bit(before.draft(i).tile);
        const int mine = owned(now, false, 0);
        if (mine > 0) taken |= bit(mine);
        judge_steps(before, before.step() + 1, before.steps_in_turn(), false, taken);
        judge_steps(now, 0, now.step(), true, 0);  // this turn before me
    }
    // g's draft (or its tiles to place, which were the last draft), slot by slot.
    static int slots(const Game& g, bool draft) { return draft ? g.draft_count() : g.placing_count(); }
    static const Slot& slot(const Game& g, bool draft, int i) { return draft ? g.draft(i) : g.placing(i); }
    // The tile `seat` owns in g's draft (or in its tiles to place), -1: none.
    static int owned(const Game& g, bool draft, int seat) {
        for (int i = 0; i < slots(g, draft); ++i)
            if (slot(g, draft, i).owner == seat) return slot(g, draft, i).tile;
        return -1;
    }
    // Whether `seat`, with its kingdom in `before`, placing `tile` and picking
    // `pick` among the tiles of `draft_of`'s draft not in `taken`, picked full
    // greedy's tile. Forced picks teach nothing.
    void judge(const Game& before, int seat, int tile, const Game& draft_of, uint64_t taken, int pick) {
        if (pick < 0) return;
        int free[kMaxDraft], n = 0;
        for (int i = 0; i < draft_of.draft_count(); ++i)
            if (!(taken & bit(draft_of.draft(i).tile))) free[n++] = draft_of.draft(i).tile;
        if (n < 2) return;
        const int greedy = greedy_choice(before.kingdom(seat), tile, before.rule(), free, n).pick;
        (greedy == pick ? counts_[seat].greedy_hits : counts_[seat].greedy_misses) += 1;
    }

    // The draft of my last answer, as this request shows it: the tiles the
    // replier owns from it say which guess was right (both, when it took both
    // with two kings).
    void judge_reply(const Game& now) {
        const ExpectedReply& e = expected_;
        if (now.turn() != e.turn && now.turn() != e.turn + 1) return;  // a request missed: that draft is gone
        const bool same_turn = now.turn() == e.turn;
        bool greedy = false, preferred = false;
        for (int i = 0; i < slots(now, same_turn); ++i) {
            const Slot& s = slot(now, same_turn, i);
            if (s.owner != e.seat) continue;
            greedy |= s.tile == e.greedy_pick;
            preferred |= s.tile == e.preferred_pick;
        }
        if (greedy != preferred) (greedy ? counts_[e.seat].greedy_only : counts_[e.seat].preferred_only) += 1;
    }

    struct ExpectedReply {
        int seat = -1, turn = -1, greedy_pick = -1, preferred_pick = -1;
    };
    Counts counts_[kMaxPlayers];
    ExpectedReply expected_;
    Game previous_ = Game(kTwoPlayers, Rule::Match);
    bool seen_previous_ = false;
};

}  // namespace kd
