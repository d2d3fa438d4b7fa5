// The playout policy of src/policy.h written plainly, as its oracle: every
// legal placement listed and valued one by one (placement_value), its jitter
// read from the dice word by its place in the list; every free pick scored
// by the formula, the others who pick after me looked up one by one; the
// last pick by each tile's best gain. No tables, no bounds, no shortcuts: the
// fast policy must give the same answers and draw the same random numbers.
#pragma once

#include <climits>

#include "policy.h"

namespace kd::slow {

// policy_placement, plainly.
inline Placement policy_placement(const Game& g, Rng& rng, PolicyWeights w) {
    const int seat = g.current_player();
    if (seat < 0 || g.first_turn()) return Placement{};
    if (g.last_turn()) w.joined = w.noise = w.same_edges = w.other_edges = 0;
    const Kingdom& k = g.kingdom(seat);
    const Tile& tile = kTiles[g.current_tile()];
    Placement spots[kMaxPlacements];
    const int n = k.legal_placements(tile, g.rule(), spots);
    if (n == 0) return Placement{};
    const uint64_t dice = rng.next();
    int best = 0, best_value = INT_MIN;
    for (int i = 0; i < n; ++i) {
        const int jitter = int((dice >> ((i * kDiceBits) % 64)) & uint64_t(w.noise));
        const int v = placement_value(k, tile, spots[i], w) + jitter;
        if (v > best_value) best_value = v, best = i;
    }
    return spots[best];
}

// The best score gain of `tile` in k (-1: it fits nowhere).
inline int best_gain(const Kingdom& k, const Tile& tile, Rule rule) {
    Placement spots[kMaxPlacements];
    const int n = k.legal_placements(tile, rule, spots);
    int best = -1;
    for (int i = 0; i < n; ++i) best = std::max(best, k.score_gain(tile, spots[i]));
    return best;
}

// policy_pick, plainly: the last pick (turn turns - 2) by the best gain of
// each tile plus its jitter, a draw per free tile first, equal values to the
// first free tile; earlier picks by pick_score's formula plus a jitter each.
inline int policy_pick(const Game& g, Rng& rng, PolicyWeights w) {
    const int seat = g.current_player();
    if (seat < 0) return -1;
    const Kingdom& k = g.kingdom(seat);
    int picks[kMaxDraft], draft_index[kMaxDraft], n = 0;
    for (int i = 0; i < g.draft_count(); ++i)
        if (g.draft(i).owner < 0) draft_index[n] = i, picks[n++] = g.draft(i).tile;
    if (g.turn() == g.variant().turns - 2) {
        int noise[kMaxDraft];
        for (int i = 0; i < n; ++i) noise[i] = int(rng.below(uint32_t(w.pick_noise + 1)));
        int best = -1, best_value = INT_MIN;
        for (int i = 0; i < n; ++i) {
            const int gain = best_gain(k, kTiles[picks[i]], g.rule());
            const int v = (gain < 0 ? INT_MIN / 2 : kPickScale * gain) + noise[i];
            if (v > best_value) best_value = v, best = picks[i];
        }
        return best;
    }
    int best = -1, best_value = INT_MIN;
    for (int j = 0; j < n; ++j) {
        const Tile& tile = kTiles[picks[j]];
        int worth = 0;  // to the best of the others still picking from this draft after me
        for (int step = g.step() + 1; step < g.steps_in_turn(); ++step) {
            const int other = g.actor_at(step);
            if (other >= 0 && other != seat && !g.eliminated(other)) worth = std::max(worth, pick_value(g.kingdom(other), tile));
        }
        const int v = kPickScale * pick_value(k, tile) + w.crowns * tile.crowns() +
                      w.order * (g.draft_count() - 1 - draft_index[j]) + w.deny * worth +
                      int(rng.below(uint32_t(w.pick_noise + 1)));
        if (v > best_value) best_value = v, best = picks[j];
    }
    return best;
}

}  // namespace kd::slow
