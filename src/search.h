// The decision: a time-boxed Monte Carlo search over the joint choice
// (where to PUT, which tile to PICK), each candidate answer followed by a
// tree of my later answers.
//
// Candidates are every placement (up to 64) with every free pick. Each is
// followed by the other players' answers for the rest of the turn, full
// greedy's, computed once, except the first of them: that player's answer is
// searched over the tiles it could pick (a reply per tile, each with greedy's
// best placement for it), and the candidate is judged by the reply that does
// best for that player by its own playout value; guessing its pick by greedy
// alone was wrong about half the time against `mce`. Each playout then deals the
// unknown future draws from the unseen tiles and plays the game out: my next
// placements by an open-loop tree under the candidate (src/answer_trees.h),
// everything else by the fast policy (in the duel its picks biased by what
// the answer's earlier playouts found, src/pick_stats.h); its value is my share of the points of
// the two leaders, me and the best of the others (the paper's own / (own +
// best)). Candidates share their deals (common random numbers) and compete
// by sequential halving, so that time goes to the choices still open. The last two turns
// are solved exactly when it fits the time (src/endgame.h); the last turn,
// which holds no chance and no interaction, always.
#pragma once

#include <algorithm>
#include <climits>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "decision.h"
#include "endgame.h"
#include "endgame_ahead.h"
#include "greedy_turn.h"
#include "greedy.h"
#ifndef KD_UPLOAD  // home only: the learned value lost its test (docs/experiments.md)
#include "model.h"
#endif
#include "answer_trees.h"
#include "candidate.h"
#include "opponents.h"
#include "pick_stats.h"
#include "playout_value.h"
#include "policy.h"
#include "timeman.h"

