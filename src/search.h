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
// by sequential halving, so that time goes to the choices still open; where
// a variant has a learnt value of the whole position (4p today), each
// candidate starts with it as `many_prior` playouts (src/model.h). With 3
// or 4 players the searched reply is blended with greedy's by how greedy
// that player's picks have been this game (src/opponents.h). At my last
// answer of the turn before the last draft, the best candidates' ends are
// solved a turn ahead (src/endgame_ahead.h). The last two turns are solved
// exactly when it fits the time (src/endgame.h); the last turn, which holds
// no chance and no interaction, always. What is on in each variant:
// SearchOptions::for_variant (src/search_options.h).
#pragma once

#include <algorithm>
#include <climits>
#include <vector>

#include "answer_trees.h"
#include "candidate.h"
#include "decision.h"
#include "endgame.h"
#include "endgame_ahead.h"
#include "greedy.h"
#include "greedy_turn.h"
#include "opponents.h"
#include "pick_stats.h"
#include "playout_value.h"
#include "policy.h"
#include "search_options.h"
#include "model.h"
#include "timeman.h"

namespace kd {

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
    static constexpr int kTreeNodes = 1 << 19;  // the trees' pool, 208 bytes a node, reserved at the start

    explicit Search(const SearchOptions& options)
        : options_(options),
          tree_(options.tree.depth > 0 || options.many_tree_depth > 0 ? kTreeNodes : 0) {}

    // The share of greedy's reply in my value when `seat` (relative: 0 is me)
    // replies: what its picks so far say (learn_replies), else none.
    double reply_weight(int seat) const { return play_.learn_replies ? opponents_.greedy_weight(seat) : 0; }
    // Whether a decision in a game of v depends on the game's earlier ones
    // (what they taught about the others' picks): then whoever searches a
    // request again must first decide the player's earlier ones (tools/analyse).
    bool learns_replies(const Variant& v) const { return options_.for_variant(v).learn_replies; }
    const OpponentModel& opponents() const { return opponents_; }
#ifndef KD_UPLOAD  // home only: tools
    const PolicyWeights& playout_weights() const { return play_.weights; }  // those of the last decision
#endif

