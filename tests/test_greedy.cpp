// Full greedy (src/greedy.h, with its bounds and pruning) against the plain
// version in tests/slow_greedy.h: the same answer in every position, ties included.
#include <gtest/gtest.h>

#include "greedy.h"
#include "slow_greedy.h"
#include "slow_rules.h"

using namespace kd;

namespace {

// Plays seeded games of mixed random and greedy answers and compares the two
// greedy players at every answer; returns the number of positions compared.
int compare_along_games(const Variant& v, Rule rule, uint64_t first_seed, int games) {
    int compared = 0;
    for (uint64_t seed = first_seed; seed < first_seed + uint64_t(games); ++seed) {
        Game g = Game::deal(v, rule, seed);
        Rng rng(seed * 31 + 7);
        while (!g.is_terminal()) {
            const GreedyChoice fast = full_greedy(g), plain = slow::full_greedy(g);
            EXPECT_EQ(fast.put, plain.put) << v.name << " seed " << seed << " turn " << g.turn() << " step " << g.step();
            EXPECT_EQ(fast.pick, plain.pick) << v.name << " seed " << seed << " turn " << g.turn();
            if (testing::Test::HasFailure()) return compared;
            ++compared;
            // The best answer with each free pick (the search's replies).
            int free[kMaxDraft];
            for (int i = 0, n_free = g.free_picks(free); i < n_free; ++i) {
                const GreedyChoice forced = full_greedy(g, free[i]), plain_forced = slow::full_greedy(g, free[i]);
                EXPECT_EQ(forced.pick, free[i]);
                EXPECT_EQ(forced.put, plain_forced.put) << v.name << " seed " << seed << " pick " << free[i];
                if (testing::Test::HasFailure()) return compared;
            }
            // Random answers half the time: odd kingdoms with holes, discards and ties.
            Placement spots[kMaxPlacements];
            int picks[kMaxDraft];
            const int n = g.legal_placements(spots), m = g.free_picks(picks);
            if (rng.below(2)) {
                g.apply(fast.put, fast.pick);
            } else {
                g.apply(n ? spots[rng.below(uint32_t(n))] : Placement{}, m ? picks[rng.below(uint32_t(m))] : -1);
            }
        }
    }
    return compared;
}

}  // namespace

TEST(FullGreedy, AgreesWithThePlainVersionInEveryVariantAndRule) {
    int compared = 0;
    for (const Variant& v : kVariants)
        for (Rule rule : {Rule::Match, Rule::Adjacent}) {
            compared += compare_along_games(v, rule, 1, (v.players == 2 && v.turns == 7 ? 60 : 16) / slow::kShare);
            if (HasFailure()) return;
        }
    EXPECT_GT(compared, 4000 / slow::kShare);
}

TEST(FullGreedy, LastTurnAndNoLegalSpotFollowThePlainVersion) {
    // Kingdoms filled by random play reach tiles that fit nowhere; check every such answer.
    int no_spot = 0, last = 0;
    for (uint64_t seed = 100; seed < 160; ++seed) {
        Game g = Game::deal(kTwoPlayers, Rule::Match, seed);
        Rng rng(seed);
        while (!g.is_terminal()) {
            Placement spots[kMaxPlacements];
            int picks[kMaxDraft];
            const int n = g.legal_placements(spots), m = g.free_picks(picks);
            if (!g.first_turn()) {
                no_spot += n == 0;
                last += g.last_turn();
                const GreedyChoice fast = full_greedy(g), plain = slow::full_greedy(g);
                ASSERT_EQ(fast.put, plain.put) << "seed " << seed;
                ASSERT_EQ(fast.pick, plain.pick) << "seed " << seed;
            }
            g.apply(n ? spots[rng.below(uint32_t(n))] : Placement{}, m ? picks[rng.below(uint32_t(m))] : -1);
        }
    }
    EXPECT_GT(no_spot, 10);
    EXPECT_GT(last, 100);
}
