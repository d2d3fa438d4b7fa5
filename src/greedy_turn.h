// The other players' answers for the rest of my turn, by full greedy,
// computed once per answer of mine: they depend neither on the unknown draws
// nor on my placement (it only changes my kingdom), only on the picks made so
// far this turn, so the search's candidates share them (src/search.h).
#pragma once

#include <cstdint>
#include <vector>

#include "game.h"
#include "greedy.h"

namespace kd {

class GreedyTurn {
  public:
    GreedyTurn() { memo_.reserve(64); }
    void clear() { memo_.clear(); }

    // The key of the picks made so far this turn, `history` (0: none), and
    // then `pick`.
    static uint64_t after(uint64_t history, int pick) { return history * kPickKeys + uint64_t(pick + 1); }

    // Full greedy's answer in g (its best with pick `forced` when >= 0), for
    // the picks `history` made so far this turn.
    GreedyChoice answer(const Game& g, uint64_t history, int forced) {
        const uint64_t key = (forced >= 0 ? after(history, forced) * kStepKeys + kForcedKey : history * kStepKeys) +
                             uint64_t(g.step());
        for (const Memo& m : memo_)
            if (m.key == key) return m.choice;
        const GreedyChoice choice = full_greedy(g, forced);
        memo_.push_back(Memo{key, choice});
        return choice;
    }

  private:
    // Keys: the picks made so far this turn (tile id + 1, base 64), then the
    // step (base 16); a forced reply's key holds its pick too, and a flag.
    static constexpr uint64_t kPickKeys = 64, kStepKeys = 16, kForcedKey = 1ull << 62;
    struct Memo {
        uint64_t key;
        GreedyChoice choice;
    };
    std::vector<Memo> memo_;
};

}  // namespace kd
