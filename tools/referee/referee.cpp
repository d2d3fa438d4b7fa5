// referee: plays Kingdomino games between bot commands over stdin/stdout as
// RULES.md says, many at once, and judges the bots with honest statistics.
// Its command line is kUsage below (referee --help); tools/hosts.py writes
// it for tools/arena and tools/tune (referee_command).
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bot_process.h"
#include "json.h"
#include "match.h"
#include "show.h"
#include "merge.h"
#include "paired.h"
#include "run_record.h"
#include "run_stats.h"
#include "stats.h"
#include "summary_json.h"
#include "summary_json_read.h"
#include "summary_table.h"

using namespace kd;

namespace {

struct Options {
    const Variant* variant = &kTwoPlayers;
    long games = 2;
    uint64_t seed = 1;
    int jobs = 1;
    Rule rule = Rule::Match;
    double time_scale = 1.0;
    bool no_timeout = false, strict_put = false, show = false;
    std::vector<std::string> bots;
    std::string json_path, replay_dir;
    bool sprt = false;
    SprtParams sprt_params;
    long progress = 0;  // > 0: a line on stderr every this many games
};

const char* kUsage =
    "usage: referee --variant 2p|3p|4p|duel --games N --seed S --jobs J\n"
    "               --rule match|adjacent --time-scale F [--no-timeout]\n"
    "               --bot \"CMD\" --bot \"CMD\" [...]\n"
    "               [--json FILE] [--replay-dir DIR] [--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05]\n"
    "               [--show] [--strict-put] [--progress N]\n"
    "       referee --merge FILE... [--json FILE] [--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05]\n"
    "       referee --paired A.json B.json\n"
    "Two-player variants play every seed twice, seats swapped; 3p and 4p rotate the\n"
    "bots through the seats (a seed is played once per rotation), cycling them when\n"
    "there are fewer bots than seats.\n"
    "--merge gives the summary of runs that played chunks of one match (their --json\n"
    "files), as one run of all their games would; with --sprt, files are taken in\n"
    "the order given and the merge stops at the first one where the test decides.\n"
    "--paired compares two runs of the same deals (same seeds, bots at the same seats,\n"
    "usually one bot changed) game by game: each bot's first places and score in A\n"
    "minus B on the same deal, with 95% intervals over the deals.\n"
    "--progress N prints a line on stderr every N games: bot 0's result so far\n"
    "(win rate or first places, with two players its Elo, and the SPRT's LLR).\n";

[[noreturn]] void usage_error(const std::string& message) {
    std::cerr << "referee: " << message << "\n" << kUsage;
    std::exit(2);
}

// Refuses what the options cannot mean together; a single bot in a
// two-player variant plays itself.
void check_options(Options& o) {
    if (o.bots.empty()) usage_error("give at least one --bot");
    if (o.games < 1) usage_error("--games must be at least 1");
    if (o.jobs < 1) o.jobs = 1;
    if (o.time_scale <= 0) usage_error("--time-scale must be positive");
    if (o.variant->players == 2) {
        if (o.bots.size() > 2) usage_error("a two-player variant takes one or two --bot");
        if (o.bots.size() == 1) o.bots.push_back(o.bots[0]);  // self-play: two entrants, one command
    }
    if (o.sprt && o.variant->players != 2) usage_error("--sprt needs a two-player variant");
    if (o.progress < 0) usage_error("--progress must be at least 0");
}

Options parse_options(int argc, char** argv) {
    Options o;
    auto need = [&](int& i) -> std::string {
        if (i + 1 >= argc) usage_error(std::string(argv[i]) + " needs a value");
        return argv[++i];
    };
    auto number = [&](const std::string& flag, const std::string& text) {
        char* end;
        double v = strtod(text.c_str(), &end);
        if (text.empty() || *end) usage_error(flag + " expects a number, got '" + text + "'");
        return v;
    };
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::cout << kUsage;
            std::exit(0);
        } else if (a == "--variant") {
            std::string v = need(i);
            o.variant = variant_by_name(v);
            if (!o.variant) usage_error("unknown variant '" + v + "'");
        } else if (a == "--games") {
            o.games = long(number(a, need(i)));
        } else if (a == "--seed") {
            o.seed = uint64_t(number(a, need(i)));
        } else if (a == "--jobs") {
            o.jobs = int(number(a, need(i)));
        } else if (a == "--rule") {
            std::string r = need(i);
            if (!rule_by_name(r, o.rule)) usage_error("--rule is match or adjacent, got '" + r + "'");
        } else if (a == "--time-scale") {
            o.time_scale = number(a, need(i));
        } else if (a == "--no-timeout") {
            o.no_timeout = true;
        } else if (a == "--strict-put") {
            o.strict_put = true;
        } else if (a == "--show") {
            o.show = true;
        } else if (a == "--progress") {
            o.progress = long(number(a, need(i)));
        } else if (a == "--bot") {
            o.bots.push_back(need(i));
        } else if (a == "--json") {
            o.json_path = need(i);
        } else if (a == "--replay-dir") {
            o.replay_dir = need(i);
        } else if (a == "--sprt") {
            std::string error;
            o.sprt = true;
            if (!parse_sprt(need(i), o.sprt_params, error)) usage_error("--sprt: " + error);
        } else {
            usage_error("unknown option '" + a + "'");
        }
    }
    check_options(o);
    return o;
}

