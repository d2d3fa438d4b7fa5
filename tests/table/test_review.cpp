// The review of a person's answer after the game (tools/table/review.h), on
// the requests a seat of a real game received: the bot's own answer reviewed
// is the same and costs nothing; another answer is not the same, and both
// worths are shares in [0, 1]; an answer valued twice on the same deals is
// worth the same (paired), on other deals not exactly.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "json.h"
#include "review.h"
#include "seat_inputs.h"

namespace kd {
namespace {

const std::vector<std::string> kBot = {"--playouts", "200", "--seed", "5"};

Json review(const std::string& inputs, const Answer& person) {
    Json v;
    std::string error;
    SeatBots bots;
    EXPECT_TRUE(parse_json(review_answer(bots, "P0", kBot, inputs, person, 300), v, error)) << error;
    EXPECT_TRUE(at(v, "/error").is_null()) << string_at(v, "/error");
    return v;
}

Answer answer_of(const Json& a) {
    Answer out;
    if (!at(a, "/put").is_null())
        out.put = Placement{int8_t(integer_at(a, "/put/x")), int8_t(integer_at(a, "/put/y")),
                            int8_t(integer_at(a, "/put/rotation"))};
    out.pick = at(a, "/pick").is_null() ? -1 : int(integer_at(a, "/pick"));
    return out;
}

TEST(Review, TheBotsOwnAnswerIsTheSameAndCostsNothing) {
    const std::string inputs = seat_inputs("2p", 3);
    const Json first = review(inputs, Answer{});
    const Json again = review(inputs, answer_of(at(first, "/bot")));
    EXPECT_TRUE(at(again, "/same") == true);
    EXPECT_EQ(number_at(again, "/bot_value"), number_at(again, "/person_value"));
    EXPECT_EQ(number_at(again, "/bot_first"), number_at(again, "/person_first"));
}

TEST(Review, AnotherAnswerIsValuedOnTheSameDeals) {
    const std::string inputs = seat_inputs("2p", 3);
    SeatBots bots;
    const BotAnswer bot = bots.answer("P0", kBot, inputs);
    ASSERT_TRUE(bot.error.empty()) << bot.error;
    const Game& g = bot.analysis.request.game;
    PlacementList spots;
    ASSERT_GT(g.legal_placements(spots), 1);
    int picks[kMaxDraft];
    ASSERT_GT(g.answer_picks(picks), 0);
    Answer other{spots[0], picks[0], "", ""};
    if (same_answer(g, other, bot.analysis.sent)) other.put = spots[1];
    const Json v = review(inputs, other);
    EXPECT_TRUE(at(v, "/same") == false);
    for (const char* key : {"bot_value", "bot_first", "person_value", "person_first"}) {
        EXPECT_GE(number_at(v, std::string("/") + key), 0.0) << key;
        EXPECT_LE(number_at(v, std::string("/") + key), 1.0) << key;
        EXPECT_TRUE(at(v, std::string("/") + key).is_number()) << key;
    }
    const PolicyWeights w = SearchOptions{}.for_variant(g.variant()).weights;
    const AnswerWorth a = answer_worth(bot.analysis.request, other, w, 100, 9), b = answer_worth(bot.analysis.request, other, w, 100, 9),
                      c = answer_worth(bot.analysis.request, other, w, 100, 10);
    EXPECT_EQ(a.value, b.value);
    EXPECT_NE(a.value, c.value);
}

}  // namespace
}  // namespace kd
