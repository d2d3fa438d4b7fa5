// The bot's decisions (src/search.h through src/player.h), run with a fixed
// seed and a fixed number of playouts so that every result is reproducible.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "greedy.h"
#include "player.h"
#include "search.h"
#include "slow_policy.h"
#include "slow_rules.h"

using namespace kd;

namespace {

// A budget that never runs out: these searches stop on their playout count.
TimeBudget unlimited() { return TimeBudget(Clock::now(), 1e9); }

SearchOptions fixed(long playouts, uint64_t seed = 1) {
    SearchOptions o;
    o.max_playouts = playouts;
    o.seed = seed;
    return o;
}

// Plays g to its end, every answer of seat 0..n-1 chosen by its own Search
// through the text protocol, as the real bot would; returns the answers' checks.
void play_through(const Variant& v, uint64_t seed, long playouts, int* illegal, int* answers) {
    Game g = Game::deal(v, Rule::Match, seed);
    PlayerMemory memories[kMaxPlayers];
    Search searches[kMaxPlayers] = {Search(fixed(playouts, seed)), Search(fixed(playouts, seed + 1)),
                                    Search(fixed(playouts, seed + 2)), Search(fixed(playouts, seed + 3))};
    while (!g.is_terminal()) {
        int seat = g.current_player();
        std::ostringstream out;
        Request r = memories[seat].receive(g, seat);  // the text path the bot reads
        Answer a = searches[seat].decide(r, unlimited()).answer;
        make_safe(r.game, RuleMode::Match, a);
        out << answer_text(a.put, a.pick, a.message);
        // Parse the text back, as the referee does, and judge it on the true game.
        std::istringstream answer(out.str());
        std::string put_line, pick_line, err, msg;
        std::getline(answer, put_line);
        std::getline(answer, pick_line);
        Placement put;
        int pick;
        ASSERT_TRUE(parse_put(put_line, put, err)) << put_line;
        ASSERT_TRUE(parse_pick(pick_line, pick, msg, err)) << pick_line;
        int tile = g.current_tile();
        if (tile > 0 && g.kingdom(seat).has_legal_placement(kTiles[tile], Rule::Match)) {
            ++*answers;
            if (!slow::is_legal(g.kingdom(seat), kTiles[tile], Rule::Match, put)) ++*illegal;
        }
        Game::Outcome o = g.apply(put, pick);
        ASSERT_TRUE(o.pick_ok) << "turn " << g.turn() << " pick " << pick;
    }
}

// A 2p game from greedy play up to where the player to act is answered right
// after by the other player, who then has *free_after_mine >= 2 tiles to pick from.
Game position_with_a_reply(uint64_t seed, int* free_after_mine) {
    Game g = Game::deal(kTwoPlayers, Rule::Match, seed);
    int free[kMaxDraft];
    while (!(g.turn() >= 1 && !g.last_turn() && g.step() + 1 < g.steps_in_turn() &&
             g.actor_at(g.step() + 1) != g.current_player() && g.free_picks(free) >= 3)) {
        GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
        EXPECT_FALSE(g.is_terminal());
    }
    *free_after_mine = g.free_picks(free) - 1;
    return g;
}

}  // namespace

TEST(Search, TakesTheObviousWinningSpot) {
    // Last turn, 4p: my tile is a lake with a crown; the spots joining my big lake (5 squares,
    // 2 crowns -> 6 squares, 3 crowns: +8) beat the others (+1).
    Game g(kFourPlayers, Rule::Match);
    Kingdom& k = g.kingdom_mut(0);
    for (int x = 2; x <= 6; ++x) k.put_square(x, 2, kLake, x == 2 ? 2 : 0);  // lake row above the castle
    k.put_square(4, 3, kForest, 0);
    Slot placing[4] = {{31, 0}, {40, 1}, {45, 2}, {47, 3}};  // 31: l1 c0
    g.set_position(12, 0, placing, 4, nullptr, 0, 48, 0, 0);
    ASSERT_TRUE(g.last_turn());
    Request r(g);
    SearchReport rep = Search(fixed(100)).decide(r, unlimited());
    Kingdom after = k;
    ASSERT_TRUE(k.is_legal(kTiles[31], Rule::Match, rep.answer.put));
    after.place(kTiles[31], rep.answer.put);
    EXPECT_EQ(after.score() - k.score(), 6 * 3 - 5 * 2) << "the lake must join the big lake";
    EXPECT_STREQ(rep.mode, "exact");
}

TEST(Search, PrefersTheCrownsThatMakeItsZone) {
    // Mid-game 2p, seat 0 places tile 45 (m2 c0) with a 3-square mine already owned with 1 crown:
    // joining it is worth 4 x 3 - 3 x 1 = 9 now, far more than anything else. Any sane search takes it,
    // given playouts enough: a spot apart from the mine scores 2 now, and its playouts often join the
    // two zones later, so at 3,000 playouts (spread over all 64 candidate placements) it came close.
    Game g = Game::deal(kTwoPlayers, Rule::Match, 77);
    Kingdom& k = g.kingdom_mut(0);
    k.put_square(5, 4, kMine, 1);
    k.put_square(6, 4, kMine, 0);
    k.put_square(6, 3, kMine, 0);
    Slot placing[4] = {{45, 0}, {46, 1}, {47, 0}, {48, 1}};
    Slot draft[4] = {{1, -1}, {2, -1}, {3, -1}, {4, -1}};
    g.set_position(2, 0, placing, 4, draft, 4, 12, 0, 0);
    int8_t unseen[kTileCount];
    int n = 0;
    for (int id = 5; id <= 44; ++id) unseen[n++] = int8_t(id);
    g.set_undrawn(unseen, kTwoPlayers.tiles_used - 12);  // the deal's draws to come may hold the tiles placed here
    ASSERT_EQ(g.problem(), nullptr);
    Request r(g);
    std::copy(unseen, unseen + n, r.unseen);
    r.n_unseen = n;
    SearchReport rep = Search(fixed(12000)).decide(r, unlimited());
    ASSERT_TRUE(k.is_legal(kTiles[45], Rule::Match, rep.answer.put));
    EXPECT_EQ(k.score_gain(kTiles[45], rep.answer.put), 4 * 3 - 3 * 1) << "the mine square must join the mine";
}