namespace kd {

struct SearchOptions {
    long max_playouts = 0;       // > 0: stop once this many playouts ran (a candidate's replies run together: up to 3 more)
    uint64_t seed = 1;
    int max_placements = 64;     // placements kept as candidates, best by the policy's value first
    bool greedy_turn = true;     // the others' answers for the rest of this turn are full greedy's, computed once
    bool replies = true;         // the first other player's answer after mine is searched over its picks
    // With replies: blend into a candidate's value the value after the reply
    // full greedy would make, with a weight learnt per player during the game
    // (src/opponents.h): the chance that it is a greedy player. Off: it gains
    // against greedy players, nothing against `mce` or in self-play (thousands
    // of games, docs/experiments.md): on with 3 or 4 players, where the
    // arena's simple players are most often next to reply.
    bool learn_replies = false;
    bool many_learn_replies = true;  // the same with 3 or 4 players
    // The replies are searched once this few candidates are left in the
    // halving; before, each plays greedy's reply alone, a third of the cost.
    int replies_from = 256;  // (every candidate: Search::kMaxCandidates)
#ifndef KD_UPLOAD  // home only: at 2 turns it lost 72 Elo in 2p (docs/experiments.md)
    // > 0: playouts stop at the start of the turn that many turns after this
    // one, and the learned value (src/model.h) foresees each kingdom's points
    // to come; 0 (or no model for the variant): playouts to the end.
    int horizon = 0;
#endif
    bool endgame = true;         // solve the last two turns exactly (src/endgame.h) when it fits the time
    // The turn before the last draft, the best candidates' ends solved
    // (src/endgame_ahead.h): in the duel and 4p, and in 2p on ahead_deals
    // deals of the unknown last draft; in 3p, on such deals, nothing was
    // gained (docs/experiments.md).
    bool endgame_ahead = true;
    bool many_endgame_ahead = true;
    int ahead_deals = 8, many_ahead_deals = 0;
    // > 0: the playouts' picks, mine and the others', biased by what this
    // answer's earlier playouts found each seat's picks worth (src/pick_stats.h),
    // in pick units per point of share: in the duel (+11 Elo by time); in 2p
    // it gained nothing at fixed playouts, in 4p nothing by time (docs/experiments.md).
    double mast = 0, duel_mast = 1200;
    long endgame_nodes = 400000; // the solver's work at most with a fixed number of playouts (reproducible)
    TreeOptions tree;            // my later answers searched as trees (src/answer_trees.h)
    PolicyWeights weights;
};

// Calls visit(name, field) for every setting `--set name=value` reaches: the
// one list of them. tools/bundle copies the `//!` comment of each line into
// the opening block of the upload, where users look for what to tune.
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
    visit("learned_picks", o.weights.learned_picks);            //! 1: order, deny, crowns as tools/train learnt them
    visit("learned_placements", o.weights.learned_placements);  //! 1: gain, joined, edges as tools/train learnt them
    visit("many_order", o.weights.many_order);      //! playouts: order with 3 or 4 players
    visit("many_deny", o.weights.many_deny);        //! playouts: deny with 3 or 4 players
    visit("max_placements", o.max_placements);     //! placements kept as candidates (each with every pick)
    visit("greedy_turn", o.greedy_turn);            //! 0: the others' rest of this turn by the playout policy
    visit("replies", o.replies);                    //! 0: the next player's pick after mine guessed by greedy
    visit("learn_replies", o.learn_replies);        //! 1: expect greedy's pick from players who pick as greedy
    visit("many_learn_replies", o.many_learn_replies);  //! the same with 3 or 4 players
    visit("replies_from", o.replies_from);          //! replies searched for the last N candidates (before: greedy's)
    visit("endgame", o.endgame);                    //! 0: no exact solve of the last two turns
    visit("endgame_ahead", o.endgame_ahead);        //! 0: (2p, duel) the turn before the last draft not solved
    visit("many_endgame_ahead", o.many_endgame_ahead);  //! 0: the same in 3p, 4p
    visit("ahead_deals", o.ahead_deals);            //! (2p) deals of the unknown last draft solved
    visit("many_ahead_deals", o.many_ahead_deals);  //! the same in 3p
    visit("tree_depth", o.tree.depth);              //! my later answers searched as a tree (0: none)
    visit("many_tree_depth", o.tree.many_depth);    //! the same with 3 or 4 players
    visit("tree_explore", o.tree.explore);          //! its UCB exploration
    visit("duel_tree_explore", o.tree.duel_explore);  //! the same in the duel
    visit("tree_widen", o.tree.widen);              //! a node with n visits tries 1 + sqrt(n / tree_widen) placements
    visit("mast", o.mast);                          //! playouts: picks biased by what this answer's learnt
    visit("duel_mast", o.duel_mast);                //! the same in the duel
#ifndef KD_UPLOAD
    visit("horizon", o.horizon);                    //! >0: playouts cut that many turns ahead, the rest foreseen
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

#ifndef KD_UPLOAD  // home only: tools/analyse, the bench and the tests look at every candidate
// One candidate answer of a Monte Carlo search, as it ended.
struct CandidateReport {
    Placement put;
    int pick = -1;
    long playouts = 0;
    double value = 0;  // mean playout value
    double first = 0;  // share of first places in its playouts
    // With a searched reply: my mean value after the reply its player prefers,
    // and after the reply full greedy would make (value blends the two).
    double preferred_reply = 0, greedy_reply = 0;
    int greedy_reply_pick = -1;  // the tile greedy's reply picks (-1: no searched reply)
};
#endif

struct SearchReport {
    Answer answer;
#ifndef KD_UPLOAD
    std::vector<CandidateReport> ranked;  // Monte Carlo: every candidate, the chosen one first
#endif
    long playouts = 0;
    int candidates = 0;
    double value = 0;  // mean playout value of the answer
    double win = 0;    // its share of first places in playouts (in the solved line for an exact solve)
    long nodes = 0;    // the endgame solver's work
    double reply_weight = -1;  // the answer's share for greedy's reply (-1: no searched reply)
    const char* mode = "";
};

class Search {
  public:
    static constexpr int kMaxCandidates = 256;

