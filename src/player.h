// Our players as tests and tools drive them from a true game: the bot's loop
// (play.h) and the referee's side of the text (referee_protocol.h), which
// together let PlayerMemory::receive feed a player the very request the
// referee would send. The upload includes play.h only.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "play.h"
#include "referee_protocol.h"

namespace kd {

inline Request PlayerMemory::receive(const Game& g, int seat) {
    std::istringstream in((requests_read_ ? "" : init_text(g.variant())) + request_text(g, seat));
    std::string first;
    std::getline(in, first);
    bool complete;
    std::vector<std::string> warnings;
    return read(first, in, g.rule(), complete, warnings);
}

// The options of a player whose command is `words` (its name first), read as it reads its argv.
inline PlayerOptions parse_player_words(std::vector<std::string> words) {
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(&word[0]);
    return parse_player_options(int(argv.size()), argv.data());
}

}  // namespace kd
