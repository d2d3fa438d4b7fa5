// random: a uniformly random legal placement and a random free pick.
#include "random_answer.h"

int main(int argc, char** argv) {
    kd::PlayerOptions options = kd::parse_player_options(argc, argv);
    kd::Rng rng(options.seed);
    return kd::play(std::cin, std::cout, options,
                    [&](const kd::Request& r, const kd::TimeBudget&) { return kd::random_answer(r, rng); });
}