    static constexpr int kTreeNodes = 1 << 19;  // the trees' pool, 208 bytes a node, reserved at the start

    explicit Search(const SearchOptions& options)
        : options_(options), tree_(uses_trees(options.tree) ? kTreeNodes : 0) {
    }

    // The share of greedy's reply in my value when `seat` (relative: 0 is me)
    // replies: what its picks so far say (learn_replies), else none.
    double reply_weight(int seat) const { return learn_replies_ ? opponents_.greedy_weight(seat) : 0; }
    // Whether a decision in a game of v depends on the game's earlier ones
    // (what they taught about the others' picks): then whoever searches a
    // request again must first decide the player's earlier ones (tools/analyse).
    bool learns_replies(const Variant& v) const {
        return v.players > 2 ? options_.many_learn_replies : options_.learn_replies;
    }
    const OpponentModel& opponents() const { return opponents_; }
#ifndef KD_UPLOAD  // home only: tools
    const PolicyWeights& playout_weights() const { return weights_; }  // those of the last decision
#endif

    // The answer to `request` within `budget` (or after max_playouts playouts).
    SearchReport decide(const Request& request, const TimeBudget& budget) {
        const Game& root = request.game;
        SearchReport report;
        if (root.is_terminal() || root.current_player() != 0) return report;
        learn_replies_ = learns_replies(root.variant());
        if (learn_replies_) opponents_.observe(root);
        weights_ = options_.weights.for_variant(root.variant());
        tree_options_ = options_.tree.for_variant(root.variant());
        weights_.pick_bias = pick_stats_.start(root.turn(), &root.variant() == &kDuel ? options_.duel_mast : options_.mast);
        cut_turn_ = kNoTurnLimit;
#ifndef KD_UPLOAD
        if (options_.horizon > 0 && Models::get().value(root.variant()).present())
            cut_turn_ = root.turn() + options_.horizon;
#endif
        if (options_.endgame && root.turn() >= root.variant().turns - 2 && solve_exactly(root, budget, report))
            return report;
        if (root.last_turn()) return solve_last_turn(root);

        int n = candidates(root);
        report.candidates = n;
        budget.mark("candidates");
        if (n == 1) {
            report.answer = Answer{arms_[0].put, arms_[0].pick, "", ""};
            report.mode = "forced";
            return report;
        }
        const bool many = root.variant().players > 2, ahead = many ? options_.many_endgame_ahead : options_.endgame_ahead;
        const int deals = ahead && options_.endgame
                              ? endgame_ahead_deals(root, request, many ? options_.many_ahead_deals : options_.ahead_deals)
                              : 0;
        if (deals) {  // the halving, then the solves
            const TimeBudget halving_part(budget.start(), budget.budget_ms() * kAheadHalvingShare, budget.clock());
            report.playouts = halving(root, request, n, halving_part);
            choose_by_solved_ends(root, request, arms_, order_, n, deals,
                                  [&](int arm, int reply) { return start(arm, reply); }, learn_replies_,
                                  solver_deadline(budget.deadline()), solver_nodes(), report.nodes);
        } else {
            report.playouts = halving(root, request, n, budget);
        }
#ifndef KD_UPLOAD  // home only: every candidate, for the tools
        for (int i = 0; i < n; ++i) {
            const Candidate& a = arms_[order_[i]];
            report.ranked.push_back(CandidateReport{a.put, a.pick, a.playouts(), a.mean(), a.first(),
                                                    a.after(a.chosen_reply(), &Candidate::Sums::me),
                                                    a.after(a.greedy_reply, &Candidate::Sums::me), a.greedy_reply_pick});
        }
#endif
        const Candidate& best = arms_[order_[0]];
        report.answer = Answer{best.put, best.pick, "", ""};
        report.value = best.mean();
        report.win = best.first();
        report.mode = "mc";
        if (best.replier >= 0) {
            report.reply_weight = best.greedy_weight;
            if (learn_replies_)
                opponents_.answered(best.replier, best.greedy_reply_pick, best.reply_picks[best.chosen_reply()]);
        }
        return report;
    }

