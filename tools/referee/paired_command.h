// referee --paired A B: the two runs' games compared deal by deal (paired.h).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "paired.h"
#include "summary_json_read.h"
#include "usage.h"

namespace kd {

inline int paired_command(int argc, char** argv) {
    std::vector<std::string> paths;
    for (int i = 2; i < argc; ++i) {
        std::string a = argv[i];
        if (a.rfind("--", 0) == 0) usage_error("--paired takes two --json files, not '" + a + "'");
        paths.push_back(a);
    }
    if (paths.size() != 2) usage_error("--paired takes two --json files: the run with the change, then the run without");
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