TEST(Search, SameSeedSameAnswer) {
    Game g = Game::deal(kDuel, Rule::Match, 9);
    for (int i = 0; i < 6; ++i) {
        GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
    }
    // Seat to move is whoever it is; search from its point of view by rebuilding from text.
    PlayerMemory memory;
    Request r = memory.receive(g, g.current_player());
    SearchReport a = Search(fixed(800, 5)).decide(r, unlimited()), b = Search(fixed(800, 5)).decide(r, unlimited());
    EXPECT_EQ(a.answer.put, b.answer.put);
    EXPECT_EQ(a.answer.pick, b.answer.pick);
    EXPECT_EQ(a.playouts, b.playouts);
    EXPECT_DOUBLE_EQ(a.value, b.value);
    EXPECT_EQ(a.playouts, 800);
}

TEST(Search, RepliesAreSearchedOverTheNextPlayersPicks) {
    // A 2p position where the other player answers right after me: with
    // replies, each candidate is played once per tile that player could then
    // pick (its playouts a multiple of that count); without, once.
    int free_after_mine;
    const Game g = position_with_a_reply(21, &free_after_mine);
    PlayerMemory memory;
    Request r = memory.receive(g, g.current_player());
    SearchOptions with = fixed(3000), without = fixed(3000);
    with.replies = true, without.replies = false;
    const SearchReport a = Search(with).decide(r, unlimited()), b = Search(without).decide(r, unlimited());
    ASSERT_STREQ(a.mode, "mc");
    EXPECT_GE(a.playouts, 3000);
    EXPECT_LT(a.playouts, 3000 + free_after_mine);
    EXPECT_EQ(b.playouts, 3000);
    ASSERT_GT(a.ranked.size(), 1u);
    for (const CandidateReport& c : a.ranked) EXPECT_EQ(c.playouts % free_after_mine, 0) << c.playouts;
    long odd = 0;
    for (const CandidateReport& c : b.ranked) odd += c.playouts % free_after_mine != 0;
    EXPECT_GT(odd, 0) << "without replies, playouts are not grouped by reply";
}

TEST(Search, ACandidateBlendsThePreferredReplyWithGreedys) {
    // Each candidate's value: my mean after the reply its player prefers,
    // moved by the learnt weight (learn_replies: at first the prior chance
    // that the player is a greedy one) towards my mean after greedy's own reply.
    int free_after_mine, differ = 0;
    const Game g = position_with_a_reply(40, &free_after_mine);
    PlayerMemory memory;
    Request r = memory.receive(g, g.current_player());
    for (bool learn : {false, true}) {
        SearchOptions o = fixed(3000);
        o.learn_replies = o.many_learn_replies = learn;
        Search search(o);
        const SearchReport rep = search.decide(r, unlimited());
        ASSERT_STREQ(rep.mode, "mc");
        const double w = search.reply_weight(1);  // no pick seen yet: the prior, the same for every seat
        EXPECT_EQ(w > 0, learn);
        for (const CandidateReport& c : rep.ranked) {
            EXPECT_NEAR(c.value, c.preferred_reply + w * (c.greedy_reply - c.preferred_reply), 1e-9) << w;
            differ += c.greedy_reply != c.preferred_reply;
            Game after = g;  // the reply blended in is full greedy's own answer after mine
            after.apply(c.put, c.pick);
            EXPECT_EQ(c.greedy_reply_pick, full_greedy(after).pick);
        }
        // The answer is the finalist of the best blended value.
        ASSERT_GT(rep.ranked.size(), 1u);
        EXPECT_GE(rep.ranked[0].value, rep.ranked[1].value);
    }
    EXPECT_GT(differ, 0) << "greedy's reply is never another than the preferred one: the blend is not tested";
}

