#pragma GCC optimize("O3,unroll-loops")
// bench: the speed of the engine and the search, built the way CodinGame
// builds the bot (tools/bundle, then g++ without -O). Run it with no argument;
// `bench --signature [FILE]` prints only the signature line, on the positions
// of FILE (tests/bench_positions.txt); `bench --write-positions FILE` writes them.
//
// Like Stockfish's bench it ends with a signature: the search run for a fixed
// number of playouts with a fixed seed on fixed positions. A change that
// alters the bot's play changes the signature; a speed-only change does not.
#include <cmath>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "greedy.h"
#include "../referee/command_line.h"
#include "player.h"
#include "model.h"
#include "search.h"
#include "state_text.h"

#pragma GCC target("popcnt,lzcnt,bmi,bmi2,avx2")

using namespace kd;

namespace {

// CPU time of this process, in ns: on a machine others keep busy the
// figures stay the engine's (wall time would count their turns too); on an
// idle machine the two agree.
double now_ns() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e9 + double(t.tv_nsec);
}

// Positions reached by full greedy from seeded deals, `turns` turns in.
Game position(const Variant& v, uint64_t seed, int turns) {
    Game g = Game::deal(v, Rule::Match, seed);
    while (!g.is_terminal() && g.turn() < turns) apply_full_greedy(g);
    return g;
}

// Full kingdoms: the end of greedy games where nothing was discarded.
std::vector<Kingdom> full_kingdoms(const Variant& v, int count) {
    std::vector<Kingdom> out;
    for (uint64_t seed = 1; int(out.size()) < count && seed < 10000; ++seed) {
        Game g = position(v, seed, 99);
        for (int p = 0; p < v.players; ++p)
            if (g.kingdom(p).territory() == v.extent * v.extent - 1) out.push_back(g.kingdom(p));
    }
    return out;
}

