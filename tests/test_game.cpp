// Turn order, drafts, discards and elimination (src/game.h), and random-game
// invariants over thousands of seeded games of every variant.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "game.h"
#include "greedy.h"
#include "player.h"
#include "state_text.h"
#include "slow_rules.h"

using namespace kd;

namespace {

// Picks the lowest free tile and places nowhere (the tile is discarded).
Game::Outcome pick_lowest(Game& g) {
    int picks[kMaxDraft];
    int n = g.free_picks(picks);
    return g.apply(Placement{}, n ? picks[0] : -1);
}

int requests_in_game(const Variant& v) { return v.draft_size * v.turns; }

}  // namespace

TEST(Deal, SameSeedSameDrafts) {
    for (const Variant& v : kVariants) {
        Game a = Game::deal(v, Rule::Match, 99), b = Game::deal(v, Rule::Match, 99), c = Game::deal(v, Rule::Match, 100);
        bool differs = false;
        for (int i = 0; i < v.tiles_used; ++i) {
            EXPECT_EQ(a.deck_tile(i), b.deck_tile(i));
            differs |= a.deck_tile(i) != c.deck_tile(i);
        }
        EXPECT_TRUE(differs);
        EXPECT_EQ(a.undrawn_count() + a.drawn_count(), v.tiles_used);
        EXPECT_EQ(a.draft_count(), v.draft_size);
        for (int i = 1; i < a.draft_count(); ++i) EXPECT_LT(a.draft(i - 1).tile, a.draft(i).tile);
    }
}

TEST(Deal, EveryTileAtMostOnce) {
    for (const Variant& v : kVariants)
        for (uint64_t seed = 1; seed < 50; ++seed) {
            Game g = Game::deal(v, Rule::Match, seed);
            std::set<int> tiles;
            for (int i = 0; i < v.tiles_used; ++i) tiles.insert(g.deck_tile(i));
            EXPECT_EQ(int(tiles.size()), v.tiles_used);
            EXPECT_TRUE(valid_tile_id(*tiles.begin()) && valid_tile_id(*tiles.rbegin()));
        }
}

TEST(TurnOrder, FirstTurnAlternatesInTwoPlayerGames) {
    for (const char* name : {"2p", "duel"}) {
        Game g = Game::deal(*variant_by_name(name), Rule::Match, 7);
        std::vector<int> order;
        while (g.first_turn()) {
            order.push_back(g.current_player());
            EXPECT_EQ(g.current_tile(), -1);
            pick_lowest(g);
        }
        EXPECT_EQ(order, (std::vector<int>{0, 1, 0, 1})) << name;
    }
}

TEST(TurnOrder, FirstTurnFollowsSeatsInThreeAndFourPlayerGames) {
    for (const char* name : {"3p", "4p"}) {
        const Variant& v = *variant_by_name(name);
        Game g = Game::deal(v, Rule::Match, 7);
        std::vector<int> order, expected;
        for (int i = 0; i < v.players; ++i) expected.push_back(i);
        while (g.first_turn()) {
            order.push_back(g.current_player());
            pick_lowest(g);
        }
        EXPECT_EQ(order, expected) << name;
    }
}

TEST(TurnOrder, LaterTurnsGoByTheIdOfThePickedTile) {
    // In 2p, seat 1 takes the lowest tile on turn 1 and so acts first on turn 2.
    Game g = Game::deal(kTwoPlayers, Rule::Match, 3);
    int d[4];
    for (int i = 0; i < 4; ++i) d[i] = g.draft(i).tile;
    g.apply(Placement{}, d[3]);  // seat 0: highest
    g.apply(Placement{}, d[0]);  // seat 1: lowest
    g.apply(Placement{}, d[2]);  // seat 0
    g.apply(Placement{}, d[1]);  // seat 1
    ASSERT_EQ(g.turn(), 1);
    std::vector<int> order, tiles;
    while (g.turn() == 1) {
        order.push_back(g.current_player());
        tiles.push_back(g.current_tile());
        pick_lowest(g);
    }
    EXPECT_EQ(order, (std::vector<int>{1, 1, 0, 0}));
    EXPECT_EQ(tiles, (std::vector<int>{d[0], d[1], d[2], d[3]}));
}

