// Protocol text both ways (src/bot_protocol.h, src/referee_protocol.h) and
// the game a bot rebuilds from it (src/tracker.h, src/play.h).
#include <gtest/gtest.h>

#include <cstring>
#include <sstream>

#include "greedy.h"
#include "json.h"
#include "bot_protocol.h"
#include "player.h"
#include "referee_protocol.h"
#include "tracker.h"
#include "utf8.h"

using namespace kd;

TEST(ParsePut, WellFormedLines) {
    Placement p;
    std::string err;
    ASSERT_TRUE(parse_put("PUT 3 4 1", p, err));
    EXPECT_EQ(p, (Placement{3, 4, 1}));
    ASSERT_TRUE(parse_put("  PUT  5 6  3 \r", p, err));
    EXPECT_EQ(p, (Placement{5, 6, 3}));
    ASSERT_TRUE(parse_put("PUT 100 -5 0", p, err)) << "outside the grid is illegal, not badly formatted";
    EXPECT_FALSE(p.x >= 0 && p.x < 13 && p.y >= 0);
    ASSERT_TRUE(parse_put("PUT +5 007 +1", p, err)) << "a sign and leading zeros, as Java's Integer.parseInt";
    EXPECT_EQ(p, (Placement{5, 7, 1}));
    ASSERT_TRUE(parse_put("PUT 2147483647 -2147483648 -0", p, err)) << "the 32-bit range, both ends";
    EXPECT_EQ(p.rotation, 0);
}

// Numbers are 32-bit: outside that range a field is badly formatted, not
// saturated (once "PUT 99999999999999999999 0 0" read as x = 100).
TEST(ParseInt, SignsLeadingZerosAndThe32BitRange) {
    struct Case {
        const char* word;
        bool ok;
        int value;
    };
    for (Case c : {Case{"0", true, 0}, {"-0", true, 0}, {"+0", true, 0}, {"+5", true, 5}, {"007", true, 7},
                   {"-12", true, -12}, {"2147483647", true, 2147483647}, {"-2147483648", true, -2147483647 - 1},
                   {"000000000000000000002147483647", true, 2147483647}, {"2147483648", false, 0},
                   {"-2147483649", false, 0}, {"+2147483648", false, 0}, {"99999999999999999999", false, 0},
                   {"999999999999999999999999999999", false, 0}, {"", false, 0}, {"+", false, 0}, {"-", false, 0},
                   {"+-5", false, 0}, {"--5", false, 0}, {"5-", false, 0}, {" 5", false, 0}, {"0x10", false, 0},
                   {"1e3", false, 0}}) {
        int v = 12345;
        EXPECT_EQ(parse_int(c.word, v), c.ok) << "'" << c.word << "'";
        if (c.ok) {
            EXPECT_EQ(v, c.value) << "'" << c.word << "'";
        }
    }
}

TEST(ParsePut, BadlyFormattedLines) {
    Placement p;
    std::string err;
    for (const char* line : {"", "PUT", "PUT 1 2", "PUT a 2 0", "PUT 1 2 4", "PUT 1 2 -1", "put 1 2 0", "PICK 1 2 0",
                             "PUT 1 2 0 extra", "PUT 1.5 2 0", "PUT 1 2 0x1", "PUT 99999999999999999999 0 0",
                             "PUT 0 2147483648 0", "PUT 1 2 +4", "PUT + 2 0"}) {
        EXPECT_FALSE(parse_put(line, p, err)) << "'" << line << "'";
        EXPECT_FALSE(err.empty());
    }
}

