// The bot's side of the protocol text (RULES.md, "Input, per request" and
// "Output, per request"): it reads requests and writes answers. The
// referee's side, writing requests and reading answers, is
// referee_protocol.h, which the upload does not carry.
#pragma once

#include <cstdint>
#include <cstring>
#include <istream>
#include <string>
#include <vector>

#include "codingame.h"
#include "game.h"
#include "protocol_words.h"

namespace kd {

// ---------------------------------------------------------------- answers

// What viewers see of a PICK message: the bot cuts its own to it.
constexpr size_t kMaxMessage = codingame::kMaxMessageChars;

// An answer's two lines. An invalid placement (none was possible) is written
// as 0 0: the PUT line must stay well formed, and the referee discards the tile.
inline std::string answer_text(Placement put, int pick, const std::string& message) {
    std::string text = "PUT " + std::to_string(put.x < 0 ? 0 : put.x) + " " + std::to_string(put.y < 0 ? 0 : put.y) +
                       " " + std::to_string(put.rotation) + "\nPICK " + std::to_string(pick);
    if (!message.empty()) text += " " + message.substr(0, kMaxMessage);
    return text + "\n";
}

// ---------------------------------------------------------------- requests

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
        int id, owner, current = 0;  // GCC -O1 (the TSan build) cannot see that parse_int sets it first
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
