// The playout policy's placement choice written plainly: every legal placement
// valued by Kingdom::effect, one by one, as src/policy.h did before
// src/spots.h valued them all at once. TileSpots must agree with it exactly.
#pragma once

#include <climits>

#include "kingdom.h"

namespace kd::slow {

// Value of each legal placement (weights of the gain and of the joined squares),
// with the i-th placement's jitter (dice >> (5 i mod 64)) & noise; ties to the first.
inline Placement best_placement(const Kingdom& k, const Tile& tile, Rule rule, int gain_weight, int joined_weight,
                                uint64_t dice, int noise, int* best_value) {
    Placement best;
    int best_total = INT_MIN, i = 0;
    *best_value = INT_MIN / 2;
    k.for_each_legal_placement(tile, rule, [&](Placement p) {
        const Kingdom::Effect e = k.effect(tile, p);
        const int v = gain_weight * e.gain + joined_weight * e.joined;
        if (v > *best_value) *best_value = v;
        const int total = v + int((dice >> ((i++ * 5) & 63)) & uint64_t(noise));
        if (total > best_total) best_total = total, best = p;
    });
    return best;
}

}  // namespace kd::slow
