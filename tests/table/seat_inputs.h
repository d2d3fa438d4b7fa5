// The text one seat of a real game received, for the tests of our bot in the
// page's worker: a game of full greedy players, as the referee deals and
// writes it, up to that seat's request of a turn.
#pragma once

#include <string>
#include <vector>

#include "check_replay.h"
#include "greedy.h"
#include "refereed_game.h"

namespace kd {

// Seat `seat`'s requests in a `variant` game dealt by `seed`, up to its request of turn `turn` (then unanswered).
inline std::string seat_inputs(const char* variant, int turn, int seat = 0, uint64_t seed = 7) {
    MatchConfig cfg;
    cfg.variant = variant_by_name(variant);
    cfg.seed = seed;
    cfg.commands.assign(size_t(cfg.variant->players), "greedy");
    RefereedGame book(cfg);
    std::string inputs;
    while (true) {
        const Game& g = book.game();
        if (g.current_player() == seat) inputs += book.input();
        if (g.current_player() == seat && g.turn() == turn) return inputs;
        const GreedyChoice c = full_greedy(g);
        match_detail::Exchange ex;
        ex.input = book.input();
        ex.raw = answer_text(c.put, c.pick, "");
        replay_check::split_answer(ex.raw, ex.put_line, ex.pick_line);
        book.answer(ex, [](match_detail::Fault) {});
    }
}

}  // namespace kd
