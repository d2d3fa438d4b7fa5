// The screen's positions: requests of real games (our search at fixed
// playouts against `mce`, full greedy and itself, in every variant), taken
// where a decision is the Monte Carlo search's (not the last two turns,
// which the endgame solves exactly, and more than one answer), a few from
// each game so that every phase is there.
#pragma once

#include <string>
#include <vector>

#include "../lib/selfplay/players.h"
#include "state_text.h"

namespace kd {

// Seats of a game of v: players (as tools/lib/selfplay/players.h reads them) by
// game number, so that every mix of opponents comes up.
inline std::vector<std::string> screen_lineup(const Variant& v, long game) {
    const std::string bot = "bot --playouts 2000", mce = "mce --playouts 500", greedy = "greedy";
    const std::vector<std::vector<std::string>> two = {{bot, mce}, {bot, greedy}, {bot, bot}, {mce, bot}},
                                                three = {{bot, mce, greedy}, {bot, bot, bot}, {mce, bot, bot}},
                                                four = {{bot, mce, greedy, bot}, {bot, bot, bot, bot},
                                                        {greedy, bot, greedy, mce}};
    const auto& lineups = v.players == 2 ? two : v.players == 3 ? three : four;
    return lineups[size_t(game) % lineups.size()];
}

// Whether the search's Monte Carlo part decides at g: before the last two
// turns, and more than one answer.
inline bool screened(const Game& g) {
    PlacementList spots;
    int picks[kMaxDraft];
    return g.turn() < g.variant().turns - 2 && g.answer_placements(spots) * g.answer_picks(picks) > 1;
}

// `per_game` positions (the requests of answers drawn at random among those
// screened) of the game of v dealt from `seed`.
inline std::vector<SearchPosition> game_positions(const Variant& v, uint64_t seed, long game, int per_game) {
    const std::vector<std::string> lineup = screen_lineup(v, game);
    std::vector<PlayerSpec> specs(lineup.size());
    std::string error;
    for (size_t i = 0; i < lineup.size(); ++i) read_player_spec(lineup[i], specs[i], error);
    Game g = Game::deal(v, Rule::Match, seed);
    Seat seats[kMaxPlayers];
    for (int s = 0; s < v.players; ++s) seats[s].sit(specs[size_t(s)], seed, s);
    std::vector<SearchPosition> all;
    while (!g.is_terminal()) {
        const int seat = g.current_player();
        const Request r = seats[seat].memory.receive(g, seat);
        if (screened(r.game)) all.push_back(SearchPosition{seed * 16 + uint64_t(all.size()), r});
        SearchReport unused;
        const Answer a = seat_answer(seats[seat], r, &unused);
        g.apply(a.put, a.pick);
    }
    Rng rng(seed);
    std::vector<SearchPosition> out;
    for (int i = 0; i < per_game && !all.empty(); ++i) {
        const size_t k = rng.below(uint32_t(all.size()));
        out.push_back(all[k]);
        all.erase(all.begin() + long(k));
    }
    return out;
}

}  // namespace kd
