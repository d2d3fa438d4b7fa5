// referee --merge FILE... [--json FILE] [--sprt ...]: reads the --json files
// of runs, merges their games (merge.h) and reports them as one run.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "merge.h"
#include "summary_json.h"
#include "summary_json_read.h"
#include "summary_table.h"
#include "usage.h"

namespace kd {

// argv[1] is "--merge".
inline int merge_command(int argc, char** argv) {
    std::vector<std::string> paths;
    std::string json_path;
    bool sprt = false;
    SprtParams params;
    CLI::App app{"", "referee --merge"};
    describe_referee_command(app, "The summary of runs that played chunks of one match, from their --json files.");
    app.add_option("FILE", paths, "the --json files of the runs to merge")->required();
    app.add_option("--json", json_path, "writes the merged summary, with every game's record, to this file");
    add_sprt_option(app, params, sprt);
    parse_command_line(app, argc - 1, argv + 1);
    std::vector<RunFile> files;
    std::string error;
    read_run_files(paths, files, error);
    RunInfo info;
    std::vector<GameRecord> games;
    if (error.empty()) merge_runs(files, sprt ? &params : nullptr, info, games, error);
    if (!error.empty()) {
        fprintf(stderr, "referee --merge: %s\n", error.c_str());
        return 1;
    }
    if (info.sprt && info.variant->players != 2) command_line_error(app, "--sprt needs a two-player variant");
    print_summary(info, games);
    return write_summary_json(json_path, info, games) ? 0 : 1;
}

}  // namespace kd
