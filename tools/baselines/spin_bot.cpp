// spin: answers like random, but only when the time our bot searches for has
// passed (40 ms, --time-ms N; 800 ms for the first answer), spinning on the
// clock meanwhile. It does no work of its own, so its answer times show what
// the machine and the referee add to an answer of that length: set beside our
// bot's in the same conditions, a tail they share is not the search's.
#include "random_answer.h"

int main(int argc, char** argv) {
    kd::PlayerOptions options = kd::parse_player_options(argc, argv);
    kd::Rng rng(options.seed);
    return kd::play(std::cin, std::cout, options, [&](const kd::Request& r, const kd::TimeBudget& budget) {
        kd::Answer a = kd::random_answer(r, rng);
        while (budget.now() < budget.deadline()) {
        }
        return a;
    });
}
