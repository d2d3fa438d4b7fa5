// The stop rule (src/timeman.h) on a fake clock: deterministic, no timing
// flakes. Each test plays a search's loop of playouts whose durations it
// chooses, and checks that the answer ends before its deadline, even with one
// more preemption as long as the longest seen, and that the budget is used.
#include <gtest/gtest.h>

#include <functional>

#include "decision.h"
#include "greedy.h"
#include "player.h"
#include "search.h"
#include "timeman.h"

using namespace kd;

namespace {

// A clock that moves only when told to, or by `tick` at every reading.
class FakeClock : public ClockSource {
  public:
    explicit FakeClock(Clock::duration tick = Clock::duration::zero()) : tick_(tick) {}
    Clock::time_point now() const override {
        const Clock::time_point t = t_;
        t_ += tick_;
        return t;
    }
    void advance_ms(double ms) { t_ += ms_to_duration(ms); }
    Clock::time_point at() const { return t_; }

  private:
    Clock::duration tick_;
    mutable Clock::time_point t_{};
};

struct SearchLoop {
    long playouts = 0;
    double end_ms = 0;      // since the answer's start, when the search stopped
    double longest_ms = 0;  // the longest playout
};

// A search's loop under the stop rule: playout i lasts duration_ms(i).
SearchLoop play(FakeClock& clock, const TimeBudget& budget, const std::function<double(long)>& duration_ms) {
    StopRule rule(budget);
    SearchLoop run;
    while (!rule.should_stop()) {
        const double d = duration_ms(run.playouts++);
        run.longest_ms = std::max(run.longest_ms, d);
        clock.advance_ms(d);
    }
    EXPECT_EQ(rule.playouts(), run.playouts);
    run.end_ms = duration_to_ms(clock.at() - budget.start());
    return run;
}

// The stop rule's tests use a 40 ms budget for later answers, whatever the
// bot's default (TimeControl::later_ms): the figures below are written for it.
TimeControl forty_ms() {
    TimeControl control;
    control.later_ms = 40;
    return control;
}

}  // namespace

TEST(StopRule, TheDefaultLeavesAMarginOfTheLimit) {
    const TimeControl control;
    EXPECT_LE(control.later_ms, 40.0) << "at least 10 ms of the 50 ms for CodinGame's delays";
    EXPECT_LE(std::min(control.later_ms * control.first_factor, control.first_max_ms), 800.0)
        << "at least 200 ms of the first answer's 1000 ms";
}

TEST(StopRule, FirstMsSetsTheFirstAnswersBudgetOnly) {
    const char* argv[] = {"bot", "--time-ms", "25", "--first-ms", "30"};
    const PlayerOptions o = parse_player_options(5, const_cast<char**>(argv));
    const Clock::time_point t0{};
    EXPECT_DOUBLE_EQ(o.time.budget(t0, true).budget_ms(), 30.0) << "--first-ms: the first answer's budget";
    EXPECT_DOUBLE_EQ(o.time.budget(t0, false).budget_ms(), 25.0) << "later answers keep --time-ms";
    const TimeControl plain;
    EXPECT_GT(plain.budget(t0, true).budget_ms(), 100.0) << "without it the first answer gets its long budget";
}

TEST(StopRule, SteadyPlayoutsUseTheBudgetAndEndInTime) {
    FakeClock clock;
    const TimeBudget budget = forty_ms().budget(clock.at(), false, clock);
    const SearchLoop run = play(clock, budget, [](long) { return 0.02; });
    EXPECT_LE(run.end_ms + run.longest_ms, 40.0) << "a last preemption as long as the longest must still fit";
    EXPECT_GE(run.end_ms, 39.9) << "the budget is used";
    EXPECT_NEAR(double(run.playouts), 40.0 / 0.02, 10);
}

TEST(StopRule, ASlowFirstPlayoutIsTheOnlyOne) {
    // 30 ms of 40 for the first playout: another as long cannot fit.
    FakeClock clock;
    const TimeBudget budget = forty_ms().budget(clock.at(), false, clock);
    const SearchLoop run = play(clock, budget, [](long i) { return i == 0 ? 30.0 : 0.02; });
    EXPECT_EQ(run.playouts, 1);
    EXPECT_DOUBLE_EQ(run.end_ms, 30.0);
}

