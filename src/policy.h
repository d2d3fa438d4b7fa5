// The fast policy every player follows in the search's playouts: place for
// points now and for zones that will pay later, pick the tile that suits the
// kingdom. Cheap enough for tens of thousands of games per second.
#pragma once

#include <algorithm>
#include <climits>

#include "game.h"
#include "model_features.h"

namespace kd {

// Weights of the playout policy (integers: the policy is compared, never summed up).
struct PolicyWeights {
    int gain = 9;       // per point a placement scores now
    int joined = 1;     // per square of existing zones of the same terrain it joins
    // Per edge of its squares on land of their own terrain, and on land of
    // another (off: 0). The search's placements weigh them (tools/train).
    int same_edges = 0, other_edges = 0;
    int noise = 3;      // random jitter (0..noise, a power of two minus one) added to each placement's value
    int pick_noise = 1; // the same for picks
    int order = 3;      // per place earlier in next turn's order that a pick buys (a lower tile of the draft acts first)
    int deny = 3;       // per point (of the pick estimate) the tile is worth to the best of the others picking after me
    int crowns = 0;     // per crown on the tile picked
    // Added to a pick's value: the search's bias for each seat and tile
    // (src/pick_stats.h: seat * kTileCount + tile), or none.
    const int* pick_bias = nullptr;
};

// The weights that value a placement by the points it scores alone.
inline constexpr PolicyWeights kPointsOnly = [] {
    PolicyWeights w;
    w.gain = 1, w.joined = 0;
    return w;
}();

// Bits of the placement's dice word each placement reads its jitter from.
constexpr int kDiceBits = 5;
// A pick's value is its estimated points times this, so that the pick jitter (0..pick_noise) breaks near-ties only.
constexpr int kPickScale = 4;

// The edge weights for squares of one terrain in k: same_edges per edge on
// its own terrain's land, other_edges per edge on another's.
struct EdgeValues {
    NeighbourCounts same, other;
    int same_weight, other_weight;
    KD_INLINE EdgeValues(const Kingdom& k, int terrain, const PolicyWeights& w)
        : same_weight(w.same_edges), other_weight(w.other_edges) {
        if (!on()) return;
        same = count_neighbours(k.terrain(terrain));
        other = count_neighbours(k.land().minus(k.terrain(terrain)));
    }
    KD_INLINE bool on() const { return same_weight | other_weight; }
    KD_INLINE int at(int sq) const { return same_weight * same.at(sq) + other_weight * other.at(sq); }
};

#ifndef KD_UPLOAD  // home only: what the policy's faster ways are checked against (tests)
// Value of placing `tile` at p in k for its owner.
inline int placement_value(const Kingdom& k, const Tile& tile, Placement p, const PolicyWeights& w) {
    const Kingdom::Effect e = k.effect(tile, p);
    const int sq = square_of(p.x, p.y), v = e.gain * w.gain + e.joined * w.joined;
    if (!w.same_edges && !w.other_edges) return v;
    return v + EdgeValues(k, tile.terrain1, w).at(sq) + EdgeValues(k, tile.terrain2, w).at(sq + kRotationStep[p.rotation]);
}
#endif

// placement_value per square, for a tile of two terrains: its value at p is the sum of the values of its squares at theirs,
// each read from a table filled once per decision (a square is part of up to
// eight placements, and most squares join nothing).
struct SquareValues {
    alignas(32) int at[kSquareCount];

