// What a playout of the search is worth to each seat: its share of the points
// of the two leaders, itself and the best of the others (the paper's own /
// (own + best)), and for me whether I came first.
#pragma once

#include <algorithm>

#include "game.h"

namespace kd {

// How a playout ended: each seat's points and its standing for first place
// (with the tie-break points).
struct PlayoutEnding {
    int players = 0;
    double points[kMaxPlayers] = {}, standing[kMaxPlayers] = {};
    explicit PlayoutEnding(const Game& g) : players(g.players()) {
        const Result r = g.result(false);
        for (int p = 0; p < players; ++p) points[p] = r.score[p], standing[p] = r.adjusted[p];
    }
    // Seat's share of the points of the two leaders, itself and the best other.
    double share(int seat) const { return leaders_share(points, players, seat); }
    // 1 for seat 0 first alone, 0.5 shared, 0 otherwise.
    double first() const {
        double best_other = -1e9;
        for (int p = 1; p < players; ++p) best_other = std::max(best_other, standing[p]);
        return standing[0] > best_other ? 1.0 : standing[0] == best_other ? 0.5 : 0.0;
    }
};

#ifndef KD_UPLOAD  // home only: tools and tests
// A finished game's value for seat 0, in [0, 1]: my share of the leaders'
// points. *first is set to 1 for a first place alone, 0.5 shared, 0 otherwise.
inline double playout_outcome(const Game& g, double* first) {
    const PlayoutEnding e(g);
    *first = e.first();
    return e.share(0);
}
#endif

}  // namespace kd
