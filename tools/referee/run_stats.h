// The numbers a run's summary gives, computed from its records alone: per
// bot its games, results, faults and answer times; for two players the
// seat-swapped pairs, their Elo and the SPRT; the referee's own overhead.
// The printed table (summary_table.h) and the --json file (summary_json.h)
// both show a RunSummary.
#pragma once

#include <algorithm>
#include <array>
#include <vector>

#include "run_record.h"
#include "stats.h"

namespace kd {

struct EntrantStats {
    long games = 0, wins = 0, draws = 0, losses = 0;
    double score_sum = 0, diff_sum = 0;
    long timeouts = 0, bad_output = 0, illegal_put = 0, invalid_pick = 0, crashes = 0;
    std::vector<double> times;
    std::vector<double> ranks;  // each game's rank (1 + the players ahead): CodinGame rates the whole order
    double first_max = 0;

    double win_rate() const { return games ? (wins + 0.5 * draws) / double(games) : 0.0; }
    Interval interval() const { return wilson_interval(wins + 0.5 * draws, int(games)); }
    double mean_score() const { return games ? score_sum / double(games) : 0.0; }
    double mean_score_diff() const { return games ? diff_sum / double(games) : 0.0; }
    MeanInterval mean_rank() const { return mean_interval(ranks); }
};

inline double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t i = size_t(q * double(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

// Everything below reads the games in index order, whatever order they were
// played or merged in, so that equal records give equal numbers.
inline std::vector<EntrantStats> entrant_stats(const std::vector<GameRecord>& games, size_t bots) {
    std::vector<EntrantStats> stats(bots);
    for (const GameRecord& game : games) {
        for (const SeatOutcome& s : game.seats) {
            EntrantStats& e = stats[size_t(s.entrant)];
            e.games++;
            e.wins += s.points == 1.0;
            e.draws += s.points == 0.5;
            e.losses += s.points == 0.0;
            e.score_sum += s.score;
            e.diff_sum += s.score - s.best_other;
            if (s.rank > 0) e.ranks.push_back(s.rank);
            e.timeouts += s.report.timeouts;
            e.bad_output += s.report.bad_output;
            e.illegal_put += s.report.illegal_put;
            e.invalid_pick += s.report.invalid_pick;
            e.crashes += s.report.crashes;
            e.times.insert(e.times.end(), s.report.answer_ms.begin(), s.report.answer_ms.end());
            e.first_max = std::max(e.first_max, s.report.first_answer_ms);
        }
    }
    return stats;
}

inline std::vector<double> overhead_samples(const std::vector<GameRecord>& games) {
    std::vector<double> all;
    for (const GameRecord& g : games) all.insert(all.end(), g.overhead_ms.begin(), g.overhead_ms.end());
    return all;
}

// Pair results of entrant 0 over complete seat-swapped pairs (two-player
// variants): games 2k and 2k+1, both played.
inline std::array<long, 5> pentanomial(const std::vector<GameRecord>& games, int players) {
    std::array<long, 5> pairs{};
    if (players != 2) return pairs;
    for (size_t g = 0; g + 1 < games.size(); g += 2) {
        if (!games[g].played() || !games[g + 1].played()) continue;
        double points = 0;
        for (size_t k = g; k <= g + 1; ++k)
            for (const SeatOutcome& s : games[k].seats)
                if (s.entrant == 0) points += s.points;
        pairs[size_t(points * 2 + 0.5)]++;
    }
    return pairs;
}

// Everything a summary shows, computed once.
struct RunSummary {
    std::vector<EntrantStats> entrants;  // per bot, in the order of RunInfo::bots
    long played = 0;
    std::array<long, 5> pairs{};  // two players: seat-swapped pairs by entrant 0's half-points
    EloEstimate elo{};            // of entrant 0 over entrant 1, from the pairs
    SprtResult sprt{};            // when the run has an SPRT
    std::vector<double> overhead;
};

inline RunSummary summarize(const RunInfo& info, const std::vector<GameRecord>& games) {
    RunSummary s;
    s.entrants = entrant_stats(games, info.bots.size());
    s.played = played_games(games);
    s.pairs = pentanomial(games, info.variant->players);
    s.elo = elo_pentanomial(s.pairs);
    if (info.sprt) s.sprt = sprt_pentanomial(s.pairs, info.sprt_params);
    s.overhead = overhead_samples(games);
    return s;
}

}  // namespace kd