TEST(ParsePick, IdAndMessage) {
    int id;
    std::string msg, err;
    ASSERT_TRUE(parse_pick("PICK 12", id, msg, err));
    EXPECT_EQ(id, 12);
    EXPECT_EQ(msg, "");
    ASSERT_TRUE(parse_pick("PICK 7 win 63% (2000 it)", id, msg, err));
    EXPECT_EQ(id, 7);
    EXPECT_EQ(msg, "win 63% (2000 it)");
    ASSERT_TRUE(parse_pick("PICK 7 " + std::string(60, 'x') + " \r", id, msg, err));
    EXPECT_EQ(msg, std::string(60, 'x')) << "whole: the referee cuts it for viewers, in characters";
    ASSERT_TRUE(parse_pick("PICK -1", id, msg, err));
    EXPECT_EQ(id, -1);
    ASSERT_TRUE(parse_pick("PICK +05 go", id, msg, err));
    EXPECT_EQ(id, 5);
    EXPECT_EQ(msg, "go");
    for (const char* line : {"", "PICK", "PICK x", "PUT 1 2 0", "pick 3", "PICK 3x", "PICK 4294967301"})
        EXPECT_FALSE(parse_pick(line, id, msg, err)) << "'" << line << "'";
}

// The referee shows the first codingame::kMaxMessageChars characters of a message, not bytes:
// no UTF-8 character is split. A byte outside UTF-8 is one character.
TEST(AnswerMessage, CutAtFortyCharactersNotBytes) {
    const std::string e_acute = "\xc3\xa9", euro = "\xe2\x82\xac", clef = "\xf0\x9d\x84\x9e";
    std::string message = std::string(38, 'a') + e_acute + euro + clef + "tail";
    EXPECT_EQ(utf8_length(message), 45u);
    EXPECT_EQ(utf8_prefix(message, codingame::kMaxMessageChars), std::string(38, 'a') + e_acute + euro);
    EXPECT_EQ(utf8_prefix(message, 100), message);
    std::string bad = "\xff\x80" + e_acute + "\xe2\x82" + "z";  // stray bytes, then a truncated euro sign
    EXPECT_EQ(utf8_length(bad), 6u);
    EXPECT_EQ(utf8_prefix(bad, 3), "\xff\x80" + e_acute);
    for (const char* overlong_or_surrogate : {"\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80"})
        EXPECT_EQ(utf8_sequence_length(overlong_or_surrogate, 0), 0u) << overlong_or_surrogate;
    EXPECT_EQ(utf8_sequence_length(clef, 0), 4u);
}

// Replays are valid UTF-8 whatever a bot printed: characters kept as they are
// (not each byte escaped on its own), other bytes replaced by U+FFFD.
TEST(AnswerMessage, ReplayTextIsValidUtf8) {
    const std::string repaired = utf8_repaired("caf\xc3\xa9 \xe2\x82\xac\x01\x7f \xff\xe2\x82!\"");
    EXPECT_EQ(repaired, "caf\xc3\xa9 \xe2\x82\xac\x01\x7f \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd!\"")
        << "a replacement for each byte counted as a character, the broken \\xe2\\x82 two";
    EXPECT_EQ(json_text(Json(repaired)), "\"caf\xc3\xa9 \xe2\x82\xac\\u0001\x7f \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd!\\\"\"")
        << "controls escaped, characters as they are";
}

TEST(AnswerText, TwoLinesThatParseBack) {
    std::string text = answer_text(Placement{2, 3, 1}, 17, "hello");
    EXPECT_EQ(text, "PUT 2 3 1\nPICK 17 hello\n");
    EXPECT_EQ(answer_text(Placement{}, -1, ""), "PUT 0 0 0\nPICK -1\n");
}

TEST(RequestText, FirstTurnPlaceholdersAndRelativeIds) {
    Game g = Game::deal(kTwoPlayers, Rule::Match, 5);
    int first = g.draft(0).tile;
    g.apply(Placement{}, first);  // seat 0 picks; seat 1 receives next
    std::string text = request_text(g, 1);
    std::istringstream in(text);
    std::string line;
    for (int i = 0; i < 18; ++i) std::getline(in, line);
    EXPECT_EQ(line, "_0_0_0_0_0_0_0_0_0");
    for (int i = 0; i < 4; ++i) {
        std::getline(in, line);
        EXPECT_EQ(line, "-1 _0 _0 -1 0");
    }
    std::getline(in, line);
    EXPECT_EQ(line, std::to_string(first) + " " + tile_squares_text(first) + " 1") << "seat 0 is player 1 for seat 1";
    EXPECT_EQ(init_text(kTwoPlayers), "2\n4\n");
    EXPECT_EQ(init_text(kDuel), "");
}

