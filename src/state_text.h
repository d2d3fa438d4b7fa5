// A whole game as text that reads back (OpenSpiel's Serialize and
// DeserializeState): for tests, fuzz reproductions, bench positions and bug
// reports. Not in the upload.
//
//   2p match turn 3 step 1 acting 0 eliminated 0 0
//   deck 23 4 ... | 7 9 ...          draw order, "|" before the next draw (0: unknown to a player)
//   placing 4:1 12:0 33:1 40:0       this turn's tiles to place, id:owner (-1: nobody's)
//   draft 7:-1 9:1 17:-1 30:-1       the draft, id:owner
//   kingdom 0                        then its grid rows, as requests show them
//   _0_0_0_0_0_0_0_0_0
//   ...
//
// Equal texts mean equal games: deserialize() accepts only the text serialize()
// gives for the game it builds, so any other spelling, and any position a Game
// cannot rest in, is refused with a reason.
#pragma once

#include <cstdlib>
#include <istream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "decision.h"
#include "game.h"
#include "protocol_words.h"

namespace kd {

namespace state_text_detail {

inline std::string slots_text(const char* name, const Slot* slots, int n) {
    std::string text = name;
    for (int i = 0; i < n; ++i) text += " " + std::to_string(slots[i].tile) + ":" + std::to_string(slots[i].owner);
    return text + "\n";
}

// The first line's words: variant rule turn T step S acting A eliminated E...
struct Header {
    const Variant* variant = nullptr;
    Rule rule = Rule::Match;
    int turn = 0, step = 0, acting = -1;
    uint8_t eliminated = 0;
};

inline bool fail(std::string& error, const std::string& why) {
    error = why;
    return false;
}

inline bool next_line(std::istream& in, std::string& line, const char* what, std::string& error) {
    if (std::getline(in, line)) return true;
    return fail(error, std::string("the text ends before ") + what);
}

inline bool read_header(const std::string& line, Header& h, std::string& error) {
    const std::vector<std::string> w = split_words(line);
    h.variant = w.empty() ? nullptr : variant_by_name(w[0]);
    if (!h.variant) return fail(error, "the first line does not start with a variant: '" + line + "'");
    const int n = h.variant->players;
    if (int(w.size()) != 9 + n || !rule_by_name(w[1], h.rule) || w[2] != "turn" || w[4] != "step" ||
        w[6] != "acting" || w[8] != "eliminated")
        return fail(error, "expected 'VARIANT RULE turn T step S acting A eliminated' and a flag per seat, got '" +
                               line + "'");
    if (!parse_int(w[3], h.turn) || h.turn < 0 || h.turn >= h.variant->turns)
        return fail(error, "turn out of range: " + w[3]);
    if (!parse_int(w[5], h.step) || h.step < 0 || h.step > kMaxDraft) return fail(error, "step out of range: " + w[5]);
    if (!parse_int(w[7], h.acting) || h.acting < -1 || h.acting >= n) return fail(error, "acting out of range: " + w[7]);
    for (int p = 0; p < n; ++p) {
        if (w[size_t(9 + p)] != "0" && w[size_t(9 + p)] != "1")
            return fail(error, "an elimination flag is 0 or 1, got " + w[size_t(9 + p)]);
        if (w[size_t(9 + p)] == "1") h.eliminated = uint8_t(h.eliminated | 1 << p);
    }
    return true;
}

// "deck 23 4 | 7 9": the tiles in draw order and how many are drawn.
inline bool read_deck(const std::string& line, int8_t* deck, int& count, int& drawn, std::string& error) {
    const std::vector<std::string> w = split_words(line);
    if (w.empty() || w[0] != "deck") return fail(error, "expected the deck line, got '" + line + "'");
    count = 0;
    drawn = -1;
    for (size_t i = 1; i < w.size(); ++i) {
        int id;
        if (w[i] == "|" && drawn < 0) {
            drawn = count;
        } else if (count == kTileCount || !parse_int(w[i], id) || id < (drawn < 0 ? 0 : 1) || id > kTileCount) {
            return fail(error, "the deck holds up to 48 tile ids, 0 (unknown) only before '|': '" + line + "'");
        } else {
            deck[count++] = int8_t(id);
        }
    }
    if (drawn < 0) drawn = count;
    return true;
}

// "placing 4:1 12:0" (or draft): up to kMaxDraft tiles, each with its owner's seat or -1.
inline bool read_slots(const std::string& line, const char* name, int players, Slot* slots, int& n,
                       std::string& error) {
    const std::vector<std::string> w = split_words(line);
    if (w.empty() || w[0] != name || w.size() > size_t(1 + kMaxDraft))
        return fail(error, std::string("expected '") + name + "' and up to 4 id:owner pairs, got '" + line + "'");
    n = 0;
    for (size_t i = 1; i < w.size(); ++i) {
        const size_t colon = w[i].find(':');
        int id, owner;
        if (colon == std::string::npos || !parse_int(w[i].substr(0, colon), id) || !valid_tile_id(id) ||
            !parse_int(w[i].substr(colon + 1), owner) || owner < -1 || owner >= players)
            return fail(error, std::string(name) + ": '" + w[i] + "' is not a tile id and a seat (or -1)");
        slots[n++] = Slot{int8_t(id), int8_t(owner)};
    }
    return true;
}

// A grid as row_text() writes it: land squares go to the kingdom, the castle
// stays at the centre. No more land than a full kingdom holds, as a player's
// tracker keeps (it may lie outside the extent: a player rebuilds what it is sent).
inline bool read_kingdom(std::istream& in, int seat, Kingdom& k, std::string& error) {
    const std::string name = "kingdom " + std::to_string(seat);
    const int side = k.side(), centre = side / 2;
    std::string line;
    if (!next_line(in, line, name.c_str(), error)) return false;
    if (line != name) return fail(error, "expected '" + name + "', got '" + line + "'");
    struct Square { int x, y, terrain, crowns; };
    std::vector<Square> land;
    for (int y = 0; y < side; ++y) {
        if (!next_line(in, line, name.c_str(), error)) return false;
        if (int(line.size()) != 2 * side)
            return fail(error, name + ": row " + std::to_string(y) + " is not " + std::to_string(side) +
                                   " squares: '" + line + "'");
        for (int x = 0; x < side; ++x) {
            const int t = terrain_from_letter(line[size_t(2 * x)]), c = line[size_t(2 * x + 1)] - '0';
            if (t < 0 || c < 0 || c > (t < kLandTerrains ? 3 : 0) || (t == kCastle) != (x == centre && y == centre))
                return fail(error, name + ": bad square '" + line.substr(size_t(2 * x), 2) + "' at " +
                                       std::to_string(x) + "," + std::to_string(y));
            if (t < kLandTerrains) land.push_back(Square{x, y, t, c});
        }
    }
    if (int(land.size()) >= k.extent() * k.extent()) return fail(error, name + " has more land than a kingdom holds");
    for (const Square& s : land) k.put_square(s.x, s.y, s.terrain, s.crowns);
    return true;
}

}  // namespace state_text_detail

// The whole state: see the top of this file.
inline std::string serialize(const Game& g) {
    using namespace state_text_detail;
    std::string text = std::string(g.variant().name) + " " + rule_name(g.rule()) + " turn " +
                       std::to_string(g.turn()) + " step " + std::to_string(g.step()) + " acting " +
                       std::to_string(g.current_player()) + " eliminated";
    text.reserve(size_t(4 * (g.players() + 1) * 2 * g.variant().side * g.variant().side));
    for (int p = 0; p < g.players(); ++p) text += g.eliminated(p) ? " 1" : " 0";
    text += "\ndeck";
    for (int i = 0; i < g.drawn_count() + g.undrawn_count(); ++i)
        text += (i == g.drawn_count() ? " | " : " ") + std::to_string(g.deck_tile(i));
    text += g.undrawn_count() == 0 ? " |\n" : "\n";
    Slot slots[kMaxDraft];
    for (int i = 0; i < g.placing_count(); ++i) slots[i] = g.placing(i);
    text += slots_text("placing", slots, g.placing_count());
    for (int i = 0; i < g.draft_count(); ++i) slots[i] = g.draft(i);
    text += slots_text("draft", slots, g.draft_count());
    for (int p = 0; p < g.players(); ++p) {
        text += "kingdom " + std::to_string(p) + "\n";
        for (int y = 0; y < g.kingdom(p).side(); ++y) text += g.kingdom(p).row_text(y) + "\n";
    }
    return text;
}

// Builds the game `text` describes into `out`, through Game's public API
// only. False, with `error` saying why and `out` unchanged, when the text is
// not what serialize() writes for the game it describes.
inline bool deserialize(const std::string& text, Game& out, std::string& error) {
    using namespace state_text_detail;
    std::istringstream in(text);
    std::string header_line, deck_line, placing_line, draft_line;
    Header h;
    if (!next_line(in, header_line, "the first line", error) || !read_header(header_line, h, error)) return false;
    const int n = h.variant->players;
    int8_t deck[kTileCount];
    Slot placing[kMaxDraft], draft[kMaxDraft];
    int count, drawn, n_placing, n_draft;
    if (!next_line(in, deck_line, "the deck", error) || !read_deck(deck_line, deck, count, drawn, error) ||
        !next_line(in, placing_line, "the tiles to place", error) ||
        !read_slots(placing_line, "placing", n, placing, n_placing, error) ||
        !next_line(in, draft_line, "the draft", error) || !read_slots(draft_line, "draft", n, draft, n_draft, error))
        return false;
    Game g(*h.variant, h.rule);
    for (int p = 0; p < n; ++p)
        if (!read_kingdom(in, p, g.kingdom_mut(p), error)) return false;
    g.set_deck(deck, count);
    // Who picked first on turn 0 shows only then, in who acts at which step.
    const int first_picker = h.turn == 0 && h.acting >= 0 ? (h.acting - h.step + kMaxDraft * n) % n : 0;
    g.set_position(h.turn, h.step, placing, n_placing, draft, n_draft, drawn, h.eliminated, first_picker);
    const std::string canonical = serialize(g);
    if (canonical != text)
        return fail(error, "not a state a game rests in, or not spelled as serialize() writes it; it reads as:\n" +
                               canonical);
    out = g;
    return true;
}

// A request, what a player knows when it must answer, as text: "request index I"
// (its requests before this one), "unseen T T ..." (the tiles it may still
// see drawn), then its game's state text. Bench positions and tools/analyse read it.
inline std::string serialize(const Request& r) {
    std::string text = "request index " + std::to_string(r.index) + "\nunseen";
    for (int i = 0; i < r.n_unseen; ++i) text += " " + std::to_string(r.unseen[i]);
    return text + "\n" + serialize(r.game);
}

inline bool deserialize(const std::string& text, Request& out, std::string& error) {
    using namespace state_text_detail;
    std::istringstream in(text);
    std::string head, unseen_line;
    if (!next_line(in, head, "the request line", error) || !next_line(in, unseen_line, "the unseen tiles", error))
        return false;
    std::vector<std::string> w = split_words(head), tiles = split_words(unseen_line);
    int index = 0;
    if (w.size() != 3 || w[0] != "request" || w[1] != "index" || !parse_int(w[2], index) || index < 0)
        return fail(error, "expected 'request index I', got '" + head + "'");
    if (tiles.empty() || tiles[0] != "unseen" || tiles.size() > size_t(kTileCount) + 1)
        return fail(error, "expected 'unseen T T ...', got '" + unseen_line + "'");
    Game g(kTwoPlayers, Rule::Match);
    std::string state((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!deserialize(state, g, error)) return false;
    Request r(g);
    r.index = index;
    for (size_t i = 1; i < tiles.size(); ++i) {
        int tile = 0;
        if (!parse_int(tiles[i], tile) || !valid_tile_id(tile)) return fail(error, "not a tile: '" + tiles[i] + "'");
        r.unseen[r.n_unseen++] = int8_t(tile);
    }
    out = r;
    return true;
}


// A file of search positions (tests/bench_positions.txt, the screen's): per
// position a line "seed S" (the search's seed), then the request's text.
struct SearchPosition {
    uint64_t seed;
    Request request;
};

inline std::string position_text(const SearchPosition& p) {
    return "seed " + std::to_string(p.seed) + "\n" + serialize(p.request);
}

// The positions of a file's text; false with the reason in `error` when a block does not read.
inline bool read_positions(std::istream& in, std::vector<SearchPosition>& out, std::string& error) {
    std::vector<std::pair<uint64_t, std::string>> blocks;  // seed, request text
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("seed ", 0) == 0) blocks.push_back({std::strtoull(line.c_str() + 5, nullptr, 10), ""});
        else if (!blocks.empty()) blocks.back().second += line + "\n";
    }
    for (const auto& [seed, text] : blocks) {
        SearchPosition p{seed, Request(Game(kTwoPlayers, Rule::Match))};
        if (!deserialize(text, p.request, error)) {
            error = "position " + std::to_string(out.size()) + ": " + error;
            return false;
        }
        out.push_back(p);
    }
    if (out.empty()) return state_text_detail::fail(error, "no position (a block starts with a line 'seed S')");
    return true;
}

}  // namespace kd