TEST(Search, LearnsWhetherThePlayerAfterMePicksAsGreedyDoes) {
    // With learn_replies (src/opponents.h), in 4p every other player's pick
    // whose state before it is known is judged greedy's or not, and a pick of
    // the player right after me that only one of the two guesses foresaw
    // (greedy's own, the one best for it by the playouts) counts for that
    // guess; greedy's share of my value is the chance, so learnt, that the
    // player is a greedy one. Plain greedy players pick as greedy does every
    // time and soon weigh nearly 1; players who never take greedy's tile,
    // nearly 0.
    for (bool greedy_players : {true, false}) {
        int greedy = 0, preferred = 0, hits = 0, misses = 0;
        double weight = 0;
        for (uint64_t seed = 1; seed <= 4; ++seed) {
            Game g = Game::deal(kFourPlayers, Rule::Match, seed);
            PlayerMemory memory;
            SearchOptions o = fixed(400, seed);
            o.learn_replies = true;
            Search search(o);
            while (!g.is_terminal()) {
                GreedyChoice c = full_greedy(g);
                int free[kMaxDraft];
                const int n_free = g.free_picks(free);
                if (g.current_player() == 0) {
                    Request r = memory.receive(g, 0);
                    Answer a = search.decide(r, unlimited()).answer;
                    make_safe(r.game, RuleMode::Match, a);
                    c = GreedyChoice{a.put, a.pick};
                } else if (!greedy_players && n_free > 1) {
                    c = full_greedy(g, free[0] != c.pick ? free[0] : free[1]);
                }
                ASSERT_TRUE(g.apply(c.put, c.pick).pick_ok);
            }
            for (int seat = 1; seat < 4; ++seat) {
                const OpponentModel::Counts& c = search.opponents().counts(seat);
                greedy += c.greedy_only, preferred += c.preferred_only;
                hits += c.greedy_hits, misses += c.greedy_misses;
                weight = std::max(weight, search.reply_weight(seat));
            }
        }
        if (greedy_players) {
            EXPECT_GT(greedy, 0) << "greedy's guess never alone right against greedy players";
            EXPECT_EQ(preferred, 0);
            EXPECT_GT(hits, 30) << "about one judged pick per player and turn";
            EXPECT_EQ(misses, 0);
            EXPECT_GT(weight, 0.95);
        } else {
            EXPECT_EQ(greedy, 0);
            EXPECT_EQ(hits, 0);
            EXPECT_GT(misses, 30);
            EXPECT_LT(weight, 0.01);
        }
    }
}

TEST(Search, LearnsRepliesByDefaultWithThreeOrFourPlayersOnly) {
    // The default (many_learn_replies): greedy's reply blended in with the
    // prior weight from the first answer with 3 or 4 players; not with 2,
    // where it gained nothing against any opponent (docs/experiments.md).
    for (const Variant* v : {&kTwoPlayers, &kThreePlayers, &kFourPlayers, &kDuel}) {
        for (bool many : {true, false}) {
            Game g = Game::deal(*v, Rule::Match, 7);
            while (g.turn() < 1 || g.current_player() != 0) {
                const GreedyChoice c = full_greedy(g);
                g.apply(c.put, c.pick);
            }
            PlayerMemory memory;
            SearchOptions o = fixed(200);
            o.many_learn_replies = many;
            Search search(o);
            search.decide(memory.receive(g, 0), unlimited());
            EXPECT_EQ(search.reply_weight(1) > 0, many && v->players > 2) << v->name << " many=" << many;
        }
    }
}

TEST(Search, NeverAnIllegalPutWhenALegalOneExists) {
    // Thousands of requests of every variant, each answered by a search through the text protocol
    // (a quarter of them in the sanitizer build: 111 s there for all).
    int illegal = 0, answers = 0;
    for (const Variant& v : kVariants)
        for (uint64_t seed = 1; seed <= (v.turns == 7 ? 60u : 25u) / slow::kShare; ++seed) {
            play_through(v, seed, 24, &illegal, &answers);
            if (HasFatalFailure()) return;
        }
    EXPECT_EQ(illegal, 0);
    EXPECT_GT(answers, 3000 / slow::kShare);
}

TEST(Search, OutcomeIsMyShareOfTheLeadersPoints) {
    Game g(kThreePlayers, Rule::Match);
    double first;
    EXPECT_DOUBLE_EQ(playout_outcome(g, &first), 0.5);  // nobody has a point
    EXPECT_EQ(first, 0.5);                              // a three-way tie for first
    g.kingdom_mut(0).put_square(5, 4, kCorn, 1);        // me: 1 point
    const double ahead = playout_outcome(g, &first);
    EXPECT_EQ(first, 1.0);
    EXPECT_DOUBLE_EQ(ahead, 1.0);
    g.kingdom_mut(1).put_square(5, 4, kCorn, 1);
    g.kingdom_mut(1).put_square(6, 4, kCorn, 0);  // the best other: 2 points
    g.kingdom_mut(2).put_square(5, 4, kCorn, 0);  // the third: no point, no matter
    const double behind = playout_outcome(g, &first);
    EXPECT_EQ(first, 0.0);
    EXPECT_DOUBLE_EQ(behind, 1.0 / 3);
}

