#pragma GCC optimize("O3,unroll-loops")
// endgame_timing: how long the exact endgame (src/endgame.h) takes on the
// endgames of real games, built as CodinGame builds the bot (tools/bundle,
// g++ without -O: the pragmas do the work). For each variant: every request
// of the turn of the last draft and of the last turn, seen by the player to
// act, in games played by full greedy from seeded deals (and, with --mixed,
// by a mix of greedy and random answers, which leaves odder kingdoms; with
// --sparse, one answer in three of the mix throws its tile away, which leaves
// kingdoms with room to spare, the solver's hardest case).
// Prints per variant and turn the solve times' p50, p99 and max, the share
// solved within 10, 20 and 30 ms, and the nodes. Not a test: times vary.
// --repeat R times each solve R times and keeps the fastest: the machine's
// noise (a preempted solve) out of the figures.
//   build/endgame_timing [--games N] [--mixed | --sparse] [--rule match|adjacent] [--limit-ms L] [--repeat R]
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "endgame.h"
#include "endgame_positions.h"

#pragma GCC target("popcnt,lzcnt,bmi,bmi2,avx2")

using namespace kd;

namespace {

struct Sample {
    double ms;
    long nodes;
    bool solved;
};

double percentile(std::vector<double> v, double p) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, size_t(p * double(v.size())))];
}

void report(const char* variant, const char* turn, const std::vector<Sample>& samples, double limit_ms) {
    std::vector<double> ms;
    long nodes = 0, max_nodes = 0;
    int within[3] = {}, unsolved = 0;
    for (const Sample& s : samples) {
        ms.push_back(s.ms);
        nodes += s.nodes;
        max_nodes = std::max(max_nodes, s.nodes);
        unsolved += !s.solved;
        for (int i = 0; i < 3; ++i) within[i] += s.solved && s.ms <= 10.0 * (i + 1);
    }
    const double n = double(samples.size());
    std::printf("%-5s %-9s %6zu  p50 %7.3f  p99 %7.3f  max %8.3f ms  within 10/20/30 ms %6.2f%% %6.2f%% %6.2f%%"
                "  unsolved at %.0f ms %d  nodes mean %.0f max %ld\n",
                variant, turn, samples.size(), percentile(ms, 0.5), percentile(ms, 0.99),
                ms.empty() ? 0 : *std::max_element(ms.begin(), ms.end()), 100 * within[0] / n, 100 * within[1] / n,
                100 * within[2] / n, limit_ms, unsolved, nodes / std::max(1.0, n), max_nodes);
}

}  // namespace

int main(int argc, char** argv) {
    int games = 200;
    bool mixed = false, sparse = false;
    int repeat = 1;
    Rule rule = Rule::Match;
    double limit_ms = 1000;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--games") && i + 1 < argc) games = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--mixed")) mixed = true;
        else if (!std::strcmp(argv[i], "--sparse")) mixed = sparse = true;
        else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = std::max(1, std::atoi(argv[++i]));
        else if (!std::strcmp(argv[i], "--rule") && i + 1 < argc) rule_by_name(argv[++i], rule);
        else if (!std::strcmp(argv[i], "--limit-ms") && i + 1 < argc) limit_ms = std::atof(argv[++i]);
        else {
            std::fprintf(stderr,
                         "usage: endgame_timing [--games N] [--mixed | --sparse] [--rule match|adjacent] [--limit-ms L]"
                         " [--repeat R]\n");
            return 2;
        }
    }
    std::printf("%d games a variant, %s play, rule %s; each solve may take %.0f ms; fastest of %d\n", games,
                sparse ? "greedy, random and discarding" : mixed ? "greedy and random" : "full greedy", rule_name(rule),
                limit_ms, repeat);
    for (const Variant& v : kVariants) {
        std::vector<Sample> draft_turn, last_turn;
        for (int seed = 1; seed <= games; ++seed) {
            Game g = Game::deal(v, rule, uint64_t(seed));
            Rng rng(uint64_t(seed) * 7919);
            while (!g.is_terminal()) {
                if (g.turn() >= v.turns - 2) {
                    const Game seen = endgame_positions::seen_by(g, g.current_player());
                    Sample best{1e9, 0, false};
                    for (int r = 0; r < repeat; ++r) {
                        const Clock::time_point start = Clock::now();
                        const EndgameSolution s = solve_endgame(seen, start + ms_to_duration(limit_ms));
                        const double ms = duration_to_ms(Clock::now() - start);
                        if (ms < best.ms) best = Sample{ms, s.nodes, s.solved};
                    }
                    (g.last_turn() ? last_turn : draft_turn).push_back(best);
                }
                if (sparse && rng.below(3) == 0) {
                    int picks[kMaxDraft];
                    g.answer_picks(picks);
                    g.apply(Placement{}, picks[0]);  // no placement: the tile is thrown away
                } else if (mixed && rng.below(2)) {
                    endgame_positions::random_answer(g, rng);
                } else {
                    apply_full_greedy(g);
                }
            }
        }
        report(v.name, "last-draft", draft_turn, limit_ms);
        report(v.name, "last", last_turn, limit_ms);
    }
    return 0;
}
