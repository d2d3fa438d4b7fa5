// The search's settings: the options a player's command line sets by name
// (`--set name=value`, the one list of them is for_each_setting), and what
// they resolve to in each variant (VariantOptions, the one place that says
// what plays in 2p, 3p, 4p and the duel: `build/bench --settings` prints it).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "answer_trees.h"
#ifndef KD_UPLOAD  // home only: the learnt policies
#include "model_weights.h"
#endif
#include "policy.h"

namespace kd {

// What the search plays in a game of one variant, every option resolved.
struct VariantOptions {
    PolicyWeights weights;       // the playouts' policy (src/policy.h)
    TreeOptions tree;            // my later answers' trees (depth 0: none; src/answer_trees.h)
    bool greedy_turn = true;     // the others' answers for the rest of this turn: full greedy's, computed once
    bool replies = true;         // the next player's answer after mine searched over its picks
    bool learn_replies = false;  // blended with greedy's reply by what the game taught (src/opponents.h)
    double mast = 0;             // the playouts' picks biased by what this answer found (0: none; src/pick_stats.h)
    bool endgame = true;         // the last two turns solved exactly when it fits the time (src/endgame.h)
    bool endgame_ahead = true;   // the turn before the last draft: the best candidates' ends solved (src/endgame_ahead.h)
    int ahead_deals = 0;         // ... on this many deals of an unknown last draft (0: only when it is known)
    double prior = 0;            // each candidate starts with the learnt value after it, worth this many playouts
};

struct SearchOptions {
    long max_playouts = 0;       // > 0: stop once this many playouts ran (a candidate's replies run together: up to 3 more)
    uint64_t seed = 1;
    int max_placements = 64;     // placements kept as candidates, best by the policy's value first
    bool greedy_turn = true;
    bool replies = true;
    // With replies: blend into a candidate's value the value after the reply
    // full greedy would make, with a weight learnt per player during the game
    // (src/opponents.h): the chance that it is a greedy player. It gains
    // against greedy players, nothing against `mce` or in self-play (thousands
    // of games, docs/experiments.md): on with 3 or 4 players, where the
    // arena's simple players are most often next to reply.
    bool learn_replies = false, many_learn_replies = true;
    bool endgame = true;
    // The turn before the last draft solved ahead: in the duel and 4p (the
    // last draft known), and in 2p on ahead_deals deals of the unknown last
    // draft; in 3p, on such deals, nothing was gained (docs/experiments.md).
    bool endgame_ahead = true, many_endgame_ahead = true;
    int ahead_deals = 8, many_ahead_deals = 0;
    // The playouts' picks biased by what this answer's earlier playouts found
    // each seat's picks worth, in pick units per point of share: in the duel
    // (+11 Elo by time); in 2p nothing at fixed playouts, in 4p nothing by time.
    double mast = 0, duel_mast = 1200;
    long endgame_nodes = 400000; // the solver's work at most with a fixed number of playouts (reproducible)
    PolicyWeights weights;       // the playouts' weights with two players
    // order and deny with three or four players, where a tile kept from one
    // of them helps the others too. deny 0-1 foresees the others' picks in 4p
    // better than 3 (build/predict), but neither deny=1 nor order=6 won more
    // first places over 2,000 games of 3p or 4p (docs/experiments.md).
    int many_order = 3, many_deny = 3;
    TreeOptions tree;            // the trees with two players
    int many_tree_depth = 4;     // their depth with 3 or 4 players
    double duel_tree_explore = 0.03;
#ifndef KD_UPLOAD  // home only: a linear policy imitating the search lost by time (docs/experiments.md)
    // The weights tools/train learnt from the search's choices for the
    // variant (src/model_weights.h) in place of the hand-set ones: a pick's
    // order, deny and crowns, and a placement's gain, joined and edges.
    bool learned_picks = false, learned_placements = false;
#endif
    // > 0: each candidate starts with the learnt value of the position after
    // it (src/model.h, position_value; where the variant has one) worth this
    // many playouts (issue 75).
    double prior = 0, many_prior = 64;