TEST(Search, SettingsByNameReachTheirOption) {
    SearchOptions o;
    EXPECT_TRUE(set_search_option(o, "gain=11"));
    EXPECT_EQ(o.weights.gain, 11);
    EXPECT_TRUE(set_search_option(o, "max_placements=7"));
    EXPECT_EQ(o.max_placements, 7);
    EXPECT_TRUE(set_search_option(o, "greedy_turn=0"));
    EXPECT_FALSE(o.greedy_turn);
    EXPECT_TRUE(set_search_option(o, "replies=0"));
    EXPECT_FALSE(o.replies);
    EXPECT_TRUE(set_search_option(o, "learn_replies=1"));
    EXPECT_TRUE(o.learn_replies);
    EXPECT_TRUE(set_search_option(o, "many_learn_replies=0"));
    EXPECT_FALSE(o.many_learn_replies);
    EXPECT_TRUE(set_search_option(o, "many_deny=2"));
    EXPECT_EQ(o.for_variant(kThreePlayers).weights.deny, 2);
    EXPECT_EQ(o.for_variant(kTwoPlayers).weights.deny, PolicyWeights{}.deny);
    EXPECT_TRUE(set_search_option(o, "many_tree_depth=0"));
    EXPECT_EQ(o.for_variant(kFourPlayers).tree.depth, 0);
    EXPECT_EQ(o.for_variant(kThreePlayers).tree.depth, 0);
    EXPECT_EQ(o.for_variant(kTwoPlayers).tree.depth, TreeOptions{}.depth);
    EXPECT_TRUE(set_search_option(o, "duel_tree_explore=0.5"));
    EXPECT_EQ(o.for_variant(kDuel).tree.explore, 0.5);
    EXPECT_EQ(o.for_variant(kTwoPlayers).tree.explore, TreeOptions{}.explore);
    EXPECT_FALSE(set_search_option(o, "no_such_option=1"));
    EXPECT_FALSE(set_search_option(o, "gain"));  // no value
    // Every name the table lists is set by its own line: each one, set to a
    // value no default has, changes exactly one field of the options.
    std::vector<std::string> names;
    for_each_setting(o, [&](const char* name, auto&) { names.push_back(name); });
    EXPECT_GE(names.size(), 10u);
    for (size_t k = 0; k < names.size(); ++k) {
        const std::string& name = names[k];
        SearchOptions a, b;
        ASSERT_TRUE(set_search_option(b, name + "=77")) << name;
        int changed = 0;
        std::vector<double> before, after;
        for_each_setting(a, [&](const char*, auto& field) { before.push_back(double(field)); });
        for_each_setting(b, [&](const char*, auto& field) { after.push_back(double(field)); });
        for (size_t i = 0; i < before.size(); ++i) changed += before[i] != after[i];
        EXPECT_LE(changed, 1) << name;
        EXPECT_TRUE(changed == 1 || before[k] == 1) << name << ": only a flag already on stays as it was";
        EXPECT_TRUE(changed == 0 || before[k] != after[k]) << name << " sets another field than its own";
    }
}

// The playouts value a two-terrain tile's placements from per-square tables
// (src/policy.h), and a tile's terrain that is one zone without reading a
// square's zone: the same placements, in the same order, with the same values
// as placement_value() tries them one by one, on kingdoms from real playouts
// of both grids and both rules, for every tile and several weights.
TEST(Policy, PlacementValuesByTableEqualThoseOneByOne) {
    PolicyWeights some;
    some.gain = 7, some.joined = 3;
    PolicyWeights no_join = some;
    no_join.joined = 0;
    PolicyWeights edges = some;  // the learnt policy's edge weights
    edges.same_edges = 8, edges.other_edges = -11;
    const PolicyWeights weights[] = {PolicyWeights{}, some, no_join, edges};
    long compared = 0, by_table = 0, one_zone[2] = {}, several_zones[2] = {};  // [symmetric]
    for (const Variant* v : {&kTwoPlayers, &kDuel})
        for (Rule rule : {Rule::Match, Rule::Adjacent})
            for (uint64_t seed = 1; seed <= 3; ++seed) {
                Game g = Game::deal(*v, rule, seed);
                Rng rng(seed);
                while (!g.is_terminal()) {
                    const Kingdom& k = g.kingdom(g.current_player());
                    for (const Tile& tile : kTiles) {
                        if (tile.id == 0) continue;
                        for (const PolicyWeights& w : weights) {
                            Placement listed[kMaxPlacements];
                            int n = 0, i = 0;
                            k.for_each_legal_placement(tile, rule, [&](Placement p) { listed[n++] = p; });
                            for_each_placement_value(k, tile, rule, w, [&](int sq, int r, int value) {
                                const Placement p = Kingdom::placement_at(sq, r);
                                ASSERT_LT(i, n);
                                ASSERT_EQ(p, listed[i]) << "placement " << i;
                                ASSERT_EQ(value, placement_value(k, tile, p, w)) << "tile " << tile.id;
                                ++i;
                            });
                            ASSERT_EQ(i, n);
                            compared += n;
                            const bool symmetric = tile.terrain1 == tile.terrain2;
                            if (!symmetric) by_table += n;
                            Kingdom::Effect e;
                            for (int t : {tile.terrain1, tile.terrain2})
                                ++(k.effect_next_to_one_zone(t, 1, 0, &e) ? one_zone : several_zones)[symmetric];
                        }
                    }
                    Placement put = g.first_turn() ? Placement{} : policy_placement(g, rng, PolicyWeights{});
                    int pick = g.last_turn() ? -1 : policy_pick(g, rng, PolicyWeights{});
                    g.apply(put, pick, true);
                }
            }
    EXPECT_GT(by_table, compared / 2);  // the tables were what was compared, mostly
    for (bool symmetric : {false, true})
        EXPECT_GT(several_zones[symmetric], one_zone[symmetric] / 5);  // both ways, both kinds of tiles
}


