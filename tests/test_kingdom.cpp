// The scorer and the placement rules of one kingdom (src/kingdom.h).
#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <sstream>

#include "game.h"
#include "slow_rules.h"

using namespace kd;
using slow::kingdom_from_rows;

namespace {

// Rows of the 5x5 window of a 9x9 grid (castle at the window's centre).
Kingdom standard(const std::vector<std::string>& rows) { return kingdom_from_rows(9, 5, 2, 2, rows); }

void expect_scores(const Kingdom& k, int expected) {
    EXPECT_EQ(k.recount_score(), expected) << "flood fill";
    EXPECT_EQ(k.score(), expected) << "incremental";
    EXPECT_EQ(slow::score(k), expected) << "plain BFS";
}

}  // namespace

TEST(Tiles, TableMatchesTilesCsv) {
    std::ifstream csv(std::string(KD_SOURCE_DIR) + "/tiles.csv");
    ASSERT_TRUE(csv) << "tiles.csv not found";
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "id,terrain1,crowns1,terrain2,crowns2");
    int rows = 0;
    while (std::getline(csv, line)) {
        if (line.empty()) continue;
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream in(line);
        int id, c1, c2;
        char t1, t2;
        ASSERT_TRUE(in >> id >> t1 >> c1 >> t2 >> c2) << line;
        ASSERT_TRUE(valid_tile_id(id));
        const Tile& t = kTiles[id];
        EXPECT_EQ(t.id, id);
        EXPECT_EQ(kTerrainLetters[t.terrain1], t1) << "tile " << id;
        EXPECT_EQ(t.crowns1, c1) << "tile " << id;
        EXPECT_EQ(kTerrainLetters[t.terrain2], t2) << "tile " << id;
        EXPECT_EQ(t.crowns2, c2) << "tile " << id;
        ++rows;
    }
    EXPECT_EQ(rows, kTileCount);
}

// The example of the formal definition (seeds/kingdomino-formal-definition.txt):
// zones 6x3 + 3x0 + 1x0 + 1x0 + 2x3 + 2x0 + 3x3 + 1x1 + 2x1 + 1x0 = 36.
TEST(Score, FormalDefinitionExampleIs36) {
    Kingdom k = standard({
        "c1 c0 c0 f0 f0",
        "c0 c1 c1 l0 f0",
        "g0 m2 *0 w0 w0",
        "f1 m1 l1 g0 g1",
        "w0 _0 l2 l0 _0",
    });
    expect_scores(k, 36);
    EXPECT_EQ(k.territory(), 22);
    EXPECT_EQ(k.crown_count(), 11);
}

TEST(Score, ZonesWithoutCrownsScoreNothing) {
    expect_scores(standard({"c0 c0 c0 f0 f0", "l0 l0 l0 f0 f0", "g0 g0 *0 w0 w0", "_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0"}),
                  0);
}

TEST(Score, CastleSplitsAZone) {
    // Two one-square corn zones either side of the castle: 1x1 + 1x1, not 2x2.
    expect_scores(standard({"_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0", "_0 c1 *0 c1 _0", "_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0"}),
                  2);
    // Joined around the castle they make one zone of 5 squares with 2 crowns.
    expect_scores(standard({"_0 _0 _0 _0 _0", "_0 c0 c0 c0 _0", "_0 c1 *0 c1 _0", "_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0"}),
                  10);
}

TEST(Score, ZonesAreFourConnected) {
    // Diagonal neighbours are separate zones.
    expect_scores(standard({"l1 _0 _0 _0 _0", "_0 l1 _0 _0 _0", "_0 _0 *0 _0 _0", "_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0"}), 2);
}

TEST(Score, FullFiveByFive) {
    std::vector<std::string> rows(5, "c1 c1 c1 c1 c1");
    rows[2] = "c1 c1 *0 c1 c1";
    expect_scores(standard(rows), 24 * 24);
}