    // The answer to `request` within `budget` (or after max_playouts playouts).
    SearchReport decide(const Request& request, const TimeBudget& budget) {
        const Game& root = request.game;
        SearchReport report;
        if (root.is_terminal() || root.current_player() != 0) return report;
        play_ = options_.for_variant(root.variant());
        if (play_.learn_replies) opponents_.observe(root);
        play_.weights.pick_bias = pick_stats_.start(root.turn(), play_.mast);
        if (play_.endgame && root.turn() >= root.variant().turns - 2 && solve_exactly(root, budget, report))
            return report;
        if (root.last_turn()) return solve_last_turn(root);

        const int n = make_candidates(root);
        report.candidates = n;
        budget.mark("candidates");
        if (n == 1) {
            report.answer = Answer{candidates_[0].put, candidates_[0].pick, "", ""};
            report.mode = "forced";
            return report;
        }
        const int deals = play_.endgame_ahead ? endgame_ahead_deals(root, request, play_.ahead_deals) : 0;
        if (deals) {  // the halving, then the solves
            const TimeBudget halving_part(budget.start(), budget.budget_ms() * kAheadHalvingShare, budget.clock());
            report.playouts = halving(root, request, halving_part);
            AheadSolve solve{deals, play_.learn_replies, solver_deadline(budget.deadline()), solver_nodes()};
            choose_by_solved_ends(root, request, candidates_, solve);
            report.nodes = solve.nodes;
        } else {
            report.playouts = halving(root, request, budget);
        }
        report_best(report);
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

    // The Monte Carlo answer: the best candidate, its figures, and what its
    // searched reply teaches about the replier (learn_replies).
    void report_best(SearchReport& report) {
#ifndef KD_UPLOAD  // home only: every candidate, for the tools
        for (int i = 0; i < candidates_.size(); ++i) {
            const Candidate& a = candidates_.ranked(i);
            report.ranked.push_back(CandidateReport{a.put, a.pick, a.playouts(), a.mean(), a.first(),
                                                    a.after(a.chosen_reply(), &Candidate::Sums::me),
                                                    a.after(a.greedy_reply, &Candidate::Sums::me), a.greedy_reply_pick});
        }
#endif
        const Candidate& best = candidates_.ranked(0);
        report.answer = Answer{best.put, best.pick, "", ""};
        report.value = best.mean();
        report.win = best.first();
        report.mode = "mc";
        if (best.replier >= 0) {
            report.reply_weight = best.greedy_weight;
            if (play_.learn_replies)
                opponents_.answered(best.replier, best.greedy_reply_pick, best.reply_picks[best.chosen_reply()]);
        }
    }

    // The games after candidate i: with `greedy`, the other players' answers for
    // the rest of this turn by full greedy (it stops where I act again). Their
    // answers depend neither on the unknown draws nor on my placement (it only
    // changes my kingdom), only on the picks made so far this turn: they are
    // computed once per pick history and shared by the candidates. With
    // `replies`, the first of them is one start per tile it could pick (its
    // best greedy answer with that pick), and the candidate is judged by the
    // reply its player does best with.
    void prepare_start(const Game& root, int i, bool greedy) {
        Candidate& a = candidates_[i];
        Game after = root;
        after.apply(a.put, a.pick, true);
        a.replier = -1, a.n_replies = 1, a.greedy_reply = 0, a.greedy_reply_pick = -1, a.greedy_weight = 0;
        a.clear_sums();
        int* reply_picks = a.reply_picks;
        if (play_.replies && greedy && !after.is_terminal() && after.turn() == root.turn() &&
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
            Game& g = candidates_.start(i, c);
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
    // The learnt value of the position after candidate a (its start game g), worth `prior` playouts.
    void set_prior(Candidate& a, const Game& g) const {
        const float foreseen = g.is_terminal() ? float(leaders_share(g.result(), 0)) : Models::get().position_value(g, 0);
        if (foreseen >= 0) a.prior = foreseen, a.prior_weight = play_.prior;
    }
    // The candidate answers: the best placements by the policy's value
    // (rank_placements), each with every free pick. Returns how many.
    int make_candidates(const Game& root) {
        PlacementList spots;
        int n_spots = root.answer_placements(spots);
        int picks[kMaxDraft];
        const int n_picks = root.answer_picks(picks);
        if (n_spots > 1) {
            // Full greedy's placement always makes the list: a sound choice to compare with.
            const int keep = std::max(1, std::min(options_.max_placements, Candidates::kMax / n_picks));
            n_spots = rank_placements(root.kingdom(0), kTiles[root.current_tile()], root.rule(), play_.weights, keep,
                                      spots, full_greedy(root).put);
        }
        candidates_.reset(n_spots * n_picks);
        for (int i = 0; i < n_spots; ++i)
            for (int j = 0; j < n_picks; ++j) {
                Candidate& a = candidates_[i * n_picks + j];
                a.put = spots[i], a.pick = picks[j];
            }
        return candidates_.size();
    }

    // One playout of each reply of candidate i, with the deal and the policy's
    // dice drawn from `seed`. Returns the playouts run.
    int run(const Game& root, const Request& request, int i, uint64_t seed) {
        Candidate& a = candidates_[i];
        for (int c = 0; c < a.n_replies; ++c) {
            Rng rng(seed);
            Game g = candidates_.start(i, c);
            deal_draws(g, request, root.drawn_count(), rng);
            const bool tree = a.tree != AnswerTrees::kNoNode;
            auto seen = [&](const Game& now) __attribute__((always_inline)) { pick_stats_.saw(now); };
            if (tree) tree_.playout(g, a.tree, rng, play_.weights, play_.tree, seen);
            else playout(g, rng, play_.weights, [&](const Game& now) { seen(now); return Placement{}; });
            const PlayoutEnding e(g);
            pick_stats_.ended(e);
            const double mine = e.share(0);
            Candidate::Sums& sums = a.sums[c];
            if (tree) tree_.backup(mine);
            sums.me += mine;
            sums.wins += e.first();
            if (a.replier >= 0) sums.them += e.share(a.replier);
        }
        a.deals++;
        return a.n_replies;
    }

    // Sequential halving over the candidates until the stop rule says so (or
    // the playout limit); their ranking ends with the best first. Returns the playouts run.
    static constexpr int kGreedyTurnTimeShare = 4;  // the others' greedy answers take a quarter of the time at most
    long halving(const Game& root, const Request& request, const TimeBudget& budget) {
        const int n = candidates_.size();
        // Greedy answers of the others take a share of the time at most; then plain starts.
        const Clock::time_point prepared_by = budget.share_end(kGreedyTurnTimeShare);
        greedy_turn_.clear();
        tree_.clear();
        for (int i = 0; i < n; ++i) {
            candidates_[i].tree = play_.tree.depth > 0 ? tree_.new_root() : AnswerTrees::kNoNode;
            const bool greedy = play_.greedy_turn && (options_.max_playouts > 0 || budget.now() < prepared_by);
            prepare_start(root, i, greedy);
            if (play_.prior > 0) set_prior(candidates_[i], candidates_.start(i, candidates_[i].greedy_reply));
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
            // Playouts per candidate this round: an even share of what is left over the rounds still to come.
            int rounds_left = 1;
            while ((1 << rounds_left) < alive) ++rounds_left;
            // Counted in runs of a candidate (all its replies, one playout each), as the stop rule counts by time.
            double playouts_per_run = 0;
            for (int i = 0; i < alive; ++i) playouts_per_run += candidates_.ranked(i).n_replies;
            playouts_per_run /= alive;
            const double left = options_.max_playouts > 0 ? double(options_.max_playouts - playouts) / playouts_per_run
                                                          : time.playouts_left();
            long reps = long(left / (double(rounds_left) * alive));
            if (alive <= 2) reps = LONG_MAX;  // the final: until time runs out (1L << 40 is 0 where long has 32 bits: WebAssembly)
            reps = std::max(reps, 1L);
            for (long j = 0; j < reps && !stop; ++j) {
                // The j-th deal of the round, the same for every candidate (odd constants spread the seeds).
                uint64_t seed = base + uint64_t(round) * 0x9E3779B97F4A7C15ull + uint64_t(j) * 0xD1B54A32D192ED03ull;
                for (int i = 0; i < alive; ++i) {
                    if (out_of_time()) {
                        stop = true;
                        break;
                    }
                    playouts += run(root, request, candidates_.index_at(i), seed);
                }
            }
            candidates_.rank(alive);
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
    VariantOptions play_;     // the options for this game's variant, resolved (the policy's pick bias set)
    Candidates candidates_;   // this decision's candidate answers
    GreedyTurn greedy_turn_;  // the others' greedy answers this turn, computed once
    AnswerTrees tree_;        // my later answers' trees, one per candidate (src/answer_trees.h)
    OpponentModel opponents_; // what this game taught about the others' picks (with learn_replies)
    PickStats pick_stats_;        // what this decision's playouts taught about the later picks (with mast)
};

}  // namespace kd