// The playout policy's answers, fast (src/policy.h) and plain
// (tests/slow_policy.h), agree at every decision of games of every variant and
// both rules, for the default weights, the learnt ones and others: the same
// placement, the same pick, and the same random numbers drawn.
TEST(Policy, AnswersEqualThoseOfThePlainPolicy) {
    PolicyWeights some;
    some.gain = 7, some.joined = 3, some.noise = 7, some.pick_noise = 3, some.crowns = 2, some.deny = 0;
    PolicyWeights edges;  // the learnt policy's edge weights
    edges.same_edges = 8, edges.other_edges = -11;
    SearchOptions learned_options;
    learned_options.learned_picks = learned_options.learned_placements = true;
    long placements = 0, picks = 0, last_picks = 0;
    for (const Variant& v : kVariants)
        for (Rule rule : {Rule::Match, Rule::Adjacent})
            for (uint64_t seed = 1; seed <= 20; ++seed)
                for (const PolicyWeights& w : {PolicyWeights{}, some, edges, learned_options.for_variant(v).weights}) {
                    Game g = Game::deal(v, rule, seed * 7 + uint64_t(&v - kVariants));
                    Rng rng(seed);
                    while (!g.is_terminal()) {
                        Rng fast = rng, plain = rng;
                        const Placement put = policy_placement(g, fast, w);
                        ASSERT_EQ(put, slow::policy_placement(g, plain, w)) << v.name << " seed " << seed << " turn " << g.turn();
                        ASSERT_EQ(fast.next(), plain.next());
                        int pick = -1;
                        if (!g.last_turn()) {
                            pick = policy_pick(g, fast, w);
                            ASSERT_EQ(pick, slow::policy_pick(g, plain, w)) << v.name << " seed " << seed << " turn " << g.turn();
                            ASSERT_EQ(fast.next(), plain.next());
                            ++(last_pick(g) ? last_picks : picks);
                        }
                        placements += put.valid();
                        g.apply(put, pick, true);
                        rng = fast;
                    }
                }
    EXPECT_GT(placements, 20000);
    EXPECT_GT(picks, 20000);
    EXPECT_GT(last_picks, 2000);
}

// The policy's edge weights count a square's neighbours by bit planes
// (count_neighbours); the training data counts them square by square
// (src/model_features.h). Both agree on every placement of real games.
TEST(Policy, EdgeCountsByBitPlanesEqualThoseSquareBySquare) {
    PolicyWeights same, other;
    same.gain = other.gain = same.joined = other.joined = 0;
    same.same_edges = 1, other.other_edges = 1;
    long compared = 0;
    for (const Variant* v : {&kTwoPlayers, &kDuel})
        for (uint64_t seed = 1; seed <= 3; ++seed) {
            Game g = Game::deal(*v, Rule::Match, seed);
            while (!g.is_terminal()) {
                if (!g.first_turn()) {
                    const Kingdom& k = g.kingdom(g.current_player());
                    const Tile& tile = kTiles[g.current_tile()];
                    k.for_each_legal_placement(tile, g.rule(), [&](Placement p) {
                        int f[kPlaceFeatures];
                        place_features(k, tile, p, f);
                        EXPECT_EQ(placement_value(k, tile, p, same), f[kPSameEdges]);
                        EXPECT_EQ(placement_value(k, tile, p, other), f[kPOtherEdges]);
                        ++compared;
                    });
                }
                apply_full_greedy(g);
            }
        }
    EXPECT_GT(compared, 1000);
}

namespace {

// A 2p request (as the player rebuilt it) at turn `turn` of the greedy game
// of `seed`, and the game after the player's greedy answer to it: where a
// candidate's playouts start.
struct TreeStart {
    Request request;
    Game start;
};
TreeStart tree_start(uint64_t seed, int turn) {
    Game g = Game::deal(kTwoPlayers, Rule::Match, seed);
    while (g.turn() < turn) {
        const GreedyChoice c = full_greedy(g);
        g.apply(c.put, c.pick);
    }
    PlayerMemory memory;
    TreeStart t{memory.receive(g, g.current_player()), Game(kTwoPlayers, Rule::Match)};
    t.start = t.request.game;
    const GreedyChoice c = full_greedy(t.start);
    t.start.apply(c.put, c.pick, true);
    return t;
}

// One playout of the tree from `start`, the deal and dice from `seed`; returns my final score.
int tree_playout(AnswerTrees& tree, int root, const TreeStart& t, uint64_t seed, const TreeOptions& o) {
    Rng rng(seed);
    Game g = t.start;
    resample_draws(g, t.request.unseen, t.request.n_unseen, t.request.game.drawn_count(), rng);
    tree.playout(g, root, rng, PolicyWeights(), o, [](const Game&) {});
    EXPECT_TRUE(g.is_terminal());
    EXPECT_FALSE(g.eliminated(0) || g.eliminated(1));
    tree.backup(leaders_share(g.result(false), 0));
    return g.kingdom(0).score();
}

}  // namespace

TEST(AnswerTrees, UntilANodeIsWellVisitedItsPlayoutsAreThePolicys) {
    // Below `widen` visits a node has only the policy's edge open: the
    // tree's playouts are the flat search's, dice for dice.
    const TreeStart t = tree_start(31, 2);
    TreeOptions o;
    o.depth = 4, o.widen = 16;
    AnswerTrees tree(1000);
    const int root = tree.new_root();
    for (uint64_t k = 0; k < 16; ++k) {
        Rng rng(k);
        Game plain = t.start;
        resample_draws(plain, t.request.unseen, t.request.n_unseen, t.request.game.drawn_count(), rng);
        playout(plain, rng, PolicyWeights());
        EXPECT_EQ(tree_playout(tree, root, t, k, o), plain.kingdom(0).score()) << "playout " << k;
    }
    AnswerTrees::EdgeView edges[AnswerTrees::kMaxEdges];
    ASSERT_GT(tree.edges_of(root, edges), 1);
    EXPECT_EQ(edges[0].visits, 16);
    EXPECT_EQ(edges[1].visits, 0);
    tree_playout(tree, root, t, 99, o);
    tree.edges_of(root, edges);
    EXPECT_EQ(edges[1].visits, 1) << "at 16 visits the best placement by the policy opens";
}

