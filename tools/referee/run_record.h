// What a run keeps: its settings (RunInfo) and one record per finished game
// (GameRecord: who sat where, points, scores, faults, answer times), made
// from the match's report. Everything the referee reports is computed from
// these records alone (run_stats.h), and the --json file carries them
// (summary_json.h), so the files of runs that played disjoint chunks of the
// same seeds (tools/arena) merge into exactly what one run would have given
// (merge.h).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

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

// A seat's fields as the --json file names them, in its order: record_json
// (summary_json.h) writes them and read_seat (summary_json_read.h) reads them.
template <typename Seat, typename Field>
void seat_fields(Seat& s, Field&& field) {
    field("entrant", s.entrant), field("points", s.points), field("rank", s.rank), field("score", s.score);
    field("best_other", s.best_other), field("timeouts", s.report.timeouts), field("bad_output", s.report.bad_output);
    field("illegal_put", s.report.illegal_put), field("invalid_pick", s.report.invalid_pick);
    field("crashes", s.report.crashes), field("fault", s.report.fault);
    field("first_answer_ms", s.report.first_answer_ms), field("answer_ms", s.report.answer_ms);
}

struct GameRecord {
    long game = -1;  // index in the run
    uint64_t seed = 0;
    std::vector<SeatOutcome> seats;  // empty: not played
    std::vector<double> overhead_ms;  // the referee's own time per request
    bool played() const { return !seats.empty(); }
};

// How many of the records are of games played.
inline long played_games(const std::vector<GameRecord>& games) {
    return long(std::count_if(games.begin(), games.end(), [](const GameRecord& g) { return g.played(); }));
}

// How many seeds, from the run's first on, have all their games played
// (`group` games a seed): the part of an interrupted run that a run of the
// remaining seeds completes.
inline long finished_seeds_from_start(const std::vector<GameRecord>& games, int group) {
    auto unplayed = std::find_if(games.begin(), games.end(), [](const GameRecord& g) { return !g.played(); });
    return long(unplayed - games.begin()) / group;
}

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
    const long firsts = std::count(m.result.rank, m.result.rank + n, 1);
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

}  // namespace kd