// Seeds are played in groups: twice with seats swapped (two players), or once per rotation.
int group_size(const Options& o) { return o.variant->players; }

// The entrant (index into o.bots) sitting at `seat` in game k.
int entrant_at(const Options& o, long game, int seat) {
    return seat_entrant(group_size(o), int(o.bots.size()), game, seat);
}

// The run: games handed to worker threads, finished games collected under a lock.
class Arena {
  public:
    Arena(const Options& o, LiveGroups& live)
        : o_(o), games_(size_t(o.games)), live_(live), start_(Clock::now()) {}

    void run() {
        std::vector<std::thread> workers;
        for (int j = 0; j < o_.jobs; ++j) workers.emplace_back([this] { work(); });
        for (auto& w : workers) w.join();
        elapsed_s_ = duration_to_ms(Clock::now() - start_) / 1000;
    }

    // Whether a replay could not be written (the referee then exits with 1).
    bool replay_write_failed() const { return replay_write_failed_; }

    // The summary on stdout and, with --json, in the file.
    void report() { report_games(games_, elapsed_s_); }

    // Called by the interrupt thread before it kills the bots: no game starts
    // after it, and the games the kill ends are not recorded (their faults
    // are the referee's doing, not the bots').
    void interrupt() {
        interrupted_ = true;
        stop_ = true;
    }
    bool interrupted() const { return interrupted_.load(); }