TEST(AnswerTrees, NodesTryMoreOfTheirBestPlacementsAsTheyAreVisited) {
    const TreeStart t = tree_start(32, 2);
    TreeOptions o;
    o.depth = 4, o.widen = 16;
    AnswerTrees tree(20000);
    const int root = tree.new_root();
    const int n = 3000;
    for (int k = 0; k < n; ++k) tree_playout(tree, root, t, uint64_t(k), o);
    EXPECT_EQ(tree.visits_of(root), n) << "my next tile is known: every playout passes the root";
    AnswerTrees::EdgeView edges[AnswerTrees::kMaxEdges];
    const int m = tree.edges_of(root, edges);
    int visits = 0, tried = 0;
    for (int i = 0; i < m; ++i) visits += edges[i].visits, tried += edges[i].visits > 0;
    EXPECT_EQ(visits, n);
    EXPECT_LE(tried, 1 + int(std::sqrt(n / o.widen)));
    EXPECT_GE(tried, 3);
    // The edges after the policy's: the best placements of my tile by rank_placements, in its order.
    const Kingdom& k = t.start.kingdom(0);
    const int tile = tree.tile_of(root);
    Placement ranked[AnswerTrees::kMaxEdges];
    const int r = rank_placements(k, kTiles[tile], Rule::Match, PolicyWeights(), AnswerTrees::kMaxEdges - 1, ranked);
    ASSERT_EQ(m, r + 1);
    EXPECT_FALSE(edges[0].put.valid());
    for (int i = 1; i < m; ++i) {
        EXPECT_EQ(edges[i].put, ranked[i - 1]);
        EXPECT_TRUE(slow::is_legal(k, kTiles[tile], Rule::Match, edges[i].put));
    }
    EXPECT_GT(tree.size(), 10) << "nodes below the placements tried";
    EXPECT_LE(tree.size(), n + 1) << "one node at most per playout";
}

TEST(AnswerTrees, ItsLogarithmIsTheLibrarysToRounding) {
    for (double x = 1; x < 4e6; x = x * 1.37 + 1) EXPECT_NEAR(exact_log(x), std::log(x), 1e-14 * std::log(x + 2)) << x;
    EXPECT_NEAR(exact_log(1), 0, 1e-15);
}

TEST(AnswerTrees, AFullPoolLeavesThePolicyToPlay) {
    const TreeStart t = tree_start(33, 3);
    TreeOptions o;
    o.depth = 4, o.widen = 1;
    AnswerTrees tree(1);  // the root alone
    const int root = tree.new_root();
    for (int k = 0; k < 500; ++k) tree_playout(tree, root, t, uint64_t(k), o);
    EXPECT_EQ(tree.size(), 1);
    EXPECT_EQ(tree.visits_of(root), 500);
    EXPECT_EQ(tree.new_root(), AnswerTrees::kNoNode);
}

// Each variant's settings resolved in one place: the `many_` forms with 3 or 4
// players, the duel's own, and each line of `bench --settings` says so.
TEST(SearchOptions, EachVariantResolvesItsOwnForms) {
    SearchOptions o;
    o.many_order = 5, o.duel_tree_explore = 0.25, o.duel_mast = 7, o.mast = 3, o.many_ahead_deals = 2, o.ahead_deals = 6;
    o.many_endgame_ahead = false, o.many_learn_replies = true, o.learn_replies = false;
    for (const Variant& v : kVariants) {
        const VariantOptions p = o.for_variant(v);
        const bool many = v.players > 2, duel = &v == &kDuel;
        EXPECT_EQ(p.weights.order, many ? 5 : o.weights.order) << v.name;
        EXPECT_EQ(p.tree.explore, duel ? 0.25 : o.tree.explore) << v.name;
        EXPECT_EQ(p.mast, duel ? 7 : 3) << v.name;
        EXPECT_EQ(p.ahead_deals, many ? 2 : 6) << v.name;
        EXPECT_EQ(p.endgame_ahead, !many) << v.name;
        EXPECT_EQ(p.learn_replies, many) << v.name;
        const std::string line = describe(p);
        EXPECT_NE(line.find("order " + std::to_string(p.weights.order) + " "), std::string::npos) << line;
        EXPECT_NE(line.find(many ? "learnt greedy replies on" : "learnt greedy replies off"), std::string::npos) << line;
    }
    o.endgame = false;
    EXPECT_FALSE(o.for_variant(kTwoPlayers).endgame_ahead) << "no solve ahead without the endgame solver";
}

// A request told its game's deal deals the true draws to come, whatever the
// dice; another deal is refused and leaves the request as it was.
TEST(ToldDeal, DealsTheTrueDrawsToCome) {
    for (const Variant* v : {&kTwoPlayers, &kThreePlayers, &kDuel}) {
        Game g = Game::deal(*v, Rule::Match, 77);
        const Game truth = g;
        for (int i = 0; i < 3 * v->players; ++i) {
            const GreedyChoice c = full_greedy(g);
            g.apply(c.put, c.pick);
        }
        PlayerMemory memory;
        Request r = memory.receive(g, g.current_player());
        const int unseen = r.n_unseen;
        EXPECT_FALSE(tell_deal(r, 78)) << v->name;
        EXPECT_EQ(r.n_unseen, unseen) << v->name;
        ASSERT_TRUE(tell_deal(r, 77)) << v->name;
        for (uint64_t dice : {1, 2}) {
            Game dealt = r.game;
            Rng rng(dice);
            deal_draws(dealt, r, dealt.drawn_count(), rng);
            for (int i = dealt.drawn_count(); i < v->tiles_used; ++i)
                ASSERT_EQ(dealt.deck_tile(i), truth.deck_tile(i)) << v->name << " draw " << i;
        }
    }
}

