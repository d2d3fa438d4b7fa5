// referee --merge: the --json files of runs that played chunks of one match
// (tools/arena), merged into the records one run of all their games would
// have made, from which the summary follows exactly (run_stats.h).
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "run_stats.h"
#include "summary_json_read.h"

namespace kd {

namespace merge_detail {

// The settings of the merged run, once every file is found to be a chunk of
// the first one's match.
inline RunInfo merged_info(const std::vector<RunFile>& files, const SprtParams* sprt) {
    const RunInfo& first = files[0].info;
    RunInfo info = first;
    info.jobs = 0;
    info.elapsed_s = 0;
    info.chunks = 0;
    info.sprt = sprt != nullptr;
    if (sprt) info.sprt_params = *sprt;
    for (const RunFile& f : files) {
        const RunInfo& i = f.info;
        require(i.variant == first.variant && i.rule == first.rule && i.time_scale == first.time_scale &&
                    i.no_timeout == first.no_timeout && i.strict_put == first.strict_put && i.bots == first.bots,
                f.name + " is not a chunk of the same match as " + files[0].name +
                    " (variant, rule, time scale, limits and bots must be equal)");
        info.seed = std::min(info.seed, i.seed);
    }
    return info;
}

// Puts the games of `f` at their indexes in the merged match; owner[i] names
// the file game i came from.
inline void place_games(const RunFile& f, const RunInfo& info, std::vector<GameRecord>& games,
                        std::vector<std::string>& owner) {
    const int group = info.variant->players;
    const int bots = int(info.bots.size());
    for (const GameRecord& g : f.games) {
        if (!g.played()) continue;
        long index = long(g.seed - info.seed) * group + g.game % group;
        for (int s = 0; s < group; ++s)
            require(g.seats[size_t(s)].entrant == seat_entrant(group, bots, index, s),
                    f.name + ": game " + std::to_string(g.game) + " (seed " + std::to_string(g.seed) +
                        ") has the bots at other seats than game " + std::to_string(index) + " of the merged match");
        if (games.size() <= size_t(index)) {
            games.resize(size_t(index) + 1);
            owner.resize(size_t(index) + 1);
        }
        require(!games[size_t(index)].played(), "game " + std::to_string(index) + " (seed " +
                                                     std::to_string(g.seed) + ") is in both " + owner[size_t(index)] +
                                                     " and " + f.name);
        games[size_t(index)] = g;
        games[size_t(index)].game = index;
        owner[size_t(index)] = f.name;
    }
}

}  // namespace merge_detail

// Merges runs that played chunks of the same match (same variant, rule, time
// scale, bots; each chunk starting at a seed of its own) into the records one
// run from the lowest seed would have made: game index (seed - lowest) x
// group + position in the group. A game found twice, or a bot at a seat the
// match would not have put it, is an error. With `sprt`, the files are taken
// in the order given and the merge stops after the first one at which the
// test decides, as a referee would have stopped there.
inline bool merge_runs(const std::vector<RunFile>& files, const SprtParams* sprt, RunInfo& info,
                       std::vector<GameRecord>& games, std::string& error) {
    using namespace merge_detail;
    if (files.empty()) return error = "nothing to merge", false;
    try {
        info = merged_info(files, sprt);
        std::vector<std::string> owner;  // the file each game came from
        games.clear();
        for (size_t k = 0; k < files.size(); ++k) {
            const RunFile& f = files[k];
            place_games(f, info, games, owner);
            info.jobs = std::max(info.jobs, f.info.jobs);
            info.elapsed_s += f.info.elapsed_s;
            info.chunks += std::max(1, f.info.chunks);
            if (sprt && sprt_pentanomial(pentanomial(games, info.variant->players), *sprt).decision !=
                            SprtDecision::Continue) {
                for (size_t rest = k + 1; rest < files.size(); ++rest)
                    info.chunks_left_out += std::max(1, files[rest].info.chunks);
                break;
            }
        }
    } catch (const std::exception& e) {
        return error = e.what(), false;
    }
    return true;
}

}  // namespace kd
