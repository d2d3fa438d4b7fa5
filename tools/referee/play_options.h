// The command line of a run (referee [options]): what it plays and reports,
// and who sits where in each game.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "game.h"
#include "run_record.h"
#include "stats.h"
#include "usage.h"

namespace kd {

struct PlayOptions {
    const Variant* variant = &kTwoPlayers;
    long games = 2;
    uint64_t seed = 1;
    int jobs = 1;
    Rule rule = Rule::Match;
    double time_scale = 1.0;
    bool no_timeout = false, strict_put = false, show = false;
    std::vector<std::string> bots;
    std::string json_path, replay_dir;
    bool sprt = false;
    SprtParams sprt_params;
    long progress = 0;  // > 0: a line on stderr every this many games
};

// Refuses what the options cannot mean together; a single bot in a
// two-player variant plays itself.
inline void check_play_options(PlayOptions& o) {
    if (o.bots.empty()) usage_error("give at least one --bot");
    if (o.games < 1) usage_error("--games must be at least 1");
    if (o.jobs < 1) o.jobs = 1;
    if (o.time_scale <= 0) usage_error("--time-scale must be positive");
    if (o.variant->players == 2) {
        if (o.bots.size() > 2) usage_error("a two-player variant takes one or two --bot");
        if (o.bots.size() == 1) o.bots.push_back(o.bots[0]);  // self-play: two entrants, one command
    }
    if (o.sprt && o.variant->players != 2) usage_error("--sprt needs a two-player variant");
    if (o.progress < 0) usage_error("--progress must be at least 0");
}

// The options of a run; --help prints the usage and exits, a bad command line exits with 2.
inline PlayOptions parse_play_options(int argc, char** argv) {
    PlayOptions o;
    auto need = [&](int& i) -> std::string {
        if (i + 1 >= argc) usage_error(std::string(argv[i]) + " needs a value");
        return argv[++i];
    };
    auto number = [&](const std::string& flag, const std::string& text) {
        char* end;
        double v = strtod(text.c_str(), &end);
        if (text.empty() || *end) usage_error(flag + " expects a number, got '" + text + "'");
        return v;
    };
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::cout << kRefereeUsage;
            std::exit(0);
        } else if (a == "--variant") {
            std::string v = need(i);
            o.variant = variant_by_name(v);
            if (!o.variant) usage_error("unknown variant '" + v + "'");
        } else if (a == "--games") {
            o.games = long(number(a, need(i)));
        } else if (a == "--seed") {
            o.seed = uint64_t(number(a, need(i)));
        } else if (a == "--jobs") {
            o.jobs = int(number(a, need(i)));
        } else if (a == "--rule") {
            std::string r = need(i);
            if (!rule_by_name(r, o.rule)) usage_error("--rule is match or adjacent, got '" + r + "'");
        } else if (a == "--time-scale") {
            o.time_scale = number(a, need(i));
        } else if (a == "--no-timeout") {
            o.no_timeout = true;
        } else if (a == "--strict-put") {
            o.strict_put = true;
        } else if (a == "--show") {
            o.show = true;
        } else if (a == "--progress") {
            o.progress = long(number(a, need(i)));
        } else if (a == "--bot") {
            o.bots.push_back(need(i));
        } else if (a == "--json") {
            o.json_path = need(i);
        } else if (a == "--replay-dir") {
            o.replay_dir = need(i);
        } else if (a == "--sprt") {
            std::string error;
            o.sprt = true;
            if (!parse_sprt(need(i), o.sprt_params, error)) usage_error("--sprt: " + error);
        } else {
            usage_error("unknown option '" + a + "'");
        }
    }
    check_play_options(o);
    return o;
}

// Seeds are played in groups: twice with seats swapped (two players), or once per rotation.
inline int group_size(const PlayOptions& o) { return o.variant->players; }

// The entrant (index into o.bots) sitting at `seat` in game k.
inline int entrant_at(const PlayOptions& o, long game, int seat) {
    return seat_entrant(group_size(o), int(o.bots.size()), game, seat);
}

}  // namespace kd
