// What the referee's commands share on their command line (CLI11, through
// command_line.h): the text every --help ends with, the four forms of the
// command line and what each does; and --sprt, which a run and --merge take.
#pragma once

#include <string>

#include "command_line.h"
#include "stats.h"

namespace kd {

inline constexpr const char* kRefereeCommands =
    "The referee's commands:\n"
    "  referee [options] --bot \"CMD\" --bot \"CMD\" [...]   plays a run (these options)\n"
    "  referee --merge FILE... [--json FILE] [--sprt ...]    one run's summary from its chunks\n"
    "  referee --paired A.json B.json                        two runs of the same deals compared\n"
    "  referee --check-replay REPLAY.json...                 replays played again by the rules\n"
    "Two-player variants play every seed twice, seats swapped; 3p and 4p rotate the\n"
    "bots through the seats (a seed is played once per rotation), cycling them when\n"
    "there are fewer bots than seats.\n"
    "--merge gives the summary of runs that played chunks of one match (their --json\n"
    "files), as one run of all their games would; with --sprt, files are taken in\n"
    "the order given and the merge stops at the first one where the test decides.\n"
    "--paired compares two runs of the same deals (same seeds, bots at the same seats,\n"
    "usually one bot changed) game by game: each bot's first places and score in A\n"
    "minus B on the same deal, with 95% intervals over the deals.\n"
    "--check-replay plays each replay again, move by move, by the rules (the game dealt\n"
    "from its seed, every recorded answer judged and played as the referee does) and\n"
    "prints its final scores and ranks, or the first value where the file and the\n"
    "rules part; it exits with 1 when any file fails.\n";

// A referee command's description, and the footer above.
inline void describe_referee_command(CLI::App& app, const std::string& description) {
    app.description(description);
    app.footer(kRefereeCommands);
}

// --sprt elo0=0,elo1=10,alpha=0.05,beta=0.05 into `params`; `given` tells whether it was.
inline CLI::Option* add_sprt_option(CLI::App& app, SprtParams& params, bool& given) {
    return app
        .add_option_function<std::string>(
            "--sprt",
            [&](const std::string& text) {
                std::string error;
                if (!parse_sprt(text, params, error)) throw CLI::ValidationError("--sprt", error);
                given = true;
            },
            "the sequential test: stops once it accepts or rejects")
        ->type_name("elo0=0,elo1=10,alpha=0.05,beta=0.05");
}

}  // namespace kd
