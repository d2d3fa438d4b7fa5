// One game's settings, as the run hands them to the match (match.h) and the
// replay records them (replay_writer.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game.h"

namespace kd {

struct MatchConfig {
    const Variant* variant = nullptr;
    Rule rule = Rule::Match;
    uint64_t seed = 0;
    int index = 0;                       // the game's number in the run
    std::vector<std::string> commands;   // one per seat
    double time_scale = 1.0;
    bool no_timeout = false;             // no time limit (limits::kNoTimeoutCapMs remains)
    bool strict_put = false;             // an illegal PUT ends the player's game
    bool record_replay = false;
    double spin_ms = 0;                  // busy-wait this long before each deadline (precise timing)
};

}  // namespace kd