TEST(TurnOrder, FourPlayersLaterTurn) {
    Game g = Game::deal(kFourPlayers, Rule::Match, 5);
    int d[4];
    for (int i = 0; i < 4; ++i) d[i] = g.draft(i).tile;
    // Seats 0..3 take d[2], d[0], d[3], d[1]: turn 2 order is seats 1, 3, 0, 2.
    for (int i : {2, 0, 3, 1}) g.apply(Placement{}, d[i]);
    std::vector<int> order;
    while (g.turn() == 1) {
        order.push_back(g.current_player());
        pick_lowest(g);
    }
    EXPECT_EQ(order, (std::vector<int>{1, 3, 0, 2}));
}

TEST(TurnOrder, LastTurnPlacesOnlyAndTheGameHasTheRightLength) {
    for (const Variant& v : kVariants) {
        Game g = Game::deal(v, Rule::Match, 11);
        int requests = 0;
        while (!g.is_terminal()) {
            if (g.last_turn()) {
                EXPECT_EQ(g.draft_count(), 0);
                int picks[kMaxDraft];
                EXPECT_EQ(g.free_picks(picks), 0);
                EXPECT_TRUE(g.apply(Placement{}, 12345).pick_ok) << "PICK is ignored on the last turn";
            } else {
                pick_lowest(g);
            }
            ++requests;
        }
        EXPECT_EQ(requests, requests_in_game(v)) << v.name;
        EXPECT_EQ(g.turn(), v.turns - 1);
        EXPECT_EQ(g.drawn_count(), v.tiles_used);
    }
}

TEST(Apply, IllegalPutDiscardsAndPlaysOn) {
    Game g = Game::deal(kTwoPlayers, Rule::Match, 4);
    while (g.first_turn()) pick_lowest(g);
    int seat = g.current_player();
    Game::Outcome o = g.apply(Placement{0, 0, 0}, g.draft(0).tile);
    EXPECT_EQ(o.put, PutResult::Illegal);
    EXPECT_TRUE(o.pick_ok);
    EXPECT_FALSE(g.eliminated(seat));
    EXPECT_EQ(g.kingdom(seat).territory(), 0);
}

TEST(Apply, InvalidPickEliminatesAndItsTilesAreDiscardedLater) {
    Game g = Game::deal(kTwoPlayers, Rule::Match, 4);
    std::vector<GameEvent> log;
    g.set_log(&log);
    int taken = g.draft(0).tile;
    g.apply(Placement{}, taken);  // seat 0
    Game::Outcome o = g.apply(Placement{}, taken);  // seat 1 picks a taken tile
    EXPECT_FALSE(o.pick_ok);
    EXPECT_TRUE(g.eliminated(1));
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].kind, GameEvent::Eliminated);
    // Seat 1 gets no more requests; its unmade picks leave tiles free.
    while (!g.is_terminal()) {
        EXPECT_EQ(g.current_player(), 0);
        pick_lowest(g);
    }
    int unpicked = 0;
    for (const GameEvent& e : log) unpicked += e.kind == GameEvent::Discard && std::string(e.reason) == "unpicked";
    EXPECT_GT(unpicked, 0);
}

TEST(Apply, EliminatingTheActingPlayerAbandonsItsAction) {
    Game g = Game::deal(kFourPlayers, Rule::Match, 8);
    while (g.first_turn()) pick_lowest(g);
    std::vector<GameEvent> log;
    g.set_log(&log);
    int seat = g.current_player(), tile = g.current_tile();
    g.eliminate(seat, "timeout");
    EXPECT_NE(g.current_player(), seat);
    ASSERT_EQ(log.size(), 2u);
    EXPECT_EQ(log[1].kind, GameEvent::Discard);
    EXPECT_EQ(log[1].tile, tile);
    EXPECT_EQ(std::string(log[1].reason), "owner_eliminated");
    // Its pick for next turn was never made: one draft tile stays free at the end of this turn.
    while (g.turn() == 1) pick_lowest(g);
    int free_next = 0;
    for (int i = 0; i < g.placing_count(); ++i) free_next += g.placing(i).owner < 0;
    EXPECT_EQ(free_next, 1);
}

