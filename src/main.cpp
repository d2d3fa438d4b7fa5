#pragma GCC optimize("O3,unroll-loops")
// The Kingdomino bot: reads each request, searches (src/search.h), answers
// PUT and PICK, and writes one summary line per answer on stderr.
// tools/bundle merges this file and the headers it includes into bot.cpp,
// the single file to paste into CodinGame, packed (docs/upload.md); it copies
// the //! lines below to the top of the readable copy (--keep-comments).
//! Kingdomino bot for CodinGame ("Coders of the Realm"), every variant: 2, 3 and 4
//! players and the duel. Monte Carlo search over PUT x PICK with sequential halving,
//! fast playouts for every player, the last two turns solved exactly.
//! Generated file: the readable source is src/ of the project this came with
//! (tools/bundle made this file; change src/ and bundle again). Its kit plays,
//! tests and tunes bots at home: README.md there.
//! Settings you may tune (`--set name=value` at home; in the upload, change the
//! default of the field that for_each_setting names in src/, and bundle again):
//! @settings
//! TimeControl: later_ms = ms used of the 50 ms (the rest is the margin for
//!  CodinGame's delays); first_max_ms = ms used of the first answer's 1000.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "play.h"
#include "search.h"

#pragma GCC target("popcnt,lzcnt,bmi,bmi2,avx2")

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    kd::keep_stderr_from_blocking();
    kd::PlayerOptions options = kd::parse_player_options(argc, argv);
    std::vector<std::string> unknown;
    kd::Search search(kd::search_options_for(options.seed, options.playouts, options.settings, unknown));
    for (const std::string& setting : unknown) std::cerr << "unknown setting '" << setting << "'\n";
    return kd::play(std::cin, std::cout, options, [&](const kd::Request& request, const kd::TimeBudget& budget) {
        kd::SearchReport r = search.decide(request, budget);
        char message[48];
        if (r.win >= 0 && r.playouts > 0)
            snprintf(message, sizeof message, "win %.0f%% (%ld sims)", 100 * r.win, r.playouts);
        else if (r.nodes > 0)
            snprintf(message, sizeof message, "solved: %.0f pts, first %.0f%%", r.value, 100 * r.win);
        else if (r.win < 0)
            snprintf(message, sizeof message, "final %.0f pts", r.value);
        else
            snprintf(message, sizeof message, "only choice");
        r.answer.message = message;
        const kd::Game& g = request.game;
        char reply[40] = "";  // how much the next player's pick is expected to be greedy's
        if (r.reply_weight > 0) snprintf(reply, sizeof reply, " | greedy reply %.2f", r.reply_weight);
        char note[240];
        snprintf(note, sizeof note,
                 "turn %d/%d %s: PUT %d %d %d PICK %d | value %.3f win %.3f | %d candidates, %ld playouts, %ld nodes%s",
                 g.turn() + 1, g.variant().turns, r.mode, r.answer.put.x, r.answer.put.y, r.answer.put.rotation,
                 r.answer.pick, r.value, r.win, r.candidates, r.playouts, r.nodes, reply);
        r.answer.note = note;
        return r.answer;
    });
}
