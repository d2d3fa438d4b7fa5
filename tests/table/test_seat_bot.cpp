// Our bot in a seat of the page (tools/table/seat_bot.h), kept across the
// game: at a fixed number of playouts it answers each request as the bot's
// own loop does, which with 3 and 4 players decides every earlier request
// first (tools/analyse's path, analysis.h) — whether it answered the earlier
// ones itself, only learnt from them (the hint's seat), or reads them all at
// once (after a reload); a request asked again is answered again, and a bot
// of another game starts again.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "analysis.h"
#include "seat_bot.h"
#include "seat_inputs.h"

namespace kd {
namespace {

const std::vector<std::string> kBot = {"--playouts", "200", "--seed", "5"};

// The answer tools/analyse finds at the last request of `inputs`, the earlier ones decided again first.
Answer analysed(const std::string& inputs, const std::vector<std::string>& more = {}) {
    std::vector<std::string> words = {"bot", "--playouts", "200", "--seed", "5"};
    words.insert(words.end(), more.begin(), more.end());
    const PlayerOptions po = parse_player_words(words);
    analysis::Analysis an;
    std::string error;
    EXPECT_TRUE(analysis::analyse(analysis::Args{}, inputs, po, an, error)) << error;
    return an.sent;
}

void expect_same(const BotAnswer& a, const Answer& want, const std::string& what) {
    ASSERT_TRUE(a.error.empty()) << what << ": " << a.error;
    EXPECT_TRUE(a.analysis.sent.put == want.put && a.analysis.sent.pick == want.pick) << what;
}

// A seat of a game of greedy players whose answers what the bot learns of the others changes (some of them;
// few in 4p, where the learnt value of each candidate weighs on the 200 playouts: seed 11 has some).
struct Seat {
    const char* variant;
    int seat;
    uint64_t seed;
};

void PrintTo(const Seat& s, std::ostream* out) { *out << s.variant << " seat " << s.seat << " seed " << s.seed; }

class SeatBotGame : public ::testing::TestWithParam<Seat> {};

TEST_P(SeatBotGame, AnswersAsTheBotsOwnLoopAtEveryRequest) {
    const char* variant = GetParam().variant;
    const int seat = GetParam().seat, turns = variant_by_name(variant)->turns;
    const std::string key = "P" + std::to_string(seat);
    auto inputs_at = [&](int turn) { return seat_inputs(variant, turn, seat, GetParam().seed); };
    SeatBots playing, learning;
    int learnt = 0;  // answers that what the bot learnt of the others changed: the test can tell
    for (int turn = 0; turn < turns; ++turn) {
        const std::string inputs = inputs_at(turn);
        const Answer want = analysed(inputs), unlearnt = analysed(inputs, {"--set", "many_learn_replies=0"});
        learnt += !(want.put == unlearnt.put && want.pick == unlearnt.pick);
        const std::string at = std::string(variant) + " turn " + std::to_string(turn + 1);
        expect_same(playing.answer(key, kBot, inputs), want, at + ", answering every request");
        if (turn > 0) learning.answer(key, kBot, inputs_at(turn - 1), false);
        expect_same(learning.answer(key, kBot, inputs), want, at + ", after learning from the request before");
        SeatBots reloaded;
        if (turn == turns / 2 || turn == turns - 1) expect_same(reloaded.answer(key, kBot, inputs), want, at + ", all read at once");
    }
    EXPECT_GT(learnt, 0) << variant << ": no answer depends on what the bot learnt";
}

INSTANTIATE_TEST_SUITE_P(ThreeAndFourPlayers, SeatBotGame, ::testing::Values(Seat{"3p", 0, 10}, Seat{"4p", 1, 11}),
                         [](const ::testing::TestParamInfo<Seat>& i) {
                             return std::string("game") + i.param.variant + "_seat" + std::to_string(i.param.seat);
                         });

TEST(SeatBot, AnotherGameStartsAgain) {
    SeatBots bots;
    bots.answer("P1", kBot, seat_inputs("4p", 5, 1));
    const std::string other = seat_inputs("4p", 3, 1, 8);
    expect_same(bots.answer("P1", kBot, other), analysed(other), "another deal in the same seat");
}

TEST(SeatBot, AnswersARequestAgain) {  // a hint asked anew at the same position
    SeatBots bots;
    const std::string inputs = seat_inputs("2p", 4, 1);
    const BotAnswer first = bots.answer("P1", kBot, inputs);
    expect_same(bots.answer("P1", kBot, inputs), first.analysis.sent, "the same request again");
    EXPECT_EQ(bots.answer("P1", kBot, inputs).analysis.requests, first.analysis.requests);
}

TEST(SeatBot, SaysWhatIsWrong) {
    SeatBots bots;
    const std::string inputs = seat_inputs("3p", 2, 0);
    const std::string cut = inputs.substr(0, inputs.rfind('\n', inputs.size() - 2) + 1);  // its last line gone
    EXPECT_EQ(bots.answer("P0", kBot, cut).error, "the last request's text ends early");
    expect_same(bots.answer("P0", kBot, inputs), analysed(inputs), "after a request cut short");
}

}  // namespace
}  // namespace kd
