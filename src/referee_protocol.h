// The referee's side of the protocol text (RULES.md, "Input, per request" and
// "Output, per request"): it writes requests and reads answers. The bot's
// side is bot_protocol.h; the upload carries only that one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "game.h"
#include "protocol_words.h"

namespace kd {

// ---------------------------------------------------------------- requests

// A square as grids and tile lines show it: terrain letter, crown digit ("f1").
inline std::string square_text(int terrain, int crowns) {
    return std::string{kTerrainLetters[terrain], char('0' + crowns)};
}
// A tile's two squares as its request line shows them ("f1 l0").
inline std::string tile_squares_text(int id) {
    const Tile& t = kTiles[id];
    return square_text(t.terrain1, t.crowns1) + " " + square_text(t.terrain2, t.crowns2);
}

// The two lines sent once before the first request of a standard game ("" in the duel).
inline std::string init_text(const Variant& v) {
    if (!v.init_lines) return "";
    return std::to_string(v.players) + "\n" + std::to_string(v.draft_size) + "\n";
}

// The request for the player to act now, as seen by seat `receiver`: grids
// from the receiver on, this turn's tiles to place, then the draft.
inline std::string request_text(const Game& g, int receiver) {
    const int n = g.players();
    auto relative = [&](int seat) { return seat < 0 ? -1 : (seat - receiver + n) % n; };
    std::string text;
    text.reserve(2048);
    for (int i = 0; i < n; ++i) {
        const Kingdom& k = g.kingdom((receiver + i) % n);
        for (int y = 0; y < k.side(); ++y) text += k.row_text(y) + "\n";
    }
    const int lines = g.variant().draft_size;
    if (g.first_turn()) {
        for (int i = 0; i < lines; ++i) text += "-1 _0 _0 -1 0\n";
    } else {
        for (int i = 0; i < g.placing_count(); ++i) {
            const Slot& s = g.placing(i);
            text += std::to_string(s.tile) + " " + tile_squares_text(s.tile) + " " +
                    std::to_string(relative(s.owner)) + (i == g.step() ? " 1\n" : " 0\n");
        }
    }
    if (g.last_turn()) {
        for (int i = 0; i < lines; ++i) text += "-1 _0 _0 -1\n";
    } else {
        for (int i = 0; i < g.draft_count(); ++i) {
            const Slot& s = g.draft(i);
            text += std::to_string(s.tile) + " " + tile_squares_text(s.tile) + " " +
                    std::to_string(relative(s.owner)) + "\n";
        }
    }
    return text;
}

// ---------------------------------------------------------------- answers

// "PUT x y rotation". False (and a reason) when badly formatted. Coordinates
// outside the grid are well formed: they make an illegal PUT, not a bad line.
inline bool parse_put(const std::string& line, Placement& out, std::string& error) {
    std::vector<std::string> w = split_words(line);
    int x, y, r;
    if (w.empty() || w[0] != "PUT") {
        error = "expected 'PUT x y rotation', got '" + line.substr(0, 60) + "'";
        return false;
    }
    if (w.size() != 4 || !parse_int(w[1], x) || !parse_int(w[2], y) || !parse_int(w[3], r)) {
        error = "PUT needs three integers, got '" + line.substr(0, 60) + "'";
        return false;
    }
    if (r < 0 || r > 3) {
        error = "rotation must be 0 to 3, got " + w[3];
        return false;
    }
    auto clamp = [](int v) { return int8_t(v < -1 ? -1 : v > 100 ? 100 : v); };
    out = Placement{clamp(x), clamp(y), int8_t(r)};
    return true;
}

// "PICK tileId [message]". The message is given whole: viewers see its first
// codingame::kMaxMessageChars characters (the referee cuts it, counting UTF-8 characters).
inline bool parse_pick(const std::string& line, int& tile, std::string& message, std::string& error) {
    std::vector<std::string> w = split_words(line);
    if (w.empty() || w[0] != "PICK") {
        error = "expected 'PICK tileId [message]', got '" + line.substr(0, 60) + "'";
        return false;
    }
    if (w.size() < 2 || !parse_int(w[1], tile)) {
        error = "PICK needs a tile id, got '" + line.substr(0, 60) + "'";
        return false;
    }
    size_t at = line.find(w[1], line.find("PICK") + 4) + w[1].size();
    while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
    message = at < line.size() ? line.substr(at) : "";
    while (!message.empty() && (message.back() == '\r' || message.back() == ' ')) message.pop_back();
    return true;
}

}  // namespace kd
