// referee --paired A B: the two runs' games compared deal by deal (paired.h).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "paired.h"
#include "summary_json_read.h"
#include "usage.h"

namespace kd {

// argv[1] is "--paired".
inline int paired_command(int argc, char** argv) {
    std::vector<std::string> paths;
    CLI::App app{"", "referee --paired"};
    describe_referee_command(app, "Two runs of the same deals compared game by game.");
    app.add_option("A B", paths, "the --json files of the run with the change, then of the run without")
        ->required()->expected(2);
    parse_command_line(app, argc - 1, argv + 1);
    std::vector<RunFile> files;
    std::string error;
    PairedComparison comparison;
    if (read_run_files(paths, files, error)) compare_paired(files[0], files[1], comparison, error);
    if (!error.empty()) {
        fprintf(stderr, "referee --paired: %s\n", error.c_str());
        return 1;
    }
    print_paired(files[0], files[1], comparison);
    return 0;
}

}  // namespace kd
