// referee --paired: two runs of the same deals (the same seeds, the bots at
// the same seats), usually one bot changed between them, compared game by
// game. Each bot's first places and score in one run minus the other's on
// the same deal: the deal's own luck cancels, so a difference shows in fewer
// games than two separate intervals would need.
#pragma once

#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "run_record.h"
#include "stats.h"
#include "summary_json_read.h"

namespace kd {

// One bot's results over the deals both runs played in full.
struct PairedEntrant {
    double points_a = 0, points_b = 0;  // mean points per seat (1 sole first, 0.5 shared)
    MeanInterval points_diff;           // a - b per seat, 95% over the deals
    double score_a = 0, score_b = 0;    // mean final score per seat
    MeanInterval score_diff;
    long seats = 0;    // the bot's seats in the paired games
    long changed = 0;  // of them, those whose points differ between the runs
};

struct PairedComparison {
    long deals = 0, games = 0;     // seeds whose every game both runs played, and those games
    long unpaired_games = 0;       // played in one run only, or in a deal one run left unfinished
    std::vector<PairedEntrant> entrants;
};

namespace paired_detail {

// One bot's sums over its seats in one deal's games, in each run.
struct DealSums {
    double points_a = 0, points_b = 0, score_a = 0, score_b = 0;
    long seats = 0;
};
using Deals = std::map<uint64_t, std::vector<DealSums>>;  // per seed, per bot

// The sums of every deal that both runs played in full, with out.games and
// each bot's changed results; it throws when a game seats other bots in one
// run than in the other.
inline void sum_deals(const RunFile& a, const RunFile& b, Deals& deals, PairedComparison& out) {
    const int group = a.info.variant->players;
    using Key = std::pair<uint64_t, long>;  // seed, place in its group
    std::map<Key, const GameRecord*> in_a;
    std::map<uint64_t, int> played;  // per deal, its games in a and in b: 2 x group when both finished it
    for (const GameRecord& g : a.games)
        if (g.played()) {
            in_a[{g.seed, g.game % group}] = &g;
            played[g.seed]++;
        }
    for (const GameRecord& g : b.games)
        if (g.played() && in_a.count({g.seed, g.game % group})) played[g.seed]++;
    for (const GameRecord& gb : b.games) {
        if (!gb.played() || played[gb.seed] != 2 * group) continue;
        const GameRecord& ga = *in_a.at({gb.seed, gb.game % group});
        std::vector<DealSums>& sums = deals[gb.seed];
        sums.resize(a.info.bots.size());
        for (size_t s = 0; s < gb.seats.size(); ++s) {
            const SeatOutcome &sa = ga.seats[s], &sb = gb.seats[s];
            require(sa.entrant == sb.entrant, "game " + std::to_string(gb.game) + " (seed " + std::to_string(gb.seed) +
                                                  ") seats other bots in " + a.name + " than in " + b.name);
            DealSums& d = sums[size_t(sa.entrant)];
            d.points_a += sa.points;
            d.points_b += sb.points;
            d.score_a += sa.score;
            d.score_b += sb.score;
            d.seats++;
            out.entrants[size_t(sa.entrant)].changed += sa.points != sb.points;
        }
        out.games++;
    }
}

// Bot `e`'s means over the deals, and its differences with their intervals.
inline void sum_entrant(const Deals& deals, size_t e, PairedEntrant& p) {
    std::vector<double> points_diff, score_diff;
    for (const auto& deal : deals) {
        const DealSums& d = deal.second[e];
        if (d.seats == 0) continue;
        p.points_a += d.points_a;
        p.points_b += d.points_b;
        p.score_a += d.score_a;
        p.score_b += d.score_b;
        p.seats += d.seats;
        points_diff.push_back((d.points_a - d.points_b) / double(d.seats));
        score_diff.push_back((d.score_a - d.score_b) / double(d.seats));
    }
    if (p.seats == 0) return;
    for (double* x : {&p.points_a, &p.points_b, &p.score_a, &p.score_b}) *x /= double(p.seats);
    p.points_diff = mean_interval(points_diff);
    p.score_diff = mean_interval(score_diff);
}

}  // namespace paired_detail

// Pairs the games of `a` and `b` by seed and place in the seed's group (its
// rotation of the seats). The unit of the intervals is the deal (a seed's
// group of games, which share their tiles), not the game. False, with
// `error`, when the runs are not of the same variant, rule and number of
// bots, or when no deal was played in full by both.
inline bool compare_paired(const RunFile& a, const RunFile& b, PairedComparison& out, std::string& error) {
    using namespace paired_detail;
    try {
        require(a.info.variant == b.info.variant && a.info.rule == b.info.rule && a.info.bots.size() == b.info.bots.size(),
                a.name + " and " + b.name + " are not runs of the same deals (variant, rule and number of bots must be equal)");
        Deals deals;
        out = PairedComparison();
        out.entrants.resize(a.info.bots.size());
        sum_deals(a, b, deals, out);
        out.unpaired_games = played_games(a.games) + played_games(b.games) - 2 * out.games;
        out.deals = long(deals.size());
        require(out.deals > 0, a.name + " and " + b.name + " have no deal (seed) whose every game both played");
        for (size_t e = 0; e < out.entrants.size(); ++e) sum_entrant(deals, e, out.entrants[e]);
    } catch (const std::exception& e) {
        return error = e.what(), false;
    }
    return true;
}

// The comparison as the referee prints it: a line per bot, then the
// commands that differ between the runs.
inline void print_paired(const RunFile& a, const RunFile& b, const PairedComparison& c) {
    const bool two = a.info.variant->players == 2;
    printf("\n%s, rule %s: %ld games of %ld deals (seeds) played in both %s (A) and %s (B)", a.info.variant->name,
           rule_name(a.info.rule), c.games, c.deals, a.name.c_str(), b.name.c_str());
    printf(c.unpaired_games ? "; %ld games without their pair left out\n" : "\n", c.unpaired_games);
    printf("%-3s %6s %8s %8s %25s %7s %7s %22s %8s\n", "#", "seats", two ? "wins A" : "first A", two ? "wins B" : "first B",
           "A - B, points [95% CI]", "score A", "score B", "A - B [95% CI]", "changed");
    for (size_t e = 0; e < c.entrants.size(); ++e) {
        const PairedEntrant& p = c.entrants[e];
        printf("%-3zu %6ld %7.1f%% %7.1f%% %+8.1f [%+6.1f, %+6.1f] %7.2f %7.2f %+7.2f [%+5.2f, %+5.2f] %8ld\n", e, p.seats,
               100 * p.points_a, 100 * p.points_b, 100 * p.points_diff.mean, 100 * p.points_diff.low,
               100 * p.points_diff.high, p.score_a, p.score_b, p.score_diff.mean, p.score_diff.low, p.score_diff.high,
               p.changed);
    }
    for (size_t e = 0; e < c.entrants.size(); ++e)
        if (a.info.bots[e] != b.info.bots[e])
            printf("bot %zu: A %s\n       B %s\n", e, a.info.bots[e].c_str(), b.info.bots[e].c_str());
    fflush(stdout);
}

}  // namespace kd
