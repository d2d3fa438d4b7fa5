// referee: plays Kingdomino games between bot commands over stdin/stdout as
// RULES.md says, many at once, and judges the bots with honest statistics.
// Its command line is CLI11's, shared by its commands in usage.h (referee --help); tools/lib/hosts/
// referee_command.py writes it for tools/arena and tools/tune. This file only
// picks the command: a run, --merge, --paired or --check-replay, each in a header of its own,
// so that the referee stays one file to compile (g++ tools/referee/referee.cpp).
#include <string>

#include "check_replay_command.h"
#include "merge_command.h"
#include "paired_command.h"
#include "play_command.h"

int main(int argc, char** argv) {
    const std::string command = argc > 1 ? argv[1] : "";
    if (command == "--merge") return kd::merge_command(argc, argv);
    if (command == "--paired") return kd::paired_command(argc, argv);
    if (command == "--check-replay") return kd::check_replay_command(argc, argv);
    return kd::play_command(argc, argv);
}