TEST(Score, FullSevenBySeven) {
    // 48 forest squares with 10 crowns, on the duel's 13x13 grid.
    std::vector<std::string> rows(7, "f0 f0 f0 f0 f0 f0 f0");
    rows[0] = "f3 f3 f3 f1 f0 f0 f0";
    rows[3] = "f0 f0 f0 *0 f0 f0 f0";
    Kingdom k = kingdom_from_rows(13, 7, 3, 3, rows);
    expect_scores(k, 48 * 10);
    EXPECT_EQ(k.territory(), 48);
}

TEST(Score, MixedFullKingdomMatchesSlowCount) {
    Kingdom k = standard({
        "m3 m0 w2 w0 g1",
        "c0 c0 w0 g0 g2",
        "f1 c1 *0 l1 l0",
        "f0 f0 f1 l0 c0",
        "g0 f0 l1 l0 c1",
    });
    EXPECT_EQ(k.recount_score(), slow::score(k));
    EXPECT_EQ(k.score(), slow::score(k));
    // m: 2x3=6, w: 3x2=6, g(top right): 3x3=9, c(mid): 3x1=3, f: 5x2=10, l: 5x2=10, c(bottom right): 2x1=2, g(bottom left): 0
    EXPECT_EQ(k.score(), 46);
}

TEST(Score, GainPredictsPlacement) {
    // score_gain must equal the change of score for every legal placement of every tile.
    Kingdom k = standard({"_0 _0 _0 _0 _0", "_0 c1 c0 l0 _0", "_0 f0 *0 l1 _0", "_0 f1 w0 _0 _0", "_0 _0 _0 _0 _0"});
    for (int id = 1; id <= kTileCount; ++id) {
        Placement spots[kMaxPlacements];
        int n = k.legal_placements(kTiles[id], Rule::Match, spots);
        for (int i = 0; i < n; ++i) {
            Kingdom after = k;
            after.place(kTiles[id], spots[i]);
            ASSERT_EQ(after.score() - k.score(), k.score_gain(kTiles[id], spots[i])) << "tile " << id;
            ASSERT_EQ(after.score(), after.recount_score());
        }
    }
}

TEST(TieBreaks, TerritoryThenCrowns) {
    Result r;
    r.players = 2;
    r.score[0] = r.score[1] = 10;
    r.territory[0] = 20, r.territory[1] = 22;
    apply_tie_breaks(r);
    EXPECT_EQ(r.adjusted[0], 10);
    EXPECT_EQ(r.adjusted[1], 11);
    EXPECT_EQ(r.rank[0], 2);
    EXPECT_EQ(r.rank[1], 1);

    // Equal territory: both get the territory point, then the crowns decide.
    r.territory[0] = r.territory[1] = 22;
    r.crowns[0] = 7, r.crowns[1] = 5;
    apply_tie_breaks(r);
    EXPECT_EQ(r.adjusted[0], 12);
    EXPECT_EQ(r.adjusted[1], 11);

    r.crowns[1] = 7;  // tied for good: both get both points, a draw
    apply_tie_breaks(r);
    EXPECT_EQ(r.adjusted[0], 12);
    EXPECT_EQ(r.adjusted[1], 12);
    EXPECT_EQ(r.rank[0], 1);
    EXPECT_EQ(r.rank[1], 1);
}

TEST(TieBreaks, OnlyTiedPlayersTakePart) {
    Result r;
    r.players = 3;
    int score[] = {10, 10, 12}, territory[] = {22, 20, 24}, crowns[] = {5, 9, 1};
    for (int i = 0; i < 3; ++i) r.score[i] = score[i], r.territory[i] = territory[i], r.crowns[i] = crowns[i];
    apply_tie_breaks(r);
    EXPECT_EQ(r.adjusted[0], 11);  // most territory among the two on 10
    EXPECT_EQ(r.adjusted[1], 10);
    EXPECT_EQ(r.adjusted[2], 12);  // not tied: no bonus despite the largest territory
    EXPECT_EQ(r.rank[2], 1);
    EXPECT_EQ(r.rank[0], 2);
    EXPECT_EQ(r.rank[1], 3);
}

