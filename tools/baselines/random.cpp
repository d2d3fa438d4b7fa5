// random: a uniformly random legal placement and a random free pick.
#include "player.h"

int main(int argc, char** argv) {
    kd::PlayerOptions options = kd::parse_player_options(argc, argv);
    kd::Rng rng(options.seed);
    return kd::play(std::cin, std::cout, options, [&](const kd::Request& r, const kd::TimeBudget&) {
        kd::Answer a;
        kd::Placement spots[kd::kMaxPlacements];
        int n = r.game.legal_placements(spots);
        if (n) a.put = spots[rng.below(uint32_t(n))];
        int picks[kd::kMaxDraft];
        int k = r.game.free_picks(picks);
        if (k) a.pick = picks[rng.below(uint32_t(k))];
        return a;
    });
}
