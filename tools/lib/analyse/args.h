// tools/analyse's command line (CLI11): the options read into Args (the
// bot's own options are checked here and passed on as words, in their order).
#pragma once

#include <unistd.h>

#include <sstream>
#include <string>
#include <vector>

#include "command_line.h"
#include "play.h"
#include "search.h"

namespace kd {
namespace analysis {

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

namespace args_detail {

constexpr const char* kAbout = R"(Runs our bot's search (src/search.h) on one position of a game and prints
every candidate answer (PUT, PICK) with its playouts, mean playout value and
share of first places, the chosen one first; the mode (mc: Monte Carlo,
exact: the endgame solver, forced: a single candidate); and the position.
  tools/analyse REPLAY.json --request K [--seat S] [options]
  tools/analyse [options] < requests.txt      (one player's requests, the last searched)
  tools/analyse --position FILE [options])";

constexpr const char* kMore = R"(The search's options are the bot's: by default those of the seat's command in
the replay (its "bots" entry, read as the bot reads its command line), then
--playouts, --time-ms, --seed, --set and --rule given here, a later one winning.
A seat's command is our bot's when one of its words has the file name "bot"
or a name starting "bot_" (build/bot, bin/bot, build-asan/bot_sanitized); the
words after that one are the bot's options. The replay viewer uses the same
rule to show this command under each of our bot's answers.

Given the seed, playouts, settings and request index the bot had, the search
gives the answer the bot gave. With 3 or 4 players the bot's answers depend on
its earlier ones (what they taught it about the others' picks): the seat's
earlier requests are searched first, as the bot did. Exit status: 0, 1 for a replay or request that
cannot be analysed, 2 for a bad command line.)";

// One of the bot's options, passed on as words in the order given, once the checks added to it pass.
template <typename T>
CLI::Option* add_bot_option(CLI::App& app, Args& a, const std::string& name, const std::string& help) {
    return app.add_option_function<T>(name, [&a, name](const T& value) {
           std::ostringstream text;
           text << value;
           a.bot_words.insert(a.bot_words.end(), {name, text.str()});
           // By time: a fixed number of playouts from the bot's command must not stay.
           if (name == "--time-ms") a.bot_words.insert(a.bot_words.end(), {"--playouts", "0"});
       }, help)
        ->trigger_on_parse();
}

}  // namespace args_detail

// The command line read into `a`: --help prints the help and exits, a bad one exits with 2.
inline Args parse_args(int argc, char** argv) {
    using namespace args_detail;
    Args a;
    CLI::App app{kAbout, "analyse"};
    app.footer(kMore);
    app.add_option("REPLAY", a.replay, "a replay written by referee --replay-dir");
    app.add_option("--request", a.request,
                   "the request's index in the replay's \"requests\" list, from 0, whichever seat it went to (the "
                   "viewer's \"index K\"); that seat's requests up to K are read in order by the bot's own memory, "
                   "so the tiles it counts as unseen are the ones it counted");
    app.add_option("--seat", a.seat, "check that request K went to seat S");
    app.add_option("--index", a.index,
                   "stdin only: search the last request with Request::index N (the player's requests before it, "
                   "which seed the deals)");
    app.add_option("--position", a.position,
                   "a request as a state text (src/state_text.h, as the bench's positions); a first line \"seed S\" "
                   "gives the search's seed");
    add_bot_option<unsigned long>(app, a, "--playouts", "a fixed number of playouts (reproducible)");
    add_bot_option<unsigned long>(app, a, "--time-ms",
                                  "by time, as the bot with --time-ms N (its first answer 20 times more, at most "
                                  "800 ms): not reproducible");
    add_bot_option<unsigned long long>(app, a, "--seed", "the search's seed (when the bot had none: 1)");
    add_bot_option<std::string>(app, a, "--set", "a search setting (set_search_option in src/search.h)")
        ->check(CLI::Validator([](std::string& v) {
            SearchOptions scratch;
            return set_search_option(scratch, v) ? "" : "unknown setting '" + v + "'";
        }, ""));
    add_bot_option<std::string>(app, a, "--rule", "the bot's placement rule (auto: match, else adjacent)")
        ->check(CLI::IsMember({"match", "adjacent", "auto"}));
    app.add_flag("--json", a.json, "the same as one JSON object");
    parse_command_line(app, argc, argv);
    if ((app.count("--request") && a.request < 0) || (app.count("--seat") && a.seat < 0) ||
        (app.count("--index") && a.index < 0))
        command_line_error(app, "--request, --seat and --index take numbers from 0");
    std::string error;
    if (!a.replay.empty() && a.request < 0) error = "which request? --request K (the index in the replay's requests)";
    if (!a.replay.empty() && a.index >= 0) error = "--index is for stdin: in a replay it is the seat's requests before K";
    if (a.replay.empty() && (a.request >= 0 || a.seat >= 0)) error = "--request and --seat need a replay";
    if (!a.position.empty() && !a.replay.empty()) error = "a replay or a position, not both";
    if (a.replay.empty() && a.position.empty() && isatty(0)) error = "give a replay, a position, or requests' text on stdin";
    if (!error.empty()) command_line_error(app, error);
    return a;
}

}  // namespace analysis
}  // namespace kd