    // After an interrupt: reports the games of the seeds finished from the
    // first one on, as a run of those seeds would have, so that a run of the
    // rest (said on stderr) merges with it. Finished games after the first
    // unfinished seed are left out: the rest is one run, not a patchwork.
    void report_interrupted() {
        std::vector<GameRecord> games;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            games = games_;
        }
        const long kept = finished_seeds_from_start(games, group_size(o_)) * group_size(o_);
        const long finished = played_games(games);
        for (size_t k = size_t(kept); k < games.size(); ++k) games[k] = GameRecord();
        report_games(games, duration_to_ms(Clock::now() - start_) / 1000);
        const uint64_t next_seed = o_.seed + uint64_t(kept / group_size(o_));
        fprintf(stderr, "referee: interrupted after %ld finished games; %s keeps ", finished,
                o_.json_path.empty() ? "the summary" : o_.json_path.c_str());
        if (kept == 0) fprintf(stderr, "none (the first seed was not finished)");
        else fprintf(stderr, "the %ld of seeds %llu-%llu", kept, (unsigned long long)o_.seed,
                     (unsigned long long)next_seed - 1);
        if (kept < o_.games)
            fprintf(stderr, "; the rest is --seed %llu --games %ld, then referee --merge", (unsigned long long)next_seed,
                    o_.games - kept);
        fprintf(stderr, "\n");
    }

  private:
    void report_games(const std::vector<GameRecord>& games, double elapsed_s) const {
        RunInfo info = run_info();
        info.elapsed_s = elapsed_s;
        print_summary(info, games);
        fflush(stdout);
        if (o_.json_path.empty()) return;
        std::ofstream out(o_.json_path);
        out << summary_json(info, games) << "\n";
        if (!out) fprintf(stderr, "referee: cannot write %s\n", o_.json_path.c_str());
    }

    RunInfo run_info() const {
        RunInfo info;
        info.variant = o_.variant;
        info.rule = o_.rule;
        info.seed = o_.seed;
        info.time_scale = o_.time_scale;
        info.no_timeout = o_.no_timeout;
        info.strict_put = o_.strict_put;
        info.jobs = o_.jobs;
        info.bots = o_.bots;
        info.sprt = o_.sprt;
        info.sprt_params = o_.sprt_params;
        return info;
    }

    void work() {
        for (;;) {
            long k = next_.fetch_add(1);
            if (k >= o_.games || stop_.load()) return;
            MatchConfig cfg;
            cfg.variant = o_.variant;
            cfg.rule = o_.rule;
            cfg.seed = o_.seed + uint64_t(k / group_size(o_));
            cfg.index = int(k);
            for (int s = 0; s < o_.variant->players; ++s) cfg.commands.push_back(o_.bots[size_t(entrant_at(o_, k, s))]);
            cfg.time_scale = o_.time_scale;
            cfg.no_timeout = o_.no_timeout;
            cfg.strict_put = o_.strict_put;
            cfg.record_replay = !o_.replay_dir.empty();
            // One game at a time leaves a core free: spend it on waking at once.
            cfg.spin_ms = o_.jobs == 1 && !o_.no_timeout ? limits::kSpinMs : 0;
            MatchReport m = play_match(cfg, live_);
            finish(k, cfg, m);
        }
    }

    void finish(long k, const MatchConfig& cfg, const MatchReport& m) {
        // A game the interrupt's kill ended is neither recorded nor replayed:
        // interrupt() is called before the kill, so such a game sees it here.
        if (interrupted_) return;
        const int n = o_.variant->players;
        std::vector<int> entrants;
        for (int s = 0; s < n; ++s) entrants.push_back(entrant_at(o_, k, s));
        GameRecord record = record_game(k, cfg.seed, entrants, m);
        if (!o_.replay_dir.empty()) {
            char name[128];
            snprintf(name, sizeof name, "/game-%05ld-%s-seed%llu.json", k, o_.variant->name,
                     (unsigned long long)cfg.seed);
            std::ofstream out(o_.replay_dir + name);
            out << m.replay_json << "\n";
            out.close();
            if (!out) {  // said at once, and by the exit status
                fprintf(stderr, "referee: cannot write the replay %s%s\n", o_.replay_dir.c_str(), name);
                replay_write_failed_ = true;
            }
        }
        std::lock_guard<std::mutex> lock(mutex_);
        games_[size_t(k)] = std::move(record);
        ++done_;
        if (o_.show) {
            std::vector<std::string> captions;
            for (int s = 0; s < n; ++s)
                captions.push_back(std::to_string(m.result.score[s]) + (m.result.rank[s] == 1 ? "* " : "  ") +
                                   cfg.commands[size_t(s)]);
            bool color = isatty(1);
            printf("game %ld (seed %llu):\n%s", k, (unsigned long long)cfg.seed,
                   show_kingdoms(m.final_game, captions, color).c_str());
            for (int s = 0; s < n; ++s)
                if (!m.seats[s].fault.empty()) printf("  seat %d's game ended: %s\n", s, m.seats[s].fault.c_str());
            printf("\n");
            fflush(stdout);
        } else if (o_.progress > 0) {
            if (done_ % o_.progress == 0) progress_line();
        } else if (isatty(2)) {
            fprintf(stderr, "\r%ld/%ld games", done_, o_.games);
            fflush(stderr);
        }
        if (o_.sprt && sprt_pentanomial(pentanomial(games_, n), o_.sprt_params).decision != SprtDecision::Continue)
            stop_ = true;
    }

    // A long run's sign of life (--progress): bot 0's result so far, on one line.
    void progress_line() const {
        const EntrantStats e = entrant_stats(games_, o_.bots.size())[0];
        const Interval ci = e.interval();
        std::string line = "referee: " + std::to_string(done_) + "/" + std::to_string(o_.games) + " games, " +
                           std::to_string(long(duration_to_ms(Clock::now() - start_) / 1000)) + " s: bot 0 ";
        char text[160];
        snprintf(text, sizeof text, "%s %.1f%% [%.1f, %.1f]", o_.variant->players == 2 ? "win rate" : "first",
                 100 * e.win_rate(), 100 * ci.low, 100 * ci.high);
        line += text;
        if (o_.variant->players == 2) {
            const std::array<long, 5> pairs = pentanomial(games_, 2);
            const EloEstimate elo = elo_pentanomial(pairs);
            snprintf(text, sizeof text, ", Elo %+.1f [%+.1f, %+.1f]", elo.elo, elo.low, elo.high);
            line += text;
            if (o_.sprt) {
                snprintf(text, sizeof text, ", LLR %.2f", sprt_pentanomial(pairs, o_.sprt_params).llr);
                line += text;
            }
        }
        fprintf(stderr, "%s\n", line.c_str());
        fflush(stderr);
    }

    const Options& o_;
    std::vector<GameRecord> games_;  // per game; empty until played
    std::atomic<long> next_{0};
    std::atomic<bool> stop_{false}, interrupted_{false};
    std::mutex mutex_;
    long done_ = 0;
    LiveGroups& live_;
    const Clock::time_point start_;  // read by the interrupt thread too
    double elapsed_s_ = 0;
    std::atomic<bool> replay_write_failed_{false};
};