// Median of `runs` timings of fn, in ns per call of its `calls` inner calls.
template <typename F>
double median_ns(int runs, long calls, F fn) {
    std::vector<double> t;
    for (int r = 0; r < runs; ++r) {
        double a = now_ns();
        fn();
        t.push_back((now_ns() - a) / double(calls));
    }
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

// Requests as the players of greedy games receive them (rebuilt from the text,
// with each seat's memory), at the given turns: positions for the search.
std::vector<Request> requests_at(const Variant& v, uint64_t seed, std::vector<int> turns) {
    std::vector<Request> out;
    Game g = Game::deal(v, Rule::Match, seed);
    PlayerMemory memories[kMaxPlayers];
    while (!g.is_terminal()) {
        Request r = memories[g.current_player()].receive(g, g.current_player());
        if (std::find(turns.begin(), turns.end(), g.turn()) != turns.end()) {
            out.push_back(r);
            turns.erase(std::find(turns.begin(), turns.end(), g.turn()));
        }
        apply_full_greedy(g);
    }
    return out;
}

// The signature's positions: requests of seeded greedy games as the players
// rebuilt them, each with the search's seed. Frozen as state texts in
// tests/bench_positions.txt (--write-positions), so that the signature follows
// the search alone: a change to greedy or to the tracker does not move them.
std::vector<SearchPosition> signature_positions() {
    std::vector<SearchPosition> out;
    for (const Variant& v : kVariants)
        for (uint64_t seed = 1; seed <= 3; ++seed)
            for (Request& r : requests_at(v, seed, {0, 1 + int(seed) % (v.turns - 2), v.turns - 2}))
                out.push_back(SearchPosition{seed, r});
    return out;
}

bool read_positions(const std::string& path, std::vector<SearchPosition>& out) {
    std::ifstream in(path);
    std::string error;
    if (!in) error = "cannot read it";
    else if (read_positions(in, out, error)) return true;
    fprintf(stderr, "bench: %s: %s\n", path.c_str(), error.c_str());
    return false;
}

// Signature: fixed seed, fixed playouts, fixed positions.
bool print_signature(const std::string& positions_path) {
    std::vector<SearchPosition> positions;
    if (!read_positions(positions_path, positions)) return false;
    uint64_t signature = 1469598103934665603ull;
    long playouts = 0;
    auto mix = [&](long x) { signature = (signature ^ uint64_t(x)) * 1099511628211ull; };
    for (const SearchPosition& p : positions) {
        SearchOptions o;
        o.max_playouts = 2000;
        o.seed = p.seed;
        SearchReport rep = Search(o).decide(p.request, TimeControl().budget(Clock::now(), false));
        playouts += rep.playouts;
        // Integers only: the answer, each candidate's playouts and first places (ties count
        // half: twice the count), the endgame solver's nodes and final score.
        for (long x : {long(rep.answer.put.x), long(rep.answer.put.y), long(rep.answer.put.rotation),
                       long(rep.answer.pick), rep.nodes, rep.nodes ? long(rep.value) : 0L})
            mix(x);
        for (const CandidateReport& c : rep.ranked) mix(c.playouts), mix(std::lround(2 * c.first * double(c.playouts)));
    }
    printf("signature: %ld playouts, %016llx\n", playouts, (unsigned long long)signature);
    return true;
}

// Scoring a whole kingdom from scratch (the flood fill), on full kingdoms.
void bench_scoring(volatile long& sink) {
    for (const Variant* v : {&kTwoPlayers, &kDuel}) {
        std::vector<Kingdom> full = full_kingdoms(*v, 64);
        const long reps = 2000;
        double ns = median_ns(7, reps * long(full.size()), [&] {
            for (long r = 0; r < reps; ++r)
                for (const Kingdom& k : full) sink += k.recount_score();
        });
        printf("score a full %dx%d kingdom (flood fill)          %8.1f ns   (%zu kingdoms)\n", v->extent, v->extent,
               ns, full.size());
    }
}

// Listing a tile's legal placements in mid-game, and scoring each of them.
void bench_placements(volatile long& sink) {
    std::vector<Game> mid;
    for (uint64_t seed = 1; seed <= 64; ++seed) mid.push_back(position(kTwoPlayers, seed, 4));
    const long reps = 2000;
    PlacementList spots;
    long listed = 0;
    double ns = median_ns(7, reps * long(mid.size()), [&] {
        for (long r = 0; r < reps; ++r)
            for (const Game& g : mid) listed += g.legal_placements(spots);
    });
    printf("list legal placements of a tile, 2p mid-game     %8.1f ns   (%.1f placements each)\n", ns,
           double(listed) / double(reps * 7 * long(mid.size())));
    double gain_ns = median_ns(7, reps * long(mid.size()), [&] {
        for (long r = 0; r < reps; ++r)
            for (const Game& g : mid) {
                int n = g.legal_placements(spots);
                const Kingdom& k = g.kingdom(g.current_player());
                for (int i = 0; i < n; ++i) sink += k.score_gain(kTiles[g.current_tile()], spots[i]);
            }
    });
    printf("... and score every one of them (incremental)    %8.1f ns\n", gain_ns);
}

// Playouts per second from the opening of v with the policy's weights w.
double playout_rate(const Variant& v, const PolicyWeights& w, volatile long& sink) {
    Request r = requests_at(v, 42, {0})[0];  // seat 0's first request: the game's opening
    const Game& opening = r.game;
    Rng rng(7);
    const long games = v.players == 2 && v.turns == 7 ? 20000 : 5000;
    const double ns = median_ns(5, games, [&] {
        for (long i = 0; i < games; ++i) {
            Game g = opening;
            resample_draws(g, r.unseen, r.n_unseen, g.drawn_count(), rng);
            playout(g, rng, w);
            sink += g.kingdom(0).score();
        }
    });
    return 1e9 / ns;
}

// Whole games played from an opening: by the search's playout policy (as
// the search sets it for the variant; with the learnt placements' edge
// weights too), and by full greedy (as `mce` plays its playouts) from 60
// seeded deals of each of 2p, 4p and the duel: one deal alone would time
// one line of answers.
void bench_playouts(volatile long& sink) {
    for (const Variant* v : {&kTwoPlayers, &kFourPlayers, &kDuel}) {
        const double rate = playout_rate(*v, SearchOptions().for_variant(*v).weights, sink);
        printf("playouts from a %-4s opening (search policy)     %8.0f per second\n", v->name, rate);
    }
    SearchOptions learned;
    learned.learned_placements = learned.learned_picks = true;
    const double rate = playout_rate(kTwoPlayers, learned.for_variant(kTwoPlayers).weights, sink);
    printf("playouts from a 2p opening (learnt placements)   %8.0f per second\n", rate);
    std::vector<Game> deals;
    for (const Variant* v : {&kTwoPlayers, &kFourPlayers, &kDuel})
        for (uint64_t seed = 1; seed <= 60; ++seed) deals.push_back(Game::deal(*v, Rule::Match, seed));
    const double ns = median_ns(3, long(deals.size()), [&] {
        for (const Game& deal : deals) {
            Game g = deal;
            while (!g.is_terminal()) apply_full_greedy(g);
            sink += g.kingdom(0).score();
        }
    });
    printf("full greedy games (as mce), 2p/4p/duel deals    %8.0f per second\n", 1e9 / ns);
}

// The learnt value (src/model.h; not in the upload): one kingdom's features and network.
void bench_value(volatile long& sink) {
    const std::vector<Request> requests = requests_at(kTwoPlayers, 3, {3});
    const Game& g = requests[0].game;
    const double ns = median_ns(7, 20000, [&] {
        for (int i = 0; i < 20000; ++i) sink += long(Models::get().points_to_come(g, i & 1));
    });
    printf("learnt value of a 2p kingdom (features, network) %8.0f ns%s\n", ns,
           Models::get().value(kTwoPlayers).present() ? "" : " (no network for 2p: features only)");
}

// The search at the bot's budget (TimeControl::later_ms), stopped by the
// wall clock as the bot is: playouts per answer from positions of every variant.
void bench_search() {
    printf("\nsearch, %.0f ms per answer (wall clock):\n", TimeControl().later_ms);
    for (const Variant& v : kVariants) {
        long total = 0;
        int answers = 0;
        for (uint64_t seed = 1; seed <= 3; ++seed)
            for (Request& r : requests_at(v, seed, {1, v.turns / 2})) {
                SearchOptions o;
                o.seed = seed;
                total += Search(o).decide(r, TimeControl().budget(Clock::now(), false)).playouts;
                ++answers;
            }
        printf("  %-4s %8.0f playouts per answer (%d positions, turns 2 and %d)\n", v.name, double(total) / answers,
               answers, v.turns / 2 + 1);
    }
}

// The same positions searched to a fixed number of playouts and timed by
// CPU: the playouts an answer of the bot's budget makes when the machine
// is the bot's alone (on a busy one, the wall clock's answers get a share).
void bench_search_cpu() {
    const long playouts = 8000;
    const double ms = TimeControl().later_ms;
    printf("\nsearch, %.0f ms of CPU time per answer (answers of %ld playouts timed):\n", ms, playouts);
    for (const Variant& v : kVariants) {
        SearchOptions o;
        o.max_playouts = playouts;
        Search search(o);  // one for all answers, as the bot's: its memory is touched once
        long total = 0;
        double ns = 0;
        for (uint64_t seed = 1; seed <= 3; ++seed)
            for (Request& r : requests_at(v, seed, {1, v.turns / 2})) {
                const double start = now_ns();
                total += search.decide(r, TimeControl().budget(Clock::now(), false)).playouts;
                ns += now_ns() - start;
            }
        printf("  %-4s cpu %8.0f playouts per answer\n", v.name, double(total) / ns * ms * 1e6);
    }
}

}  // namespace

