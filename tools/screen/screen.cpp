// The screen: a quick judge of a search, in minutes where an SPRT takes
// hours. Positions of real games, each candidate answer valued once by a far
// stronger search (the reference), and a command that reports what a search's
// answers lose against it, with the standard error.
//
//   build/screen positions --out FILE [--per-variant 100] [--seed 1] [--jobs 2]
//   build/screen reference --positions FILE --out REF --search "--budget 64 ..." [--jobs 2]
//   build/screen run --positions FILE --reference REF --search "OPTIONS" [--search ...]
//                    [--seeds 2] [--jobs 2]
//
// A search's OPTIONS are the bot's (--playouts N, --time-ms T, --set name=value)
// and --budget F: F times the playouts of the bot's 30 ms in each variant
// (tools/screen/searcher.h). README.md, "The screen", says how it was shown
// to predict what SPRTs decided.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "command_line.h"
#include "files.h"
#include "judge.h"
#include "positions.h"

using namespace kd;

namespace {

struct Options {
    std::string command, out, positions, reference;
    std::vector<std::string> searches;
    int per_variant = 100, seeds = 2, jobs = 2;
    uint64_t seed = 1;
};

// The command and its options; --help prints them, a bad command line exits with 2.
Options parse(CLI::App& app, int argc, char** argv) {
    Options o;
    app.require_subcommand(1);
    CLI::App* positions = app.add_subcommand("positions", "positions of real games, every variant");
    positions->add_option("--out", o.out, "the positions file to write")->required();
    positions->add_option("--per-variant", o.per_variant, "positions a variant")->capture_default_str();
    positions->add_option("--seed", o.seed, "the first game's seed")->capture_default_str();
    CLI::App* reference = app.add_subcommand("reference", "every candidate answer of every position valued once");
    reference->add_option("--out", o.out, "the reference file to write")->required();
    CLI::App* run = app.add_subcommand("run", "what each search's answers lose against the reference");
    run->add_option("--reference", o.reference, "the reference file of these positions")->required();
    run->add_option("--seeds", o.seeds, "seeds a position and search")->capture_default_str();
    for (CLI::App* command : {reference, run}) {
        command->add_option("--positions", o.positions, "the positions file")->required();
        command->add_option("--search", o.searches,
                            "the bot's options (--playouts N, --time-ms T, --set name=value) and --budget F")
            ->required()->expected(1)->take_all()->type_name("\"OPTIONS\"");
    }
    for (CLI::App* command : {positions, reference, run})
        command->add_option("--jobs", o.jobs, "threads")->capture_default_str();
    parse_command_line(app, argc, argv);
    o.command = app.get_subcommands()[0]->get_name();
    if (o.per_variant < 1 || o.seeds < 1 || o.jobs < 1)
        command_line_error(app, "--per-variant, --seeds and --jobs take positive numbers");
    return o;
}

std::vector<Searcher> read_searches(const CLI::App& app, const Options& o, size_t at_most) {
    if (o.searches.size() > at_most) command_line_error(app, "--search " + std::to_string(at_most) + " times at most");
    std::vector<Searcher> out(o.searches.size());
    std::string error;
    for (size_t i = 0; i < out.size(); ++i)
        if (!read_searcher(o.searches[i], out[i], error)) command_line_error(app, error);
    return out;
}

std::vector<SearchPosition> load_positions(const std::string& path) {
    std::ifstream in(path);
    std::vector<SearchPosition> out;
    std::string error;
    if (!in) error = "cannot read it";
    else if (read_positions(in, out, error)) return out;
    fprintf(stderr, "screen: %s: %s\n", path.c_str(), error.c_str());
    exit(1);
}

// Writes the file, or says why not.
bool written(const std::string& path, const std::string& text) {
    if (write_file(path, text)) return true;
    fprintf(stderr, "screen: cannot write %s\n", path.c_str());
    return false;
}

// Two positions a game, from games of every variant dealt from consecutive seeds.
int make_positions(const Options& o) {
    constexpr int kPerGame = 2;
    const long games = (o.per_variant + kPerGame - 1) / kPerGame;
    std::vector<std::vector<SearchPosition>> found(std::size(kVariants) * size_t(games));
    parallel_for(found.size(), o.jobs, [&](size_t i) {
        const long game = long(i) % games;
        found[i] = game_positions(kVariants[i / size_t(games)], o.seed + uint64_t(i), game, kPerGame);
    });
    std::string text;
    for (size_t v = 0; v < std::size(kVariants); ++v) {
        int kept = 0;
        for (long g = 0; g < games; ++g)
            for (const SearchPosition& p : found[v * size_t(games) + size_t(g)])
                if (kept++ < o.per_variant) text += position_text(p);
    }
    return written(o.out, text) ? 0 : 1;
}

int make_reference(const CLI::App& app, const Options& o) {
    const Searcher searcher = read_searches(app, o, 1)[0];
    const std::vector<SearchPosition> positions = load_positions(o.positions);
    std::vector<Reference> refs(positions.size());
    std::atomic<size_t> done{0};
    parallel_for(positions.size(), o.jobs, [&](size_t i) {
        refs[i] = reference_of(searcher, positions[i]);
        const size_t n = ++done;
        if (n * 10 / positions.size() != (n - 1) * 10 / positions.size())
            fprintf(stderr, "screen: reference %zu/%zu positions\n", n, positions.size());
    });
    return written(o.out, reference_text(searcher, o.positions, positions, refs)) ? 0 : 1;
}

int run_searches(const CLI::App& app, const Options& o) {
    const std::vector<Searcher> searches = read_searches(app, o, 16);
    const std::vector<SearchPosition> positions = load_positions(o.positions);
    std::vector<Reference> refs;
    std::string error;
    if (!read_reference(o.reference, o.positions, positions.size(), refs, error)) {
        fprintf(stderr, "screen: %s\n", error.c_str());
        return 1;
    }
    std::vector<std::vector<PositionLoss>> losses;
    for (const Searcher& s : searches) losses.push_back(judge(s, positions, refs, o.seeds, o.jobs));
    print_judgement(searches, losses, positions, refs);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"The screen: what a search's answers lose against a far stronger search's values, on positions "
                 "of real games (README.md, \"The screen\").",
                 "screen"};
    const Options o = parse(app, argc, argv);
    if (o.command == "positions") return make_positions(o);
    if (o.command == "reference") return make_reference(app, o);
    return run_searches(app, o);
}
