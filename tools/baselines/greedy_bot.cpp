// greedy: the "full greedy" player of Gedda, Lagerkvist and Butler (src/greedy.h).
#include "greedy.h"
#include "player.h"

int main(int argc, char** argv) {
    kd::PlayerOptions options = kd::parse_player_options(argc, argv);
    return kd::play(std::cin, std::cout, options, [](const kd::Request& r, const kd::TimeBudget&) {
        kd::GreedyChoice c = kd::full_greedy(r.game);
        return kd::Answer{c.put, c.pick, "", ""};
    });
}
