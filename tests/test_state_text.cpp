// The state text that reads back (src/state_text.h): its form, the games it
// must carry (rebuilt by a player, with eliminations, at the end), and the
// texts it must refuse. tests/test_game.cpp checks the round trip at every
// step of thousands of random games.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "greedy.h"
#include "player.h"
#include "state_text.h"

using namespace kd;

namespace {

Game after_greedy_answers(const Variant& v, uint64_t seed, int answers) {
    Game g = Game::deal(v, Rule::Match, seed);
    for (int i = 0; i < answers && !g.is_terminal(); ++i) {
        const GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
    }
    return g;
}

// Reads `text` into a fresh game; the test fails when it is refused.
Game read(const std::string& text) {
    Game g(kTwoPlayers, Rule::Match);
    std::string error;
    EXPECT_TRUE(deserialize(text, g, error)) << error << "\n" << text;
    return g;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    size_t at = 0;
    for (size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1) lines.push_back(text.substr(at, nl - at));
    return lines;
}

// `line` with the word after `key` replaced by `value`.
std::string with_word(const std::string& line, const std::string& key, const std::string& value) {
    const size_t at = line.find(key + " ") + key.size() + 1;
    return line.substr(0, at) + value + line.substr(line.find(' ', at));
}

// A 9x9 grid full of land around the castle.
std::vector<std::string> full_grid() {
    std::vector<std::string> rows(9);
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 9; ++x) rows[size_t(y)] += x == 4 && y == 4 ? "*0" : "c0";
    return rows;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines) text += l + "\n";
    return text;
}

}  // namespace

TEST(StateText, FormOfAFreshDeal) {
    const Game g = Game::deal(kThreePlayers, Rule::Adjacent, 4);
    const std::vector<std::string> lines = lines_of(serialize(g));
    ASSERT_EQ(lines.size(), 4u + 3 * (1 + 9));
    EXPECT_EQ(lines[0], "3p adjacent turn 0 step 0 acting 0 eliminated 0 0 0");
    std::string deck = "deck";
    for (int i = 0; i < 36; ++i) deck += (i == 3 ? " | " : " ") + std::to_string(g.deck_tile(i));
    EXPECT_EQ(lines[1], deck);
    EXPECT_EQ(lines[2], "placing");
    EXPECT_EQ(lines[3].substr(0, 6), "draft ");
    EXPECT_EQ(lines[3].find(":0"), std::string::npos) << "nobody has picked yet";
    EXPECT_EQ(lines[4], "kingdom 0");
    EXPECT_EQ(lines[5 + 4], "_0_0_0_0*0_0_0_0_0");
}

TEST(StateText, GamesOfEveryVariantReadBackEqual) {
    for (const Variant& v : kVariants)
        for (int answers : {0, 1, 7, 20, 1000}) {
            const Game g = after_greedy_answers(v, 11, answers);
            const std::string text = serialize(g);
            const Game back = read(text);
            EXPECT_EQ(serialize(back), text);
            EXPECT_EQ(back.is_terminal(), g.is_terminal()) << v.name << " after " << answers;
            EXPECT_EQ(back.result().rank[0], g.result().rank[0]);
        }
}

TEST(StateText, AGameAPlayerRebuiltReadsBack) {
    // Past draws it never saw are 0 in its deck; its undrawn tiles are guesses.
    Game g = after_greedy_answers(kTwoPlayers, 5, 9);
    PlayerMemory memory;
    const Game rebuilt = memory.receive(g, g.current_player()).game;
    const std::string text = serialize(rebuilt);
    EXPECT_NE(text.find("deck 0 0 0 0"), std::string::npos) << text;
    EXPECT_EQ(serialize(read(text)), text);
}

TEST(StateText, EliminationsAndTheFirstPickerReadBack) {
    Game g = Game::deal(kFourPlayers, Rule::Match, 8);
    g.eliminate(0, "timeout");  // seat 1 picks first now, at step 1 of turn 0
    const std::string text = serialize(g);
    EXPECT_EQ(lines_of(text)[0], "4p match turn 0 step 1 acting 1 eliminated 1 0 0 0");
    Game back = read(text);
    int picks[kMaxDraft];
    ASSERT_GT(g.free_picks(picks), 0);
    g.apply(Placement{}, picks[0]);
    back.apply(Placement{}, picks[0]);
    EXPECT_EQ(serialize(back), serialize(g));
    EXPECT_EQ(back.current_player(), 2);
}

TEST(StateText, RefusesWhatItWouldNotWrite) {
    const std::string good = serialize(after_greedy_answers(kTwoPlayers, 3, 6));
    const std::vector<std::string> lines = lines_of(good);
    auto with_line = [&](size_t i, const std::string& line) {
        std::vector<std::string> l = lines;
        l[i] = line;
        return joined(l);
    };
    const std::string row = lines[5];  // kingdom 0, row 0
    const std::vector<std::pair<const char*, std::string>> bad = {
        {"empty", ""},
        {"unknown variant", with_line(0, "5p" + lines[0].substr(2))},
        {"unknown rule", with_line(0, "2p diagonal" + lines[0].substr(8))},
        {"turn out of range", with_line(0, with_word(lines[0], "turn", "7"))},
        {"someone else acting", with_line(0, with_word(lines[0], "acting", lines[0].find("acting 0") != std::string::npos ? "1" : "0"))},
        {"a double space", with_line(1, "deck  " + lines[1].substr(5))},
        {"tile 49 in the deck", with_line(1, lines[1] + " 49")},
        {"an unknown tile still to draw", with_line(1, lines[1] + " 0")},
        {"a seat that does not play", with_line(3, "draft 1:2")},
        {"five tiles to place", with_line(2, "placing 1:0 2:0 3:1 4:1 5:0")},
        {"a short row", with_line(5, row.substr(2))},
        {"a castle off the centre", with_line(5, "*0" + row.substr(2))},
        {"four crowns", with_line(5, "c4" + row.substr(2))},
        {"a crown on an empty square", with_line(5, "_1" + row.substr(2))},
        {"a kingdom full of land", [&] {
             std::vector<std::string> l = lines;
             const std::vector<std::string> rows = full_grid();
             std::copy(rows.begin(), rows.end(), l.begin() + 5);
             return joined(l);
         }()},
        {"a line more", good + "\n"},
        {"a kingdom missing", joined(std::vector<std::string>(lines.begin(), lines.end() - 10))},
    };
    Game out = Game::deal(kDuel, Rule::Adjacent, 1);
    const std::string before = serialize(out);
    for (const auto& [why, text] : bad) {
        std::string error;
        EXPECT_FALSE(deserialize(text, out, error)) << why << ":\n" << text;
        EXPECT_FALSE(error.empty()) << why;
        EXPECT_EQ(serialize(out), before) << why << ": a refused text must leave the game as it was";
    }
    std::string error;
    EXPECT_TRUE(deserialize(good, out, error)) << error;
}
