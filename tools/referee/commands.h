// The referee's three commands, a file each, and the usage they share:
// referee.cpp picks the command from the first word of the command line.
#pragma once

#include <string>

namespace kd {

// The whole command line, as referee --help prints it.
extern const char* const kRefereeUsage;

// Says what is wrong with the command line, then the usage; exits with 2.
[[noreturn]] void usage_error(const std::string& message);

// referee [options]: plays a run of games (play_command.cpp).
int play_command(int argc, char** argv);

// referee --merge FILE...: the summary of chunks of a match played apart (merge_command.cpp).
int merge_command(int argc, char** argv);

// referee --paired A B: two runs of the same deals compared game by game (paired_command.cpp).
int paired_command(int argc, char** argv);

}  // namespace kd
