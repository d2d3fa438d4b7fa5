// referee --merge FILE... [--json FILE] [--sprt ...]: reads the --json files
// of runs, merges their games (merge.h) and reports them as one run.
#pragma once

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "merge.h"
#include "summary_json.h"
#include "summary_json_read.h"
#include "summary_table.h"
#include "usage.h"

namespace kd {

inline int merge_command(int argc, char** argv) {
    std::vector<std::string> paths;
    std::string json_path;
    bool sprt = false;
    SprtParams params;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--json" || a == "--sprt") {
            if (i + 1 >= argc) usage_error(a + " needs a value");
            std::string value = argv[++i], error;
            if (a == "--json") json_path = value;
            else if (!(sprt = parse_sprt(value, params, error))) usage_error("--sprt: " + error);
        } else if (a.rfind("--", 0) == 0) {
            usage_error("--merge takes only --json and --sprt, not '" + a + "'");
        } else {
            paths.push_back(a);
        }
    }
    if (paths.empty()) usage_error("--merge needs the --json files of the runs to merge");
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
    if (info.sprt && info.variant->players != 2) usage_error("--sprt needs a two-player variant");
    print_summary(info, games);
    if (!json_path.empty()) {
        std::ofstream out(json_path);
        out << summary_json(info, games) << "\n";
        if (!out) {
            fprintf(stderr, "referee: cannot write %s\n", json_path.c_str());
            return 1;
        }
    }
    return 0;
}

}  // namespace kd