TEST(RequestText, LastTurnPlaceholders) {
    Game g = Game::deal(kTwoPlayers, Rule::Match, 5);
    while (!g.last_turn()) {
        GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
    }
    std::string text = request_text(g, g.current_player());
    EXPECT_NE(text.find(" 1\n"), std::string::npos) << "a current tile";
    EXPECT_EQ(text.substr(text.size() - 4 * 12), std::string("-1 _0 _0 -1\n-1 _0 _0 -1\n-1 _0 _0 -1\n-1 _0 _0 -1\n"));
}

// ---------------------------------------------------------------- reading

namespace {
std::string blank_grid(int side, int castle) {
    std::string g;
    for (int y = 0; y < side; ++y) {
        for (int x = 0; x < side; ++x) g += x == castle && y == castle ? "*0" : "_0";
        g += "\n";
    }
    return g;
}
}  // namespace

TEST(RequestReader, StandardFirstRequest) {
    std::string text = "3\n3\n" + blank_grid(9, 4) + blank_grid(9, 4) + blank_grid(9, 4) +
                       "-1 _0 _0 -1 0\n-1 _0 _0 -1 0\n-1 _0 _0 -1 0\n5 f0 f0 -1\n20 c1 l0 2\n44 g0 w2 -1\n";
    std::istringstream in(text);
    std::string first;
    std::getline(in, first);
    RequestReader reader;
    Observation obs;
    ASSERT_TRUE(reader.read(first, in, obs));
    EXPECT_EQ(obs.players, 3);
    EXPECT_EQ(obs.draft_size, 3);
    EXPECT_EQ(obs.side, 9);
    EXPECT_EQ(obs.placed[0].tile, -1);
    EXPECT_EQ(obs.draft[1].tile, 20);
    EXPECT_EQ(obs.draft[1].owner, 2);
    EXPECT_TRUE(obs.warnings.empty());
    Tracker tracker;
    std::vector<std::string> warnings;
    Game g = tracker.build(obs, Rule::Match, warnings);
    EXPECT_TRUE(g.first_turn());
    EXPECT_EQ(g.current_player(), 0);
    EXPECT_EQ(&g.variant(), &kThreePlayers);
}

TEST(RequestReader, DuelHasNoInitLinesAndSeparatorsAreTolerated) {
    std::string grid;
    for (int y = 0; y < 13; ++y) {
        for (int x = 0; x < 13; ++x) grid += std::string(x ? " " : "") + (x == 6 && y == 6 ? "*0" : "_0");
        grid += "\n";
    }
    std::string text = grid + grid + "0 _0 _0 0 0\n0 _0 _0 0 0\n\n\n1 c0 c0 -1\n2 c0 c0 -1\n3 f0 f0 -1\n4 f0 f0 -1\n";
    std::istringstream in(text);
    std::string first;
    std::getline(in, first);
    RequestReader reader;
    Observation obs;
    ASSERT_TRUE(reader.read(first, in, obs));
    EXPECT_EQ(obs.players, 2);
    EXPECT_EQ(obs.side, 13);
    EXPECT_EQ(obs.terrain[0][6][6], kCastle);
    EXPECT_EQ(obs.placed[0].tile, -1) << "odd filler is filler";
    Tracker tracker;
    std::vector<std::string> warnings;
    Game g = tracker.build(obs, Rule::Match, warnings);
    EXPECT_EQ(&g.variant(), &kDuel);
    EXPECT_TRUE(g.first_turn());
}

TEST(RequestReader, TruncatedInputIsReported) {
    std::string text = "2\n4\n" + blank_grid(9, 4) + "_0_0\n";
    std::istringstream in(text);
    std::string first;
    std::getline(in, first);
    RequestReader reader;
    Observation obs;
    std::memset(obs.terrain, kCorn, sizeof obs.terrain);  // as if a previous request left land everywhere
    EXPECT_FALSE(reader.read(first, in, obs));
    EXPECT_FALSE(obs.warnings.empty());
    EXPECT_EQ(obs.terrain[0][4][4], kCastle);
    EXPECT_EQ(obs.terrain[1][4][4], kEmpty) << "unread squares must read as empty";
    EXPECT_EQ(obs.terrain[1][8][8], kEmpty);
}

