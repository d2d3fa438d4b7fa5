// The --json file of a run (or a merge): its settings, per bot the table's
// numbers, the pair statistics, and `results`, the record of every game
// played, from which summary_json_read.h and merge.h rebuild it.
#pragma once

#include <string>
#include <vector>

#include "json.h"
#include "run_stats.h"

namespace kd {

inline void write_record(JsonWriter& j, const GameRecord& g) {
    j.begin_object().field("game", g.game).field("seed", (unsigned long long)g.seed);
    j.key("seats").begin_array();
    for (const SeatOutcome& s : g.seats) {
        const SeatReport& r = s.report;
        j.begin_object().field("entrant", s.entrant).field("points", s.points, 1).field("rank", s.rank);
        j.field("score", s.score);
        j.field("best_other", s.best_other).field("timeouts", r.timeouts).field("bad_output", r.bad_output);
        j.field("illegal_put", r.illegal_put).field("invalid_pick", r.invalid_pick).field("crashes", r.crashes);
        j.field("fault", r.fault).field("first_answer_ms", r.first_answer_ms, kAnswerDecimals);
        j.key("answer_ms").begin_array();
        for (double t : r.answer_ms) j.value(t, kAnswerDecimals);
        j.end_array().end_object();
    }
    j.end_array().key("overhead_ms").begin_array();
    for (double t : g.overhead_ms) j.value(t, kOverheadDecimals);
    j.end_array().end_object();
}

inline void write_bots(JsonWriter& j, const RunInfo& info, const RunSummary& s) {
    j.key("bots").begin_array();
    for (size_t i = 0; i < s.entrants.size(); ++i) {
        const EntrantStats& e = s.entrants[i];
        Interval ci = e.interval();
        j.begin_object().field("command", info.bots[i]).field("games", e.games).field("wins", e.wins);
        j.field("draws", e.draws).field("losses", e.losses);
        j.field("win_rate", e.win_rate(), 4);
        j.field("win_rate_low", ci.low, 4).field("win_rate_high", ci.high, 4);
        j.field("mean_score", e.mean_score());
        j.field("mean_score_diff", e.mean_score_diff());
        j.field("timeouts", e.timeouts).field("bad_output", e.bad_output).field("illegal_put", e.illegal_put);
        j.field("invalid_pick", e.invalid_pick).field("crashes", e.crashes);
        j.field("p50_ms", percentile(e.times, 0.5)).field("p99_ms", percentile(e.times, 0.99));
        j.field("max_ms", percentile(e.times, 1.0)).field("first_answer_max_ms", e.first_max);
        j.field("answers", (long)e.times.size());
        j.end_object();
    }
    j.end_array();
}

// The pentanomial counts and their Elo (two players), and the SPRT.
inline void write_pairs(JsonWriter& j, const RunInfo& info, const RunSummary& s) {
    if (info.variant->players == 2) {
        j.key("pentanomial").begin_array();
        for (long p : s.pairs) j.value(p);
        j.end_array();
        j.key("elo").begin_object().field("elo", s.elo.elo, 2).field("low", s.elo.low, 2).field("high", s.elo.high, 2);
        j.end_object();
    }
    if (info.sprt) {
        j.key("sprt").begin_object().field("elo0", info.sprt_params.elo0).field("elo1", info.sprt_params.elo1);
        j.field("alpha", info.sprt_params.alpha).field("beta", info.sprt_params.beta);
        j.field("llr", s.sprt.llr).field("lower", s.sprt.lower).field("upper", s.sprt.upper);
        j.field("decision", s.sprt.decision == SprtDecision::AcceptH1   ? "H1"
                            : s.sprt.decision == SprtDecision::AcceptH0 ? "H0"
                                                                        : "continue");
        j.end_object();
    }
}

inline std::string summary_json(const RunInfo& info, const std::vector<GameRecord>& games) {
    const RunSummary s = summarize(info, games);
    JsonWriter j;
    j.begin_object().field("variant", info.variant->name).field("games", s.played);
    j.field("seed", (unsigned long long)info.seed).field("rule", rule_name(info.rule));
    j.field("time_scale", info.time_scale).field("no_timeout", info.no_timeout).field("strict_put", info.strict_put);
    j.field("jobs", info.jobs).field("elapsed_s", info.elapsed_s);
    if (info.chunks > 0) j.field("chunks", info.chunks).field("chunks_left_out", info.chunks_left_out);
    write_bots(j, info, s);
    write_pairs(j, info, s);
    j.key("overhead_ms").begin_object().field("mean", mean(s.overhead), 4);
    j.field("p99", percentile(s.overhead, 0.99), 4).field("max", percentile(s.overhead, 1.0), 4).end_object();
    j.key("results").begin_array();
    for (const GameRecord& g : games)
        if (g.played()) write_record(j, g);
    j.end_array();
    j.end_object();
    return j.str();
}

}  // namespace kd