TEST(TieBreaks, SecondPassSeesTheFirstPassScores) {
    // A climbs to 11 on territory and ties C; C has more crowns.
    Result r;
    r.players = 3;
    int score[] = {10, 10, 11}, territory[] = {22, 20, 18}, crowns[] = {5, 9, 8};
    for (int i = 0; i < 3; ++i) r.score[i] = score[i], r.territory[i] = territory[i], r.crowns[i] = crowns[i];
    apply_tie_breaks(r);
    EXPECT_EQ(r.adjusted[0], 11);
    EXPECT_EQ(r.adjusted[1], 10);
    EXPECT_EQ(r.adjusted[2], 12);
}

// The two examples of RULES.md, "Score and ranking".
Result tie_break_example(std::initializer_list<std::array<int, 3>> players) {
    Result r;
    for (const auto& p : players) {
        r.score[r.players] = p[0], r.territory[r.players] = p[1], r.crowns[r.players] = p[2];
        ++r.players;
    }
    apply_tie_breaks(r);
    return r;
}

TEST(TieBreaks, RulesExampleOneRegroupsAfterTheTerritoryStep) {
    // A 55/22/15, B 56/24/6, C 55/24/14: C reaches 56 on territory, then beats B on crowns.
    Result r = tie_break_example({{55, 22, 15}, {56, 24, 6}, {55, 24, 14}});
    EXPECT_EQ(r.adjusted[0], 55);
    EXPECT_EQ(r.adjusted[1], 56);
    EXPECT_EQ(r.adjusted[2], 57);
    EXPECT_EQ(r.rank[2], 1);
    EXPECT_EQ(r.rank[1], 2);
    EXPECT_EQ(r.rank[0], 3);
}

TEST(TieBreaks, RulesExampleTwoGivesTheTerritoryPointToAWholeTiedGroup) {
    // A 19/20/11, B 46/22/8, C 46/22/7: B and C both get the territory point, then B the crowns one.
    Result r = tie_break_example({{19, 20, 11}, {46, 22, 8}, {46, 22, 7}});
    EXPECT_EQ(r.adjusted[0], 19);
    EXPECT_EQ(r.adjusted[1], 48);
    EXPECT_EQ(r.adjusted[2], 47);
    EXPECT_EQ(r.rank[1], 1);
}

// ---------------------------------------------------------------- placement

namespace {
const Tile& tile_of(int id) { return kTiles[id]; }
Placement at(int x, int y, int r) { return Placement{int8_t(x), int8_t(y), int8_t(r)}; }
}  // namespace

TEST(Placement, FirstTileMustTouchTheCastle) {
    Kingdom k(9, 5);
    const Tile& wheat = tile_of(1);
    EXPECT_TRUE(k.is_legal(wheat, Rule::Match, at(5, 4, 0)));   // right of the castle
    EXPECT_TRUE(k.is_legal(wheat, Rule::Match, at(3, 4, 2)));   // left, pointing left
    EXPECT_TRUE(k.is_legal(wheat, Rule::Match, at(4, 2, 1)));   // second square above... first two above
    EXPECT_TRUE(k.is_legal(wheat, Rule::Match, at(4, 6, 3)));   // second square touches from below
    EXPECT_FALSE(k.is_legal(wheat, Rule::Match, at(6, 4, 0)));  // one square away
    EXPECT_FALSE(k.is_legal(wheat, Rule::Match, at(5, 5, 0)));  // diagonal only
    EXPECT_FALSE(k.is_legal(wheat, Rule::Match, at(4, 4, 0)));  // on the castle
    EXPECT_FALSE(k.is_legal(wheat, Rule::Match, at(3, 4, 0)));  // second square on the castle
}