// Kills every process this referee started, wherever it went: the bot
// groups, and everything carrying this referee's token. No bot starts after
// the first pass (LiveGroups::close); further passes catch processes forked
// while the last one scanned, until one finds none.
void kill_everything(LiveGroups& live) {
    live.kill_all();
    for (int pass = 0; pass < 20 && kill_tagged(referee_token_prefix(), 0) > 0; ++pass) {
    }
}

// Reads the --json files of runs; false, with `error`, at the first that
// cannot be read or is not such a file.
bool read_run_files(const std::vector<std::string>& paths, std::vector<RunFile>& files, std::string& error) {
    files.assign(paths.size(), RunFile());
    for (size_t i = 0; i < paths.size(); ++i) {
        std::ifstream in(paths[i]);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (!in) error = "cannot read " + paths[i];
        if (error.empty()) read_run_file(paths[i], text, files[i], error);
        if (!error.empty()) return false;
    }
    return true;
}

// referee --merge: reads the --json files, merges their games (merge.h)
// and reports them as one run.
int merge_main(int argc, char** argv) {
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

// referee --paired A B: the two runs' games compared deal by deal (paired.h).
int paired_main(int argc, char** argv) {
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

}  // namespace

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "--merge") return merge_main(argc, argv);
    if (argc > 1 && std::string(argv[1]) == "--paired") return paired_main(argc, argv);
    Options o = parse_options(argc, argv);
    if (!o.replay_dir.empty()) {
        mkdir(o.replay_dir.c_str(), 0755);
        if (access(o.replay_dir.c_str(), W_OK) != 0) usage_error("cannot write to --replay-dir " + o.replay_dir);
    }
    signal(SIGPIPE, SIG_IGN);
    prctl(PR_SET_CHILD_SUBREAPER, 1);  // orphans of bots come back to us, to be reaped
    static LiveGroups live;
    static Arena arena(o, live);
    // Interrupts are taken by a thread of their own (blocked everywhere else),
    // so that it can scan /proc and kill every bot, and report the games
    // finished, before the referee exits.
    sigset_t interrupts;
    sigemptyset(&interrupts);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&interrupts, sig);
    pthread_sigmask(SIG_BLOCK, &interrupts, nullptr);
    std::thread([interrupts] {
        int sig = 0;
        sigwait(&interrupts, &sig);
        fprintf(stderr, "\nreferee: interrupted, stopping every bot\n");
        arena.interrupt();
        kill_everything(live);
        arena.report_interrupted();
        signal(sig, SIG_DFL);  // then die of the same signal, as the caller expects
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nullptr);
        raise(sig);
        _exit(128 + sig);
    }).detach();
    arena.run();
    if (arena.interrupted())
        for (;;) pause();  // the interrupt thread reports and ends the referee
    kill_everything(live);
    arena.report();
    return arena.replay_write_failed() ? 1 : 0;
}