TEST(StopRule, APreemptionKeepsItsLengthInHandUntilTheEnd) {
    // Playouts of 20 us, one of them preempted for 8 ms: from then on the
    // search keeps twice 8 ms in hand, so a second preemption, and the write, still fit.
    FakeClock clock;
    const TimeBudget budget = forty_ms().budget(clock.at(), false, clock);
    const SearchLoop run = play(clock, budget, [](long i) { return i == 100 ? 8.0 : 0.02; });
    EXPECT_DOUBLE_EQ(run.longest_ms, 8.0);
    EXPECT_LE(run.end_ms + 2 * run.longest_ms, 40.0 + 0.02);
    EXPECT_GE(run.end_ms, 40.0 - 2 * 8.0 - 0.05) << "and not much more";
}

TEST(StopRule, TheFirstAnswerGetsItsLongerBudget) {
    FakeClock clock;
    const TimeBudget budget = forty_ms().budget(clock.at(), true, clock);
    EXPECT_DOUBLE_EQ(budget.budget_ms(), 800.0);
    const SearchLoop run = play(clock, budget, [](long) { return 0.05; });
    EXPECT_LE(run.end_ms + run.longest_ms, 800.0);
    EXPECT_GE(run.end_ms, 799.8);
}

TEST(StopRule, ABudgetNearlySpentOnArrivalStartsNoPlayout) {
    // Reading the request took 39.99 of the 40 ms: not even the first guess fits.
    FakeClock clock;
    const TimeBudget budget = forty_ms().budget(clock.at(), false, clock);
    clock.advance_ms(39.99);
    const SearchLoop run = play(clock, budget, [](long) { return 0.02; });
    EXPECT_EQ(run.playouts, 0);
    EXPECT_NEAR(run.end_ms, 39.99, 1e-9);
}

TEST(StopRule, AMachineThreeTimesSlowerStillEndsInTime) {
    FakeClock fast_clock, slow_clock;
    const TimeBudget fast_budget = forty_ms().budget(fast_clock.at(), false, fast_clock);
    const TimeBudget slow_budget = forty_ms().budget(slow_clock.at(), false, slow_clock);
    const SearchLoop fast = play(fast_clock, fast_budget, [](long i) { return 0.02 + 0.001 * double(i % 7); });
    const SearchLoop slow = play(slow_clock, slow_budget, [](long i) { return 3 * (0.02 + 0.001 * double(i % 7)); });
    EXPECT_LE(slow.end_ms + slow.longest_ms, 40.0);
    EXPECT_GE(slow.end_ms, 39.5);
    EXPECT_NEAR(double(slow.playouts), double(fast.playouts) / 3, double(fast.playouts) * 0.02);
}

TEST(StopRule, PlayoutsLeftFollowsThePaceSoFar) {
    FakeClock clock;
    const TimeBudget budget = forty_ms().budget(clock.at(), false, clock);
    StopRule rule(budget);
    for (int i = 0; i < 100; ++i) {
        ASSERT_FALSE(rule.should_stop());
        clock.advance_ms(0.1);
    }
    // Between two rounds of the search: 100 playouts done in 10 ms.
    EXPECT_NEAR(rule.playouts_left(), (40.0 - 10.0) / 0.1, 1e-6);
}

TEST(StopRule, TheSearchOnAFakeClockEndsBeforeItsDeadline) {
    // Every reading of the clock moves it 50 us: the search reads it about
    // once a playout, so this is a search whose playouts take 50 us.
    Game g = Game::deal(kTwoPlayers, Rule::Match, 3);
    PlayerMemory memory;
    while (g.turn() < 2) {
        const GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
    }
    while (g.current_player() != 0) {
        const GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
    }
    const Request request = memory.receive(g, 0);
    FakeClock clock(ms_to_duration(0.05));
    const TimeBudget budget = forty_ms().budget(clock.at(), false, clock);
    SearchOptions options;
    const SearchReport report = Search(options).decide(request, budget);
    const double end_ms = duration_to_ms(clock.at() - budget.start());
    EXPECT_LE(end_ms, 40.0);
    EXPECT_GT(report.playouts, 600) << "the budget was used: " << end_ms << " ms";
    EXPECT_TRUE(report.answer.put.valid());
}
