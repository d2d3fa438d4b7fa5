// A run of games: handed to worker threads, each game played (match.h) and
// recorded as it ends, its replay written; the summary at the end, or of the
// seeds finished when the run is interrupted.
#pragma once

#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "bot_process.h"
#include "files.h"
#include "match.h"
#include "play_options.h"
#include "run_record.h"
#include "run_stats.h"
#include "show.h"
#include "stats.h"
#include "summary_json.h"
#include "summary_table.h"

namespace kd {

// A bot's command with every `{seed}` replaced by the game's seed: a bot can
// be told the deal (the bot's --told-deal {seed}, the ceiling's experiments).
inline std::string with_seed(std::string command, uint64_t seed) {
    const std::string mark = "{seed}", value = std::to_string(seed);
    for (size_t at = command.find(mark); at != std::string::npos; at = command.find(mark, at + value.size()))
        command.replace(at, mark.size(), value);
    return command;
}

// The run: games handed to worker threads, finished games collected under a lock.
class Arena {
  public:
    Arena(const PlayOptions& o, LiveGroups& live)
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
        const int group = o_.variant->players;  // games a seed (run_record.h)
        const long kept = finished_seeds_from_start(games, group) * group;
        const long finished = played_games(games);
        for (size_t k = size_t(kept); k < games.size(); ++k) games[k] = GameRecord();
        report_games(games, duration_to_ms(Clock::now() - start_) / 1000);
        const uint64_t next_seed = o_.seed + uint64_t(kept / group);
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
        RunInfo info = o_;
        info.elapsed_s = elapsed_s;
        print_summary(info, games);
        fflush(stdout);
        write_summary_json(o_.json_path, info, games);
    }

    void work() {
        for (;;) {
            long k = next_.fetch_add(1);
            if (k >= o_.games || stop_.load()) return;
            const int group = o_.variant->players;  // games a seed (run_record.h)
            std::vector<int> entrants;  // per seat, its bot
            for (int s = 0; s < group; ++s) entrants.push_back(seat_entrant(group, int(o_.bots.size()), k, s));
            MatchConfig cfg;
            cfg.variant = o_.variant;
            cfg.rule = o_.rule;
            cfg.seed = o_.seed + uint64_t(k / group);
            cfg.index = int(k);
            for (int e : entrants) cfg.commands.push_back(with_seed(o_.bots[size_t(e)], cfg.seed));
            cfg.time_scale = o_.time_scale;
            cfg.no_timeout = o_.no_timeout;
            cfg.strict_put = o_.strict_put;
            cfg.record_replay = !o_.replay_dir.empty();
            // One game at a time leaves a core free: spend it on waking at once.
            cfg.spin_ms = o_.jobs == 1 && !o_.no_timeout ? limits::kSpinMs : 0;
            finish(k, cfg, entrants, play_match(cfg, live_));
        }
    }

    void finish(long k, const MatchConfig& cfg, const std::vector<int>& entrants, const MatchReport& m) {
        // A game the interrupt's kill ended is neither recorded nor replayed:
        // interrupt() is called before the kill, so such a game sees it here.
        if (interrupted_) return;
        const int n = o_.variant->players;
        GameRecord record = record_game(k, cfg.seed, entrants, m);
        if (!o_.replay_dir.empty()) {
            char name[128];
            snprintf(name, sizeof name, "/game-%05ld-%s-seed%llu.json", k, o_.variant->name,
                     (unsigned long long)cfg.seed);
            if (!write_file(o_.replay_dir + name, m.replay_json + "\n")) {  // said at once, and by the exit status
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
        char line[240];
        int n = snprintf(line, sizeof line, "referee: %ld/%ld games, %ld s: bot 0 %s %.1f%% [%.1f, %.1f]", done_,
                         o_.games, long(duration_to_ms(Clock::now() - start_) / 1000),
                         o_.variant->players == 2 ? "win rate" : "first", 100 * e.win_rate(), 100 * ci.low,
                         100 * ci.high);
        if (o_.variant->players == 2) {
            const std::array<long, 5> pairs = pentanomial(games_, 2);
            const EloEstimate elo = elo_pentanomial(pairs);
            n += snprintf(line + n, sizeof line - size_t(n), ", Elo %+.1f [%+.1f, %+.1f]", elo.elo, elo.low, elo.high);
            if (o_.sprt)
                snprintf(line + n, sizeof line - size_t(n), ", LLR %.2f", sprt_pentanomial(pairs, o_.sprt_params).llr);
        }
        fprintf(stderr, "%s\n", line);
        fflush(stderr);
    }

    const PlayOptions& o_;
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

}  // namespace kd
