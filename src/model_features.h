// What the learned models see (src/model.h; not "features.h": that name is
// glibc's, and src/ is on the include path): small integers describing a
// kingdom and the tiles its player holds (the value), a placement (the
// playout policy's placements) and a pick (its picks). The one place they
// are computed: the bot's playouts and tools/lib/selfplay/dataset (the training
// data) call these same functions, so that the trainer learns from exactly
// what the bot will show it.
#pragma once

#include <cstdint>

#include "game.h"

namespace kd {

// ---- The value: one kingdom, judged for its final score ----

// The features of seat's kingdom in g, in this order.
enum ValueFeature {
    kVScore, kVTerritory, kVCrowns, kVFree, kVHoles, kVTilesLeft, kVOrder,
    kVHeldGain, kVHeldCrowns, kVHeldFits, kVHeld2Gain, kVHeld2Crowns, kVHeld2Fits,
    kVTerrainScore,                         // 6 of each, terrain by terrain
    kVTerrainCrowns = kVTerrainScore + kLandTerrains,
    kVTerrainSquares = kVTerrainCrowns + kLandTerrains,
    kVTerrainRoom = kVTerrainSquares + kLandTerrains,    // free squares next to the terrain
    kVTerrainLargest = kVTerrainRoom + kLandTerrains,    // its largest zone
    kValueFeatures = kVTerrainLargest + kLandTerrains
};

// The best score gain of `tile` in k, and whether it fits at all.
inline int best_gain(const Kingdom& k, const Tile& tile, Rule rule, bool* fits) {
    int best = -1;
    k.for_each_legal_placement(tile, rule, [&](Placement p) { best = max_of(best, k.score_gain(tile, p)); });
    *fits = best >= 0;
    return max_of(best, 0);
}

// The tiles `seat` still has to place that are known: this turn's not yet
// placed, then the one(s) it picked from this turn's draft. Returns how many;
// *order_out: the places before its first pick of the next draft.
inline int held_tiles(const Game& g, int seat, int* tiles, int* order_out) {
    int n = 0, order = kMaxDraft;
    if (!g.first_turn())
        for (int i = g.step(); i < g.placing_count() && n < 2; ++i)
            if (g.placing(i).owner == seat) tiles[n++] = g.placing(i).tile, order = min_of(order, i);
    for (int i = 0; i < g.draft_count() && n < 2; ++i)
        if (g.draft(i).owner == seat) tiles[n++] = g.draft(i).tile;
    *order_out = order == kMaxDraft ? 0 : order;
    return n;
}

// Fills out[kValueFeatures] for seat's kingdom in g.
inline void value_features(const Game& g, int seat, float* out) {
    const Kingdom& k = g.kingdom(seat);
    const Variant& v = g.variant();
    const Bitboard free = k.free_squares();
    out[kVScore] = float(k.score()), out[kVTerritory] = float(k.territory()), out[kVCrowns] = float(k.crown_count());
    out[kVFree] = float(free.count()), out[kVHoles] = float(k.isolated_holes());
    int tiles[2], order;
    const int held = held_tiles(g, seat, tiles, &order);
    // Tiles it places from now to the end: this turn's still to place, then a king's worth per turn to come.
    int unplaced = 0;
    for (int i = g.step(); i < g.placing_count(); ++i)
        unplaced += g.placing(i).owner == seat;
    out[kVTilesLeft] = float(unplaced + (v.turns - 1 - g.turn()) * v.kings_per_player);
    out[kVOrder] = float(order);
    for (int i = 0; i < 2; ++i) {
        bool fits = false;
        const int gain = i < held ? best_gain(k, kTiles[tiles[i]], g.rule(), &fits) : 0;
        out[kVHeldGain + 3 * i] = float(gain);
        out[kVHeldCrowns + 3 * i] = float(i < held ? kTiles[tiles[i]].crowns() : 0);
        out[kVHeldFits + 3 * i] = float(fits);
    }
    for (int t = 0; t < kLandTerrains; ++t) {
        out[kVTerrainScore + t] = float(k.terrain_score(t));
        out[kVTerrainCrowns + t] = float(k.terrain_crowns(t));
        out[kVTerrainSquares + t] = float(k.terrain_squares(t));
        out[kVTerrainRoom + t] = float((neighbors(k.terrain(t)) & free).count());
        out[kVTerrainLargest + t] = float(k.largest_zone(t));
    }
}

// ---- The position: every kingdom and what each holds ----

// Per seat, from `seat` on in seat order, its kingdom's value features (the
// tiles it holds among them: those it picked, to place next); absent seats
// of fewer players zeros; then the turn and the turns left. What a value of
// the whole position sees at a turn's start (issue 75). Not the new draft:
// where the search reads it (the games its candidates start from) the
// draft is not dealt yet, so the value learns what it is worth on average.
constexpr int kPositionSeatFeatures = kValueFeatures;
constexpr int kPositionFeatures = kMaxPlayers * kPositionSeatFeatures + 2;

inline void position_features(const Game& g, int seat, float* out) {
    for (int i = 0; i < kPositionFeatures; ++i) out[i] = 0;
    const int players = g.players();
    for (int r = 0; r < players; ++r) value_features(g, (seat + r) % players, out + r * kPositionSeatFeatures);
    out[kMaxPlayers * kPositionSeatFeatures] = float(g.turn());
    out[kMaxPlayers * kPositionSeatFeatures + 1] = float(g.variant().turns - 1 - g.turn());
}

#ifndef KD_UPLOAD  // home only: the training data of the playout policy
// ---- The playout policy's placement ----

// A placement's features: the points it scores, the squares of the zones of
// its terrains it joins, and its squares' edges on land of their own terrain
// and on land of another (the kingdom before it: the edge between its two
// squares never counts). Edges add up square by square, as the policy's
// per-square tables read them.
enum PlaceFeature { kPGain, kPJoined, kPSameEdges, kPOtherEdges, kPlaceFeatures };

// A square's edges on land of `terrain` and on land of another, in k.
inline void add_edges(const Kingdom& k, int sq, int terrain, int* out) {
    for (int r = 0; r < 4; ++r) {
        const int t = k.terrain_at(square_x(sq) + kRotationDx[r], square_y(sq) + kRotationDy[r]);
        out[kPSameEdges] += t == terrain;
        out[kPOtherEdges] += t != terrain && t < kLandTerrains;
    }
}

// The features of placing `tile` at p (legal) in k.
inline void place_features(const Kingdom& k, const Tile& tile, Placement p, int* out) {
    const Kingdom::Effect e = k.effect(tile, p);
    out[kPGain] = e.gain, out[kPJoined] = e.joined, out[kPSameEdges] = out[kPOtherEdges] = 0;
    const int sq = square_of(p.x, p.y);
    add_edges(k, sq, tile.terrain1, out);
    add_edges(k, sq + kRotationStep[p.rotation], tile.terrain2, out);
}

#endif

// ---- The playout policy's pick ----

// How much a tile is worth to the owner of k, judged without trying its
// placements: each square earns its crowns for every square of its terrain
// already owned, and the crowns already on that terrain for itself.
KD_INLINE int pick_value(const Kingdom& k, const Tile& tile) {
    return k.pick_part(tile.terrain1, tile.crowns1) + k.pick_part(tile.terrain2, tile.crowns2);
}

// The other players who still pick from this draft after the player to act,
// each once (a seat's second king would only repeat its worth).
struct LaterPickers {
    const Kingdom* kingdoms[kMaxDraft];
    int count = 0;
    KD_INLINE explicit LaterPickers(const Game& g) {
        unsigned listed = 1u << g.current_player();
        for (int step = g.step() + 1; step < g.steps_in_turn(); ++step) {
            const int seat = g.actor_at(step);
            if (seat < 0 || ((listed >> seat) & 1) || g.eliminated(seat)) continue;
            listed |= 1u << seat;
            kingdoms[count++] = &g.kingdom(seat);
        }
    }
    // What `tile` is worth (the pick estimate) to the best of them, 0 when none.
    KD_INLINE int worth(const Tile& tile) const {
        int best = 0;
        for (int i = 0; i < count; ++i) best = max_of(best, pick_value(*kingdoms[i], tile));
        return best;
    }
};


#ifndef KD_UPLOAD  // home only: the training data
// A free tile of the draft for the player to act: the policy's estimate of
// its worth (pick_value), its best gain if placed now, whether it fits, its
// crowns, the places earlier next turn it buys, and its worth (estimate) to
// the best of the others who pick after me.
enum PickFeature { kKEstimate, kKBestGain, kKFits, kKCrowns, kKOrder, kKDeny, kPickFeatures };

// The features of picking the free draft tile `id` (at draft index i) for
// the player to act in g; `later`: LaterPickers(g).
inline void pick_features(const Game& g, const LaterPickers& later, int i, int id, int* out) {
    const Kingdom& k = g.kingdom(g.current_player());
    const Tile& tile = kTiles[id];
    bool fits;
    out[kKEstimate] = pick_value(k, tile);
    out[kKBestGain] = best_gain(k, tile, g.rule(), &fits);
    out[kKFits] = fits;
    out[kKCrowns] = tile.crowns();
    out[kKOrder] = g.draft_count() - 1 - i;
    out[kKDeny] = later.worth(tile);
}

#endif

}  // namespace kd