TEST(Result, ReturnsCountTheOpponentsBeatenTiesHalf) {
    // Every seat's return is the share of the others it finishes ahead of, a
    // tie counting half: checked against the adjusted scores of played games,
    // whose ranks must agree too.
    for (const Variant& v : kVariants)
        for (uint64_t seed = 1; seed <= 40; ++seed) {
            Game g = Game::deal(v, Rule::Match, seed);
            while (!g.is_terminal()) {
                const GreedyChoice c = full_greedy(g);
                g.apply(c.put, c.pick);
            }
            double r[kMaxPlayers];
            g.returns(r);
            const Result res = g.result();
            for (int i = 0; i < v.players; ++i) {
                double beaten = 0;
                int above = 0;
                for (int j = 0; j < v.players; ++j) {
                    if (j == i) continue;
                    beaten += res.adjusted[i] > res.adjusted[j] ? 1 : res.adjusted[i] == res.adjusted[j] ? 0.5 : 0;
                    above += res.adjusted[j] > res.adjusted[i];
                }
                EXPECT_DOUBLE_EQ(r[i], beaten / (v.players - 1)) << v.name << " seed " << seed;
                EXPECT_EQ(res.rank[i], 1 + above);
                EXPECT_EQ(res.score[i], g.kingdom(i).score());
            }
        }
}

TEST(Result, ReturnsOfAThreeWayTieAndALoneLast) {
    // Scores 30, 30, 30 and 10, with equal territory and crowns among the
    // three: the tie-breaks give each of them +1 twice; each beats the last.
    Result r;
    r.players = 4;
    for (int i = 0; i < 4; ++i) r.score[i] = i < 3 ? 30 : 10, r.territory[i] = 20, r.crowns[i] = 5;
    apply_tie_breaks(r);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(r.adjusted[i], 32);
        EXPECT_EQ(r.rank[i], 1);
    }
    EXPECT_EQ(r.adjusted[3], 10);
    EXPECT_EQ(r.rank[3], 4);
}

// ---------------------------------------------------------------- random games

