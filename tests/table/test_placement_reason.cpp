// The reasons the table page gives for a placement it refuses
// (tools/table/placement_reason.h) against the engine's own verdict: on the
// kingdoms of random games of every variant and both rules, every placement
// of the tile in play, anywhere on the grid, has no reason exactly when
// Kingdom::is_legal takes it, and each reason is one the rules name.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>

#include "game.h"
#include "placement_reason.h"
#include "random.h"
#include "slow_rules.h"

namespace kd {
namespace {

TEST(PlacementReason, NoReasonExactlyWhenLegal) {
    std::map<std::string, int> seen;
    for (const Variant& v : kVariants)
        for (Rule rule : {Rule::Match, Rule::Adjacent})
            for (uint64_t seed = 1; seed <= 12 / slow::kShare; ++seed) {  // a quarter in the sanitizer build
                Game g = Game::deal(v, rule, seed);
                Rng rng(seed);
                while (!g.is_terminal()) {
                    if (!g.first_turn()) {
                        const Kingdom& k = g.kingdom(g.current_player());
                        const Tile& tile = kTiles[g.current_tile()];
                        for (int y = -1; y <= k.side(); ++y)
                            for (int x = -1; x <= k.side(); ++x)
                                for (int r = 0; r < 4; ++r) {
                                    const Placement p{int8_t(x), int8_t(y), int8_t(r)};
                                    const char* why = placement_problem(k, tile, rule, p);
                                    ASSERT_EQ(why == nullptr, k.is_legal(tile, rule, p)) << v.name << " " << x << " " << y << " " << r;
                                    if (why) seen[std::string(why).substr(0, std::string(why).find(':'))]++;
                                }
                    }
                    PlacementList spots;
                    const int n = g.legal_placements(spots);
                    int picks[kMaxDraft];
                    const int m = g.free_picks(picks);
                    g.apply(n ? spots[rng.below(uint32_t(n))] : Placement{}, m ? picks[rng.below(uint32_t(m))] : -1);
                }
            }
    for (const char* reason : {"outside the kingdom's window", "overlaps", "not connected", "no matching terrain"})
        EXPECT_GT(seen[reason], 0) << reason;
    EXPECT_EQ(seen.count("not legal"), 0u) << "a refusal with no reason the rules name";
    EXPECT_EQ(seen.size(), 4u);
}

}  // namespace
}  // namespace kd
