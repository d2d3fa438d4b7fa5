// A --json file read back (a run's, or an earlier merge's, as summary_json.h
// writes them): the run's settings and the record of each of its games.
#pragma once

#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "json.h"
#include "run_record.h"

namespace kd {

// One --json file read back: the run's description and its games, each at
// its own index.
struct RunFile {
    std::string name;
    RunInfo info;
    std::vector<GameRecord> games;
};

namespace summary_read_detail {

inline bool fail(std::string& error, const std::string& what) {
    error = what;
    return false;
}

// The fields of `object` named in `keys`, all numbers; false when one is missing or not a number.
inline bool numbers(const Json& object, std::initializer_list<const char*> keys, std::vector<Json>& out) {
    out.clear();
    for (const char* k : keys) {
        const Json& v = at(object, std::string("/") + k);
        if (!v.is_number()) return false;
        out.push_back(v);
    }
    return true;
}

inline bool read_seat(const Json& v, int players, size_t bots, SeatOutcome& s) {
    std::vector<Json> n;
    if (!numbers(v, {"entrant", "points", "rank", "score", "best_other", "timeouts", "bad_output", "illegal_put",
                     "invalid_pick", "crashes", "first_answer_ms"}, n))
        return false;
    s.entrant = n[0].get<int>();
    s.points = n[1].get<double>();
    s.rank = n[2].get<int>();
    s.score = n[3].get<int>();
    s.best_other = n[4].get<int>();
    SeatReport& r = s.report;
    r.timeouts = n[5].get<int>(), r.bad_output = n[6].get<int>(), r.illegal_put = n[7].get<int>();
    r.invalid_pick = n[8].get<int>(), r.crashes = n[9].get<int>();
    r.first_answer_ms = n[10].get<double>();
    const Json &fault = at(v, "/fault"), &times = at(v, "/answer_ms");
    if (!fault.is_string() || !times.is_array()) return false;
    r.fault = fault.get<std::string>();
    for (const Json& t : times) {
        if (!t.is_number()) return false;
        r.answer_ms.push_back(t.get<double>());
    }
    bool points_ok = s.points == 0.0 || s.points == 0.5 || s.points == 1.0;
    bool rank_ok = s.rank >= 1 && s.rank <= players && (s.rank == 1) == (s.points > 0);
    return points_ok && rank_ok && s.entrant >= 0 && size_t(s.entrant) < bots && players > 0;
}

// The run's settings and its bots.
inline bool read_run_info(const std::string& name, const Json& root, RunInfo& info, long& games,
                          std::string& error) {
    info.variant = variant_by_name(string_at(root, "/variant"));
    if (!info.variant) return fail(error, name + ": no known variant");
    if (!rule_by_name(string_at(root, "/rule"), info.rule)) return fail(error, name + ": no rule");
    std::vector<Json> n;
    if (!numbers(root, {"seed", "time_scale", "jobs", "elapsed_s", "games"}, n) || !n[0].is_number_unsigned())
        return fail(error, name + ": seed, time_scale, jobs, elapsed_s or games missing");
    info.seed = n[0].get<uint64_t>();
    info.time_scale = n[1].get<double>();
    info.jobs = n[2].get<int>();
    info.elapsed_s = n[3].get<double>();
    games = n[4].get<long>();
    info.chunks = int(integer_at(root, "/chunks"));
    for (const char* flag : {"no_timeout", "strict_put"}) {
        const Json& v = at(root, std::string("/") + flag);
        if (!v.is_boolean()) return fail(error, name + ": " + flag + " missing");
        (std::string(flag) == "no_timeout" ? info.no_timeout : info.strict_put) = v.get<bool>();
    }
    const Json& bots = at(root, "/bots");
    if (!bots.is_array() || bots.empty()) return fail(error, name + ": no bots");
    for (const Json& b : bots) {
        const Json& command = at(b, "/command");
        if (!command.is_string()) return fail(error, name + ": a bot without command");
        info.bots.push_back(command.get<std::string>());
    }
    return true;
}

// One game of `results`.
inline bool read_game(const std::string& name, const Json& r, const RunInfo& info, GameRecord& g,
                      std::string& error) {
    const int players = info.variant->players;
    std::vector<Json> gn;
    const Json &seats = at(r, "/seats"), &overhead = at(r, "/overhead_ms");
    if (!numbers(r, {"game", "seed"}, gn) || !gn[1].is_number_unsigned() || !seats.is_array() ||
        int(seats.size()) != players || !overhead.is_array())
        return fail(error, name + ": a malformed game in results");
    g.game = gn[0].get<long>();
    g.seed = gn[1].get<uint64_t>();
    for (const Json& s : seats) {
        g.seats.emplace_back();
        if (!read_seat(s, players, info.bots.size(), g.seats.back()))
            return fail(error, name + ": a malformed seat in game " + std::to_string(g.game));
    }
    for (const Json& t : overhead) g.overhead_ms.push_back(number_at(t));
    if (g.game < 0 || g.game > 100000000) return fail(error, name + ": game index out of range");
    return true;
}

}  // namespace summary_read_detail

// Reads a --json summary written by summary_json (a run, or an earlier merge)
// with its results. Each game goes to index `game` of `out.games`.
inline bool read_run_file(const std::string& name, const std::string& text, RunFile& out, std::string& error) {
    using namespace summary_read_detail;
    Json root;
    std::string why;
    if (!parse_json(text, root, why)) return fail(error, name + ": not JSON (" + why + ")");
    if (!root.is_object()) return fail(error, name + ": not a JSON object");
    out.name = name;
    long games = 0;
    if (!read_run_info(name, root, out.info, games, error)) return false;
    const Json& results = at(root, "/results");
    if (!results.is_array()) return fail(error, name + ": no results list (written by an older referee?)");
    for (const Json& r : results) {
        GameRecord g;
        if (!read_game(name, r, out.info, g, error)) return false;
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

// Reads the --json files of runs (referee --merge and --paired); false, with
// `error`, at the first that cannot be read or is not such a file.
inline bool read_run_files(const std::vector<std::string>& paths, std::vector<RunFile>& files, std::string& error) {
    files.assign(paths.size(), RunFile());
    for (size_t i = 0; i < paths.size(); ++i) {
        std::ifstream in(paths[i]);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!in) error = "cannot read " + paths[i];
        if (error.empty()) read_run_file(paths[i], text, files[i], error);
        if (!error.empty()) return false;
    }
    return true;
}

}  // namespace kd