TEST(Placement, EveryRotationPutsTheSecondSquareWhereRulesSay) {
    const Tile& t = tile_of(19);  // c1 f0
    const int expect_dx[] = {1, 0, -1, 0}, expect_dy[] = {0, 1, 0, -1};
    for (int r = 0; r < 4; ++r) {
        Kingdom k(9, 5);
        // First square right of... placed so that the first square touches the castle.
        int x = 4 + (r == 2 ? -1 : r == 0 ? 1 : 0), y = 4 + (r == 1 ? 1 : r == 3 ? -1 : 0);
        ASSERT_TRUE(k.is_legal(t, Rule::Match, at(x, y, r))) << "rotation " << r;
        k.place(t, at(x, y, r));
        EXPECT_EQ(k.terrain_at(x, y), kCorn);
        EXPECT_EQ(k.crowns_at(x, y), 1);
        EXPECT_EQ(k.terrain_at(x + expect_dx[r], y + expect_dy[r]), kForest) << "rotation " << r;
        EXPECT_EQ(k.territory(), 2);
    }
}

TEST(Placement, MatchNeedsOwnTerrainAdjacentAcceptsAnyLand) {
    // Lake left of the castle; a corn/forest tile touching only the lake.
    Kingdom k = standard({"_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0", "_0 l0 *0 _0 _0", "_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0"});
    const Tile& cf = tile_of(13);  // c0 f0
    Placement below_lake = at(3, 5, 2);  // (3,5) corn under the lake at (3,4), forest at (2,5)
    EXPECT_FALSE(k.is_legal(cf, Rule::Match, below_lake));
    EXPECT_TRUE(k.is_legal(cf, Rule::Adjacent, below_lake));
    const Tile& fl = tile_of(17);  // f0 l0: the lake half touches the lake
    EXPECT_TRUE(k.is_legal(fl, Rule::Match, at(2, 5, 0)));  // forest (2,5), lake (3,5) under the lake
    EXPECT_TRUE(k.is_legal(fl, Rule::Match, at(3, 5, 2)) == false);  // forest under the lake, lake at (2,5): no
}

TEST(Placement, OccupiedSquaresAreRefused) {
    Kingdom k = standard({"_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0", "_0 _0 *0 c0 c0", "_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0"});
    const Tile& cc = tile_of(2);
    EXPECT_FALSE(k.is_legal(cc, Rule::Match, at(5, 4, 0)));  // on the corn
    EXPECT_FALSE(k.is_legal(cc, Rule::Match, at(6, 5, 3)));  // second square on the corn
    EXPECT_TRUE(k.is_legal(cc, Rule::Match, at(5, 5, 0)));   // under it
}

TEST(Placement, ExtentLimitOnEveryEdge) {
    // Land spans x = 2..6 (5 wide) on row 4; rows 3..5 used (3 high).
    Kingdom k = standard({"_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0", "c0 c0 *0 c0 c0", "_0 _0 _0 _0 _0", "_0 _0 _0 _0 _0"});
    const Tile& cc = tile_of(1);
    EXPECT_FALSE(k.is_legal(cc, Rule::Match, at(1, 4, 2)) || k.is_legal(cc, Rule::Match, at(0, 4, 0)));  // west edge
    EXPECT_FALSE(k.is_legal(cc, Rule::Match, at(7, 4, 0)));  // east edge
    EXPECT_TRUE(k.is_legal(cc, Rule::Match, at(2, 3, 3)));   // up to y = 2: 3 rows above the castle row
    EXPECT_TRUE(k.is_legal(cc, Rule::Match, at(6, 5, 1)));   // down to y = 6
    // Vertically: land from y = 2 to y = 6 in column 4 blocks rows 1 and 7.
    Kingdom v = standard({"_0 _0 l0 _0 _0", "_0 _0 l0 _0 _0", "_0 _0 *0 _0 _0", "_0 _0 l0 _0 _0", "_0 _0 l0 _0 _0"});
    const Tile& ll = tile_of(7);
    EXPECT_FALSE(v.is_legal(ll, Rule::Match, at(4, 1, 2)) || v.is_legal(ll, Rule::Match, at(3, 1, 0)));  // north
    EXPECT_FALSE(v.is_legal(ll, Rule::Match, at(4, 7, 0)));                                            // south
    EXPECT_TRUE(v.is_legal(ll, Rule::Match, at(5, 2, 1)));                                             // beside, inside
    // The duel allows 7.
    Kingdom d = kingdom_from_rows(13, 7, 3, 6, {"c0 c0 c0 *0 c0 c0 c0"});
    EXPECT_FALSE(d.is_legal(cc, Rule::Match, at(1, 6, 0)));
    EXPECT_FALSE(d.is_legal(cc, Rule::Match, at(10, 6, 0)));
    EXPECT_TRUE(d.is_legal(cc, Rule::Match, at(3, 5, 0)));
    EXPECT_TRUE(d.is_legal(cc, Rule::Match, at(9, 7, 3)) == false);  // (9,7) is beside the end, (9,6) is land
    EXPECT_TRUE(d.is_legal(cc, Rule::Match, at(9, 7, 2)));
}