    // The last draft is on the table: the rest of the game solved, within a
    // share of the time (or a node limit with a fixed number of playouts). False
    // when it could not finish: the Monte Carlo search answers then.
    static constexpr int kEndgameTimeShare = 3;  // a third of the time left at most
    bool solve_exactly(const Game& root, const TimeBudget& budget, SearchReport& report) const {
        const EndgameSolution s = solve_endgame(root, solver_deadline(budget.share_end(kEndgameTimeShare)), solver_nodes());
        budget.mark("endgame");
        if (!s.solved) return false;
        report.answer = Answer{s.put, s.pick, "", ""};
        report.mode = "exact";
        report.value = s.my_score;
        report.win = s.first;
        report.nodes = s.nodes;
        return true;
    }

  private:
    // The endgame solver's limits: time until `by`; with a fixed number of
    // playouts no time limit but endgame_nodes nodes, so that answers repeat.
    Clock::time_point solver_deadline(Clock::time_point by) const {
        return options_.max_playouts > 0 ? Clock::time_point::max() : by;
    }
    long solver_nodes() const { return options_.max_playouts > 0 ? options_.endgame_nodes : 0; }
    static constexpr double kAheadHalvingShare = 0.75;  // of the time, at the turn solved ahead (src/endgame_ahead.h)
    static bool uses_trees(const TreeOptions& o) { return o.depth > 0 || o.many_depth > 0; }
    Game& start(int arm, int reply) { return starts_[arm * kMaxReplies + reply]; }

    // The games after arm i: with `greedy`, the other players' answers for
    // the rest of this turn by full greedy (it stops where I act again). Their
    // answers depend neither on the unknown draws nor on my placement (it only
    // changes my kingdom), only on the picks made so far this turn: they are
    // computed once per pick history and shared by the candidates. With
    // `replies`, the first of them is one start per tile it could pick (its
    // best greedy answer with that pick), and the arm is judged by the reply
    // its player does best with.
    void prepare_start(const Game& root, int i, bool greedy) {
        Candidate& a = arms_[i];
        Game after = root;
        after.apply(a.put, a.pick, true);
        a.replier = -1, a.n_replies = 1, a.greedy_reply = 0, a.greedy_reply_pick = -1, a.greedy_weight = 0;
        a.clear_sums();
        int* reply_picks = a.reply_picks;
        if (options_.replies && greedy && !after.is_terminal() && after.turn() == root.turn() &&
            after.current_player() != 0 && !after.last_turn()) {
            const int n = after.free_picks(reply_picks);
            if (n > 1) {
                a.replier = after.current_player(), a.n_replies = n, a.greedy_weight = reply_weight(a.replier);
                const int own = greedy_turn_.answer(after, GreedyTurn::after(0, a.pick), -1).pick;
                while (a.greedy_reply + 1 < n && reply_picks[a.greedy_reply] != own) ++a.greedy_reply;
                a.greedy_reply_pick = reply_picks[a.greedy_reply];
            }
        }
        for (int c = 0; c < a.n_replies; ++c) {
            Game& g = start(i, c);
            g = after;
            uint64_t history = GreedyTurn::after(0, a.pick);
            int forced = a.replier >= 0 ? reply_picks[c] : -1;
            while (greedy && !g.is_terminal() && g.turn() == root.turn() && g.current_player() != 0) {
                const GreedyChoice choice = greedy_turn_.answer(g, history, forced);
                g.apply(choice.put, choice.pick, true);
                history = GreedyTurn::after(history, choice.pick);
                forced = -1;
            }
        }
    }
    // Fills arms_ with the candidate answers: the best placements by the
    // policy's value (rank_placements), each with every free pick.
    int candidates(const Game& root) {
        PlacementList spots;
        int n_spots = root.answer_placements(spots);
        int picks[kMaxDraft];
        const int n_picks = root.answer_picks(picks);
        if (n_spots > 1) {
            // Full greedy's placement always makes the list: a sound choice to compare with.
            const int keep = std::max(1, std::min(options_.max_placements, kMaxCandidates / n_picks));
            n_spots = rank_placements(root.kingdom(0), kTiles[root.current_tile()], root.rule(), weights_, keep, spots,
                                      full_greedy(root).put);
        }
        int n = 0;
        for (int i = 0; i < n_spots; ++i)
            for (int j = 0; j < n_picks; ++j) {
                Candidate& a = arms_[n++];
                a = Candidate{};
                a.put = spots[i], a.pick = picks[j];
            }
        return n;
    }

