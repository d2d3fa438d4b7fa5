// A whole game as text, for tests and debugging. Not in the upload.
#pragma once

#include <string>

#include "game.h"
#include "referee_protocol.h"

namespace kd {

// The whole state as text: variant, rule, turn, step, who acts,
// eliminations, the deck in draw order ("|" before the next draw) and the
// request every seat would read now. Equal texts, equal games.
inline std::string state_text(const Game& g) {
    std::string text = std::string(g.variant().name) + " " + rule_name(g.rule()) + " turn " +
                       std::to_string(g.turn()) + " step " + std::to_string(g.step()) + " acting " +
                       std::to_string(g.current_player()) + " eliminated";
    for (int p = 0; p < g.players(); ++p) text += g.eliminated(p) ? " 1" : " 0";
    text += "\ndeck";
    for (int i = 0; i < g.drawn_count() + g.undrawn_count(); ++i)
        text += (i == g.drawn_count() ? " | " : " ") + std::to_string(g.deck_tile(i));
    text += "\n";
    for (int p = 0; p < g.players(); ++p) text += "seat " + std::to_string(p) + "\n" + request_text(g, p);
    return text;
}

}  // namespace kd
