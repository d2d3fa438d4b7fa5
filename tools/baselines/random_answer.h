// A uniformly random legal placement and a random free pick: random's whole
// answer, and spin's once its wait is over.
#pragma once
#include "player.h"

namespace kd {

inline Answer random_answer(const Request& r, Rng& rng) {
    Answer a;
    Placement spots[kMaxPlacements];
    int n = r.game.legal_placements(spots);
    if (n) a.put = spots[rng.below(uint32_t(n))];
    int picks[kMaxDraft];
    int k = r.game.free_picks(picks);
    if (k) a.pick = picks[rng.below(uint32_t(k))];
    return a;
}

}  // namespace kd
