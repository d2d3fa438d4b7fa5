// The "full greedy" player of Gedda, Lagerkvist and Butler, "Monte Carlo
// Methods for the Game Kingdomino" (CIG 2018): it places the current tile and
// picks the next one so that the current tile now, and the picked tile at its
// best spot after it, give the highest own score. Ties go to fewer isolated
// one-square holes, then to the lower tile id (it plays earlier next turn).
// On the first turn it picks the tile with the most crowns, then the lowest id.
//
// It is fast because it skips what cannot win: a placement-and-pick pair is
// looked at only when a bound on its score could still beat the best pair so
// far, and a hole count is made only for candidates that could still win.
// tests/slow_greedy.h holds the plain version it must agree with, answer for answer.
#pragma once

#include "game.h"
#include "policy.h"

namespace kd {

using GreedyChoice = Move;  // its put is invalid when the tile fits nowhere

namespace greedy_detail {

// Lexicographic value of an outcome: higher score, then fewer holes, then lower pick id.
struct Key {
    int score = -1, holes = 0, pick = 0;
    KD_INLINE bool better_than(const Key& o) const {
        if (score != o.score) return score > o.score;
        if (holes != o.holes) return holes < o.holes;
        return pick < o.pick;
    }
    // Whether some outcome with at most this score, and this pick, could beat o.
    KD_INLINE bool could_beat(const Key& o) const { return Key{score, 0, pick}.better_than(o); }
};

// The best outcome of placing `tile` (picked as `pick`) in k, or of
// discarding it when it fits nowhere; exact whenever it beats `bar`,
// otherwise only sure not to beat it.
inline Key best_follow_up(const Kingdom& k, const Tile& tile, Rule rule, int pick, const Key& bar) {
    Key best{-1, 0, pick};
    bool fits = false;
    const int base = k.score();
    for_each_placement_value(k, tile, rule, kPointsOnly, [&](int sq, int r, int gain) __attribute__((always_inline)) {
        fits = true;
        const int score = base + gain;
        if (score < best.score || (score == best.score && best.holes == 0)) return;
        if (!Key{score, 0, pick}.could_beat(bar)) return;
        const int holes = k.isolated_holes_after(Kingdom::placement_at(sq, r));
        if (score > best.score || holes < best.holes) best = Key{score, holes, pick};
    });
    if (!fits && Key{base, 0, pick}.could_beat(bar)) best = Key{base, k.isolated_holes(), pick};
    return best;
}

// The last turn: no pick, the placement alone.
inline GreedyChoice best_last_placement(const Kingdom& k, const Tile& tile, const Placement* spots, int n_spots) {
    GreedyChoice choice;
    Key best;
    for (int i = 0; i < (n_spots ? n_spots : 1); ++i) {
        Key key{k.score() + (n_spots ? k.score_gain(tile, spots[i]) : 0), 0, 0};
        if (!key.could_beat(best)) continue;
        key.holes = n_spots ? k.isolated_holes_after(spots[i]) : k.isolated_holes();
        if (key.better_than(best)) best = key, choice.put = n_spots ? spots[i] : Placement{};
    }
    return choice;
}

}  // namespace greedy_detail

// The full-greedy answer of a player with kingdom k who places `tile` (-1:
// the first turn, a pick only) and picks one of picks[0..n_picks) (none: the
// last turn); with only_pick >= 0 (one of them), its best answer with that pick.
inline GreedyChoice greedy_choice(const Kingdom& k, int tile_id, Rule rule, const int* picks, int n_picks,
                                  int only_pick = -1) {
    using greedy_detail::Key;
    GreedyChoice choice;
    if (tile_id < 0) {
        if (only_pick >= 0) return GreedyChoice{Placement{}, only_pick};
        for (int i = 0; i < n_picks; ++i)
            if (choice.pick < 0 || kTiles[picks[i]].crowns() > kTiles[choice.pick].crowns()) choice.pick = picks[i];
        return choice;
    }
    const Tile& tile = kTiles[tile_id];
    PlacementList spots;
    const int n_spots = k.legal_placements(tile, rule, spots);
    if (n_picks == 0) return greedy_detail::best_last_placement(k, tile, spots, n_spots);

    const TerrainTotals totals(k);
    Key best;
    Kingdom after = k;
    for (int i = 0; i < (n_spots ? n_spots : 1); ++i) {
        const Kingdom::Effect e = n_spots ? k.effect(tile, spots[i]) : Kingdom::Effect{};
        const int score_now = k.score() + e.gain;
        const TerrainTotals totals_now = n_spots ? totals.after(tile, e) : totals;
        bool placed = false;  // `after` is made only for a pair that could win
        for (int j = 0; j < n_picks; ++j) {
            if (only_pick >= 0 && picks[j] != only_pick) continue;
            const Tile& next = kTiles[picks[j]];
            if (!Key{score_now + totals_now.gain_bound(next), 0, picks[j]}.could_beat(best)) continue;
            if (!placed) {
                after = k;
                if (n_spots) after.place(tile, spots[i]);
                placed = true;
            }
            const Key key = greedy_detail::best_follow_up(after, next, rule, picks[j], best);
            if (key.better_than(best)) {
                best = key;
                choice.put = n_spots ? spots[i] : Placement{};
                choice.pick = picks[j];
            }
        }
    }
    return choice;
}

// The full-greedy answer for the player to act in g; with only_pick >= 0 (a
// free draft tile), its best answer that picks that tile.
inline GreedyChoice full_greedy(const Game& g, int only_pick = -1) {
    int picks[kMaxDraft];
    const int n_picks = g.free_picks(picks);
    if (g.first_turn()) return greedy_choice(g.kingdom(0), -1, g.rule(), picks, n_picks, only_pick);
    const int seat = g.current_player();
    if (seat < 0) return GreedyChoice{};
    return greedy_choice(g.kingdom(seat), g.current_tile(), g.rule(), picks, n_picks, only_pick);
}

#ifndef KD_UPLOAD  // home only: tools and tests
// Plays full greedy's answer for the player to act in g (legal: applied as trusted).
inline void apply_full_greedy(Game& g) {
    const GreedyChoice choice = full_greedy(g);
    g.apply(choice.put, choice.pick, true);
}
#endif

}  // namespace kd