namespace {

// The state text reads back (src/state_text.h) into a game that writes the
// same text and offers the same choices and scores.
Game read_back(const Game& g) {
    const std::string text = serialize(g);
    Game back(g.variant(), g.rule());
    std::string error;
    EXPECT_TRUE(deserialize(text, back, error)) << error << "\n" << text;
    EXPECT_EQ(serialize(back), text);
    EXPECT_EQ(back.current_player(), g.current_player());
    Placement mine[kMaxPlacements], theirs[kMaxPlacements];
    const int n = g.legal_placements(mine);
    EXPECT_EQ(back.legal_placements(theirs), n);
    for (int i = 0; i < n && i < kMaxPlacements; ++i) EXPECT_EQ(mine[i], theirs[i]);
    int picks[kMaxDraft], back_picks[kMaxDraft];
    const int n_picks = g.free_picks(picks);
    EXPECT_EQ(back.free_picks(back_picks), n_picks);
    for (int i = 0; i < n_picks; ++i) EXPECT_EQ(picks[i], back_picks[i]);
    const Result r = g.result(), back_r = back.result();
    for (int p = 0; p < g.players(); ++p) {
        EXPECT_EQ(back_r.adjusted[p], r.adjusted[p]);
        EXPECT_EQ(back_r.rank[p], r.rank[p]);
    }
    return back;
}

// The choices of the player to act: it plays on, picks are sorted and there
// is one while drafts remain, every placement listed is legal by the
// independent check, and one is listed whenever the tile fits somewhere.
void check_choices(const Game& g, Rule rule, const Placement* spots, int n_spots, const int* picks, int n_picks) {
    const int seat = g.current_player(), tile = g.current_tile();
    ASSERT_GE(seat, 0);
    ASSERT_FALSE(g.eliminated(seat));
    if (!g.last_turn()) {
        ASSERT_GT(n_picks, 0) << "someone must pick and nobody left the game";
    }
    for (int i = 1; i < n_picks; ++i) ASSERT_LT(picks[i - 1], picks[i]);
    for (int i = 0; i < n_spots; ++i) ASSERT_TRUE(slow::is_legal(g.kingdom(seat), kTiles[tile], rule, spots[i]));
    if (tile > 0) {
        ASSERT_EQ(n_spots > 0, g.kingdom(seat).has_legal_placement(kTiles[tile], rule));
    }
}

// A random free pick and, one time in ten, greedy's answer; else a legal
// placement, or one time in ten a random square (mostly illegal).
void random_answer(const Game& g, Rng& rng, const Placement* spots, int n_spots, const int* picks, int n_picks,
                   Placement& put, int& pick) {
    put = Placement{};
    pick = n_picks ? picks[rng.below(uint32_t(n_picks))] : -1;
    const uint32_t style = rng.below(10);
    const int side = g.variant().side;
    if (style == 0) {
        GreedyChoice c = full_greedy(g);
        put = c.put;
        pick = c.pick;
    } else if (n_spots && style != 1) {
        put = spots[rng.below(uint32_t(n_spots))];
    } else if (n_spots) {
        put = Placement{int8_t(rng.below(uint32_t(side))), int8_t(rng.below(uint32_t(side))), 0};
    }
}

// After the answer of `seat`: its kingdom grew by the tile exactly when it
// was placed (legally) and holds together (Kingdom::problem: zone labels,
// sizes and crowns, the window), and every kingdom keeps its score and extent.
void check_kingdoms_after(const Game& g, const Kingdom& before, int seat, int tile, Rule rule, Placement put,
                          PutResult result) {
    if (tile > 0) {
        const Kingdom& after = g.kingdom(seat);
        if (result == PutResult::Placed) {
            ASSERT_TRUE(slow::is_legal(before, kTiles[tile], rule, put));
            ASSERT_EQ(after.territory(), before.territory() + 2);
            ASSERT_EQ(after.problem(), nullptr) << after.problem();
        } else {
            ASSERT_EQ(after.territory(), before.territory());
        }
    }
    for (int p = 0; p < g.players(); ++p) {
        const Kingdom& k = g.kingdom(p);
        ASSERT_EQ(k.score(), k.recount_score());
        ASSERT_LE(k.max_x() - k.min_x() + 1, g.variant().extent);
        ASSERT_LE(k.max_y() - k.min_y() + 1, g.variant().extent);
    }
}

// At the end: every tile drawn was placed or discarded exactly once; with
// match, every land square's tile touched its terrain or the castle (checked
// at placement); the final scores equal the independent count, territory is
// even, and nobody was eliminated.
void check_end(const Game& g, const std::set<int>& drawn, const std::map<int, int>& placed_or_discarded,
               const std::vector<GameEvent>& log) {
    const Variant& v = g.variant();
    ASSERT_EQ(int(drawn.size()), v.tiles_used);
    for (int t : drawn) ASSERT_EQ(placed_or_discarded.count(t) ? placed_or_discarded.at(t) : 0, 1) << "tile " << t;
    ASSERT_EQ(int(placed_or_discarded.size()), v.tiles_used);
    Result r = g.result();
    for (int p = 0; p < v.players; ++p) {
        ASSERT_EQ(r.score[p], slow::score(g.kingdom(p)));
        ASSERT_EQ(r.territory[p] % 2, 0);
        ASSERT_GE(r.rank[p], 1);
        ASSERT_LE(r.rank[p], v.players);
    }
    for (const GameEvent& e : log) ASSERT_NE(e.kind, GameEvent::Eliminated);
}

// Plays one game with random (and sometimes greedy, or illegal) answers, checking invariants at every step.
void check_random_game(const Variant& v, Rule rule, uint64_t seed) {
    Rng rng(seed * 7919 + 1);
    Game g = Game::deal(v, rule, seed);
    std::vector<GameEvent> log;
    g.set_log(&log);
    std::map<int, int> placed_or_discarded;  // tile -> times
    std::set<int> drawn;
    while (!g.is_terminal()) {
        for (int i = 0; i < g.draft_count(); ++i) drawn.insert(g.draft(i).tile);
        // A clone is an equal, independent game (whole-state texts: one game in ten, they cost).
        Game clone = g;
        const bool texts = seed % 10 == 0;
        const std::string before_text = texts ? serialize(g) : "";
        if (texts) {
            ASSERT_EQ(serialize(clone), before_text);
        }
        Game back = read_back(g);  // and it plays on as the original does
        ASSERT_FALSE(testing::Test::HasFailure());

        const int seat = g.current_player(), tile = g.current_tile();
        Placement spots[kMaxPlacements], put;
        const int n_spots = g.legal_placements(spots);
        int picks[kMaxDraft], pick;
        const int n_picks = g.free_picks(picks);
        ASSERT_NO_FATAL_FAILURE(check_choices(g, rule, spots, n_spots, picks, n_picks));
        random_answer(g, rng, spots, n_spots, picks, n_picks, put, pick);
        const Kingdom before = g.kingdom(seat);
        // The trusted path every playout takes: the same answer, vouched legal
        // (or invalid when nothing fits), must give the same game as the checked one.
        const bool vouchable = n_spots ? slow::is_legal(before, kTiles[tile], rule, put) : true;
        Game trusted = clone;
        if (vouchable) trusted.apply(n_spots ? put : Placement{}, pick, true);
        Game::Outcome o = g.apply(put, pick);
        ASSERT_TRUE(o.pick_ok);
        back.apply(put, pick);
        ASSERT_EQ(serialize(back), serialize(g));
        if (texts) {
            if (vouchable) {
                ASSERT_EQ(serialize(trusted), serialize(g));
            }
            ASSERT_EQ(serialize(clone), before_text);  // the clone did not move
            Game again = clone;  // the same answer applied to a clone gives an equal game
            again.apply(put, pick);
            ASSERT_EQ(serialize(again), serialize(g));
        } else if (vouchable) {
            ASSERT_EQ(trusted.current_player(), g.current_player());
            ASSERT_EQ(trusted.kingdom(seat).score(), g.kingdom(seat).score());
            ASSERT_EQ(trusted.kingdom(seat).territory(), g.kingdom(seat).territory());
        }
        if (tile > 0) placed_or_discarded[tile]++;
        ASSERT_NO_FATAL_FAILURE(check_kingdoms_after(g, before, seat, tile, rule, put, o.put));
    }
    check_end(g, drawn, placed_or_discarded, log);
}

}  // namespace