TEST(Player, AnswersSafelyOnGarbageAndTruncatedInput) {
    for (std::string text : {std::string("2\n4\nhello\n"), std::string("garbage\n\n\n"),
                             "2\n4\n" + blank_grid(9, 4) + blank_grid(9, 4) + "-1 _0 _0 -1 0\n"}) {
        std::istringstream in(text);
        std::ostringstream out;
        int rc = play(in, out, PlayerOptions(), [](const Request&, const TimeBudget&) { return Answer{}; });
        EXPECT_EQ(rc, 1);
        std::istringstream answer(out.str());
        std::string put, pick, err;
        std::getline(answer, put);
        std::getline(answer, pick);
        Placement p;
        int id;
        std::string msg;
        EXPECT_TRUE(parse_put(put, p, err)) << out.str();
        EXPECT_TRUE(parse_pick(pick, id, msg, err)) << out.str();
    }
}

// Replays whole games through the text protocol: the game each player rebuilds
// from its requests must offer exactly the true game's choices.
TEST(Tracker, RebuildsTheTrueGameFromText) {
    for (const Variant& v : kVariants)
        for (uint64_t seed = 1; seed <= 40; ++seed) {
            Game g = Game::deal(v, Rule::Match, seed);
            RequestReader readers[kMaxPlayers];
            Tracker trackers[kMaxPlayers];
            bool started[kMaxPlayers] = {};
            while (!g.is_terminal()) {
                int seat = g.current_player();
                std::istringstream in((started[seat] ? "" : init_text(v)) + request_text(g, seat));
                started[seat] = true;
                std::string first;
                std::getline(in, first);
                Observation obs;
                ASSERT_TRUE(readers[seat].read(first, in, obs));
                std::vector<std::string> warnings;
                Game seen = trackers[seat].build(obs, Rule::Match, warnings);
                ASSERT_TRUE(warnings.empty()) << warnings[0];
                ASSERT_EQ(seen.current_player(), 0);
                ASSERT_EQ(seen.turn(), g.turn()) << v.name << " seed " << seed;
                ASSERT_EQ(seen.current_tile(), g.current_tile());
                ASSERT_EQ(seen.undrawn_count(), g.undrawn_count());
                for (int p = 0; p < v.players; ++p)
                    for (int y = 0; y < v.side; ++y)
                        ASSERT_EQ(seen.kingdom(p).row_text(y), g.kingdom((seat + p) % v.players).row_text(y));
                Placement a[kMaxPlacements], b[kMaxPlacements];
                int na = seen.legal_placements(a), nb = g.legal_placements(b);
                ASSERT_EQ(na, nb);
                for (int i = 0; i < na; ++i) ASSERT_EQ(a[i], b[i]);
                int pa[kMaxDraft], pb[kMaxDraft];
                int ka = seen.free_picks(pa), kb = g.free_picks(pb);
                ASSERT_EQ(ka, kb);
                for (int i = 0; i < ka; ++i) ASSERT_EQ(pa[i], pb[i]);
                // Whatever the rebuilt game does next, the true game must agree on who acts:
                // play the same greedy answer in both and compare the next actor in relative terms.
                GreedyChoice c = full_greedy(g);
                GreedyChoice c2 = full_greedy(seen);
                ASSERT_EQ(c.put, c2.put);
                ASSERT_EQ(c.pick, c2.pick);
                Game seen_next = seen;
                g.apply(c.put, c.pick);
                seen_next.apply(c.put, c.pick);
                if (!g.is_terminal() && g.turn() == seen_next.turn() && !seen_next.is_terminal()) {
                    ASSERT_EQ(seen_next.current_player(), (g.current_player() - seat + v.players) % v.players);
                }
                // Card counting: the tiles still to come are among the unseen ones.
                int8_t unseen[kTileCount];
                int n = trackers[seat].unseen_tiles(unseen);
                for (int i = g.drawn_count(); i < g.drawn_count() + g.undrawn_count(); ++i)
                    ASSERT_NE(std::find(unseen, unseen + n, g.deck_tile(i)), unseen + n);
            }
        }
}

