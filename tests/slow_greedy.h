// The paper's full greedy written plainly, as the oracle of src/greedy.h: every
// placement of the current tile, every free pick, every placement of the
// picked tile, each tried on a copy of the kingdom and scored by flood fill,
// holes counted square by square. No bound, no pruning.
#pragma once

#include "game.h"
#include "greedy.h"

namespace kd::slow {

// Empty squares a tile could still cover (the extent allows them) none of
// whose neighbours is such a square: RULES.md's extent limit, square by square.
inline int isolated_holes(const Kingdom& k) {
    const int n = k.side(), e = k.extent();
    int lo_x = n, hi_x = -1, lo_y = n, hi_y = -1;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
            if (k.terrain_at(x, y) != kEmpty) lo_x = std::min(lo_x, x), hi_x = std::max(hi_x, x), lo_y = std::min(lo_y, y), hi_y = std::max(hi_y, y);
    auto coverable = [&](int x, int y) {
        if (x < 0 || y < 0 || x >= n || y >= n || k.terrain_at(x, y) != kEmpty) return false;
        return std::max(hi_x, x) - std::min(lo_x, x) < e && std::max(hi_y, y) - std::min(lo_y, y) < e;
    };
    int holes = 0;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
            if (coverable(x, y) && !coverable(x + 1, y) && !coverable(x - 1, y) && !coverable(x, y + 1) &&
                !coverable(x, y - 1))
                ++holes;
    return holes;
}

// Score, then fewer holes, then lower pick: the paper's order.
struct GreedyKey {
    int score = -1, holes = 0, pick = 0;
    bool better_than(const GreedyKey& o) const {
        if (score != o.score) return score > o.score;
        if (holes != o.holes) return holes < o.holes;
        return pick < o.pick;
    }
};

inline GreedyKey key_of(const Kingdom& k, int pick) { return GreedyKey{k.recount_score(), isolated_holes(k), pick}; }

// With only_pick >= 0, the best answer that picks that tile.
inline GreedyChoice full_greedy(const Game& g, int only_pick = -1) {
    GreedyChoice choice;
    int picks[kMaxDraft];
    const int n_picks = g.free_picks(picks);
    if (g.first_turn()) {
        if (only_pick >= 0) return GreedyChoice{Placement{}, only_pick};
        for (int i = 0; i < n_picks; ++i)
            if (choice.pick < 0 || kTiles[picks[i]].crowns() > kTiles[choice.pick].crowns()) choice.pick = picks[i];
        return choice;
    }
    if (g.current_player() < 0) return choice;
    const Kingdom& k = g.kingdom(g.current_player());
    const Tile& tile = kTiles[g.current_tile()];
    Placement spots[kMaxPlacements];
    const int n_spots = k.legal_placements(tile, g.rule(), spots);
    GreedyKey best;
    for (int i = 0; i < std::max(n_spots, 1); ++i) {
        Kingdom after = k;
        if (n_spots) after.place(tile, spots[i]);
        const Placement put = n_spots ? spots[i] : Placement{};
        if (n_picks == 0) {
            GreedyKey key = key_of(after, 0);
            if (key.better_than(best)) best = key, choice.put = put;
            continue;
        }
        for (int j = 0; j < n_picks; ++j) {
            if (only_pick >= 0 && picks[j] != only_pick) continue;
            Placement next[kMaxPlacements];
            const int m = after.legal_placements(kTiles[picks[j]], g.rule(), next);
            GreedyKey follow = key_of(after, picks[j]);  // the picked tile fits nowhere: discarded
            if (m > 0) follow.score = -1;
            for (int q = 0; q < m; ++q) {
                Kingdom last = after;
                last.place(kTiles[picks[j]], next[q]);
                GreedyKey key = key_of(last, picks[j]);
                if (key.better_than(follow)) follow = key;
            }
            if (follow.better_than(best)) best = follow, choice.put = put, choice.pick = picks[j];
        }
    }
    return choice;
}

}  // namespace kd::slow
