// The judgement of a run. Every finished game is kept as a record (who sat
// where, points, scores, faults, answer times); the summary table and the
// --json file are built from the records alone, and the --json file carries
// them. So the --json files of runs that played disjoint chunks of the same
// seeds (tools/arena) merge into exactly the summary one run would have given.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

#include "json.h"
#include "json_read.h"
#include "match.h"
#include "stats.h"

namespace kd {

// Seeds are played in groups: twice with seats swapped (two players), or once
// per rotation of the bots through the seats (`players` games a seed).
// The entrant (index into the bot list) sitting at `seat` in game `game`.
inline int seat_entrant(int players, int bots, long game, int seat) {
    return int((seat + game % players) % long(bots));
}

// One seat of one finished game, as the statistics need it.
struct SeatOutcome {
    int entrant = 0;
    double points = 0;  // 1 sole first, 0.5 shared first (two players: draw), 0 otherwise
    int rank = 0;       // 1 + the players with a higher adjusted score: equal ranks are a tie (tools/league)
    int score = 0, best_other = 0;
    SeatReport report;
};

struct GameRecord {
    long game = -1;  // index in the run
    uint64_t seed = 0;
    std::vector<SeatOutcome> seats;  // empty: not played
    std::vector<double> overhead_ms;  // the referee's own time per request
    bool played() const { return !seats.empty(); }
};

// What the summary says about the run besides its games.
struct RunInfo {
    const Variant* variant = &kTwoPlayers;
    Rule rule = Rule::Match;
    uint64_t seed = 1;
    double time_scale = 1.0;
    bool no_timeout = false, strict_put = false;
    int jobs = 1;
    std::vector<std::string> bots;
    bool sprt = false;
    SprtParams sprt_params;
    double elapsed_s = 0;
    int chunks = 0;           // > 0: merged from this many chunk files (elapsed_s is their sum)
    int chunks_left_out = 0;  // chunks after the one where the SPRT stopped
};

// Times are kept to the microsecond (answers) and the tenth of a microsecond
// (overhead), the precision the --json file writes them with, so that a
// merge of --json files computes from the very numbers the run had.
constexpr int kAnswerDecimals = 3, kOverheadDecimals = 4;

inline double quantize(double x, int decimals) {
    double scale = std::pow(10.0, decimals);
    return std::round(x * scale) / scale;
}

// The record of game `game` (seed `seed`) from the match's report;
// entrants[s] is the entrant at seat s.
inline GameRecord record_game(long game, uint64_t seed, const std::vector<int>& entrants, const MatchReport& m) {
    GameRecord g;
    g.game = game;
    g.seed = seed;
    const int n = int(entrants.size());
    int firsts = 0;
    for (int p = 0; p < n; ++p) firsts += m.result.rank[p] == 1;
    for (int s = 0; s < n; ++s) {
        SeatOutcome so;
        so.entrant = entrants[size_t(s)];
        so.points = m.result.rank[s] != 1 ? 0.0 : firsts == 1 ? 1.0 : 0.5;
        so.rank = m.result.rank[s];
        so.score = m.result.score[s];
        so.best_other = -1;
        for (int p = 0; p < n; ++p)
            if (p != s) so.best_other = std::max(so.best_other, m.result.score[p]);
        so.report = m.seats[s];
        for (double& t : so.report.answer_ms) t = quantize(t, kAnswerDecimals);
        so.report.first_answer_ms = quantize(so.report.first_answer_ms, kAnswerDecimals);
        g.seats.push_back(so);
    }
    for (double t : m.overhead_ms) g.overhead_ms.push_back(quantize(t, kOverheadDecimals));
    return g;
}

struct EntrantStats {
    long games = 0, wins = 0, draws = 0, losses = 0;
    double score_sum = 0, diff_sum = 0;
    long timeouts = 0, bad_output = 0, illegal_put = 0, invalid_pick = 0, crashes = 0;
    std::vector<double> times;
    double first_max = 0;

