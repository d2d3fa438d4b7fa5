// toy_bot: a player whose strength has a known optimum, for testing the
// tuner. Each answer is full greedy's with probability q, else a random legal
// placement and the first free pick; q falls linearly from 1 at
// --set x=TARGET to 0 at WIDTH away (--set target=30 --set width=60 by default).
#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "greedy.h"
#include "player.h"

int main(int argc, char** argv) {
    kd::PlayerOptions options = kd::parse_player_options(argc, argv);
    double x = 0, target = 30, width = 60;
    for (const std::string& s : options.settings) {
        size_t eq = s.find('=');
        double v = std::atof(s.c_str() + (eq == std::string::npos ? s.size() : eq + 1));
        std::string name = s.substr(0, eq);
        if (name == "x") x = v;
        else if (name == "target") target = v;
        else if (name == "width") width = v;
    }
    const double q = std::max(0.0, 1.0 - std::fabs(x - target) / width);
    kd::Rng rng(options.seed);
    return kd::play(std::cin, std::cout, options, [&](const kd::Request& r, const kd::TimeBudget&) {
        if (rng.below(1u << 20) < q * (1u << 20)) {
            kd::GreedyChoice c = kd::full_greedy(r.game);
            return kd::Answer{c.put, c.pick, "", ""};
        }
        kd::Answer weak;
        kd::Placement spots[kd::kMaxPlacements];
        if (int n = r.game.legal_placements(spots)) weak.put = spots[rng.below(uint32_t(n))];
        int picks[kd::kMaxDraft];
        if (r.game.free_picks(picks) > 0) weak.pick = picks[0];
        return weak;
    });
}
