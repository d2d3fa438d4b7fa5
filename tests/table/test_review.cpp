// The review of a person's answer after the game (tools/table/review.h), on
// the requests a seat of a real game received: the bot's own answer reviewed
// is the same and costs nothing; another answer is not the same, and both
// worths are shares in [0, 1]; an answer valued twice on the same deals is
// worth the same (paired), on other deals not exactly.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "check_replay.h"
#include "greedy.h"
#include "json_read.h"
#include "refereed_game.h"
#include "review.h"

namespace kd {
namespace {

// The text seat 0 received in a 2p game of greedy players, up to its request of turn `turn` (then unanswered).
std::string seat_inputs(int turn) {
    MatchConfig cfg;
    cfg.variant = variant_by_name("2p");
    cfg.seed = 7;
    cfg.commands = {"human", "greedy"};
    RefereedGame book(cfg);
    std::string inputs;
    while (true) {
        const Game& g = book.game();
        if (g.current_player() == 0) inputs += book.input();
        if (g.current_player() == 0 && g.turn() == turn) return inputs;
        const GreedyChoice c = full_greedy(g);
        match_detail::Exchange ex;
        ex.input = book.input();
        ex.raw = answer_text(c.put, c.pick, "");
        replay_check::split_answer(ex.raw, ex.put_line, ex.pick_line);
        book.answer(ex, [](match_detail::Fault) {});
    }
}

const std::vector<std::string> kBot = {"--playouts", "200", "--seed", "5"};

JsonValue review(const std::string& inputs, const Answer& person) {
    JsonValue v;
    std::string error;
    EXPECT_TRUE(JsonReader::parse(review_answer(kBot, inputs, person, 300), v, error)) << error;
    EXPECT_TRUE(v["error"].is_null()) << v["error"].text;
    return v;
}

Answer answer_of(const JsonValue& a) {
    Answer out;
    if (!a["put"].is_null())
        out.put = Placement{int8_t(a["put"]["x"].integer()), int8_t(a["put"]["y"].integer()), int8_t(a["put"]["rotation"].integer())};
    out.pick = a["pick"].is_null() ? -1 : int(a["pick"].integer());
    return out;
}

TEST(Review, TheBotsOwnAnswerIsTheSameAndCostsNothing) {
    const std::string inputs = seat_inputs(3);
    const JsonValue first = review(inputs, Answer{});
    const JsonValue again = review(inputs, answer_of(first["bot"]));
    EXPECT_TRUE(again["same"].boolean);
    EXPECT_EQ(again["bot_value"].number(), again["person_value"].number());
    EXPECT_EQ(again["bot_first"].number(), again["person_first"].number());
}

TEST(Review, AnotherAnswerIsValuedOnTheSameDeals) {
    const std::string inputs = seat_inputs(3);
    const BotSearch bot(kBot, inputs);
    ASSERT_TRUE(bot.error.empty()) << bot.error;
    const Game& g = bot.analysis.request.game;
    PlacementList spots;
    ASSERT_GT(g.legal_placements(spots), 1);
    int picks[kMaxDraft];
    ASSERT_GT(g.answer_picks(picks), 0);
    Answer other{spots[0], picks[0], "", ""};
    if (same_answer(g, other, bot.analysis.sent)) other.put = spots[1];
    const JsonValue v = review(inputs, other);
    EXPECT_FALSE(v["same"].boolean);
    for (const char* key : {"bot_value", "bot_first", "person_value", "person_first"}) {
        EXPECT_GE(v[key].number(), 0.0) << key;
        EXPECT_LE(v[key].number(), 1.0) << key;
    }
    const PolicyWeights w = SearchOptions{}.weights.for_variant(g.variant());
    const AnswerWorth a = answer_worth(bot.analysis.request, other, w, 100, 9), b = answer_worth(bot.analysis.request, other, w, 100, 9),
                      c = answer_worth(bot.analysis.request, other, w, 100, 10);
    EXPECT_EQ(a.value, b.value);
    EXPECT_NE(a.value, c.value);
}

}  // namespace
}  // namespace kd
