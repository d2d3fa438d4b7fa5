// The table the referee prints at the end of a run (or a merge): the run's
// settings, a line per bot, the pairs' Elo and the SPRT, the referee's overhead.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "run_stats.h"

namespace kd {

// What rounds to zero at one decimal prints as +0.0, not -0.0.
inline double no_minus_zero(double x) { return x > -0.05 && x < 0.05 ? 0.0 : x; }

inline const char* sprt_verdict(SprtDecision d) {
    return d == SprtDecision::AcceptH1   ? "H1 accepted (bot 0 is stronger by elo1)"
           : d == SprtDecision::AcceptH0 ? "H0 accepted (not stronger by elo1)"
                                         : "undecided (games ran out)";
}

// The run's line and a line per bot.
inline void print_bot_table(const RunInfo& info, const RunSummary& s) {
    const int group = info.variant->players;
    printf("\n%s, %ld games (%ld seeds from %llu), rule %s, time scale %g%s, ", info.variant->name, s.played,
           (s.played + group - 1) / group, (unsigned long long)info.seed, rule_name(info.rule), info.time_scale,
           info.no_timeout ? " (no timeout)" : "");
    if (info.chunks > 0)
        printf("merged from %d chunks, %.1f s of referee time\n", info.chunks, info.elapsed_s);
    else
        printf("%d jobs, %.1f s\n", info.jobs, info.elapsed_s);
    printf("%-3s %-28s %6s %5s %5s %5s %22s %8s %8s %4s %4s %4s %4s %4s %7s %7s %7s\n", "#", "bot", "games", "wins",
           "draws", "loss", group == 2 ? "win rate [95% CI]" : "first place [95% CI]", "score", "diff", "TO", "bad",
           "ill", "pick", "crash", "p50ms", "p99ms", "maxms");
    for (size_t i = 0; i < s.entrants.size(); ++i) {
        const EntrantStats& e = s.entrants[i];
        Interval ci = e.interval();
        const std::string& bot = info.bots[i];
        std::string name = bot.size() > 28 ? "~" + bot.substr(bot.size() - 27) : bot;
        printf("%-3zu %-28s %6ld %5ld %5ld %5ld %6.1f%% [%5.1f, %5.1f] %8.2f %+8.2f %4ld %4ld %4ld %4ld %4ld %7.2f "
               "%7.2f %7.2f\n", i, name.c_str(), e.games, e.wins, e.draws, e.losses, 100 * e.win_rate(), 100 * ci.low,
               100 * ci.high, e.mean_score(), e.mean_score_diff(), e.timeouts, e.bad_output, e.illegal_put,
               e.invalid_pick, e.crashes, percentile(e.times, 0.5), percentile(e.times, 0.99),
               percentile(e.times, 1.0));
    }
}

// With three or four players, each bot's mean rank (1 best) and its 95% interval.
inline void print_mean_ranks(const RunInfo& info, const RunSummary& s) {
    const int group = info.variant->players;
    if (group < 3) return;
    printf("mean rank (1 best, equal %.2f):", (group + 1) / 2.0);
    for (size_t i = 0; i < s.entrants.size(); ++i) {
        const MeanInterval m = s.entrants[i].mean_rank();
        printf("%s bot %zu %.3f [%.3f, %.3f]", i ? "," : "", i, m.mean, m.low, m.high);
    }
    printf("\n");
}

inline void print_summary(const RunInfo& info, const std::vector<GameRecord>& games) {
    const RunSummary s = summarize(info, games);
    print_bot_table(info, s);
    print_mean_ranks(info, s);
    const std::array<long, 5>& pairs = s.pairs;
    long n_pairs = pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4];
    if (info.variant->players == 2 && n_pairs)
        printf("Elo of bot 0 vs bot 1: %+.1f [%+.1f, %+.1f] (95%%, %ld seat-swapped pairs: %ld %ld %ld %ld %ld)\n",
               no_minus_zero(s.elo.elo), no_minus_zero(s.elo.low), no_minus_zero(s.elo.high), n_pairs, pairs[0],
               pairs[1], pairs[2], pairs[3], pairs[4]);
    if (info.sprt) {
        printf("SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f [%.3f, %.3f] -> %s\n", info.sprt_params.elo0,
               info.sprt_params.elo1, info.sprt_params.alpha, info.sprt_params.beta, s.sprt.llr, s.sprt.lower,
               s.sprt.upper, sprt_verdict(s.sprt.decision));
        if (info.chunks_left_out > 0)
            printf("SPRT decided after chunk %d of %d: the games of the %d later chunks are left out\n", info.chunks,
                   info.chunks + info.chunks_left_out, info.chunks_left_out);
    }
    printf("referee overhead per request: mean %.4f ms, p99 %.4f ms, max %.4f ms (%zu requests)\n",
           mean_interval(s.overhead).mean, percentile(s.overhead, 0.99), percentile(s.overhead, 1.0), s.overhead.size());
    fflush(stdout);
}

}  // namespace kd
