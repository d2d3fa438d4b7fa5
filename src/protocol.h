// Protocol text (RULES.md, "Input, per request" and "Output, per request").
// The referee writes requests and reads answers with it; the bots read
// requests and write answers. It knows the game's state, nothing of search.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <istream>
#include <limits>
#include <string>
#include <vector>

#include "codingame.h"
#include "game.h"

namespace kd {

inline std::string square_text(int terrain, int crowns) {
    return std::string{kTerrainLetters[terrain], char('0' + crowns)};
}
inline std::string tile_squares_text(int id) {
    const Tile& t = kTiles[id];
    return square_text(t.terrain1, t.crowns1) + " " + square_text(t.terrain2, t.crowns2);
}

// ---------------------------------------------------------------- requests

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

// The whole state as text, for tests and debugging: variant, rule, turn,
// step, who acts, eliminations, the deck in draw order ("|" before the next
// draw) and the request every seat would read now. Equal texts, equal games.
inline std::string state_text(const Game& g) {
    std::string text = std::string(g.variant().name) + (g.rule() == Rule::Match ? " match" : " adjacent") + " turn " +
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

// ---------------------------------------------------------------- answers

constexpr size_t kMaxMessage = codingame::kMaxMessageChars;

// Splits on spaces and tabs.
inline std::vector<std::string> split_words(const std::string& line) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
        if (j > i) words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

// A decimal integer with an optional sign, as Java's Integer.parseInt reads
// it ("+5" is 5, "007" is 7); false when malformed or outside 32 bits.
inline bool parse_int(const std::string& word, int& out) {
    const bool sign = !word.empty() && (word[0] == '-' || word[0] == '+');
    const bool negative = sign && word[0] == '-';
    if (word.size() == size_t(sign)) return false;
    long long v = 0;
    for (size_t j = sign; j < word.size(); ++j) {
        if (word[j] < '0' || word[j] > '9') return false;
        v = v * 10 + (word[j] - '0');
        if (v > -(long long)std::numeric_limits<int32_t>::min()) return false;  // stop before long long overflows
    }
    if (negative) v = -v;
    if (v > std::numeric_limits<int32_t>::max()) return false;
    out = int(v);
    return true;
}

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

// "PICK tileId [message]". The message is given whole: viewers see its
// first kMaxMessage characters (the referee cuts it, counting UTF-8 characters).
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

inline std::string answer_text(Placement put, int pick, const std::string& message) {
    std::string text = "PUT " + std::to_string(put.x < 0 ? 0 : put.x) + " " + std::to_string(put.y < 0 ? 0 : put.y) +
                       " " + std::to_string(put.rotation) + "\nPICK " + std::to_string(pick);
    if (!message.empty()) text += " " + message.substr(0, kMaxMessage);
    return text + "\n";
}

// ---------------------------------------------------------------- reading requests (bots)

// One line of the placed-tiles or draft block. tile is -1 for filler lines.
struct TileLine {
    int tile = -1;
    int owner = -1;      // relative player id, -1: nobody
    bool current = false;
};

// A request as a bot receives it. Seats are relative: 0 is the receiver.
struct Observation {
    int players = 0, draft_size = 0, side = 0;
    int8_t terrain[kMaxPlayers][kMaxSide][kMaxSide];
    int8_t crowns[kMaxPlayers][kMaxSide][kMaxSide];
    TileLine placed[kMaxDraft];
    TileLine draft[kMaxDraft];
    std::vector<std::string> warnings;  // oddities worth a line on stderr
};

// Reads requests, robust to the variations RULES.md's last section lists:
// init lines or not (the duel has none), squares with or without separators,
// any filler in the first-turn and last-turn blocks.
class RequestReader {
  public:
    // Reads the request whose first line has already been read (the caller
    // starts its clock on that line). False when the input ends early; `obs`
    // then holds what was read, and warnings say what was missing.
    bool read(const std::string& first_line, std::istream& in, Observation& obs) {
        obs.warnings.clear();
        for (auto& grid : obs.terrain)  // what a truncated request leaves unread stays empty
            for (auto& row : grid)
                for (auto& t : row) t = kEmpty;
        std::memset(obs.crowns, 0, sizeof obs.crowns);
        std::string line = first_line;
        int value = 0;
        if (is_single_int(line, value)) {  // nbPlayers: the game's first request, or a repeat
            players_ = value;
            if (!next(in, line, obs, "nbTiles")) return false;
            draft_size_ = is_single_int(line, value) ? value : 0;
            if (!next(in, line, obs, "the first grid")) return false;
            from_init_ = true;
        } else if (!players_) {  // no init lines: the duel
            players_ = 2;
            draft_size_ = 4;
        }
        if (players_ < 2 || players_ > kMaxPlayers) {
            obs.warnings.push_back("nbPlayers " + std::to_string(players_) + " is not 2 to 4; assuming 2");
            players_ = 2;
        }
        if (draft_size_ < 3 || draft_size_ > kMaxDraft) {
            int guess = players_ == 3 ? 3 : 4;
            obs.warnings.push_back("nbTiles " + std::to_string(draft_size_) + " is not 3 or 4; assuming " +
                                   std::to_string(guess));
            draft_size_ = guess;
        }
        if (!side_) {
            int squares = count_squares(line);
            side_ = squares == 13 || squares == 9 ? squares : from_init_ ? 9 : 13;
        }
        obs.players = players_;
        obs.draft_size = draft_size_;
        obs.side = side_;
        for (auto& t : obs.placed) t = TileLine{};
        for (auto& t : obs.draft) t = TileLine{};
        for (int p = 0; p < players_; ++p)
            for (int y = 0; y < side_; ++y) {
                if ((p || y) && !next(in, line, obs, "a grid line")) return false;
                read_grid_row(line, obs.terrain[p][y], obs.crowns[p][y], obs);
            }
        for (int i = 0; i < draft_size_; ++i) {
            if (!next(in, line, obs, "a placed-tile line")) return false;
            obs.placed[i] = read_tile_line(line, true);
        }
        for (int i = 0; i < draft_size_; ++i) {
            if (!next(in, line, obs, "a draft line")) return false;
            obs.draft[i] = read_tile_line(line, false);
        }
        return true;
    }

  private:
    static bool next(std::istream& in, std::string& line, Observation& obs, const char* what) {
        if (std::getline(in, line)) return true;
        obs.warnings.push_back(std::string("input ended while reading ") + what);
        return false;
    }
    static bool is_single_int(const std::string& line, int& value) {
        std::vector<std::string> w = split_words(line);
        return w.size() == 1 && parse_int(w[0], value);
    }
    static bool is_square_letter(char c) { return terrain_from_letter(c) >= 0; }
    static int count_squares(const std::string& line) {
        int n = 0;
        for (char c : line) n += is_square_letter(c);
        return n;
    }
    // Squares are a terrain letter, then a crown digit; anything else between them is a separator.
    void read_grid_row(const std::string& line, int8_t* terrain, int8_t* crowns, Observation& obs) const {
        int x = 0;
        for (size_t i = 0; i < line.size() && x < side_; ++i) {
            int t = terrain_from_letter(line[i]);
            if (t < 0) continue;
            int c = 0;
            if (i + 1 < line.size() && line[i + 1] >= '0' && line[i + 1] <= '9') c = line[++i] - '0';
            terrain[x] = int8_t(t);
            crowns[x] = int8_t(t < kLandTerrains ? (c > 3 ? 3 : c) : 0);
            ++x;
        }
        if (x < side_) obs.warnings.push_back("grid line with " + std::to_string(x) + " squares: '" + line + "'");
        for (; x < side_; ++x) terrain[x] = kEmpty, crowns[x] = 0;
    }
    static TileLine read_tile_line(const std::string& line, bool with_current) {
        std::vector<std::string> w = split_words(line);
        TileLine t;
        int id, owner, current;
        if (w.size() >= 4 && parse_int(w[0], id) && valid_tile_id(id) && parse_int(w[3], owner)) {
            t.tile = id;
            t.owner = owner;
            t.current = with_current && w.size() >= 5 && parse_int(w[4], current) && current == 1;
        }
        return t;
    }

    int players_ = 0, draft_size_ = 0, side_ = 0;
    bool from_init_ = false;
};

}  // namespace kd
