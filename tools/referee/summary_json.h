// The --json file of a run (or a merge): its settings, per bot the table's
// numbers, the pair statistics, and `results`, the record of every game
// played, from which summary_json_read.h and merge.h rebuild it.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "files.h"
#include "json.h"
#include "run_stats.h"

namespace kd {

inline Json record_json(const GameRecord& g) {
    Json seats = Json::array();
    for (const SeatOutcome& s : g.seats) {  // its times already to the file's decimals (record_game)
        Json& seat = seats.emplace_back(Json::object());
        seat_fields(s, [&seat](const char* key, const auto& value) { seat[key] = value; });
    }
    Json overhead = Json::array();
    for (double t : g.overhead_ms) overhead.push_back(decimal(t, kOverheadDecimals));
    return {{"game", g.game}, {"seed", g.seed}, {"seats", seats}, {"overhead_ms", overhead}};
}

inline Json bots_json(const RunInfo& info, const RunSummary& s) {
    Json bots = Json::array();
    for (size_t i = 0; i < s.entrants.size(); ++i) {
        const EntrantStats& e = s.entrants[i];
        const Interval ci = e.interval();
        const MeanInterval rank = e.mean_rank();
        bots.push_back({{"mean_rank", decimal(rank.mean, 4)}, {"mean_rank_low", decimal(rank.low, 4)},
                        {"mean_rank_high", decimal(rank.high, 4)}, {"command", info.bots[i]}, {"games", e.games}, {"wins", e.wins}, {"draws", e.draws},
                        {"losses", e.losses}, {"win_rate", decimal(e.win_rate(), 4)},
                        {"win_rate_low", decimal(ci.low, 4)}, {"win_rate_high", decimal(ci.high, 4)},
                        {"mean_score", decimal(e.mean_score())}, {"mean_score_diff", decimal(e.mean_score_diff())},
                        {"timeouts", e.timeouts}, {"bad_output", e.bad_output}, {"illegal_put", e.illegal_put},
                        {"invalid_pick", e.invalid_pick}, {"crashes", e.crashes},
                        {"p50_ms", decimal(percentile(e.times, 0.5))}, {"p99_ms", decimal(percentile(e.times, 0.99))},
                        {"max_ms", decimal(percentile(e.times, 1.0))}, {"first_answer_max_ms", decimal(e.first_max)},
                        {"answers", e.times.size()}});
    }
    return bots;
}

// The pentanomial counts and their Elo (two players), and the SPRT.
inline void add_pairs(Json& j, const RunInfo& info, const RunSummary& s) {
    if (info.variant->players == 2) {
        j["pentanomial"] = s.pairs;
        j["elo"] = {{"elo", decimal(s.elo.elo, 2)}, {"low", decimal(s.elo.low, 2)}, {"high", decimal(s.elo.high, 2)}};
    }
    if (info.sprt) {
        const SprtParams& p = info.sprt_params;
        j["sprt"] = {{"elo0", decimal(p.elo0)}, {"elo1", decimal(p.elo1)}, {"alpha", decimal(p.alpha)},
                     {"beta", decimal(p.beta)}, {"llr", decimal(s.sprt.llr)}, {"lower", decimal(s.sprt.lower)},
                     {"upper", decimal(s.sprt.upper)},
                     {"decision", s.sprt.decision == SprtDecision::AcceptH1   ? "H1"
                                  : s.sprt.decision == SprtDecision::AcceptH0 ? "H0"
                                                                              : "continue"}};
    }
}

inline std::string summary_json(const RunInfo& info, const std::vector<GameRecord>& games) {
    const RunSummary s = summarize(info, games);
    Json j = {{"variant", info.variant->name}, {"games", s.played}, {"seed", info.seed},
              {"rule", rule_name(info.rule)}, {"time_scale", decimal(info.time_scale)},
              {"no_timeout", info.no_timeout}, {"strict_put", info.strict_put}, {"jobs", info.jobs},
              {"elapsed_s", decimal(info.elapsed_s)}};
    if (info.chunks > 0) j["chunks"] = info.chunks, j["chunks_left_out"] = info.chunks_left_out;
    j["bots"] = bots_json(info, s);
    add_pairs(j, info, s);
    j["overhead_ms"] = {{"mean", decimal(mean_interval(s.overhead).mean, 4)},
                        {"p99", decimal(percentile(s.overhead, 0.99), 4)},
                        {"max", decimal(percentile(s.overhead, 1.0), 4)}};
    Json& results = j["results"] = Json::array();
    for (const GameRecord& g : games)
        if (g.played()) results.push_back(record_json(g));
    return json_text(j);
}

// Writes the summary to `path` (nothing when it is ""); false, said on stderr, when it cannot.
inline bool write_summary_json(const std::string& path, const RunInfo& info, const std::vector<GameRecord>& games) {
    if (path.empty() || write_file(path, summary_json(info, games) + "\n")) return true;
    fprintf(stderr, "referee: cannot write %s\n", path.c_str());
    return false;
}

}  // namespace kd