// RULES.md, "Robustness": under Auto, a player answers a match-legal
// placement when there is one, and an adjacent-legal one only when match has none.
TEST(Player, AutoRuleFallsBackToAdjacentOnlyWhenMatchHasNoPlacement) {
    Game g(kTwoPlayers, Rule::Match);
    Kingdom& k = g.kingdom_mut(0);
    for (auto [x, y] : {std::pair{3, 4}, {5, 4}, {4, 3}, {4, 5}}) k.put_square(x, y, kForest, 0);  // the castle walled in
    const Slot placing[] = {{7, 0}, {20, 1}};  // tile 7: lake, lake
    const Slot draft[] = {{30, -1}, {31, -1}};
    g.set_position(1, 0, placing, 2, draft, 2, 8, 0, 0);
    ASSERT_FALSE(k.has_legal_placement(kTiles[7], Rule::Match));
    ASSERT_TRUE(k.has_legal_placement(kTiles[7], Rule::Adjacent));

    Answer auto_answer, match_answer;
    make_safe(g, RuleMode::Auto, auto_answer);
    make_safe(g, RuleMode::Match, match_answer);
    EXPECT_TRUE(k.is_legal(kTiles[7], Rule::Adjacent, auto_answer.put));
    EXPECT_FALSE(match_answer.put.valid());  // nothing to offer: the referee discards the tile
    EXPECT_EQ(auto_answer.pick, 30);

    // With a lake next to the castle's wall, match has placements again: Auto must use one,
    // even when the decision offered an adjacent-only spot.
    k.put_square(6, 4, kLake, 0);
    ASSERT_TRUE(k.has_legal_placement(kTiles[7], Rule::Match));
    Answer adjacent_only;
    adjacent_only.put = Placement{2, 4, 3};  // next to the forest at (3, 4) only
    ASSERT_TRUE(k.is_legal(kTiles[7], Rule::Adjacent, adjacent_only.put));
    ASSERT_FALSE(k.is_legal(kTiles[7], Rule::Match, adjacent_only.put));
    make_safe(g, RuleMode::Auto, adjacent_only);
    EXPECT_TRUE(k.is_legal(kTiles[7], Rule::Match, adjacent_only.put));
}

// Whatever a request says, the game a player rebuilds holds together
// (Game::problem): land the rules could not have put there, a tile named twice
// and tiles out of order are read as a game could have them, with a warning.
TEST(Tracker, AnyRequestGivesAGameThatHoldsTogether) {
    Game g = Game::deal(kTwoPlayers, Rule::Match, 4);
    while (g.turn() < 2) {
        const GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
    }
    std::string text = request_text(g, g.current_player());
    std::vector<std::string> lines;
    std::istringstream split(text);
    for (std::string line; std::getline(split, line);) lines.push_back(line);
    lines[0] = "c1" + lines[0].substr(2);  // land at column 0 and ...
    lines[8] = lines[8].substr(0, 16) + "f0";  // ... at column 8: nine wide
    std::swap(lines[18 + 4], lines[18 + 5]);   // the draft out of order
    lines[18 + 7] = lines[18 + 6];             // and a tile named twice
    std::string request = init_text(kTwoPlayers);
    for (const std::string& line : lines) request += line + "\n";
    std::istringstream in(request);
    std::string first;
    std::getline(in, first);
    RequestReader reader;
    Observation obs;
    ASSERT_TRUE(reader.read(first, in, obs));
    Tracker tracker;
    std::vector<std::string> warnings;
    const Game seen = tracker.build(obs, Rule::Match, warnings);
    EXPECT_EQ(seen.problem(), nullptr) << seen.problem();
    bool told = false;
    for (const std::string& w : warnings) told |= w.find("wider than a kingdom") != std::string::npos;
    EXPECT_TRUE(told) << "a warning says land was ignored";
    EXPECT_EQ(seen.draft_count(), 3) << "the tile named twice counts once";
    for (int i = 1; i < seen.draft_count(); ++i) EXPECT_LT(seen.draft(i - 1).tile, seen.draft(i).tile);
}