TEST(Placement, NoLegalSpotAtAll) {
    // A full 5x5 but for two separated holes: nothing fits.
    Kingdom k = standard({"c0 c0 c0 c0 c0", "c0 _0 c0 c0 c0", "c0 c0 *0 c0 c0", "c0 c0 c0 _0 c0", "c0 c0 c0 c0 c0"});
    for (int id = 1; id <= kTileCount; ++id) {
        Placement spots[kMaxPlacements];
        EXPECT_EQ(k.legal_placements(kTiles[id], Rule::Adjacent, spots), 0);
        EXPECT_FALSE(k.has_legal_placement(kTiles[id], Rule::Adjacent));
    }
    EXPECT_EQ(k.isolated_holes(), 2);
}

TEST(Placement, SymmetricTilesListEachSquarePairOnce) {
    Kingdom k(9, 5);
    Placement spots[kMaxPlacements];
    int n = k.legal_placements(tile_of(1), Rule::Match, spots);  // c0 c0
    int m = k.legal_placements(tile_of(13), Rule::Match, spots);  // c0 f0: each pair twice (both orders)
    EXPECT_EQ(2 * n, m);
    EXPECT_EQ(n, 12);  // pairs touching the castle: 4 sides x 3 positions
}

TEST(Placement, ListMatchesSlowCheckOnRandomKingdoms) {
    // Grow kingdoms with random legal tiles; at every step compare every (x, y, rotation)
    // of every tile against the plain implementation, for both rules and both sizes.
    Rng rng(12345);
    for (int game = 0; game < 60; ++game) {
        bool duel = game % 2;
        Kingdom k = duel ? Kingdom(13, 7) : Kingdom(9, 5);
        Rule rule = game % 3 == 0 ? Rule::Adjacent : Rule::Match;
        for (int step = 0; step < (duel ? 30 : 16); ++step) {
            int id = 1 + int(rng.below(kTileCount));
            const Tile& t = kTiles[id];
            for (Rule r : {Rule::Match, Rule::Adjacent})
                for (int y = -1; y <= k.side(); ++y)
                    for (int x = -1; x <= k.side(); ++x)
                        for (int rot = 0; rot < 4; ++rot)
                            ASSERT_EQ(k.is_legal(t, r, at(x, y, rot)), slow::is_legal(k, t, r, at(x, y, rot)))
                                << "game " << game << " tile " << id << " at " << x << "," << y << " rot " << rot;
            Placement spots[kMaxPlacements];
            int n = k.legal_placements(t, rule, spots);
            int expected = 0;
            for (int y = 0; y < k.side(); ++y)
                for (int x = 0; x < k.side(); ++x)
                    for (int rot = 0; rot < (t.symmetric() ? 2 : 4); ++rot) expected += slow::is_legal(k, t, rule, at(x, y, rot));
            ASSERT_EQ(n, expected);
            ASSERT_EQ(k.has_legal_placement(t, rule), n > 0);
            if (n == 0) continue;
            Placement p = spots[rng.below(uint32_t(n))];
            int gain = k.score_gain(t, p);
            int holes_after = k.isolated_holes_after(p);
            int before = k.score();
            k.place(t, p);
            ASSERT_EQ(k.score(), before + gain);
            ASSERT_EQ(k.score(), slow::score(k));
            ASSERT_EQ(k.isolated_holes(), holes_after);
            ASSERT_LE(k.max_x() - k.min_x() + 1, k.extent());
            ASSERT_LE(k.max_y() - k.min_y() + 1, k.extent());
        }
    }
}

