// referee --check-replay FILE...: each replay played again move by move by
// the rules (check_replay.h); its final scores and ranks printed, or where
// the file and the rules part. Exits 1 when any file fails.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "check_replay.h"
#include "files.h"
#include "usage.h"

namespace kd {

// "scores 40 31, adjusted 40 31, ranks 1 2" of a result.
inline std::string standings_text(const Result& r) {
    std::string text;
    for (auto [name, values] : {std::pair<const char*, const int*>{"scores", r.score}, {"adjusted", r.adjusted},
                                {"ranks", r.rank}}) {
        text += text.empty() ? name : std::string(", ") + name;
        for (int p = 0; p < r.players; ++p) text += " " + std::to_string(values[p]);
    }
    return text;
}

// argv[1] is "--check-replay".
inline int check_replay_command(int argc, char** argv) {
    std::vector<std::string> paths;
    CLI::App app{"", "referee --check-replay"};
    describe_referee_command(app, "Each replay played again, move by move, by the rules.");
    app.add_option("REPLAY", paths, "the replay files to check")->required();
    parse_command_line(app, argc - 1, argv + 1);
    int failed = 0;
    for (const std::string& path : paths) {
        std::string text;
        ReplayCheck c;
        if (read_file(path, text)) c = check_replay(text);
        else c.error = "cannot read it";
        if (!c.error.empty()) {
            printf("%s: FAILED: %s\n", path.c_str(), c.error.c_str());
            ++failed;
        } else if (c.finished) {
            printf("%s: ok: %s seed %llu, %d requests; final %s\n", path.c_str(), c.variant->name,
                   (unsigned long long)c.seed, c.requests, standings_text(c.result).c_str());
        } else {
            printf("%s: ok, but the game stops before its end (turn %d of %d, after %d requests); so far %s\n",
                   path.c_str(), c.turn + 1, c.variant->turns, c.requests, standings_text(c.result).c_str());
        }
    }
    return failed ? 1 : 0;
}

}  // namespace kd
