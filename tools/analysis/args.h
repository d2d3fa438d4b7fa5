// tools/analyse's command line: the usage, and the options read into Args
// (the bot's own options are checked here and passed on as words).
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "play.h"
#include "search.h"

namespace kd {
namespace analysis {

constexpr const char* kUsage = R"USAGE(usage: tools/analyse REPLAY.json --request K [--seat S] [options]
       tools/analyse [options] < requests.txt

Runs our bot's search (src/search.h) on one position of a game and prints
every candidate answer (PUT, PICK) with its playouts, mean playout value and
share of first places, the chosen one first; the mode (mc: Monte Carlo,
exact: the endgame solver, forced: a single candidate); and the position.

  REPLAY.json       a replay written by `referee --replay-dir`
  --request K       the request's index in the replay's "requests" list, from 0,
                    whichever seat it went to (the viewer's "Request k / n
                    (index K)"). That seat's requests up to K are read in order
                    by the bot's own memory, so the tiles it counts as unseen
                    are the ones it counted, and request K is searched with
                    the Request::index the bot had (the seat's requests before it).
  --seat S          check that request K went to seat S
  without REPLAY    the requests of one player on stdin, as the bot reads them;
                    the last one is searched. With a single request the
                    memory is that request alone: card counting sees only its drafts.
  --index N         stdin only: search the last request with Request::index N
                    (the player's requests before it, which seed the deals)
  --position FILE   a request as a state text (src/state_text.h: what the
                    player knows, as the bench's positions are written); a
                    first line "seed S" gives the search's seed

The search's options are the bot's: by default those of the seat's command in
the replay (its "bots" entry, read as the bot reads its command line), then
these, a later one winning:
  --playouts N      a fixed number of playouts (reproducible)
  --time-ms N       by time, as the bot with --time-ms N (its first answer 20
                    times more, at most 800 ms): not reproducible
  --seed N          the search's seed (when the bot had none: 1)
  --set NAME=VALUE  a search setting (set_search_option in src/search.h)
  --rule match|adjacent|auto
  --json            the same as one JSON object
  -h, --help        this text

A seat's command is our bot's when one of its words has the file name "bot"
or a name starting "bot_" (build/bot, bin/bot, build-asan/bot_sanitized); the
words after that one are the bot's options. The replay viewer uses the same
rule to show this command under each of our bot's answers.

Given the seed, playouts, settings and request index the bot had, the search
gives the answer the bot gave. Exit status: 0, 1 for a replay or request that
cannot be analysed, 2 for a bad command line.
)USAGE";

// What the command line asks for.
struct Args {
    std::string replay;     // empty: the requests are on stdin
    long request = -1;      // K, with a replay
    long seat = -1;         // --seat: the seat request K must have gone to
    long index = -1;        // --index, with stdin
    std::string position;   // --position: a request's state text
    bool json = false;
    std::vector<std::string> bot_words;  // --playouts, --time-ms, --seed, --set, --rule, for parse_player_options
};

inline bool read_long(const char* text, long& out) {
    char* end = nullptr;
    out = std::strtol(text, &end, 10);
    return *text && !*end;
}

// Checks one of the bot's options given to analyse and appends it to a.bot_words.
inline bool bot_option(const std::string& name, const std::string& value, Args& a, std::string& error) {
    long number;
    RuleMode mode;
    SearchOptions scratch;
    if (name == "--rule" && !parse_rule_mode(value, mode)) error = "--rule takes match, adjacent or auto";
    else if (name == "--set" && !set_search_option(scratch, value)) error = "unknown setting '" + value + "'";
    else if (name != "--rule" && name != "--set" && (!read_long(value.c_str(), number) || number < 0))
        error = name + " takes a number, not '" + value + "'";
    if (!error.empty()) return false;
    a.bot_words.push_back(name);
    a.bot_words.push_back(value);
    // By time: a fixed number of playouts from the bot's command must not stay.
    if (name == "--time-ms") a.bot_words.insert(a.bot_words.end(), {"--playouts", "0"});
    return true;
}

// False with `error` set for a bad command line; prints the help and exits for --help.
inline bool parse_args(int argc, char** argv, Args& a, std::string& error) {
    static const char* const kBotOptions[] = {"--playouts", "--time-ms", "--seed", "--set", "--rule"};
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        long number;
        if (arg == "-h" || arg == "--help") {
            std::cout << kUsage;
            std::exit(0);
        } else if (arg == "--json") {
            a.json = true;
        } else if (arg == "--request" || arg == "--seat" || arg == "--index") {
            if (!has_value || !read_long(argv[++i], number) || number < 0)
                return error = arg + " takes a number from 0", false;
            (arg == "--request" ? a.request : arg == "--seat" ? a.seat : a.index) = number;
        } else if (arg == "--position") {
            if (!has_value) return error = "--position takes a file", false;
            a.position = argv[++i];
        } else if (std::find(std::begin(kBotOptions), std::end(kBotOptions), arg) != std::end(kBotOptions)) {
            if (!has_value) return error = arg + " takes a value", false;
            if (!bot_option(arg, argv[++i], a, error)) return false;
        } else if (arg.size() > 1 && arg[0] == '-') {
            return error = "unknown option '" + arg + "'", false;
        } else if (a.replay.empty()) {
            a.replay = arg;
        } else {
            return error = "one replay at a time ('" + a.replay + "', then '" + arg + "')", false;
        }
    }
    if (!a.replay.empty() && a.request < 0) error = "which request? --request K (the index in the replay's requests)";
    if (!a.replay.empty() && a.index >= 0) error = "--index is for stdin: in a replay it is the seat's requests before K";
    if (a.replay.empty() && (a.request >= 0 || a.seat >= 0)) error = "--request and --seat need a replay";
    if (!a.position.empty() && !a.replay.empty()) error = "a replay or a position, not both";
    if (a.replay.empty() && a.position.empty() && isatty(0)) error = "give a replay, a position, or requests' text on stdin";
    return error.empty();
}

}  // namespace analysis
}  // namespace kd
