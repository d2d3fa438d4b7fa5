// The referee's command line as referee --help prints it, and the error that
// shows it: every command (play_command.h, merge_command.h, paired_command.h)
// reads its own options and refuses a bad one with usage_error.
#pragma once

#include <cstdlib>
#include <iostream>
#include <string>

namespace kd {

inline constexpr const char* kRefereeUsage =
    "usage: referee --variant 2p|3p|4p|duel --games N --seed S --jobs J\n"
    "               --rule match|adjacent --time-scale F [--no-timeout]\n"
    "               --bot \"CMD\" --bot \"CMD\" [...]\n"
    "               [--json FILE] [--replay-dir DIR] [--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05]\n"
    "               [--show] [--strict-put] [--progress N]\n"
    "       referee --merge FILE... [--json FILE] [--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05]\n"
    "       referee --paired A.json B.json\n"
    "       referee --check-replay REPLAY.json...\n"
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
    "rules part; it exits with 1 when any file fails.\n"
    "--progress N prints a line on stderr every N games: bot 0's result so far\n"
    "(win rate or first places, with two players its Elo, and the SPRT's LLR).\n";

// Says what is wrong with the command line, then the usage; exits with 2.
[[noreturn]] inline void usage_error(const std::string& message) {
    std::cerr << "referee: " << message << "\n" << kRefereeUsage;
    std::exit(2);
}

}  // namespace kd
