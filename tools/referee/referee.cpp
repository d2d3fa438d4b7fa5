// referee: plays Kingdomino games between bot commands over stdin/stdout as
// RULES.md says, many at once, and judges the bots with honest statistics.
//
//   referee --variant 2p|3p|4p|duel --games N --seed S --jobs J
//           --rule match|adjacent --time-scale F [--no-timeout]
//           --bot "CMD" --bot "CMD" [...]
//           [--json FILE] [--replay-dir DIR] [--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05]
//           [--show] [--strict-put]
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
#include "stats.h"

using namespace kd;

namespace {

struct Options {
    const Variant* variant = &kVariants[0];
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
};

const char* kUsage =
    "usage: referee --variant 2p|3p|4p|duel --games N --seed S --jobs J\n"
    "               --rule match|adjacent --time-scale F [--no-timeout]\n"
    "               --bot \"CMD\" --bot \"CMD\" [...]\n"
    "               [--json FILE] [--replay-dir DIR] [--sprt elo0=0,elo1=10,alpha=0.05,beta=0.05]\n"
    "               [--show] [--strict-put]\n"
    "Two-player variants play every seed twice, seats swapped; 3p and 4p rotate the\n"
    "bots through the seats (a seed is played once per rotation), cycling them when\n"
    "there are fewer bots than seats.\n";

[[noreturn]] void usage_error(const std::string& message) {
    std::cerr << "referee: " << message << "\n" << kUsage;
    std::exit(2);
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
            if (r == "match")
                o.rule = Rule::Match;
            else if (r == "adjacent")
                o.rule = Rule::Adjacent;
            else
                usage_error("--rule is match or adjacent, got '" + r + "'");
        } else if (a == "--time-scale") {
            o.time_scale = number(a, need(i));
        } else if (a == "--no-timeout") {
            o.no_timeout = true;
        } else if (a == "--strict-put") {
            o.strict_put = true;
        } else if (a == "--show") {
            o.show = true;
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
    if (o.bots.empty()) usage_error("give at least one --bot");
    if (o.games < 1) usage_error("--games must be at least 1");
    if (o.jobs < 1) o.jobs = 1;
    if (o.time_scale <= 0) usage_error("--time-scale must be positive");
    if (o.variant->players == 2) {
        if (o.bots.size() > 2) usage_error("a two-player variant takes one or two --bot");
        if (o.bots.size() == 1) o.bots.push_back(o.bots[0]);  // self-play: two entrants, one command
    }
    if (o.sprt && o.variant->players != 2) usage_error("--sprt needs a two-player variant");
    return o;
}

// Seeds are played in groups: twice with seats swapped (two players), or once per rotation.
int group_size(const Options& o) { return o.variant->players; }

// The entrant (index into o.bots) sitting at `seat` in game k.
int entrant_at(const Options& o, long game, int seat) {
    return int((seat + game % group_size(o)) % long(o.bots.size()));
}

// One seat of one finished game, as the statistics need it.
struct SeatOutcome {
    int entrant;
    double points;  // 1 sole first, 0.5 shared first (two players: draw), 0 otherwise
    int score, best_other;
    SeatReport report;
};

struct EntrantStats {
    long games = 0, wins = 0, draws = 0, losses = 0;
    double score_sum = 0, diff_sum = 0;
    long timeouts = 0, bad_output = 0, illegal_put = 0, invalid_pick = 0, crashes = 0;
    std::vector<double> times;
    double first_max = 0;
};

double percentile(std::vector<double> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    size_t i = size_t(q * double(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

// The run: games handed to worker threads, finished games collected under a lock.
class Arena {
  public:
    Arena(const Options& o, LiveGroups& live) : o_(o), outcomes_(size_t(o.games)), live_(live) {}

    void run() {
        start_ = Clock::now();
        std::vector<std::thread> workers;
        for (int j = 0; j < o_.jobs; ++j) workers.emplace_back([this] { work(); });
        for (auto& w : workers) w.join();
        elapsed_s_ = std::chrono::duration<double>(Clock::now() - start_).count();
    }

    // Whether a replay could not be written (the referee then exits with 1).
    bool replay_write_failed() const { return replay_write_failed_; }

    void report() {
        std::vector<EntrantStats> stats(o_.bots.size());
        long played = 0;
        for (auto& game : outcomes_) {
            if (game.empty()) continue;
            ++played;
            for (const SeatOutcome& s : game) {
                EntrantStats& e = stats[size_t(s.entrant)];
                e.games++;
                e.wins += s.points == 1.0;
                e.draws += s.points == 0.5;
                e.losses += s.points == 0.0;
                e.score_sum += s.score;
                e.diff_sum += s.score - s.best_other;
                e.timeouts += s.report.timeouts;
                e.bad_output += s.report.bad_output;
                e.illegal_put += s.report.illegal_put;
                e.invalid_pick += s.report.invalid_pick;
                e.crashes += s.report.crashes;
                e.times.insert(e.times.end(), s.report.answer_ms.begin(), s.report.answer_ms.end());
                e.first_max = std::max(e.first_max, s.report.first_answer_ms);
            }
        }
        std::array<long, 5> pairs = pentanomial();
        bool two = o_.variant->players == 2;
        EloEstimate elo = elo_pentanomial(pairs);

        printf("\n%s, %ld games (%ld seeds from %llu), rule %s, time scale %g%s, %d jobs, %.1f s\n",
               o_.variant->name, played, (played + group_size(o_) - 1) / group_size(o_),
               (unsigned long long)o_.seed, o_.rule == Rule::Match ? "match" : "adjacent", o_.time_scale,
               o_.no_timeout ? " (no timeout)" : "", o_.jobs, elapsed_s_);
        printf("%-3s %-28s %6s %5s %5s %5s %22s %8s %8s %4s %4s %4s %4s %4s %7s %7s %7s\n", "#", "bot", "games",
               "wins", "draws", "loss", two ? "win rate [95% CI]" : "first place [95% CI]", "score", "diff", "TO",
               "bad", "ill", "pick", "crash", "p50ms", "p99ms", "maxms");
        for (size_t i = 0; i < stats.size(); ++i) {
            const EntrantStats& e = stats[i];
            double rate = e.games ? (e.wins + 0.5 * e.draws) / double(e.games) : 0;
            Interval ci = wilson_interval(e.wins + 0.5 * e.draws, int(e.games));
            std::string name = o_.bots[i].size() > 28 ? "~" + o_.bots[i].substr(o_.bots[i].size() - 27) : o_.bots[i];
            char rate_text[64];
            snprintf(rate_text, sizeof rate_text, "%5.1f%% [%5.1f, %5.1f]", 100 * rate, 100 * ci.low, 100 * ci.high);
            printf("%-3zu %-28s %6ld %5ld %5ld %5ld %22s %8.2f %+8.2f %4ld %4ld %4ld %4ld %4ld %7.2f %7.2f %7.2f\n",
                   i, name.c_str(), e.games, e.wins, e.draws, e.losses, rate_text,
                   e.games ? e.score_sum / e.games : 0.0, e.games ? e.diff_sum / e.games : 0.0, e.timeouts,
                   e.bad_output, e.illegal_put, e.invalid_pick, e.crashes, percentile(e.times, 0.5),
                   percentile(e.times, 0.99), percentile(e.times, 1.0));
        }
        long n_pairs = pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4];
        if (two && n_pairs)
            printf("Elo of bot 0 vs bot 1: %+.1f [%+.1f, %+.1f] (95%%, %ld seat-swapped pairs: %ld %ld %ld %ld %ld)\n",
                   elo.elo, elo.low, elo.high, n_pairs, pairs[0], pairs[1], pairs[2], pairs[3], pairs[4]);
        if (o_.sprt) {
            SprtResult r = sprt_pentanomial(pairs, o_.sprt_params);
            printf("SPRT elo0=%g elo1=%g alpha=%g beta=%g: LLR %.3f [%.3f, %.3f] -> %s\n", o_.sprt_params.elo0,
                   o_.sprt_params.elo1, o_.sprt_params.alpha, o_.sprt_params.beta, r.llr, r.lower, r.upper,
                   r.decision == SprtDecision::AcceptH1   ? "H1 accepted (bot 0 is stronger by elo1)"
                   : r.decision == SprtDecision::AcceptH0 ? "H0 accepted (not stronger by elo1)"
                                                          : "undecided (games ran out)");
        }
        printf("referee overhead per request: mean %.4f ms, p99 %.4f ms, max %.4f ms (%zu requests)\n",
               mean(overhead_), percentile(overhead_, 0.99), percentile(overhead_, 1.0), overhead_.size());
        fflush(stdout);
        if (!o_.json_path.empty()) write_json(stats, played, pairs, elo);
    }

  private:
    static double mean(const std::vector<double>& v) {
        double s = 0;
        for (double x : v) s += x;
        return v.empty() ? 0 : s / double(v.size());
    }

    // Pair results of bot 0 over complete seat-swapped pairs (two-player variants).
    std::array<long, 5> pentanomial() const {
        std::array<long, 5> pairs{};
        if (o_.variant->players != 2) return pairs;
        for (size_t g = 0; g + 1 < outcomes_.size(); g += 2) {
            if (outcomes_[g].empty() || outcomes_[g + 1].empty()) continue;
            double points = 0;
            for (size_t k = g; k <= g + 1; ++k)
                for (const SeatOutcome& s : outcomes_[k])
                    if (s.entrant == 0) points += s.points;
            pairs[size_t(points * 2 + 0.5)]++;
        }
        return pairs;
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
        const int n = o_.variant->players;
        std::vector<SeatOutcome> seats;
        for (int s = 0; s < n; ++s) {
            SeatOutcome so;
            so.entrant = entrant_at(o_, k, s);
            int firsts = 0;
            for (int p = 0; p < n; ++p) firsts += m.result.rank[p] == 1;
            so.points = m.result.rank[s] != 1 ? 0.0 : firsts == 1 ? 1.0 : 0.5;
            so.score = m.result.score[s];
            so.best_other = -1;
            for (int p = 0; p < n; ++p)
                if (p != s) so.best_other = std::max(so.best_other, m.result.score[p]);
            so.report = m.seats[s];
            seats.push_back(so);
        }
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
        outcomes_[size_t(k)] = seats;
        overhead_.insert(overhead_.end(), m.overhead_ms.begin(), m.overhead_ms.end());
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
        } else if (isatty(2)) {
            fprintf(stderr, "\r%ld/%ld games", done_, o_.games);
            fflush(stderr);
        }
        if (o_.sprt && sprt_pentanomial(pentanomial(), o_.sprt_params).decision != SprtDecision::Continue)
            stop_ = true;
    }

    void write_json(const std::vector<EntrantStats>& stats, long played, const std::array<long, 5>& pairs,
                    const EloEstimate& elo) {
        JsonWriter j;
        j.begin_object().field("variant", o_.variant->name).field("games", played);
        j.field("seed", (unsigned long long)o_.seed).field("rule", o_.rule == Rule::Match ? "match" : "adjacent");
        j.field("time_scale", o_.time_scale).field("no_timeout", o_.no_timeout).field("jobs", o_.jobs);
        j.field("elapsed_s", elapsed_s_);
        j.key("bots").begin_array();
        for (size_t i = 0; i < stats.size(); ++i) {
            const EntrantStats& e = stats[i];
            Interval ci = wilson_interval(e.wins + 0.5 * e.draws, int(e.games));
            j.begin_object().field("command", o_.bots[i]).field("games", e.games).field("wins", e.wins);
            j.field("draws", e.draws).field("losses", e.losses);
            j.field("win_rate", e.games ? (e.wins + 0.5 * e.draws) / double(e.games) : 0.0, 4);
            j.field("win_rate_low", ci.low, 4).field("win_rate_high", ci.high, 4);
            j.field("mean_score", e.games ? e.score_sum / double(e.games) : 0.0);
            j.field("mean_score_diff", e.games ? e.diff_sum / double(e.games) : 0.0);
            j.field("timeouts", e.timeouts).field("bad_output", e.bad_output).field("illegal_put", e.illegal_put);
            j.field("invalid_pick", e.invalid_pick).field("crashes", e.crashes);
            j.field("p50_ms", percentile(e.times, 0.5)).field("p99_ms", percentile(e.times, 0.99));
            j.field("max_ms", percentile(e.times, 1.0)).field("first_answer_max_ms", e.first_max);
            j.field("answers", (long)e.times.size());
            j.end_object();
        }
        j.end_array();
        if (o_.variant->players == 2) {
            j.key("pentanomial").begin_array();
            for (long p : pairs) j.value(p);
            j.end_array();
            j.key("elo").begin_object().field("elo", elo.elo, 2).field("low", elo.low, 2).field("high", elo.high, 2);
            j.end_object();
        }
        if (o_.sprt) {
            SprtResult r = sprt_pentanomial(pairs, o_.sprt_params);
            j.key("sprt").begin_object().field("elo0", o_.sprt_params.elo0).field("elo1", o_.sprt_params.elo1);
            j.field("alpha", o_.sprt_params.alpha).field("beta", o_.sprt_params.beta);
            j.field("llr", r.llr).field("lower", r.lower).field("upper", r.upper);
            j.field("decision", r.decision == SprtDecision::AcceptH1   ? "H1"
                                : r.decision == SprtDecision::AcceptH0 ? "H0"
                                                                       : "continue");
            j.end_object();
        }
        j.key("overhead_ms").begin_object().field("mean", mean(overhead_), 4);
        j.field("p99", percentile(overhead_, 0.99), 4).field("max", percentile(overhead_, 1.0), 4).end_object();
        j.end_object();
        std::ofstream out(o_.json_path);
        out << j.str() << "\n";
        if (!out) fprintf(stderr, "referee: cannot write %s\n", o_.json_path.c_str());
    }

    const Options& o_;
    std::vector<std::vector<SeatOutcome>> outcomes_;  // per game; empty until played
    std::vector<double> overhead_;
    std::atomic<long> next_{0};
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    long done_ = 0;
    LiveGroups& live_;
    Clock::time_point start_;
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

}  // namespace

int main(int argc, char** argv) {
    Options o = parse_options(argc, argv);
    if (!o.replay_dir.empty()) {
        mkdir(o.replay_dir.c_str(), 0755);
        if (access(o.replay_dir.c_str(), W_OK) != 0) usage_error("cannot write to --replay-dir " + o.replay_dir);
    }
    signal(SIGPIPE, SIG_IGN);
    prctl(PR_SET_CHILD_SUBREAPER, 1);  // orphans of bots come back to us, to be reaped
    static LiveGroups live;
    // Interrupts are taken by a thread of their own (blocked everywhere else),
    // so that it can scan /proc and kill every bot before the referee exits.
    sigset_t interrupts;
    sigemptyset(&interrupts);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&interrupts, sig);
    pthread_sigmask(SIG_BLOCK, &interrupts, nullptr);
    std::thread([interrupts] {
        int sig = 0;
        sigwait(&interrupts, &sig);
        fprintf(stderr, "\nreferee: interrupted, stopping every bot\n");
        kill_everything(live);
        signal(sig, SIG_DFL);  // then die of the same signal, as the caller expects
        pthread_sigmask(SIG_UNBLOCK, &interrupts, nullptr);
        raise(sig);
        _exit(128 + sig);
    }).detach();
    Arena arena(o, live);
    arena.run();
    kill_everything(live);
    arena.report();
    return arena.replay_write_failed() ? 1 : 0;
}