    // What plays in a game of variant v.
    VariantOptions for_variant(const Variant& v) const {
        const bool many = v.players > 2, duel = &v == &kDuel;
        VariantOptions o;
        o.weights = weights;
        if (many) o.weights.order = many_order, o.weights.deny = many_deny;
#ifndef KD_UPLOAD
        const int* learned = kLearnedPolicies[&v - kVariants];  // gain, joined, same_edges, other_edges, order, deny, crowns
        PolicyWeights& w = o.weights;
        if (learned[0] && learned_picks) w.order = learned[4], w.deny = learned[5], w.crowns = learned[6];
        if (learned[0] && learned_placements)
            w.gain = learned[0], w.joined = learned[1], w.same_edges = learned[2], w.other_edges = learned[3];
#endif
        o.tree = tree;
        if (many) o.tree.depth = many_tree_depth;
        if (duel) o.tree.explore = duel_tree_explore;
        o.greedy_turn = greedy_turn;
        o.replies = replies;
        o.learn_replies = many ? many_learn_replies : learn_replies;
        o.mast = duel ? duel_mast : mast;
        o.endgame = endgame;
        o.endgame_ahead = endgame && (many ? many_endgame_ahead : endgame_ahead);
        o.ahead_deals = many ? many_ahead_deals : ahead_deals;
        o.prior = many ? many_prior : prior;
        return o;
    }
};

#ifndef KD_UPLOAD  // home only: build/bench --settings, the tests
// What plays in a game of v, in one line: the playouts' weights, the trees,
// the replies, MAST and the solves ahead.
inline std::string describe(const VariantOptions& o) {
    const PolicyWeights& w = o.weights;
    char ahead[64] = "off";
    if (o.endgame_ahead && o.ahead_deals > 0) snprintf(ahead, sizeof ahead, "on (%d deals of the last draft if unknown)", o.ahead_deals);
    else if (o.endgame_ahead) snprintf(ahead, sizeof ahead, "on a known last draft only");
    char line[400];
    snprintf(line, sizeof line,
             "policy gain %d joined %d edges %d/%d noise %d/%d order %d deny %d crowns %d | tree depth %d explore %g "
             "widen %g | greedy turn %s, replies %s, learnt greedy replies %s | mast %g | endgame %s, ahead %s | "
             "prior %g",
             w.gain, w.joined, w.same_edges, w.other_edges, w.noise, w.pick_noise, w.order, w.deny, w.crowns,
             o.tree.depth, o.tree.explore, o.tree.widen, o.greedy_turn ? "on" : "off", o.replies ? "on" : "off",
             o.learn_replies ? "on" : "off", o.mast, o.endgame ? "on" : "off", ahead, o.prior);
    return line;
}
#endif

// Calls visit(name, field) for every setting `--set name=value` reaches: the
// one list of them, each with what it does after its `//!`.
template <typename Visit>
void for_each_setting(SearchOptions& o, Visit&& visit) {
    visit("gain", o.weights.gain);                  //! playouts: per point a placement scores now
    visit("joined", o.weights.joined);              //! playouts: per square of the zones a placement joins
    visit("same_edges", o.weights.same_edges);      //! playouts: per edge of a placed square on its terrain
    visit("other_edges", o.weights.other_edges);    //! playouts: per edge of a placed square on other land
    visit("noise", o.weights.noise);                //! playouts: jitter 0..noise on placements (2^k - 1)
    visit("pick_noise", o.weights.pick_noise);      //! playouts: jitter 0..pick_noise on picks
    visit("order", o.weights.order);                //! playouts: per earlier place next turn a pick buys (2p, duel)
    visit("deny", o.weights.deny);                  //! playouts: per point the tile is worth to those picking after me
    visit("crowns", o.weights.crowns);              //! playouts: per crown of the tile picked
    visit("many_order", o.many_order);              //! playouts: order with 3 or 4 players
    visit("many_deny", o.many_deny);                //! playouts: deny with 3 or 4 players
    visit("max_placements", o.max_placements);     //! placements kept as candidates (each with every pick)
    visit("greedy_turn", o.greedy_turn);            //! 0: the others' rest of this turn by the playout policy
    visit("replies", o.replies);                    //! 0: the next player's pick after mine guessed by greedy
    visit("learn_replies", o.learn_replies);        //! 1: expect greedy's pick from players who pick as greedy
    visit("many_learn_replies", o.many_learn_replies);  //! the same with 3 or 4 players
    visit("endgame", o.endgame);                    //! 0: no exact solve of the last two turns
    visit("endgame_ahead", o.endgame_ahead);        //! 0: (2p, duel) the turn before the last draft not solved
    visit("many_endgame_ahead", o.many_endgame_ahead);  //! 0: the same in 3p, 4p
    visit("ahead_deals", o.ahead_deals);            //! (2p) deals of the unknown last draft solved
    visit("many_ahead_deals", o.many_ahead_deals);  //! the same in 3p
    visit("tree_depth", o.tree.depth);              //! my later answers searched as a tree (0: none)
    visit("many_tree_depth", o.many_tree_depth);    //! the same with 3 or 4 players
    visit("tree_explore", o.tree.explore);          //! its UCB exploration
    visit("duel_tree_explore", o.duel_tree_explore);  //! the same in the duel
    visit("tree_widen", o.tree.widen);              //! a node with n visits tries 1 + sqrt(n / tree_widen) placements
    visit("mast", o.mast);                          //! playouts: picks biased by what this answer's learnt
    visit("duel_mast", o.duel_mast);                //! the same in the duel
    visit("prior", o.prior);                        //! >0: (2p, duel) the learnt position value, worth that many playouts
    visit("many_prior", o.many_prior);              //! the same with 3 or 4 players
#ifndef KD_UPLOAD
    visit("learned_picks", o.learned_picks);            //! 1: order, deny, crowns as tools/train learnt them
    visit("learned_placements", o.learned_placements);  //! 1: gain, joined, edges as tools/train learnt them
#endif
}

// Sets one option by name ("gain=10"): tuning from the command line with
// --set. False for an unknown name or a setting without a value.
inline bool set_search_option(SearchOptions& o, const std::string& setting) {
    const size_t eq = setting.find('=');
    if (eq == std::string::npos) return false;
    const std::string name = setting.substr(0, eq);
    const double v = std::atof(setting.c_str() + eq + 1);
    bool found = false;
    for_each_setting(o, [&](const char* n, auto& field) {
        if (name == n) field = std::remove_reference_t<decltype(field)>(v), found = true;
    });
    return found;
}

// The search's options for a player's command line: its seed, its fixed
// number of playouts (0: by time) and its --set settings, those it does not
// know named in `unknown`. The bot (src/main.cpp) and tools/analyse read them here.
inline SearchOptions search_options_for(uint64_t seed, long playouts, const std::vector<std::string>& settings,
                                        std::vector<std::string>& unknown) {
    SearchOptions o;
    o.seed = seed;
    o.max_playouts = playouts;
    for (const std::string& setting : settings)
        if (!set_search_option(o, setting)) unknown.push_back(setting);
    return o;
}

}  // namespace kd
