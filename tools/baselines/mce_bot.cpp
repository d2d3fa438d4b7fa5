// mce: flat Monte Carlo evaluation with full-greedy playouts, the best method
// of Gedda, Lagerkvist and Butler (CIG 2018); the decision is in mce.h.
// Same time control as our bot (src/timeman.h): --time-ms N for later answers.
#include "mce.h"
#include "player.h"

using namespace kd;

int main(int argc, char** argv) {
    PlayerOptions options = parse_player_options(argc, argv);
    Rng rng(options.seed);
    return play(std::cin, std::cout, options, [&](const Request& r, const TimeBudget& budget) {
        long samples = 0;
        Answer a = mce_answer(r, budget, options.playouts, rng, &samples);
        char message[48];
        snprintf(message, sizeof message, "mce %ld samples", samples);
        a.message = message;
        return a;
    });
}