    // One playout of each reply of arm i, with the deal and the policy's
    // dice drawn from `seed`. Returns the playouts run.
    int run(const Game& root, const Request& request, int i, uint64_t seed) {
        Candidate& a = arms_[i];
        for (int c = 0; c < a.n_replies; ++c) {
            if (a.greedy_only && c != a.greedy_reply) continue;
            Rng rng(seed);
            Game g = start(i, c);
            resample_draws(g, request.unseen, request.n_unseen, root.drawn_count(), rng);
            const bool tree = a.tree != AnswerTrees::kNoNode;
            auto seen = [&](const Game& now) __attribute__((always_inline)) { pick_stats_.saw(now); };
            if (tree) tree_.playout(g, a.tree, rng, weights_, cut_turn_, tree_options_, seen);
            else playout(g, rng, weights_, cut_turn_, [&](const Game& now) { seen(now); return Placement{}; });
            const PlayoutEnding e(g, !g.is_terminal());
            pick_stats_.ended(e);
            const double mine = e.share(0);
            Candidate::Sums& sums = a.sums[c];
            if (tree) tree_.backup(mine);
            sums.me += mine;
            sums.wins += e.first();
            if (a.replier >= 0) sums.them += e.share(a.replier);
        }
        a.deals++;
        return a.playouts_per_deal();
    }

    // Sequential halving over the first n arms until the stop rule says so (or
    // the playout limit); order_ ends with the best arm first. Returns the playouts run.
    static constexpr int kGreedyTurnTimeShare = 4;  // the others' greedy answers take a quarter of the time at most
    long halving(const Game& root, const Request& request, int n, const TimeBudget& budget) {
        // Greedy answers of the others take a share of the time at most; then plain starts.
        const Clock::time_point prepared_by = budget.share_end(kGreedyTurnTimeShare);
        greedy_turn_.clear();
        tree_.clear();
        for (int i = 0; i < n; ++i) {
            order_[i] = i;
            arms_[i].tree = tree_options_.depth > 0 ? tree_.new_root() : AnswerTrees::kNoNode;
            const bool greedy = options_.greedy_turn && (options_.max_playouts > 0 || budget.now() < prepared_by);
            prepare_start(root, i, greedy);
            arms_[i].greedy_only = arms_[i].n_replies > 1 && n > options_.replies_from;
        }
        budget.mark("rest of turn");
        StopRule time(budget);
        int alive = n;
        long playouts = 0;
        // The deals of this answer: from the seed and the request's number, so
        // that one answer is reproduced without replaying those before it.
        const uint64_t base = Rng(options_.seed ^ (uint64_t(request.index) * 0x9E3779B97F4A7C15ull)).next();
        auto out_of_time = [&]() {
            return options_.max_playouts > 0 ? playouts >= options_.max_playouts : time.should_stop();
        };
        bool stop = false;
        for (int round = 0; !stop; ++round) {
            // Playouts per arm this round: an even share of what is left over the rounds still to come.
            int rounds_left = 1;
            while ((1 << rounds_left) < alive) ++rounds_left;
            // Counted in runs of an arm (all its replies, one playout each), as the stop rule counts by time.
            double playouts_per_run = 0;
            if (alive <= options_.replies_from)
                for (int i = 0; i < alive; ++i) {
                    Candidate& a = arms_[order_[i]];
                    if (a.greedy_only) a.greedy_only = false, a.clear_sums();  // every reply from here, deals anew
                }
            for (int i = 0; i < alive; ++i) playouts_per_run += arms_[order_[i]].playouts_per_deal();
            playouts_per_run /= alive;
            const double left = options_.max_playouts > 0 ? double(options_.max_playouts - playouts) / playouts_per_run
                                                          : time.playouts_left();
            long reps = long(left / (double(rounds_left) * alive));
            if (alive <= 2) reps = LONG_MAX;  // the final: until time runs out (1L << 40 is 0 where long has 32 bits: WebAssembly)
            reps = std::max(reps, 1L);
            for (long j = 0; j < reps && !stop; ++j) {
                // The j-th deal of the round, the same for every arm (odd constants spread the seeds).
                uint64_t seed = base + uint64_t(round) * 0x9E3779B97F4A7C15ull + uint64_t(j) * 0xD1B54A32D192ED03ull;
                for (int i = 0; i < alive; ++i) {
                    if (out_of_time()) {
                        stop = true;
                        break;
                    }
                    playouts += run(root, request, order_[i], seed);
                }
            }
            std::stable_sort(order_, order_ + alive, [&](int a, int b) { return arms_[a].mean() > arms_[b].mean(); });
            if (alive > 1 && !stop) alive = (alive + 1) / 2;
            if (alive == 1) stop = true;
        }
        budget.mark("playouts");
        return playouts;
    }

