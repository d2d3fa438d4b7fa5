// The fast policy every player follows in the search's playouts: place for
// points now and for zones that will pay later, pick the tile that suits the
// kingdom. Cheap enough for tens of thousands of games per second.
#pragma once

#include <algorithm>
#include <climits>

#include "game.h"

namespace kd {

// Weights of the playout policy (integers: the policy is compared, never summed up).
struct PolicyWeights {
    int gain = 9;       // per point a placement scores now
    int joined = 1;     // per square of existing zones of the same terrain it joins
    int noise = 3;      // random jitter (0..noise, a power of two minus one) added to each placement's value
    int pick_noise = 1; // the same for picks
    int holes = 0;      // per unfillable hole a placement leaves (0: not looked at, faster)
    bool try_picks = false;  // value a pick by its best placement now, instead of the estimate
    int order = 3;      // per place earlier in next turn's order that a pick buys (a lower tile of the draft acts first)
    int deny = 3;       // per point (of the pick estimate) the tile is worth to the best of the others picking after me
};

// Bits of the placement's dice word each placement reads its jitter from.
constexpr int kDiceBits = 5;
// A pick's value is its estimated points times this, so that the pick jitter (0..pick_noise) breaks near-ties only.
constexpr int kPickScale = 4;

// Value of placing `tile` at p in k for its owner.
KD_INLINE int placement_value(const Kingdom& k, const Tile& tile, Placement p, const PolicyWeights& w) {
    Kingdom::Effect e = k.effect(tile, p);
    int v = e.gain * w.gain + e.joined * w.joined;
    if (w.holes) v -= w.holes * k.isolated_holes_after(p);
    return v;
}

// The best placement_value of `tile` in k, or INT_MIN / 2 when it fits nowhere.
inline int best_placement_value(const Kingdom& k, const Tile& tile, Rule rule, const PolicyWeights& w) {
    int best = INT_MIN / 2;
    k.for_each_legal_placement(tile, rule, [&](Placement p) __attribute__((always_inline)) {
        best = max_of(best, placement_value(k, tile, p, w));
    });
    return best;
}

// How much a tile is worth to the owner of k, judged without trying its
// placements: each square earns its crowns for every square of its terrain
// already owned, and the crowns already on that terrain for itself.
inline int pick_value(const Kingdom& k, const Tile& tile) {
    return tile.crowns1 * (1 + k.terrain_squares(tile.terrain1)) + k.terrain_crowns(tile.terrain1) +
           tile.crowns2 * (1 + k.terrain_squares(tile.terrain2)) + k.terrain_crowns(tile.terrain2);
}

// What `tile` is worth (the pick estimate) to the best of the other players
// who still pick from this draft after the player to act.
inline int worth_to_later_pickers(const Game& g, const Tile& tile) {
    const int me = g.current_player();
    int best = 0;
    for (int step = g.step() + 1; step < g.steps_in_turn(); ++step) {
        const int seat = g.actor_at(step);
        if (seat >= 0 && seat != me && !g.eliminated(seat)) best = max_of(best, pick_value(g.kingdom(seat), tile));
    }
    return best;
}

// The policy's placement for the player to act (invalid when none is legal).
inline Placement policy_placement(const Game& g, Rng& rng, const PolicyWeights& w) {
    const int seat = g.current_player();
    if (seat < 0 || g.first_turn()) return Placement{};
    const Kingdom& k = g.kingdom(seat);
    const Tile& tile = kTiles[g.current_tile()];
    // On the last turn only points count: no zone to grow, no jitter.
    PolicyWeights now = w;
    if (g.last_turn()) now.joined = now.noise = now.holes = 0;
    // Jitter from one random word (drawn when a first placement is found), a
    // few bits per placement: ties are the rule, not the exception.
    uint64_t dice = 0;
    Placement best;
    int best_value = INT_MIN, i = 0;
    k.for_each_legal_placement(tile, g.rule(), [&](Placement p) __attribute__((always_inline)) {
        if (i == 0) dice = rng.next();
        const int v = placement_value(k, tile, p, now) + int((dice >> ((i * kDiceBits) & 63)) & uint64_t(now.noise));
        if (v > best_value) best_value = v, best = p;
        ++i;
    });
    return best;
}

// The policy's pick for the player to act (-1 when there is nothing to pick).
inline int policy_pick(const Game& g, Rng& rng, const PolicyWeights& w) {
    int picks[kMaxDraft];
    const int n = g.free_picks(picks), seat = g.current_player();
    if (seat < 0) return -1;
    const Kingdom& k = g.kingdom(seat);
    // The tile picked now is the last one placed when the next turn is the last:
    // then its worth is exactly its best gain, worth the cost of trying its spots.
    const bool last_pick = g.turn() == g.variant().turns - 2;
    PolicyWeights points = w;
    points.gain = kPickScale, points.joined = points.holes = 0;
    int best = -1, best_value = INT_MIN;
    if (last_pick) {
        // Tiles are tried by decreasing bound on their value (gain bound and
        // jitter), and not at all once the bound cannot beat the best so far;
        // equal values go to the first free tile, as in the plain loop below.
        int bound[kMaxDraft], noise[kMaxDraft], order[kMaxDraft];
        const TerrainTotals totals(k);
        for (int i = 0; i < n; ++i) {
            noise[i] = int(rng.below(uint32_t(w.pick_noise + 1)));
            bound[i] = points.gain * totals.gain_bound(kTiles[picks[i]]) + noise[i];
            order[i] = i;
            for (int j = i; j > 0 && bound[order[j - 1]] < bound[order[j]]; --j) {
                const int moved = order[j];
                order[j] = order[j - 1], order[j - 1] = moved;
            }
        }
        int best_index = kMaxDraft;
        for (int o = 0; o < n; ++o) {
            const int i = order[o];
            if (bound[i] < best_value || (bound[i] == best_value && i > best_index)) break;
            const int v = best_placement_value(k, kTiles[picks[i]], g.rule(), points) + noise[i];
            if (v > best_value || (v == best_value && i < best_index)) best_value = v, best_index = i;
        }
        return n ? picks[best_index] : -1;
    }
    for (int i = 0; i < n; ++i) {
        const Tile& tile = kTiles[picks[i]];
        int v = w.try_picks ? best_placement_value(k, tile, g.rule(), w) : kPickScale * pick_value(k, tile);
        if (w.order) v += w.order * (g.draft_count() - 1 - g.draft_index(picks[i]));
        if (w.deny) v += w.deny * worth_to_later_pickers(g, tile);
        v += int(rng.below(uint32_t(w.pick_noise + 1)));
        if (v > best_value) best_value = v, best = picks[i];
    }
    return best;
}

// Plays g to the end with the policy for every player.
inline void playout(Game& g, Rng& rng, const PolicyWeights& w) {
    while (!g.is_terminal()) {
        Placement put = g.first_turn() ? Placement{} : policy_placement(g, rng, w);
        int pick = g.last_turn() ? -1 : policy_pick(g, rng, w);
        g.apply(put, pick, true);
    }
}

}  // namespace kd