TEST(Candidate, ItsValueIsAfterTheReplyItsPlayerPrefersBlendedWithGreedys) {
    Candidate a;
    a.n_replies = 3, a.greedy_reply = 1, a.deals = 2;
    a.sums[0] = Candidate::Sums{1.6, 0.2, 2};  // my value, the replier's, my first places
    a.sums[1] = Candidate::Sums{0.8, 0.6, 1};
    a.sums[2] = Candidate::Sums{0.4, 1.4, 0};
    EXPECT_DOUBLE_EQ(a.mean(), 0.2) << "the reply its player prefers: the third";
    EXPECT_EQ(a.playouts(), 6);
    a.greedy_weight = 0.5;
    EXPECT_DOUBLE_EQ(a.mean(), 0.3) << "half greedy's reply";
    EXPECT_DOUBLE_EQ(a.first(), 0.25);
}

TEST(Candidates, RankByMeanValueAndBringOneFirst) {
    Candidates c;
    c.reset(4);
    const double values[] = {0.2, 0.7, 0.5, 0.7};
    for (int i = 0; i < 4; ++i) c[i].deals = 1, c[i].sums[0].me = values[i];
    c.rank(4);
    EXPECT_EQ(c.index_at(0), 1) << "ties keep their order";
    EXPECT_EQ(c.index_at(1), 3);
    EXPECT_EQ(c.index_at(2), 2);
    EXPECT_EQ(c.index_at(3), 0);
    c.bring_first(2);
    EXPECT_EQ(c.index_at(0), 2);
    EXPECT_EQ(c.index_at(1), 1);
    EXPECT_EQ(c.index_at(2), 3);
    EXPECT_DOUBLE_EQ(c.ranked(0).mean(), 0.5);
    c.reset(2);
    EXPECT_EQ(c.size(), 2);
    EXPECT_EQ(c.index_at(1), 1) << "a new decision starts in the order made";
    EXPECT_EQ(c[0].deals, 0);
}

TEST(Search, WithTheTreesAnswersAreLegalAndReproducible) {
    for (const Variant* v : {&kTwoPlayers, &kFourPlayers, &kDuel}) {
        Game g = Game::deal(*v, Rule::Match, 51);
        for (int i = 0; i < 3 * v->players; ++i) {
            const GreedyChoice c = full_greedy(g);
            g.apply(c.put, c.pick);
        }
        PlayerMemory memory;
        const Request r = memory.receive(g, g.current_player());
        SearchOptions o = fixed(3000, 7);
        o.tree.depth = 4;
        const SearchReport a = Search(o).decide(r, unlimited()), b = Search(o).decide(r, unlimited());
        ASSERT_STREQ(a.mode, "mc") << v->name;
        EXPECT_EQ(a.answer.put, b.answer.put) << v->name;
        EXPECT_EQ(a.answer.pick, b.answer.pick) << v->name;
        EXPECT_DOUBLE_EQ(a.value, b.value) << v->name;
        const Kingdom& k = r.game.kingdom(0);
        EXPECT_TRUE(slow::is_legal(k, kTiles[r.game.current_tile()], Rule::Match, a.answer.put)) << v->name;
        }
}

// At my last answer of the turn before the last draft, `endgame_ahead` (2p,
// duel) and `many_endgame_ahead` (3p, 4p) solve the ends of the halving's best
// candidates and answer the best of them by the solved value; with fewer than
// 48 tiles in play (2p, 3p) on `ahead_deals` deals of the unknown last draft: every such answer solved, legal, and some
// of them not the halving's own, in every variant (a forced answer solves nothing).
TEST(Search, SolvesTheBestCandidatesEndsATurnAhead) {
    for (const Variant* v : {&kTwoPlayers, &kThreePlayers, &kFourPlayers, &kDuel}) {
        int positions = 0, changed = 0;
        for (uint64_t seed = 1; seed <= 10; ++seed) {
            Game g = Game::deal(*v, Rule::Match, seed);
            PlayerMemory memories[kMaxPlayers];
            while (!g.is_terminal()) {
                const int seat = g.current_player();
                const Request r = memories[seat].receive(g, seat);
                bool last_of_turn = g.turn() == v->turns - 3;
                for (int i = g.step() + 1; i < g.placing_count(); ++i) last_of_turn &= g.placing(i).owner != seat;
                if (last_of_turn) {
                    SearchOptions with = fixed(1500, seed), without = with;
                    with.endgame_ahead = with.many_endgame_ahead = true;
                    with.ahead_deals = with.many_ahead_deals = 3;
                    without.endgame_ahead = without.many_endgame_ahead = false;
                    const SearchReport plain = Search(without).decide(r, unlimited());
                    const SearchReport ahead = Search(with).decide(r, unlimited());
                    const Kingdom& k = r.game.kingdom(0);
                    const Tile& tile = kTiles[r.game.current_tile()];
                    ++positions;
                    if (ahead.mode != std::string("forced")) {
                        EXPECT_GT(ahead.nodes, 0) << v->name << " seed " << seed;
                    }
                    EXPECT_EQ(plain.nodes, 0) << v->name << " seed " << seed;
                    if (k.has_legal_placement(tile, Rule::Match)) {
                        EXPECT_TRUE(k.is_legal(tile, Rule::Match, ahead.answer.put));
                    }
                    int picks[kMaxDraft];
                    const int n = r.game.free_picks(picks);
                    EXPECT_NE(std::find(picks, picks + n, ahead.answer.pick), picks + n);
                    changed += !(ahead.answer.put == plain.answer.put) || ahead.answer.pick != plain.answer.pick;
                }
                const GreedyChoice c = full_greedy(g);
                g.apply(c.put, c.pick);
            }
        }
        std::printf("%s: %d positions a turn ahead, %d answers changed by the solved ends\n", v->name, positions,
                    changed);
        // Each player's last answer of that turn, once a game (2p: its second king).
        EXPECT_GE(positions, 10 * v->players) << v->name;
        EXPECT_GT(changed, 0) << v->name;
    }
}