int main(int argc, char** argv) {
    std::string positions = "tests/bench_positions.txt", write_to;
    bool signature_only = false, settings = false;
    CLI::App app{"Times the engine and the search, built with CodinGame's flags, and ends with the search's "
                 "signature on fixed positions (README.md, \"The bench and its signature\").",
                 "bench"};
    app.add_flag("--signature", signature_only, "the signature alone: no timing, fast");
    app.add_flag("--settings", settings, "what the search plays in each variant (its default settings, resolved)");
    app.add_option("POSITIONS", positions, "the signature's positions")->capture_default_str();
    app.add_option("--write-positions", write_to, "writes the signature's positions anew to this file");
    parse_command_line(app, argc, argv);
    if (signature_only) return print_signature(positions) ? 0 : 1;
    if (settings) {
        for (const Variant& v : kVariants) {
            const VariantOptions o = SearchOptions().for_variant(v);
            const bool valued = o.prior <= 0 || Models::get().position(v).present();
            printf("%-4s %s%s\n", v.name, describe(o).c_str(), valued ? "" : " (no learnt value for the variant: none)");
        }
        return 0;
    }
    if (!write_to.empty()) {
        std::ofstream out(write_to);
        for (const SearchPosition& p : signature_positions()) out << position_text(p);
        return out ? 0 : 1;
    }
    volatile long sink = 0;
    printf("bench: built with CodinGame's flags (see tools/bundle); medians of 7 runs of CPU time\n\n");
    bench_scoring(sink);
    bench_placements(sink);
    bench_playouts(sink);
    bench_value(sink);
    bench_search();
    bench_search_cpu();
    printf("\n");
    if (!print_signature("tests/bench_positions.txt")) printf("signature: run from the project's root to read its positions\n");
    return int(sink & 0);
}
