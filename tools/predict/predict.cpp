// predict: how well our search's pictures of the other players foresee what
// they really did, measured on replays (referee --replay-dir).
//
//   build/predict [--samples N] [--seat-command TEXT] [--set NAME=VALUE]... REPLAY.json|DIR...
//
// For every answer of a seat (by default every seat whose command does not
// end in "bot"; --seat-command picks the seats whose command holds TEXT), the
// request is rebuilt as that seat saw it (the seat's earlier requests feed
// its memory, as in the bot) and set against two models of that player:
//  - the playout policy (src/policy.h), which plays every other player in our
//    playouts: how often, over N samples of its jitter, it picks and places
//    as the player did;
//  - full greedy (src/greedy.h), which plays the others' rest of the turn in
//    our search: whether its one answer is the player's.
// Printed per variant and player command: answers, then the share of them
// each model foresaw, for the pick and for the placement (placements counted
// where the tile had two or more legal spots, picks where two or more tiles were free).
// --set changes the policy's weights as the bot's --set does (tools/predict
// then tells whether a policy change would picture the others better).
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "command_line.h"
#include "files.h"
#include "greedy.h"
#include "search.h"
#include "json.h"
#include "play.h"
#include "policy.h"

using namespace kd;

namespace {

struct Tally {
    long answers = 0, picks = 0, puts = 0;
    double policy_pick = 0, policy_put = 0;  // summed probabilities
    long greedy_pick = 0, greedy_put = 0;
};

struct Options {
    int samples = 64;
    std::string seat_command;
    SearchOptions search;  // what --set changes, as in the bot; only its policy weights are read
    std::vector<std::string> paths;
};

bool is_our_bot(const std::string& command) {
    const std::string first = command.substr(0, command.find(' '));
    return first.size() >= 3 && first.compare(first.size() - 3, 3, "bot") == 0;
}

bool watched(const Options& o, const std::string& command) {
    return o.seat_command.empty() ? !is_our_bot(command) : command.find(o.seat_command) != std::string::npos;
}

// The answer a seat gave, and the request it answered as it saw it.
void score_answer(const Options& o, const Request& r, const Json& q, Tally& t) {
    const Game& g = r.game;
    if (g.is_terminal() || g.current_player() != 0) return;
    ++t.answers;
    const int pick = at(q, "/pick").is_null() ? -1 : int(integer_at(q, "/pick"));
    const Json& p = at(q, "/put");
    const Placement put = p.is_null() ? Placement{}
                                      : Placement{int8_t(integer_at(p, "/x")), int8_t(integer_at(p, "/y")),
                                                  int8_t(integer_at(p, "/rotation"))};
    PlacementList spots;
    int free[kMaxDraft];
    const bool counts_pick = !g.last_turn() && g.free_picks(free) > 1;
    const bool counts_put = !g.first_turn() && g.legal_placements(spots) > 1;
    const GreedyChoice greedy = full_greedy(g);
    const PolicyWeights w = o.search.for_variant(g.variant()).weights;
    Rng rng(uint64_t(t.answers) * 7919 + 1);
    int same_pick = 0, same_put = 0;
    for (int i = 0; i < o.samples; ++i) {
        // As in a playout: both from the position before the answer.
        same_put += (g.first_turn() ? Placement{} : policy_placement(g, rng, w)) == put;
        same_pick += policy_pick(g, rng, w) == pick;
    }
    if (counts_pick) {
        ++t.picks;
        t.policy_pick += double(same_pick) / o.samples;
        t.greedy_pick += greedy.pick == pick;
    }
    if (counts_put) {
        ++t.puts;
        t.policy_put += double(same_put) / o.samples;
        t.greedy_put += greedy.put == put;
    }
}

void score_replay(const Options& o, const std::string& path, std::map<std::string, Tally>& tallies) {
    std::string text, error;
    Json replay;
    if (!read_file(path, text)) error = "cannot read it";
    if (!error.empty() || !parse_json(text, replay, error)) {
        fprintf(stderr, "predict: %s: %s\n", path.c_str(), error.c_str());
        return;
    }
    std::vector<PlayerMemory> memory(at(replay, "/bots").size());
    for (const Json& q : at(replay, "/requests")) {
        const size_t seat = size_t(integer_at(q, "/seat"));
        if (seat >= memory.size()) continue;
        std::istringstream request(string_at(q, "/input"));
        std::string first;
        std::getline(request, first);
        bool complete;
        std::vector<std::string> warnings;
        const Rule rule = string_at(replay, "/rule") == "adjacent" ? Rule::Adjacent : Rule::Match;
        const Request r = memory[seat].read(first, request, rule, complete, warnings);
        const std::string command = string_at(replay, "/bots/" + std::to_string(seat));
        if (complete && watched(o, command))
            score_answer(o, r, q, tallies[string_at(replay, "/variant") + "  " + command]);
    }
}

// The options; --help prints them, a bad command line exits with 2.
Options parse(int argc, char** argv) {
    Options o;
    SearchOptions& search = o.search;
    CLI::App app{"How well the search's pictures of the other players foresee what they did, on replays.", "predict"};
    app.add_option("--samples", o.samples, "samples of the policy's jitter an answer")->capture_default_str();
    app.add_option("--seat-command", o.seat_command, "watches the seats whose command holds TEXT (default: not our bot)");
    app.add_option_function<std::string>("--set", [&search](const std::string& setting) {
           if (!set_search_option(search, setting)) throw CLI::ValidationError("--set", "unknown setting '" + setting + "'");
       }, "changes the policy's weights as the bot's --set does")->expected(1)->take_all()->trigger_on_parse();
    app.add_option("REPLAY", o.paths, "replays (referee --replay-dir), or folders of them")->required();
    parse_command_line(app, argc, argv);
    if (o.samples < 1) command_line_error(app, "--samples must be at least 1");
    return o;
}

}  // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    std::map<std::string, Tally> tallies;
    for (const std::string& p : o.paths) {
        if (std::filesystem::is_directory(p)) {
            for (const auto& e : std::filesystem::directory_iterator(p))
                if (e.path().extension() == ".json") score_replay(o, e.path().string(), tallies);
        } else {
            score_replay(o, p, tallies);
        }
    }
    printf("%-44s %8s | %-21s | %-21s\n", "variant  player", "answers", "pick: policy  greedy", "put: policy  greedy");
    for (const auto& [name, t] : tallies)
        printf("%-44s %8ld | %6.1f%%  %6.1f%%     | %6.1f%%  %6.1f%%\n", name.c_str(), t.answers,
               t.picks ? 100 * t.policy_pick / double(t.picks) : 0.0, t.picks ? 100.0 * double(t.greedy_pick) / double(t.picks) : 0.0,
               t.puts ? 100 * t.policy_put / double(t.puts) : 0.0, t.puts ? 100.0 * double(t.greedy_put) / double(t.puts) : 0.0);
    return 0;
}
