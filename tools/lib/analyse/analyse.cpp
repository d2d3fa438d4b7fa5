// tools/analyse: a look inside one decision of our bot. The position is
// rebuilt as the bot saw it (the seat's requests of a replay, read in order
// by the bot's own PlayerMemory, so that card counting sees the same drafts),
// then searched by the bot's own Search (src/search.h) with its seed,
// playouts and settings; every candidate answer is printed with its
// playouts, mean value and first places. `tools/analyse --help` says more.
// This file runs the steps: the command line (args.h), the position
// (position.h), the search (analysis.h), the report (text_report.h, json_report.h).
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "analysis.h"
#include "args.h"
#include "json_report.h"
#include "position.h"
#include "text_report.h"

namespace kd {
namespace analysis {

int run(int argc, char** argv) {
    Args a = parse_args(argc, argv);
    std::string error;
    auto fail = [&error] {
        std::cerr << "analyse: " << error << "\n";
        return 1;
    };
    Source s;
    Json replay;
    if (!a.replay.empty() && (!load_replay(a.replay, replay, error) || !select_request(replay, a, s, error)))
        return fail();
    if (!a.position.empty() && !read_position(a, s, error)) return fail();
    if (a.replay.empty() && a.position.empty()) s.text.assign(std::istreambuf_iterator<char>(std::cin), {});
    std::vector<std::string> notes;
    const PlayerOptions po = player_options(s, a, notes);
    Analysis an;
    if (!analyse(a, s.text, po, an, error)) return fail();
    for (const std::string& warning : an.warnings) std::cerr << "warning: " << warning << "\n";
    std::cout << (a.json ? json_text(report_json(a, s, po, an, notes)) + "\n" : report_text(a, s, po, an, notes));
    return 0;
}

}  // namespace analysis
}  // namespace kd

int main(int argc, char** argv) { return kd::analysis::run(argc, argv); }
