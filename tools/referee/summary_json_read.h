// A --json file read back (a run's, or an earlier merge's, as summary_json.h
// writes them): the run's settings and the record of each of its games.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "files.h"
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

// Reading, merging and comparing run files stop at the first thing wrong:
// this throws it, and each command's entry catches it with the library's own.
inline void require(bool ok, const std::string& what) {
    if (!ok) throw std::runtime_error(what);
}

namespace summary_read_detail {

inline SeatOutcome read_seat(const Json& v, int players, size_t bots) {
    SeatOutcome s;
    seat_fields(s, [&v](const char* key, auto& value) { value = field<std::decay_t<decltype(value)>>(v, key); });
    require(s.points == 0.0 || s.points == 0.5 || s.points == 1.0, "a seat's points are not 0, 0.5 or 1");
    require(s.rank >= 1 && s.rank <= players && (s.rank == 1) == (s.points > 0), "a seat's rank does not fit");
    require(s.entrant >= 0 && size_t(s.entrant) < bots, "a seat's entrant is no bot of the run");
    return s;
}

// The run's settings and its bots.
inline RunInfo read_run_info(const Json& root) {
    RunInfo info;
    info.variant = variant_by_name(string_at(root, "/variant"));
    require(info.variant, "no known variant");
    require(rule_by_name(string_at(root, "/rule"), info.rule), "no rule");
    info.seed = field<uint64_t>(root, "seed");
    info.time_scale = field<double>(root, "time_scale");
    info.jobs = field<int>(root, "jobs");
    info.elapsed_s = field<double>(root, "elapsed_s");
    info.chunks = int(integer_at(root, "/chunks"));
    info.no_timeout = field<bool>(root, "no_timeout");
    info.strict_put = field<bool>(root, "strict_put");
    const Json& bots = at(root, "/bots");
    require(bots.is_array() && !bots.empty(), "no bots");
    for (const Json& b : bots) info.bots.push_back(field<std::string>(b, "command"));
    return info;
}

// One game of `results`.
inline GameRecord read_game(const Json& r, const RunInfo& info) {
    GameRecord g;
    g.game = field<long>(r, "game");
    g.seed = field<uint64_t>(r, "seed");
    require(g.game >= 0 && g.game <= 100000000, "game index out of range");
    const Json &seats = at(r, "/seats"), &overhead = at(r, "/overhead_ms");
    require(seats.is_array() && int(seats.size()) == info.variant->players, "not one seat per player");
    require(overhead.is_array(), "no overhead_ms list");
    for (const Json& s : seats) g.seats.push_back(read_seat(s, info.variant->players, info.bots.size()));
    for (const Json& t : overhead) g.overhead_ms.push_back(number_at(t));  // null (not finite) reads as 0
    return g;
}

}  // namespace summary_read_detail

// Reads a --json summary written by summary_json (a run, or an earlier merge)
// with its results. Each game goes to index `game` of `out.games`.
inline bool read_run_file(const std::string& name, const std::string& text, RunFile& out, std::string& error) {
    using namespace summary_read_detail;
    Json root;
    if (!parse_json(text, root, error)) return error = name + ": not JSON (" + error + ")", false;
    std::string where;  // the game being read, for the error
    try {
        out = RunFile{name, read_run_info(root), {}};
        const long games = field<long>(root, "games");
        const Json& results = at(root, "/results");
        require(results.is_array(), "no results list (written by an older referee?)");
        for (size_t k = 0; k < results.size(); ++k) {
            where = "results[" + std::to_string(k) + "]: ";
            const GameRecord g = read_game(results[k], out.info);
            if (out.games.size() <= size_t(g.game)) out.games.resize(size_t(g.game) + 1);
            require(!out.games[size_t(g.game)].played(), "game " + std::to_string(g.game) + " appears twice");
            out.games[size_t(g.game)] = g;
        }
        where.clear();
        require(played_games(out.games) == games, "says " + std::to_string(games) + " games but lists " +
                                                       std::to_string(played_games(out.games)));
    } catch (const std::exception& e) {
        return error = name + ": " + where + e.what(), false;
    }
    return true;
}

// Reads the --json files of runs (referee --merge and --paired); false, with
// `error`, at the first that cannot be read or is not such a file.
inline bool read_run_files(const std::vector<std::string>& paths, std::vector<RunFile>& files, std::string& error) {
    files.assign(paths.size(), RunFile());
    for (size_t i = 0; i < paths.size(); ++i) {
        std::string text;
        if (!read_file(paths[i], text)) return error = "cannot read " + paths[i], false;
        if (!read_run_file(paths[i], text, files[i], error)) return false;
    }
    return true;
}

}  // namespace kd