    // The last turn: my placements change only my kingdom, so the best answer
    // maximises my final score (then territory), looking at my next tile too
    // when I have a second king still to play this turn.
    SearchReport solve_last_turn(const Game& root) {
        SearchReport report;
        report.mode = "exact";
        const Kingdom& k = root.kingdom(0);
        const Tile& tile = kTiles[root.current_tile()];
        int next_tile = -1;
        for (int i = root.step() + 1; i < root.placing_count(); ++i)
            if (root.placing(i).owner == 0) next_tile = root.placing(i).tile;
        PlacementList spots;
        int n = k.legal_placements(tile, root.rule(), spots);
        int best_score = -1, best_territory = -1;
        for (int i = 0; i < std::max(n, 1); ++i) {
            Kingdom after = k;
            if (n) after.place(tile, spots[i]);
            int score = after.score(), territory = after.territory();
            if (next_tile > 0) {
                PlacementList follow;
                int m = after.legal_placements(kTiles[next_tile], root.rule(), follow);
                int gain = 0;
                for (int j = 0; j < m; ++j) gain = std::max(gain, after.score_gain(kTiles[next_tile], follow[j]));
                score += gain;
                territory += m ? 2 : 0;
            }
            if (score > best_score || (score == best_score && territory > best_territory)) {
                best_score = score, best_territory = territory;
                report.answer.put = n ? spots[i] : Placement{};
            }
        }
        report.candidates = std::max(n, 1);
        report.value = best_score;
        report.win = -1;
        return report;
    }

    SearchOptions options_;
    PolicyWeights weights_;  // the playouts' weights for this game's number of players
    TreeOptions tree_options_;  // the trees' options for this game's number of players
    int cut_turn_ = kNoTurnLimit;  // where playouts stop for the value (horizon)
    Candidate arms_[kMaxCandidates];
    int order_[kMaxCandidates];
    std::vector<Game> starts_ = std::vector<Game>(kMaxCandidates * kMaxReplies, Game(kTwoPlayers, Rule::Match));
    GreedyTurn greedy_turn_;  // the others' greedy answers this turn, computed once
    AnswerTrees tree_;         // my later answers' trees, one per candidate (src/answer_trees.h)
    bool learn_replies_ = false;  // learn_replies or many_learn_replies, by the game's number of players
    OpponentModel opponents_;     // what this game taught about the others' picks (with learn_replies_)
    PickStats pick_stats_;        // what this decision's playouts taught about the later picks (with mast)
};

}  // namespace kd
