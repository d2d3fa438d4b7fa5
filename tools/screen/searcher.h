// A search as the screen runs it: the bot's options (`--playouts N`,
// `--time-ms T`, `--seed N`, `--set name=value`) plus `--budget F`, F times
// the playouts the CodinGame budget gives in each variant; one answer at a
// time on a position, as the bot would make it.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "player.h"
#include "search.h"
#include "state_text.h"

namespace kd {

// Playouts per answer that the bot's 30 ms give in each variant of
// kVariants (2p, 3p, 4p, duel): build/bench's playouts in 40 ms on this
// project's machines (10.8k, 8.1k, 6.0k, 4.4k), times 3/4.
constexpr long kBudgetPlayouts[] = {8000, 6000, 4500, 3300};

struct Searcher {
    std::string text;       // as given
    PlayerOptions options;  // --time-ms, --seed, --set ...
    double budget = 0;      // > 0: this many times kBudgetPlayouts
    SearchOptions search;   // the settings (the playouts are set per position)

    // Playouts for an answer in variant v; 0: by time.
    long playouts(const Variant& v) const {
        return budget > 0 ? long(budget * double(kBudgetPlayouts[&v - kVariants])) : options.playouts;
    }
    // The answer to position r, from a fresh search seeded with `seed`.
    SearchReport decide(const Request& r, uint64_t seed) const {
        SearchOptions o = search;
        o.seed = seed;
        o.max_playouts = playouts(r.game.variant());
        return Search(o).decide(r, options.time.budget(Clock::now(), false));  // every position a later answer
    }
};

// Reads a searcher's options; false with the reason in `error`.
inline bool read_searcher(const std::string& text, Searcher& out, std::string& error) {
    std::istringstream words(text);
    std::vector<std::string> parts{"search"};
    out = Searcher{};
    out.text = text;
    for (std::string w; words >> w;) {
        if (w == "--budget" && words >> out.budget && out.budget > 0) continue;
        if (w == "--budget") return error = "--budget takes a positive factor: '" + text + "'", false;
        parts.push_back(w);
    }
    out.options = parse_player_words(parts);
    std::vector<std::string> unknown;
    out.search = search_options_for(1, 0, out.options.settings, unknown);
    if (!unknown.empty()) return error = "unknown setting '" + unknown[0] + "' in '" + text + "'", false;
    return true;
}

}  // namespace kd