    // Values of a square of `terrain` with `crowns` on the grid. A square
    // joins zones only next to its terrain, within `near` (Kingdom::Options).
    KD_INLINE void fill(const Kingdom& k, int terrain, int crowns, const Bitboard& near, const Bitboard& free,
                        const PolicyWeights& w) {
        typedef int Eight __attribute__((vector_size(32)));
        const Eight alone = Eight{} + crowns * w.gain;
        // Every row of the grid (9 or 13): a fixed count of stores costs less
        // than a loop over the window's rows (the others are never read).
        auto row = [&](int y) __attribute__((always_inline)) {  // 16 values, two stores
            __builtin_memcpy(&at[y * kRowStride], &alone, sizeof alone);
            __builtin_memcpy(&at[y * kRowStride + 8], &alone, sizeof alone);
        };
        for (int y = 0; y < 9; ++y) row(y);
        if (k.side() > 9)
            for (int y = 9; y < kMaxSide; ++y) row(y);
        Kingdom::Effect e;
        if (k.effect_next_to_one_zone(terrain, 1, crowns, &e)) {  // most often: one value for every square near
            const int value = e.gain * w.gain + e.joined * w.joined;
            near.for_each_square([&](int sq) __attribute__((always_inline)) { at[sq] = value; });
        } else {
            near.for_each_square([&](int sq) __attribute__((always_inline)) {
                e = k.square_effect(sq, terrain, crowns);
                at[sq] = e.gain * w.gain + e.joined * w.joined;
            });
        }
        if (!(w.same_edges | w.other_edges)) return;  // the default: no edge weights, nothing to count
        const EdgeValues edges(k, terrain, w);
        const Bitboard touching = (edges.same.nonzero() | edges.other.nonzero()) & free;
        touching.for_each_square([&](int sq) __attribute__((always_inline)) {
            at[sq] += edges.at(sq);
        });
    }
};

// Calls visit(first squares, rotation, value) for each rotation of `tile`'s
// legal placements in k (a symmetric tile: rotations 0 and 1), in
// for_each_legal_placement's order, where value(square) is placement_value
// of the placement at that first square. The tables behind it are filled
// only when some placement is legal.
template <typename Visit>
KD_INLINE void for_each_rotation_values(const Kingdom& k, const Tile& tile, Rule rule, const PolicyWeights& w,
                                        Visit&& visit) {
    const Kingdom::Options o = k.options(tile, rule);
    const Kingdom::LegalSquares legal = k.legal_squares(tile, o);
    if (!legal.any()) return;  // no table to fill (10% of the policy's placements)
    if (tile.terrain1 != tile.terrain2) {
        SquareValues first, second;
        first.fill(k, tile.terrain1, tile.crowns1, o.near1, o.free, w);
        second.fill(k, tile.terrain2, tile.crowns2, o.near2, o.free, w);
        // Each rotation written out, so that the second square's step is a constant
        // (added to the index: a pointer before the table's start would be undefined).
        auto rotation = [&](int r) __attribute__((always_inline)) {
            const long step = kRotationStep[r];
            visit(legal.first[r], r, [&](long sq) __attribute__((always_inline)) { return first.at[sq] + second.at[sq + step]; });
        };
        rotation(0), rotation(1);
        if (legal.rotations == 4) rotation(2), rotation(3);
        return;
    }
    const EdgeValues edges(k, tile.terrain1, w);
    // Its terrain one zone (or none): a placement joins it exactly when a
    // square is next to that land, first squares `joining` in rotations 0 and 1.
    Kingdom::Effect e;
    const bool one_zone = k.effect_next_to_one_zone(tile.terrain1, 2, tile.crowns(), &e);
    const int joins = e.gain * w.gain + e.joined * w.joined, alone = 2 * tile.crowns() * w.gain;
    const Bitboard joining[2] = {o.near1 | shift_west(o.near1), o.near1 | shift_north(o.near1)};
#ifndef KD_UPLOAD  // checked by every other build
    static_assert(one_terrain_tiles_symmetric(), "a tile of one terrain has two rotations");
#endif
    for (int r = 0; r < 2; ++r)  // a symmetric tile: rotations 0 and 1 only
        visit(legal.first[r], r, [&](int sq) __attribute__((always_inline)) {
            if (!one_zone) e = k.effect(tile, Kingdom::placement_at(sq, r));
            const int v = one_zone ? (joining[r].test(sq) ? joins : alone) : e.gain * w.gain + e.joined * w.joined;
            return edges.on() ? v + edges.at(sq) + edges.at(sq + kRotationStep[r]) : v;
        });
}

// Calls visit(first square, rotation, placement_value there) for every legal
// placement, in for_each_legal_placement's order.
template <typename Visit>
KD_INLINE void for_each_placement_value(const Kingdom& k, const Tile& tile, Rule rule, const PolicyWeights& w,
                                        Visit&& visit) {
    for_each_rotation_values(k, tile, rule, w, [&](const Bitboard& first, int r, auto&& value) __attribute__((always_inline)) {
        first.for_each_square([&](int sq) __attribute__((always_inline)) { visit(sq, r, value(sq)); });
    });
}

// The best placement_value of `tile` in k, or INT_MIN / 2 when it fits nowhere.
inline int best_placement_value(const Kingdom& k, const Tile& tile, Rule rule, const PolicyWeights& w) {
    int best = INT_MIN / 2;
    for_each_placement_value(k, tile, rule, w, [&](int, int, int v) __attribute__((always_inline)) {
        best = max_of(best, v);
    });
    return best;
}

// The placement of `tile` in k best by placement_value with w, plus a jitter
// 0..w.noise each, from one random word (drawn when a first placement is
// found), a few bits per placement: ties are the rule, not the exception.
// The n-th placement in the legal order reads bits 5n.. (mod 64) of the word.
// Invalid when none is legal. A call of its own, not inlined into the
// playout: there its loops lost their registers to the rest of the move
// (CodinGame's build: 1.3% more instructions inlined).
__attribute__((noinline)) inline Placement jittered_best_placement(const Kingdom& k, const Tile& tile, Rule rule, const PolicyWeights& w,
                                            Rng& rng) {
    uint64_t dice = 0;
    const uint64_t noise = uint64_t(w.noise);
    unsigned shift = 0;  // kDiceBits times the placements walked
    int best_value = INT_MIN, best_square = -1, best_rotation = 0;
    for_each_rotation_values(k, tile, rule, w, [&](const Bitboard& first, int r, auto&& value) __attribute__((always_inline)) {
        if (best_square < 0) dice = rng.next(), best_square = 0;  // before the first placement
        // Walked word by word here (the hottest loop of a playout): no call, the square's word added once.
        for (unsigned words = first.nonzero_words(); words; words &= words - 1) {
            const long word = __builtin_ctz(words);
            for (uint64_t bits = first.w[word]; bits; bits &= bits - 1) {
                const long sq = word * 64 + long(__builtin_ctzll(bits));  // long: no sign extension per square
                const int v = value(sq) + int((dice >> (shift & 63)) & noise);
                shift += kDiceBits;
                if (v > best_value) best_value = v, best_square = int(sq), best_rotation = r;
            }
        }
    });
    return shift ? Kingdom::placement_at(best_square, best_rotation) : Placement{};
}

// The policy's placement for the player to act (invalid when none is legal).
KD_PLAYOUT_INLINE Placement policy_placement(const Game& g, Rng& rng, const PolicyWeights& w) {
    const int seat = g.current_player();
    if (seat < 0 || g.first_turn()) return Placement{};
    const Kingdom& k = g.kingdom(seat);
    const Tile& tile = kTiles[g.current_tile()];
    if (!g.last_turn()) return jittered_best_placement(k, tile, g.rule(), w, rng);  // w as it is: no copy each turn
    // On the last turn only points count: no zone to grow, no jitter.
    PolicyWeights now = w;
    now.joined = now.noise = now.same_edges = now.other_edges = 0;
    return jittered_best_placement(k, tile, g.rule(), now, rng);
}

// The tile picked now is the last one placed when the next turn is the last:
// then its worth is exactly its best gain, worth the cost of trying its spots.
KD_INLINE bool last_pick(const Game& g) { return g.turn() == g.variant().turns - 2; }
// The weights that value a last pick: its best gain alone, at the pick's scale.
KD_INLINE PolicyWeights last_pick_weights(const PolicyWeights& w) {
    PolicyWeights points = w;
    points.gain = kPickScale, points.joined = points.same_edges = points.other_edges = 0;
    return points;
}
// The policy's last pick (last_pick) by k's owner in g.
inline int policy_last_pick(const Game& g, const Kingdom& k, Rng& rng, const PolicyWeights& w) {
    const PolicyWeights points = last_pick_weights(w);
    // Tiles are tried by decreasing bound on their value (gain bound and
    // jitter), and not at all once the bound cannot beat the best so far;
    // equal values go to the first free tile, as in policy_pick.
    int picks[kMaxDraft], bound[kMaxDraft], noise[kMaxDraft], order[kMaxDraft];
    const int n = g.free_picks(picks);
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
    if (n <= 1) return n ? picks[0] : -1;  // nothing to choose
    int best_index = kMaxDraft, best_value = INT_MIN;
    for (int o = 0; o < n; ++o) {
        const int i = order[o];
        if (bound[i] < best_value || (bound[i] == best_value && i > best_index)) break;
        const int v = best_placement_value(k, kTiles[picks[i]], g.rule(), points) + noise[i];
        if (v > best_value || (v == best_value && i < best_index)) best_value = v, best_index = i;
    }
    return picks[best_index];
}

// The policy's pick for the player to act (-1 when there is nothing to pick).
KD_PLAYOUT_INLINE int policy_pick(const Game& g, Rng& rng, const PolicyWeights& w) {
    const int seat = g.current_player();
    if (seat < 0) return -1;
    const Kingdom& k = g.kingdom(seat);
    if (last_pick(g)) return policy_last_pick(g, k, rng, w);
    const LaterPickers later(g);
    // A tile's value: its estimated points (kPickScale each), its crowns, the
    // places earlier next turn it buys, its worth to the best of the others
    // picking after me, and a jitter. The weights and the generator in locals:
    // registers for the loop, not memory read again at every tile.
    const int crowns = w.crowns, order = w.order, deny = w.deny, last = g.draft_count() - 1;
    const uint32_t noise = uint32_t(w.pick_noise + 1);
    const int* bias = w.pick_bias ? w.pick_bias + seat * kTileCount : nullptr;
    Rng dice = rng;
    int best = -1, best_value = INT_MIN;
    g.for_each_free_pick([&](int i, int id) __attribute__((always_inline)) {
        const Tile& tile = kTiles[id];
        int v = kPickScale * pick_value(k, tile) + crowns * tile.crowns() + order * (last - i);
        if (deny) v += deny * later.worth(tile);
        if (bias) v += bias[id];
        v += int(dice.below(noise));
        if (v > best_value) best_value = v, best = id;
    });
    rng = dice;
    return best;
}

// Plays g with the policy for every player to the end; each placement where
// place(g) gives a valid one (the tree of my placements, src/answer_trees.h),
// else by the policy.
template <typename Place>
inline void playout(Game& g, Rng& rng, const PolicyWeights& w, Place&& place) {
    while (!g.is_terminal()) {
        Placement put = place(g);
        if (!g.first_turn() && !put.valid()) put = policy_placement(g, rng, w);
        g.apply(put, g.last_turn() ? -1 : policy_pick(g, rng, w), true);
    }
}
inline void playout(Game& g, Rng& rng, const PolicyWeights& w) {
    playout(g, rng, w, [](const Game&) { return Placement{}; });
}

// The placements of `tile` in k best by the policy's value without jitter
// (fewer unfillable holes breaking ties), `always` first whatever its value:
// at most `keep` of them into out, best first. Returns how many; none when
// the tile fits nowhere.
constexpr int kRankValueWeight = 4, kRankHoleWeight = 3;
inline int rank_placements(const Kingdom& k, const Tile& tile, Rule rule, const PolicyWeights& w, int keep,
                           Placement* out, Placement always = Placement{}) {
    PlacementList spots;
    // Plain integers, so that the array is not initialised (a Placement would be, entry by entry).
    struct Ranked {
        int value;
        int index;  // in spots; ties in its order: partial_sort's own order differs between libraries (the page's bot)
    };
    Ranked ranked[kMaxPlacements];
    int n = 0;
    for_each_placement_value(k, tile, rule, w, [&](int sq, int r, int value) {
        const Placement p = spots[n] = Kingdom::placement_at(sq, r);
        ranked[n] = Ranked{p == always ? INT_MAX : value * kRankValueWeight - k.isolated_holes_after(p) * kRankHoleWeight, n};
        ++n;
    });
    keep = std::min(n, keep);
    std::partial_sort(ranked, ranked + keep, ranked + n, [](const Ranked& a, const Ranked& b) {
        return a.value != b.value ? a.value > b.value : a.index < b.index;
    });
    for (int i = 0; i < keep; ++i) out[i] = spots[ranked[i].index];
    return keep;
}

}  // namespace kd