TEST(RandomGames, InvariantsHoldInEveryVariant) {
    for (const Variant& v : kVariants)
        for (uint64_t seed = 1; seed <= uint64_t(1500 / slow::kShare); ++seed) {
            check_random_game(v, seed % 4 == 0 ? Rule::Adjacent : Rule::Match, seed);
            if (testing::Test::HasFatalFailure()) {
                ADD_FAILURE() << v.name << " seed " << seed;
                return;
            }
        }
}

// ---------------------------------------------------------------- determinization

namespace {

// Every request of seeded greedy games, as each seat rebuilds it from text, with the true game.
template <typename Check>
void for_each_request(const Variant& v, uint64_t seed, Check&& check) {
    Game g = Game::deal(v, Rule::Match, seed);
    PlayerMemory memories[kMaxPlayers];
    while (!g.is_terminal()) {
        const int seat = g.current_player();
        const Request r = memories[seat].receive(g, seat);
        check(g, r);
        const GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
    }
}

}  // namespace

TEST(ResampleDraws, KeepsWhatTheSeatSawAndNeverDuplicatesATile) {
    int checked = 0;
    for (const Variant& v : kVariants)
        for (uint64_t seed = 1; seed <= 6; ++seed)
            for_each_request(v, seed, [&](const Game& truth, const Request& r) {
                Game g = r.game;
                const std::string seen = request_text(g, 0);
                Rng rng(seed * 1000 + uint64_t(checked));
                resample_draws(g, r.unseen, r.n_unseen, g.drawn_count(), rng);
                ASSERT_EQ(request_text(g, 0), seen) << v.name;
                ASSERT_EQ(g.drawn_count(), r.game.drawn_count());
                ASSERT_EQ(g.drawn_count() + g.undrawn_count(), std::min(v.tiles_used, g.drawn_count() + r.n_unseen));
                // The draws to come: distinct tiles the seat has not seen (the rebuilt game
                // does not know the order of past draws, only the drafts in play).
                std::set<int> future;
                const std::set<int> unseen(r.unseen, r.unseen + r.n_unseen);
                for (int i = g.drawn_count(); i < g.drawn_count() + g.undrawn_count(); ++i) {
                    ASSERT_TRUE(future.insert(g.deck_tile(i)).second) << "tile " << int(g.deck_tile(i)) << " twice";
                    ASSERT_TRUE(unseen.count(g.deck_tile(i)));
                }
                for (int i = 0; i < g.draft_count(); ++i) ASSERT_FALSE(unseen.count(g.draft(i).tile));
                for (int i = 0; i < g.placing_count(); ++i) ASSERT_FALSE(unseen.count(g.placing(i).tile));
                // The true future is among the possible ones: every tile still to come is unseen.
                for (int i = truth.drawn_count(); i < truth.drawn_count() + truth.undrawn_count(); ++i)
                    ASSERT_TRUE(unseen.count(truth.deck_tile(i))) << v.name << " tile " << int(truth.deck_tile(i));
                ++checked;
            });
    EXPECT_GT(checked, 500);
}