    double win_rate() const { return games ? (wins + 0.5 * draws) / double(games) : 0.0; }
    Interval interval() const { return wilson_interval(wins + 0.5 * draws, int(games)); }
};

inline double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t i = size_t(q * double(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

inline double mean(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return v.empty() ? 0 : s / double(v.size());
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

inline long played_games(const std::vector<GameRecord>& games) {
    long n = 0;
    for (const GameRecord& g : games) n += g.played();
    return n;
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


// What rounds to zero at one decimal prints as +0.0, not -0.0.
inline double no_minus_zero(double x) { return x > -0.05 && x < 0.05 ? 0.0 : x; }

// The table printed at the end of a run (or a merge).
inline void print_summary(const RunInfo& info, const std::vector<GameRecord>& games) {
    std::vector<EntrantStats> stats = entrant_stats(games, info.bots.size());
    long played = played_games(games);
    const int group = info.variant->players;
    std::array<long, 5> pairs = pentanomial(games, group);
    bool two = group == 2;
    EloEstimate elo = elo_pentanomial(pairs);

    printf("\n%s, %ld games (%ld seeds from %llu), rule %s, time scale %g%s, ", info.variant->name, played,
           (played + group - 1) / group, (unsigned long long)info.seed, rule_name(info.rule), info.time_scale,
           info.no_timeout ? " (no timeout)" : "");
    if (info.chunks > 0)
        printf("merged from %d chunks, %.1f s of referee time\n", info.chunks, info.elapsed_s);
    else
        printf("%d jobs, %.1f s\n", info.jobs, info.elapsed_s);
    printf("%-3s %-28s %6s %5s %5s %5s %22s %8s %8s %4s %4s %4s %4s %4s %7s %7s %7s\n", "#", "bot", "games", "wins",
           "draws", "loss", two ? "win rate [95% CI]" : "first place [95% CI]", "score", "diff", "TO", "bad", "ill",
           "pick", "crash", "p50ms", "p99ms", "maxms");
    for (size_t i = 0; i < stats.size(); ++i) {
        const EntrantStats& e = stats[i];
        Interval ci = e.interval();
        const std::string& bot = info.bots[i];
        std::string name = bot.size() > 28 ? "~" + bot.substr(bot.size() - 27) : bot;
        char rate_text[64];
        snprintf(rate_text, sizeof rate_text, "%5.1f%% [%5.1f, %5.1f]", 100 * e.win_rate(), 100 * ci.low,
                 100 * ci.high);
        printf("%-3zu %-28s %6ld %5ld %5ld %5ld %22s %8.2f %+8.2f %4ld %4ld %4ld %4ld %4ld %7.2f %7.2f %7.2f\n", i,
               name.c_str(), e.games, e.wins, e.draws, e.losses, rate_text, e.games ? e.score_sum / e.games : 0.0,
               e.games ? e.diff_sum / e.games : 0.0, e.timeouts, e.bad_output, e.illegal_put, e.invalid_pick,
               e.crashes, percentile(e.times, 0.5), percentile(e.times, 0.99), percentile(e.times, 1.0));
    }
    long n_pairs = pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4];
    if (two && n_pairs)
        printf("Elo of bot 0 vs bot 1: %+.1f [%+.1f, %+.1f] (95%%, %ld seat-swapped pairs: %ld %ld %ld %ld %ld)\n",
               no_minus_zero(elo.elo), no_minus_zero(elo.low), no_minus_zero(elo.high), n_pairs, pairs[0], pairs[1],
               pairs[2], pairs[3], pairs[4]);
    if (info.sprt) {
        SprtResult r = sprt_pentanomial(pairs, info.sprt_params);
        printf("SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f [%.3f, %.3f] -> %s\n", info.sprt_params.elo0,
               info.sprt_params.elo1, info.sprt_params.alpha, info.sprt_params.beta, r.llr, r.lower, r.upper,
               r.decision == SprtDecision::AcceptH1   ? "H1 accepted (bot 0 is stronger by elo1)"
               : r.decision == SprtDecision::AcceptH0 ? "H0 accepted (not stronger by elo1)"
                                                      : "undecided (games ran out)");
        if (info.chunks_left_out > 0)
            printf("SPRT decided after chunk %d of %d: the games of the %d later chunks are left out\n", info.chunks,
                   info.chunks + info.chunks_left_out, info.chunks_left_out);
    }
    std::vector<double> overhead = overhead_samples(games);
    printf("referee overhead per request: mean %.4f ms, p99 %.4f ms, max %.4f ms (%zu requests)\n", mean(overhead),
           percentile(overhead, 0.99), percentile(overhead, 1.0), overhead.size());
    fflush(stdout);
}

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

// The --json summary: the run, per bot the table's numbers, the pair
// statistics, and `results`, the record of every game played.
inline std::string summary_json(const RunInfo& info, const std::vector<GameRecord>& games) {
    std::vector<EntrantStats> stats = entrant_stats(games, info.bots.size());
    std::array<long, 5> pairs = pentanomial(games, info.variant->players);
    std::vector<double> overhead = overhead_samples(games);
    JsonWriter j;
    j.begin_object().field("variant", info.variant->name).field("games", played_games(games));
    j.field("seed", (unsigned long long)info.seed).field("rule", rule_name(info.rule));
    j.field("time_scale", info.time_scale).field("no_timeout", info.no_timeout).field("strict_put", info.strict_put);
    j.field("jobs", info.jobs).field("elapsed_s", info.elapsed_s);
    if (info.chunks > 0) j.field("chunks", info.chunks).field("chunks_left_out", info.chunks_left_out);
    j.key("bots").begin_array();
    for (size_t i = 0; i < stats.size(); ++i) {
        const EntrantStats& e = stats[i];
        Interval ci = e.interval();
        j.begin_object().field("command", info.bots[i]).field("games", e.games).field("wins", e.wins);
        j.field("draws", e.draws).field("losses", e.losses);
        j.field("win_rate", e.win_rate(), 4);
        j.field("win_rate_low", ci.low, 4).field("win_rate_high", ci.high, 4);
        j.field("mean_score", e.games ? e.score_sum / double(e.games) : 0.0);
        j.field("mean_score_diff", e.games ? e.diff_sum / double(e.games) : 0.0);
        j.field("timeouts", e.timeouts).field("bad_output", e.bad_output).field("illegal_put", e.illegal_put);
        j.field("invalid_pick", e.invalid_pick).field("crashes", e.crashes);
        j.field("p50_ms", percentile(e.times, 0.5)).field("p99_ms", percentile(e.times, 0.99));
        j.field("max_ms", percentile(e.times, 1.0)).field("first_answer_max_ms", e.first_max);
        j.field("answers", (long)e.times.size());
        j.end_object();
    }
    j.end_array();
    if (info.variant->players == 2) {
        EloEstimate elo = elo_pentanomial(pairs);
        j.key("pentanomial").begin_array();
        for (long p : pairs) j.value(p);
        j.end_array();
        j.key("elo").begin_object().field("elo", elo.elo, 2).field("low", elo.low, 2).field("high", elo.high, 2);
        j.end_object();
    }
    if (info.sprt) {
        SprtResult r = sprt_pentanomial(pairs, info.sprt_params);
        j.key("sprt").begin_object().field("elo0", info.sprt_params.elo0).field("elo1", info.sprt_params.elo1);
        j.field("alpha", info.sprt_params.alpha).field("beta", info.sprt_params.beta);
        j.field("llr", r.llr).field("lower", r.lower).field("upper", r.upper);
        j.field("decision", r.decision == SprtDecision::AcceptH1   ? "H1"
                            : r.decision == SprtDecision::AcceptH0 ? "H0"
                                                                   : "continue");
        j.end_object();
    }
    j.key("overhead_ms").begin_object().field("mean", mean(overhead), 4);
    j.field("p99", percentile(overhead, 0.99), 4).field("max", percentile(overhead, 1.0), 4).end_object();
    j.key("results").begin_array();
    for (const GameRecord& g : games)
        if (g.played()) write_record(j, g);
    j.end_array();
    j.end_object();
    return j.str();
}

// ------------------------------------------------------------------ merge

// One --json file read back: the run's description and its games, each at
// its own index.
struct RunFile {
    std::string name;
    RunInfo info;
    std::vector<GameRecord> games;
};

namespace summary_detail {

inline bool fail(std::string& error, const std::string& what) {
    error = what;
    return false;
}

// Reads the fields of `object` named in `keys` into `out` as numbers; false
// when one is missing or not a number.
inline bool numbers(const JsonValue& object, std::initializer_list<const char*> keys,
                    std::vector<const JsonValue*>& out) {
    out.clear();
    for (const char* k : keys) {
        const JsonValue* v = object.find(k);
        if (!v || !v->is(JsonValue::Type::Number)) return false;
        out.push_back(v);
    }
    return true;
}

inline bool read_seat(const JsonValue& v, int players, size_t bots, SeatOutcome& s) {
    std::vector<const JsonValue*> n;
    if (!v.is(JsonValue::Type::Object) ||
        !numbers(v, {"entrant", "points", "rank", "score", "best_other", "timeouts", "bad_output", "illegal_put",
                     "invalid_pick", "crashes", "first_answer_ms"}, n))
        return false;
    s.entrant = int(n[0]->integer());
    s.points = n[1]->number();
    s.rank = int(n[2]->integer());
    s.score = int(n[3]->integer());
    s.best_other = int(n[4]->integer());
    s.report.timeouts = int(n[5]->integer());
    s.report.bad_output = int(n[6]->integer());
    s.report.illegal_put = int(n[7]->integer());
    s.report.invalid_pick = int(n[8]->integer());
    s.report.crashes = int(n[9]->integer());
    s.report.first_answer_ms = n[10]->number();
    const JsonValue* fault = v.find("fault");
    const JsonValue* times = v.find("answer_ms");
    if (!fault || !fault->is(JsonValue::Type::String) || !times || !times->is(JsonValue::Type::Array)) return false;
    s.report.fault = fault->text;
    for (const JsonValue& t : times->items) {
        if (!t.is(JsonValue::Type::Number)) return false;
        s.report.answer_ms.push_back(t.number());
    }
    bool points_ok = s.points == 0.0 || s.points == 0.5 || s.points == 1.0;
    bool rank_ok = s.rank >= 1 && s.rank <= players && (s.rank == 1) == (s.points > 0);
    return points_ok && rank_ok && s.entrant >= 0 && size_t(s.entrant) < bots && players > 0;
}

}  // namespace summary_detail

// Reads a --json summary written by summary_json (a run, or an earlier merge)
// with its results. Each game goes to index `game` of `out.games`.
inline bool read_run_file(const std::string& name, const std::string& text, RunFile& out, std::string& error) {
    using summary_detail::fail;
    JsonValue root;
    std::string why;
    if (!JsonReader::parse(text, root, why)) return fail(error, name + ": not JSON (" + why + ")");
    if (!root.is(JsonValue::Type::Object)) return fail(error, name + ": not a JSON object");
    out.name = name;
    RunInfo& info = out.info;
    const JsonValue* variant = root.find("variant");
    info.variant = variant ? variant_by_name(variant->text) : nullptr;
    if (!info.variant) return fail(error, name + ": no known variant");
    const JsonValue* rule = root.find("rule");
    if (!rule || (rule->text != "match" && rule->text != "adjacent")) return fail(error, name + ": no rule");
    info.rule = rule->text == "match" ? Rule::Match : Rule::Adjacent;
    std::vector<const JsonValue*> n;
    if (!summary_detail::numbers(root, {"seed", "time_scale", "jobs", "elapsed_s", "games"}, n))
        return fail(error, name + ": seed, time_scale, jobs, elapsed_s or games missing");
    info.seed = n[0]->unsigned_integer();
    info.time_scale = n[1]->number();
    info.jobs = int(n[2]->integer());
    info.elapsed_s = n[3]->number();
    long games = long(n[4]->integer());
    const JsonValue* chunks = root.find("chunks");
    info.chunks = chunks ? int(chunks->integer()) : 0;
    for (const char* flag : {"no_timeout", "strict_put"}) {
        const JsonValue* v = root.find(flag);
        if (!v || !v->is(JsonValue::Type::Bool)) return fail(error, name + ": " + flag + " missing");
        (std::string(flag) == "no_timeout" ? info.no_timeout : info.strict_put) = v->boolean;
    }
    const JsonValue* bots = root.find("bots");
    if (!bots || !bots->is(JsonValue::Type::Array) || bots->items.empty()) return fail(error, name + ": no bots");
    for (const JsonValue& b : bots->items) {
        const JsonValue* command = b.find("command");
        if (!command || !command->is(JsonValue::Type::String)) return fail(error, name + ": a bot without command");
        info.bots.push_back(command->text);
    }
    const JsonValue* results = root.find("results");
    if (!results || !results->is(JsonValue::Type::Array))
        return fail(error, name + ": no results list (written by an older referee?)");
    const int players = info.variant->players;
    for (const JsonValue& r : results->items) {
        GameRecord g;
        std::vector<const JsonValue*> gn;
        const JsonValue* seats = r.find("seats");
        const JsonValue* overhead = r.find("overhead_ms");
        if (!summary_detail::numbers(r, {"game", "seed"}, gn) || !seats || !seats->is(JsonValue::Type::Array) ||
            int(seats->items.size()) != players || !overhead || !overhead->is(JsonValue::Type::Array))
            return fail(error, name + ": a malformed game in results");
        g.game = long(gn[0]->integer());
        g.seed = gn[1]->unsigned_integer();
        for (const JsonValue& s : seats->items) {
            g.seats.emplace_back();
            if (!summary_detail::read_seat(s, players, info.bots.size(), g.seats.back()))
                return fail(error, name + ": a malformed seat in game " + std::to_string(g.game));
        }
        for (const JsonValue& t : overhead->items) g.overhead_ms.push_back(t.number());
        if (g.game < 0 || g.game > 100000000) return fail(error, name + ": game index out of range");
        if (out.games.size() <= size_t(g.game)) out.games.resize(size_t(g.game) + 1);
        if (out.games[size_t(g.game)].played())
            return fail(error, name + ": game " + std::to_string(g.game) + " appears twice");
        out.games[size_t(g.game)] = g;
    }
    if (played_games(out.games) != games)
        return fail(error, name + ": says " + std::to_string(games) + " games but lists " +
                               std::to_string(played_games(out.games)));
    return true;
}

// Merges runs that played chunks of the same match (same variant, rule, time
// scale, bots; each chunk starting at a seed of its own) into the records one
// run from the lowest seed would have made: game index (seed - lowest) x
// group + position in the group. A game found twice, or a bot at a seat the
// match would not have put it, is an error. With `sprt`, the files are taken
// in the order given and the merge stops after the first one at which the
// test decides, as a referee would have stopped there.
inline bool merge_runs(const std::vector<RunFile>& files, const SprtParams* sprt, RunInfo& info,
                       std::vector<GameRecord>& games, std::string& error) {
    using summary_detail::fail;
    if (files.empty()) return fail(error, "nothing to merge");
    const RunInfo& first = files[0].info;
    info = first;
    info.jobs = 0;
    info.elapsed_s = 0;
    info.chunks = 0;
    info.sprt = sprt != nullptr;
    if (sprt) info.sprt_params = *sprt;
    for (const RunFile& f : files) {
        const RunInfo& i = f.info;
        if (i.variant != first.variant || i.rule != first.rule || i.time_scale != first.time_scale ||
            i.no_timeout != first.no_timeout || i.strict_put != first.strict_put || i.bots != first.bots)
            return fail(error, f.name + " is not a chunk of the same match as " + files[0].name +
                                   " (variant, rule, time scale, limits and bots must be equal)");
        info.seed = std::min(info.seed, i.seed);
    }
    const int group = first.variant->players;
    const int bots = int(first.bots.size());
    std::vector<std::string> owner;  // the file each game came from
    games.clear();
    for (size_t k = 0; k < files.size(); ++k) {
        const RunFile& f = files[k];
        for (const GameRecord& g : f.games) {
            if (!g.played()) continue;
            long index = long(g.seed - info.seed) * group + g.game % group;
            for (int s = 0; s < group; ++s)
                if (g.seats[size_t(s)].entrant != seat_entrant(group, bots, index, s))
                    return fail(error, f.name + ": game " + std::to_string(g.game) + " (seed " +
                                           std::to_string(g.seed) + ") has the bots at other seats than game " +
                                           std::to_string(index) + " of the merged match");
            if (games.size() <= size_t(index)) {
                games.resize(size_t(index) + 1);
                owner.resize(size_t(index) + 1);
            }
            if (games[size_t(index)].played())
                return fail(error, "game " + std::to_string(index) + " (seed " + std::to_string(g.seed) +
                                       ") is in both " + owner[size_t(index)] + " and " + f.name);
            games[size_t(index)] = g;
            games[size_t(index)].game = index;
            owner[size_t(index)] = f.name;
        }
        info.jobs = std::max(info.jobs, f.info.jobs);
        info.elapsed_s += f.info.elapsed_s;
        info.chunks += std::max(1, f.info.chunks);
        if (sprt && sprt_pentanomial(pentanomial(games, group), *sprt).decision != SprtDecision::Continue) {
            for (size_t rest = k + 1; rest < files.size(); ++rest)
                info.chunks_left_out += std::max(1, files[rest].info.chunks);
            break;
        }
    }
    return true;
}

}  // namespace kd
