// The players of in-process games (self-play, the screen's positions): our
// search, `mce` or full greedy, each read from a command line as its program
// reads it ("bot --playouts 2000 --set x=1"), each fed the very request the
// referee would send (PlayerMemory::receive), at fixed playouts so that a
// game is the same whenever it is played.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "../../baselines/mce.h"
#include "player.h"
#include "protocol_words.h"
#include "search.h"

namespace kd {

// A player's kind and its options.
struct PlayerSpec {
    std::string kind;
    PlayerOptions options;
    SearchOptions search;
};

// Reads "bot|mce|greedy [options]"; false with the reason in `error`.
inline bool read_player_spec(const std::string& text, PlayerSpec& spec, std::string& error) {
    const std::vector<std::string> parts = split_words(text);
    if (parts.empty() || (parts[0] != "bot" && parts[0] != "mce" && parts[0] != "greedy")) {
        error = "a player is bot, mce or greedy, then its options: '" + text + "'";
        return false;
    }
    spec = PlayerSpec{parts[0], parse_player_words(parts), {}};
    if (spec.options.seed_from_clock) spec.options.seed = 1;  // reproducible: the game's own seeds follow
    std::vector<std::string> unknown;
    spec.search = search_options_for(spec.options.seed, spec.options.playouts, spec.options.settings, unknown);
    if (!unknown.empty()) error = "unknown setting '" + unknown[0] + "' in '" + text + "'";
    else if (spec.kind != "greedy" && spec.options.playouts <= 0) error = "fixed playouts are needed: '" + text + "'";
    return error.empty();
}

// One seat of one game: who plays it and what it remembers.
struct Seat {
    const PlayerSpec* spec = nullptr;
    PlayerMemory memory;
    std::unique_ptr<Search> search;
    Rng rng{1};

    // Takes seat `seat` of the game dealt from `game_seed` for `player`, its
    // dice drawn from both seeds and the player's own.
    void sit(const PlayerSpec& player, uint64_t game_seed, int seat) {
        spec = &player;
        const uint64_t seed = Rng(game_seed * 0x9E3779B97F4A7C15ull + uint64_t(seat) + player.search.seed).next();
        rng = Rng(seed);
        SearchOptions so = player.search;
        so.seed = seed;
        if (player.kind == "bot") search.reset(new Search(so));
    }
};

// The seat's answer to request r, made safe; `report` gets the search's
// report when our search answered.
inline Answer seat_answer(Seat& s, const Request& r, SearchReport* report) {
    const TimeBudget unlimited(Clock::now(), 1e9);
    Answer a;
    if (s.spec->kind == "greedy") {
        const GreedyChoice c = full_greedy(r.game);
        a = Answer{c.put, c.pick, "", ""};
    } else if (s.spec->kind == "mce") {
        long samples;
        a = mce_answer(r, unlimited, s.spec->options.playouts, s.rng, &samples);
    } else {
        *report = s.search->decide(r, unlimited);
        a = report->answer;
    }
    make_safe(r.game, s.spec->options.rule, a);
    return a;
}

}  // namespace kd