TEST(ResampleDraws, ADraftRevealedFromAGuessIsDealtAgain) {
    // A search plays the rest of the turn from what the seat saw; the turn's
    // end reveals the next draft from its guess of the deck. Resampling from
    // the seat's draws deals that draft again, unpicked, from the new order.
    Game g = Game::deal(kFourPlayers, Rule::Match, 5);
    while (g.turn() < 3) {
        const GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
    }
    const int seen_draws = g.drawn_count() - g.draft_count();  // what a seat saw before this draft
    std::vector<int8_t> unseen;
    for (int i = seen_draws; i < g.drawn_count() + g.undrawn_count(); ++i) unseen.push_back(g.deck_tile(i));
    std::sort(unseen.begin(), unseen.end());
    const int drawn = g.drawn_count();
    std::set<std::vector<int>> drafts;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        Game again = g;
        Rng rng(seed);
        resample_draws(again, unseen.data(), int(unseen.size()), seen_draws, rng);
        ASSERT_EQ(again.draft_count(), 4);
        ASSERT_EQ(again.drawn_count(), drawn);
        ASSERT_EQ(again.drawn_count() + again.undrawn_count(), kFourPlayers.tiles_used);
        std::vector<int> draft, deal;
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(again.draft(i).owner, -1);
            if (i) {
                EXPECT_LT(again.draft(i - 1).tile, again.draft(i).tile);
            }
            draft.push_back(again.draft(i).tile);
        }
        for (int i = seen_draws; i < drawn; ++i) deal.push_back(again.deck_tile(i));
        std::sort(deal.begin(), deal.end());
        EXPECT_EQ(draft, deal) << "the draft is the first draws of the new order";
        std::set<int> tiles;
        for (int i = seen_draws; i < kFourPlayers.tiles_used; ++i) tiles.insert(again.deck_tile(i));
        EXPECT_EQ(tiles.size(), unseen.size()) << "every unseen tile once";
        drafts.insert(draft);
    }
    EXPECT_GT(drafts.size(), 10u) << "the draft changes with the deal";
}
