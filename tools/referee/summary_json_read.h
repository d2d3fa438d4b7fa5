// A --json file read back (a run's, or an earlier merge's, as summary_json.h
// writes them): the run's settings and the record of each of its games.
#pragma once

#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <vector>

#include "json_read.h"
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

// The run's settings and its bots.
inline bool read_run_info(const std::string& name, const JsonValue& root, RunInfo& info, long& games,
                          std::string& error) {
    const JsonValue* variant = root.find("variant");
    info.variant = variant ? variant_by_name(variant->text) : nullptr;
    if (!info.variant) return fail(error, name + ": no known variant");
    const JsonValue* rule = root.find("rule");
    if (!rule || !rule_by_name(rule->text, info.rule)) return fail(error, name + ": no rule");
    std::vector<const JsonValue*> n;
    if (!numbers(root, {"seed", "time_scale", "jobs", "elapsed_s", "games"}, n))
        return fail(error, name + ": seed, time_scale, jobs, elapsed_s or games missing");
    info.seed = n[0]->unsigned_integer();
    info.time_scale = n[1]->number();
    info.jobs = int(n[2]->integer());
    info.elapsed_s = n[3]->number();
    games = long(n[4]->integer());
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
    return true;
}

// One game of `results`.
inline bool read_game(const std::string& name, const JsonValue& r, const RunInfo& info, GameRecord& g,
                      std::string& error) {
    const int players = info.variant->players;
    std::vector<const JsonValue*> gn;
    const JsonValue* seats = r.find("seats");
    const JsonValue* overhead = r.find("overhead_ms");
    if (!numbers(r, {"game", "seed"}, gn) || !seats || !seats->is(JsonValue::Type::Array) ||
        int(seats->items.size()) != players || !overhead || !overhead->is(JsonValue::Type::Array))
        return fail(error, name + ": a malformed game in results");
    g.game = long(gn[0]->integer());
    g.seed = gn[1]->unsigned_integer();
    for (const JsonValue& s : seats->items) {
        g.seats.emplace_back();
        if (!read_seat(s, players, info.bots.size(), g.seats.back()))
            return fail(error, name + ": a malformed seat in game " + std::to_string(g.game));
    }
    for (const JsonValue& t : overhead->items) g.overhead_ms.push_back(t.number());
    if (g.game < 0 || g.game > 100000000) return fail(error, name + ": game index out of range");
    return true;
}

}  // namespace summary_read_detail

// Reads a --json summary written by summary_json (a run, or an earlier merge)
// with its results. Each game goes to index `game` of `out.games`.
inline bool read_run_file(const std::string& name, const std::string& text, RunFile& out, std::string& error) {
    using namespace summary_read_detail;
    JsonValue root;
    std::string why;
    if (!JsonReader::parse(text, root, why)) return fail(error, name + ": not JSON (" + why + ")");
    if (!root.is(JsonValue::Type::Object)) return fail(error, name + ": not a JSON object");
    out.name = name;
    long games = 0;
    if (!read_run_info(name, root, out.info, games, error)) return false;
    const JsonValue* results = root.find("results");
    if (!results || !results->is(JsonValue::Type::Array))
        return fail(error, name + ": no results list (written by an older referee?)");
    for (const JsonValue& r : results->items) {
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