// What the playouts teach about the later picks (src/pick_stats.h): a seat's
// bias for a tile is its mean share in the playouts where it picked the tile
// inside the playout (placed two turns after the root or later) against its
// mean in them all, times the weight, drawn toward none by 20 playouts; read
// every 64 playouts. Checked against the same sums kept here by hand.
TEST(PickStats, ABiasIsTheSeatsMeanShareAfterThePickAgainstItsMean) {
    for (const Variant* v : {&kFourPlayers, &kDuel}) {
        Game dealt = Game::deal(*v, Rule::Match, 23);
        while (dealt.turn() < 2) apply_full_greedy(dealt);
        PlayerMemory memory;
        const Request r = memory.receive(dealt, dealt.current_player());
        const Game& root = r.game;
        const double weight = 10000, prior = 20;  // PickStats's own prior
        PickStats stats;
        ASSERT_EQ(stats.start(root.turn(), weight), stats.bias());
        double sum[kMaxPlayers][kTileCount] = {}, seat_sum[kMaxPlayers] = {};
        int count[kMaxPlayers][kTileCount] = {};
        Rng rng(3);
        const int playouts = 128;
        for (int n = 0; n < playouts; ++n) {
            Game g = root;
            resample_draws(g, r.unseen, r.n_unseen, root.drawn_count(), rng);
            std::vector<std::pair<int, int>> picked;  // (seat, tile) picked inside this playout
            playout(g, rng, PolicyWeights(), [&](const Game& now) {
                stats.saw(now);
                if (now.turn() >= root.turn() + 2) picked.push_back({now.current_player(), now.current_tile()});
                return Placement{};
            });
            ASSERT_TRUE(g.is_terminal());
            const PlayoutEnding e(g);
            stats.ended(e);
            for (int p = 0; p < v->players; ++p) seat_sum[p] += e.share(p);
            for (const auto& [p, t] : picked) sum[p][t] += e.share(p), ++count[p][t];
        }
        int biased = 0;
        for (int p = 0; p < kMaxPlayers; ++p)
            for (int t = 0; t < kTileCount; ++t) {
                const double mean = seat_sum[p] / playouts;
                const double expected = weight * (sum[p][t] - count[p][t] * mean) / (count[p][t] + prior);
                const int bias = stats.bias()[p * kTileCount + t];
                EXPECT_NEAR(bias, expected, 1.0) << v->name << " seat " << p << " tile " << t;
                if (!count[p][t]) {
                    EXPECT_EQ(bias, 0) << v->name;
                }
                biased += bias != 0;
            }
        EXPECT_GT(biased, 10) << v->name;
    }
}

// A pick's bias (PolicyWeights::pick_bias) is added to its value: one large
// enough makes the policy pick that tile; the biases of other seats change nothing.
TEST(Policy, APicksBiasIsAddedToItsValue) {
    Game g = Game::deal(kTwoPlayers, Rule::Match, 41);
    while (g.turn() < 3) apply_full_greedy(g);
    int free[kMaxDraft];
    ASSERT_GE(g.free_picks(free), 2);
    const int seat = g.current_player(), other_seat = 1 - seat;
    PolicyWeights w;
    Rng a(9), b(9);
    const int plain = policy_pick(g, a, w);
    const int wanted = free[0] == plain ? free[1] : free[0];
    int bias[kMaxPlayers * kTileCount] = {};
    bias[other_seat * kTileCount + wanted] = 100000;
    w.pick_bias = bias;
    EXPECT_EQ(policy_pick(g, b, w), plain);
    bias[seat * kTileCount + wanted] = 100000;
    EXPECT_EQ(policy_pick(g, b, w), wanted);
}

// With mast the duel's answers are still legal and repeat, and its biases
// reach the playouts: some answers' values differ from those without.
TEST(Search, WithPickBiasesAnswersAreLegalReproducibleAndTheirOwn) {
    int differ = 0;
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        Game g = Game::deal(kDuel, Rule::Match, seed);
        while (g.turn() < 3) apply_full_greedy(g);
        PlayerMemory memory;
        const Request r = memory.receive(g, g.current_player());
        SearchOptions with = fixed(2000, 7), without = with;
        with.duel_mast = 1200, without.duel_mast = 0;
        const SearchReport a = Search(with).decide(r, unlimited()), b = Search(with).decide(r, unlimited());
        const SearchReport plain = Search(without).decide(r, unlimited());
        ASSERT_STREQ(a.mode, "mc");
        EXPECT_EQ(a.answer.put, b.answer.put);
        EXPECT_EQ(a.answer.pick, b.answer.pick);
        EXPECT_DOUBLE_EQ(a.value, b.value);
        EXPECT_TRUE(slow::is_legal(r.game.kingdom(0), kTiles[r.game.current_tile()], Rule::Match, a.answer.put));
        differ += a.value != plain.value;
    }
    EXPECT_GE(differ, 3);
}
