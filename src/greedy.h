// The "full greedy" player of Gedda, Lagerkvist and Butler, "Monte Carlo
// Methods for the Game Kingdomino" (CIG 2018): it places the current tile and
// picks the next one so that the current tile now, and the picked tile at its
// best spot after it, give the highest own score. Ties go to fewer isolated
// one-square holes, then to the lower tile id (it plays earlier next turn).
// On the first turn it picks the tile with the most crowns, then the lowest id.
#pragma once

#include "game.h"

namespace kd {

struct GreedyChoice {
    Placement put;  // invalid when the tile fits nowhere (or on the first turn)
    int pick = -1;  // -1 on the last turn
};

namespace greedy_detail {

// Lexicographic value of an outcome: higher score, then fewer holes, then lower pick id.
struct Key {
    int score = -1, holes = 0, pick = 0;
    bool better_than(const Key& o) const {
        if (score != o.score) return score > o.score;
        if (holes != o.holes) return holes < o.holes;
        return pick < o.pick;
    }
};

// Best outcome of placing `tile` in k (or of discarding it when it fits nowhere),
// recording holes only where the score can still beat `bar`.
inline Key best_follow_up(const Kingdom& k, const Tile& tile, Rule rule, int pick, const Key& bar) {
    PlacementList spots;
    int n = k.legal_placements(tile, rule, spots);
    Key best{k.score(), 0, pick};
    if (n == 0) {
        if (best.score >= bar.score) best.holes = k.isolated_holes();
        return best;
    }
    best.score = -1;
    for (int i = 0; i < n; ++i) {
        int score = k.score() + k.score_gain(tile, spots[i]);
        if (score < best.score || score < bar.score) continue;
        int holes = k.isolated_holes_after(spots[i]);
        if (score > best.score || holes < best.holes) best = Key{score, holes, pick};
    }
    if (best.score < 0) best.score = k.score();  // every spot was below the bar: a loser anyway
    return best;
}

}  // namespace greedy_detail

// The full-greedy answer for the player to act in g.
inline GreedyChoice full_greedy(const Game& g) {
    using greedy_detail::Key;
    GreedyChoice choice;
    int picks[kMaxDraft];
    const int n_picks = g.free_picks(picks);
    if (g.first_turn()) {
        for (int i = 0; i < n_picks; ++i)
            if (choice.pick < 0 || kTiles[picks[i]].crowns() > kTiles[choice.pick].crowns()) choice.pick = picks[i];
        return choice;
    }
    const int seat = g.current_player();
    if (seat < 0) return choice;
    const Kingdom& k = g.kingdom(seat);
    const Tile& tile = kTiles[g.current_tile()];
    PlacementList spots;
    const int n_spots = k.legal_placements(tile, g.rule(), spots);
    Key best;
    for (int i = 0; i < (n_spots ? n_spots : 1); ++i) {
        Kingdom after = k;
        if (n_spots) after.place(tile, spots[i]);
        if (n_picks == 0) {  // last turn: the score of this placement alone
            Key key{after.score(), 0, 0};
            if (key.score >= best.score) key.holes = after.isolated_holes();
            if (key.better_than(best)) best = key, choice.put = n_spots ? spots[i] : Placement{};
            continue;
        }
        for (int j = 0; j < n_picks; ++j) {
            Key key = greedy_detail::best_follow_up(after, kTiles[picks[j]], g.rule(), picks[j], best);
            if (key.better_than(best)) {
                best = key;
                choice.put = n_spots ? spots[i] : Placement{};
                choice.pick = picks[j];
            }
        }
    }
    return choice;
}

}  // namespace kd
