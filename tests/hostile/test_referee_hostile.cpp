// The referee against hostile bots (hostile_bot.cpp): each misbehaviour gets
// its documented outcome (RULES.md, "Output, per request" and "Picks,
// timeouts, elimination"), the game still finishes, the referee never hangs,
// and no process of the bot survives it.
//
// Every test runs the real referee binary against greedy, reads its --json
// summary and its replays, and finally looks for any process still carrying
// the test's marker: a random token passed to the hostile bot as an argument
// and to every process of the run through the environment (KD_HOSTILE_MARKER).
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "clock.h"
#include "json.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

extern char** environ;

namespace {

using kd::Clock;
using kd::duration_to_ms;

const std::string kReplacement = "\xef\xbf\xbd";  // U+FFFD, what the replay writes for a byte that is not UTF-8

// ---------------------------------------------------------------- JSON

// The referee's reader (json.h), strict about syntax: a summary or a replay
// that is not JSON fails the test; so does a field it lacks (at() throws).
using kd::Json;

bool parse_json(const std::string& text, Json& out) {
    std::string error;
    return kd::parse_json(text, out, error);
}

// The code points of `text`, or false if it is not valid UTF-8 (an oracle
// written from RFC 3629's definition, independent of the referee's utf8.h).
bool decode_utf8(const std::string& text, std::vector<unsigned>& codes) {
    codes.clear();
    for (size_t i = 0; i < text.size();) {
        const unsigned char lead = static_cast<unsigned char>(text[i]);
        const int extra = lead < 0x80 ? 0 : (lead >> 5) == 6 ? 1 : (lead >> 4) == 14 ? 2 : (lead >> 3) == 30 ? 3 : -1;
        if (extra < 0 || i + size_t(extra) + 1 > text.size()) return false;
        unsigned code = extra == 0 ? lead : lead & (0x3f >> extra);
        for (int k = 1; k <= extra; ++k) {
            const unsigned char next = static_cast<unsigned char>(text[i + size_t(k)]);
            if ((next >> 6) != 2) return false;
            code = code << 6 | (next & 0x3f);
        }
        const unsigned smallest[] = {0, 0x80, 0x800, 0x10000};
        if (code < smallest[extra] || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
        codes.push_back(code);
        i += size_t(extra) + 1;
    }
    return true;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// ---------------------------------------------------------------- processes

// Processes (other than this one) whose command line or environment holds `marker`.
std::vector<std::pair<pid_t, std::string>> processes_marked(const std::string& marker) {
    std::vector<std::pair<pid_t, std::string>> found;
    DIR* dir = opendir("/proc");
    if (!dir) return found;
    while (dirent* e = readdir(dir)) {
        char* end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end || pid <= 0 || pid == getpid()) continue;
        std::string base = std::string("/proc/") + e->d_name;
        std::string cmdline = read_file(base + "/cmdline");
        std::string env = read_file(base + "/environ");
        if (cmdline.find(marker) == std::string::npos && env.find(marker) == std::string::npos) continue;
        std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
        found.push_back({pid_t(pid), cmdline});
    }
    closedir(dir);
    return found;
}

std::string quoted(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// One run of the referee binary and what it left.
struct RefereeRun {
    int exit_code = -1;  // -1 when it did not exit normally
    int term_signal = 0;  // the signal that ended it, if one did
    bool hung = false;   // killed by the test after kHardLimitS
    double wall_s = 0;
    std::string out, err;
    Json summary;                // --json
    std::vector<Json> replays;   // --replay-dir, in game order
    std::vector<std::string> replay_texts;
};

constexpr double kHardLimitS = 40;  // the test kills a referee that runs longer
constexpr double kWallLimitS = 20;  // and fails one that takes longer than this

// ---------------------------------------------------------------- the fixture

struct Counters {
    long timeouts = 0, bad_output = 0, illegal_put = 0, invalid_pick = 0, crashes = 0;
};

// No fault but `n` of one kind.
Counters only(long Counters::*field, long n) {
    Counters c;
    c.*field = n;
    return c;
}

class RefereeHostile : public ::testing::Test {
  protected:
    void SetUp() override {
        unsigned char bytes[8] = {};
        int fd = open("/dev/urandom", O_RDONLY);
        ASSERT_GE(fd, 0);
        ASSERT_EQ(read(fd, bytes, sizeof bytes), ssize_t(sizeof bytes));
        close(fd);
        char hex[17];
        for (int i = 0; i < 8; ++i) snprintf(hex + 2 * i, 3, "%02x", bytes[i]);
        marker_ = std::string("kdhostile") + hex;
        const char* tmp = getenv("TMPDIR");
        std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/kd-hostile-XXXXXX";
        ASSERT_NE(mkdtemp(&pattern[0]), nullptr);
        dir_ = pattern;
    }

    // No process of the run may outlive it: poll for 2 s, then kill and fail.
    void TearDown() override {
        auto deadline = Clock::now() + std::chrono::seconds(2);
        std::vector<std::pair<pid_t, std::string>> left = processes_marked(marker_);
        while (!left.empty() && Clock::now() < deadline) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            left = processes_marked(marker_);
        }
        for (auto& [pid, cmdline] : left) {
            ADD_FAILURE() << "process " << pid << " survived the referee: " << cmdline;
            kill(pid, SIGKILL);
        }
        std::error_code ignored;
        if (!HasFailure()) std::filesystem::remove_all(dir_, ignored);
    }

    // The command of a hostile bot: MODE strikes at request `strike`. With
    // `exec`, sh replaces itself by the bot instead of waiting for it.
    std::string hostile(const std::string& mode, int strike = 2, bool exec = false, const std::string& arg = "-") const {
        return std::string(exec ? "exec " : "") + quoted(KD_HOSTILE_BOT) + " " + mode + " " + std::to_string(strike) +
               " " + arg + " " + marker_;
    }
    static std::string greedy() { return quoted(KD_GREEDY); }

    // Runs `referee --variant 2p --seed 1 --games G --time-scale 4 --bot A --bot B
    // [extra]`, with the marker in its environment, and reads its summary and
    // replays. Time scale 4 (answers in 200 ms) keeps greedy on time when ctest
    // runs many of these at once on two cores; `extra` may set another. With
    // `interrupt_ms`, the referee gets SIGTERM that long after its start.
    RefereeRun referee(const std::vector<std::string>& bots, int games = 1,
                       const std::vector<std::string>& extra = {}, int interrupt_ms = 0) {
        RefereeRun run;
        std::string json = dir_ + "/summary.json", replays = dir_ + "/replays";
        std::vector<std::string> args = {KD_REFEREE, "--variant", "2p", "--seed", "1", "--games",
                                         std::to_string(games), "--time-scale", "4", "--json", json,
                                         "--replay-dir", replays};
        for (const std::string& b : bots) args.insert(args.end(), {"--bot", b});
        args.insert(args.end(), extra.begin(), extra.end());
        std::vector<char*> argv;
        for (std::string& a : args) argv.push_back(&a[0]);
        argv.push_back(nullptr);
        std::vector<std::string> env_text = {"KD_HOSTILE_MARKER=" + marker_, "KD_HOSTILE_MIX_DIR=" + dir_ + "/mix"};
        for (char** e = environ; *e; ++e)
            if (strncmp(*e, "KD_HOSTILE_", 11) != 0) env_text.push_back(*e);
        std::vector<char*> envp;
        for (std::string& e : env_text) envp.push_back(&e[0]);
        envp.push_back(nullptr);
        mkdir((dir_ + "/mix").c_str(), 0755);

        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&actions, 1, (dir_ + "/stdout.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        posix_spawn_file_actions_addopen(&actions, 2, (dir_ + "/stderr.txt").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        auto start = Clock::now();
        pid_t pid;
        int rc = posix_spawn(&pid, KD_REFEREE, &actions, nullptr, argv.data(), envp.data());
        posix_spawn_file_actions_destroy(&actions);
        if (rc != 0) {
            ADD_FAILURE() << "cannot start " << KD_REFEREE << ": " << strerror(rc);
            return run;
        }
        bool interrupted = false;
        const int status = wait_for(pid, start, interrupt_ms, interrupted, run);
        run.wall_s = duration_to_ms(Clock::now() - start) / 1000;
        run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        run.term_signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
        run.out = read_file(dir_ + "/stdout.txt");
        run.err = read_file(dir_ + "/stderr.txt");
        if (interrupted) return run;
        std::string summary = read_file(json);
        EXPECT_TRUE(parse_json(summary, run.summary)) << "--json output is not JSON:\n" << summary;
        read_replays(replays, run);
        return run;
    }

    // Waits for the referee `pid`, started at `start`: SIGTERM after
    // `interrupt_ms` (if > 0), SIGKILL past kHardLimitS (run.hung). Its wait status.
    static int wait_for(pid_t pid, Clock::time_point start, int interrupt_ms, bool& interrupted, RefereeRun& run) {
        int status = 0;
        for (;;) {
            pid_t w = waitpid(pid, &status, WNOHANG);
            if (w == pid) return status;
            if (interrupt_ms > 0 && !interrupted && duration_to_ms(Clock::now() - start) > interrupt_ms) {
                kill(pid, SIGTERM);
                interrupted = true;
            }
            if (duration_to_ms(Clock::now() - start) / 1000 > kHardLimitS) {
                run.hung = true;
                kill(pid, SIGKILL);
                waitpid(pid, &status, 0);
                return status;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }

    // The game-*.json files in `dir`, in name order, read and parsed.
    static void read_replays(const std::string& dir, RefereeRun& run) {
        std::vector<std::string> names;
        if (DIR* d = opendir(dir.c_str())) {
            while (dirent* e = readdir(d)) {
                struct stat st;
                if (strncmp(e->d_name, "game-", 5) == 0 && stat((dir + "/" + e->d_name).c_str(), &st) == 0 &&
                    S_ISREG(st.st_mode))  // not what a test planted to make a write fail
                    names.push_back(e->d_name);
            }
            closedir(d);
        }
        std::sort(names.begin(), names.end());
        for (const std::string& name : names) {
            run.replay_texts.push_back(read_file(dir + "/" + name));
            run.replays.emplace_back();
            EXPECT_TRUE(parse_json(run.replay_texts.back(), run.replays.back())) << name << " is not JSON";
        }
    }

    // The referee exited 0 in time and every game was played to its end: the
    // summary counts them, a replay exists for each, and greedy answered all
    // 14 of its requests in each (7 turns, 2 kings).
    void expect_finished(const RefereeRun& run, int games = 1) {
        EXPECT_FALSE(run.hung) << "the referee ran over " << kHardLimitS << " s and was killed";
        EXPECT_EQ(run.exit_code, 0) << "stdout:\n" << run.out << "\nstderr:\n" << run.err;
        EXPECT_LT(run.wall_s, kWallLimitS);
        EXPECT_EQ(run.summary.at("games").get<long>(), games);
        ASSERT_EQ(int(run.replays.size()), games);
        for (const Json& r : run.replays) {
            EXPECT_EQ(r.at("final").at("ranks").size(), 2u);
            int seat = seat_of(r, greedy_name());
            long answers = 0;
            for (const Json& q : r.at("requests")) answers += q.at("seat").get<long>() == seat;
            EXPECT_EQ(answers, 14) << "greedy's game was cut short";
            EXPECT_TRUE(r.at("final").at("eliminated").at(size_t(seat)).is_null());
        }
    }

    // The summary entry of the bot whose command holds `name`.
    const Json& bot(const RefereeRun& run, const std::string& name) const {
        for (const Json& b : run.summary.at("bots"))
            if (b.at("command").get<std::string>().find(name) != std::string::npos) return b;
        ADD_FAILURE() << "no bot '" << name << "' in the summary";
        static const Json none;
        return none;
    }
    const Json& hostile_stats(const RefereeRun& run) const { return bot(run, marker_); }
    const Json& greedy_stats(const RefereeRun& run) const {
        for (const Json& b : run.summary.at("bots"))
            if (b.at("command").get<std::string>().find(marker_) == std::string::npos) return b;
        ADD_FAILURE() << "no greedy in the summary";
        static const Json none;
        return none;
    }
    static std::string greedy_name() { return KD_GREEDY; }

    static void expect_counters(const Json& b, const Counters& c, const char* who) {
        SCOPED_TRACE(who);
        EXPECT_EQ(b.at("timeouts").get<long>(), c.timeouts);
        EXPECT_EQ(b.at("bad_output").get<long>(), c.bad_output);
        EXPECT_EQ(b.at("illegal_put").get<long>(), c.illegal_put);
        EXPECT_EQ(b.at("invalid_pick").get<long>(), c.invalid_pick);
        EXPECT_EQ(b.at("crashes").get<long>(), c.crashes);
    }

    // The hostile bot got counters `c`; greedy got none and won every game.
    void expect_outcome(const RefereeRun& run, const Counters& c, int games = 1) {
        expect_counters(hostile_stats(run), c, "hostile bot");
        expect_counters(greedy_stats(run), Counters{}, "greedy");
        EXPECT_EQ(greedy_stats(run).at("wins").get<long>(), games);
    }

    // Seat of the bot whose command holds `name` in a replay.
    static int seat_of(const Json& replay, const std::string& name) {
        for (size_t s = 0; s < replay.at("bots").size(); ++s)
            if (replay.at("bots").at(s).get<std::string>().find(name) != std::string::npos) return int(s);
        ADD_FAILURE() << "no bot '" << name << "' in the replay";
        return -1;
    }
    int hostile_seat(const Json& replay) const { return seat_of(replay, marker_); }

    // Indices (in `requests`) of the hostile bot's requests.
    std::vector<size_t> hostile_requests(const Json& replay) const {
        std::vector<size_t> out;
        int seat = hostile_seat(replay);
        for (size_t i = 0; i < replay.at("requests").size(); ++i)
            if (replay.at("requests").at(i).at("seat").get<long>() == seat) out.push_back(i);
        return out;
    }

    // The hostile bot's game ended at its request number `nth` (0-based) with
    // error `kind`: its earlier answers were clean, it got no more requests,
    // and final.eliminated says so.
    void expect_ended_at(const Json& replay, size_t nth, const std::string& kind) {
        std::vector<size_t> mine = hostile_requests(replay);
        ASSERT_EQ(mine.size(), nth + 1) << "the hostile bot got requests after its game ended, or fewer";
        for (size_t k = 0; k < nth; ++k) EXPECT_TRUE(replay.at("requests").at(mine[k]).at("error").is_null()) << "request " << k;
        const Json& last = replay.at("requests").at(mine[nth]);
        EXPECT_EQ(last.at("error").at("kind").get<std::string>(), kind) << last.at("error").at("detail").get<std::string>();
        const Json& eliminated = replay.at("final").at("eliminated").at(size_t(hostile_seat(replay)));
        EXPECT_EQ(eliminated.at("reason").get<std::string>(), kind);
        EXPECT_EQ(size_t(eliminated.at("after_request").get<long>()), mine[nth]);
    }

    std::string marker_, dir_;
};

// ---------------------------------------------------------------- crashes

TEST_F(RefereeHostile, CrashAtOnceIsACrash) {
    RefereeRun run = referee({hostile("crash-at-once"), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::crashes, 1));
    expect_ended_at(run.replays[0], 0, "crash");
}

TEST_F(RefereeHostile, ExitMidGameIsACrash) {
    RefereeRun run = referee({hostile("crash-mid", 3), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::crashes, 1));
    expect_ended_at(run.replays[0], 3, "crash");
}

TEST_F(RefereeHostile, SegfaultMidGameIsACrash) {
    RefereeRun run = referee({greedy(), hostile("segv-mid", 4)});
    expect_finished(run);
    expect_outcome(run, only(&Counters::crashes, 1));
    expect_ended_at(run.replays[0], 4, "crash");
}

// ---------------------------------------------------------------- time

// It never answers and ignores SIGTERM: one timeout after 200 ms (50 ms at time
// scale 4), then SIGKILL.
TEST_F(RefereeHostile, SleepingForeverIsATimeoutAndQuick) {
    RefereeRun run = referee({hostile("sleep-forever", 2), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::timeouts, 1));
    expect_ended_at(run.replays[0], 2, "timeout");
    EXPECT_LT(run.wall_s, 5.0);
}

// The same on the first request, whose limit is 1000 ms: time scale 2 makes
// it 2000 ms (a smaller scale would leave greedy too little on a busy machine).
TEST_F(RefereeHostile, SleepingOnTheFirstRequestIsATimeout) {
    RefereeRun run = referee({hostile("sleep-forever", 0), greedy()}, 1, {"--time-scale", "2"});
    expect_finished(run);
    expect_outcome(run, only(&Counters::timeouts, 1));
    expect_ended_at(run.replays[0], 0, "timeout");
    double waited = run.replays[0].at("requests").at(0).at("time_ms").get<double>();
    EXPECT_GE(waited, 2000.0);
    EXPECT_LT(waited, 4000.0);
}

// 400 ms for a 200 ms limit (time scale 4). Not 100 ms for 50 ms at scale 1:
// when the referee itself wakes past the deadline and finds the answer there,
// it takes it, so on a loaded machine that late answer was accepted.
TEST_F(RefereeHostile, AnsweringTwiceTheLimitIsATimeout) {
    RefereeRun run = referee({hostile("late", 2, false, "400"), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::timeouts, 1));
    expect_ended_at(run.replays[0], 2, "timeout");
    double waited = run.replays[0].at("requests").at(hostile_requests(run.replays[0])[2]).at("time_ms").get<double>();
    EXPECT_GE(waited, 200.0);
}

// ---------------------------------------------------------------- bad output

// Its answer holds a control byte and a byte that is not UTF-8: the replay
// stays valid UTF-8 and JSON, the control escaped, the other byte as U+FFFD.
TEST_F(RefereeHostile, GarbageIsBadOutput) {
    RefereeRun run = referee({hostile("garbage", 2), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::bad_output, 1));
    expect_ended_at(run.replays[0], 2, "bad_output");
    std::vector<unsigned> codes;
    EXPECT_TRUE(decode_utf8(run.replay_texts[0], codes)) << "the bot's bytes made the replay invalid UTF-8";
    const std::string& output = run.replays[0].at("requests").at(hostile_requests(run.replays[0])[2]).at("output").get<std::string>();
    EXPECT_NE(output.find("hello \x01" + kReplacement + " referee\n"), std::string::npos) << output;
}

// ---------------------------------------------------------------- long lines and characters

// RULES.md: a line longer than 4,096 characters is badly formatted, whether
// it arrives at once or in pieces. Once a 5,009-character line written at
// once was accepted, and the same line in two pieces rejected.
TEST_F(RefereeHostile, ALineOf5009CharactersAtOnceIsBadOutput) {
    RefereeRun run = referee({hostile("long-line", 2, false, "5009"), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::bad_output, 1));
    expect_ended_at(run.replays[0], 2, "bad_output");
    const Json& request = run.replays[0].at("requests").at(hostile_requests(run.replays[0])[2]);
    EXPECT_NE(request.at("error").at("detail").get<std::string>().find("longer than 4096"), std::string::npos) << request.at("error").at("detail").get<std::string>();
    EXPECT_LT(request.at("output").get<std::string>().size(), 400u) << "only the start of the long line goes into the replay";
}

TEST_F(RefereeHostile, ALineOf5009CharactersInTwoPiecesIsBadOutput) {
    RefereeRun run = referee({hostile("long-line-split", 2, false, "5009"), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::bad_output, 1));
    expect_ended_at(run.replays[0], 2, "bad_output");
}

// The limit itself: 4,096 characters are an answer, 4,097 are not.
TEST_F(RefereeHostile, ALineOfExactly4096CharactersIsAnAnswer) {
    RefereeRun run = referee({hostile("long-line", 2, false, "4096"), greedy()});
    expect_finished(run);
    expect_outcome(run, Counters{});
    const Json& request = run.replays[0].at("requests").at(hostile_requests(run.replays[0])[2]);
    EXPECT_EQ(request.at("output").get<std::string>().size(), std::string(request.at("output").get<std::string>()).find('\n') + 1 + 4096 + 1);
    EXPECT_EQ(request.at("message").get<std::string>(), std::string(40, 'x')) << "cut at 40 characters";

    RefereeRun over = referee({hostile("long-line", 2, false, "4097"), greedy()});
    expect_finished(over);
    expect_outcome(over, only(&Counters::bad_output, 1));
    expect_ended_at(over.replays[0], 2, "bad_output");
}

// Characters, not bytes: 4,096 characters of 'é' (8,000 bytes and more) are an answer.
TEST_F(RefereeHostile, TheLineLimitCountsCharactersNotBytes) {
    RefereeRun run = referee({hostile("long-line-utf8", 2, false, "4096"), greedy()});
    expect_finished(run);
    expect_outcome(run, Counters{});
    const Json& request = run.replays[0].at("requests").at(hostile_requests(run.replays[0])[2]);
    EXPECT_GT(request.at("output").get<std::string>().size(), 8000u);
    std::string e_acute_40;
    for (int i = 0; i < 40; ++i) e_acute_40 += "\xc3\xa9";
    EXPECT_EQ(request.at("message").get<std::string>(), e_acute_40) << "cut at 40 characters, not 40 bytes";

    RefereeRun over = referee({hostile("long-line-utf8", 2, false, "4097"), greedy()});
    expect_finished(over);
    expect_outcome(over, only(&Counters::bad_output, 1));
    expect_ended_at(over.replays[0], 2, "bad_output");
}

// A message of 45 characters (hostile_bot.cpp, kUtf8Message), some of several
// bytes and one byte that is not UTF-8: viewers get its first 40 characters,
// no character split, the stray byte as U+FFFD, in a replay that is valid
// UTF-8. Once it was cut at 40 bytes (splitting 'é') and every byte outside
// ASCII was escaped on its own, so JSON readers saw garbled text.
TEST_F(RefereeHostile, MessagesAreCutAt40CharactersAndWrittenAsUtf8) {
    RefereeRun run = referee({hostile("utf8-message", 2), greedy()});
    expect_finished(run);
    expect_outcome(run, Counters{});
    std::vector<unsigned> codes;
    ASSERT_TRUE(decode_utf8(run.replay_texts[0], codes)) << "the replay is not valid UTF-8";
    const Json& request = run.replays[0].at("requests").at(hostile_requests(run.replays[0])[2]);
    const std::string ascii = "abcdefghijklmnopqrstuvwxyz0123456789AB";
    EXPECT_EQ(request.at("message").get<std::string>(), ascii + kReplacement + "\xc3\xa9");
    ASSERT_TRUE(decode_utf8(request.at("message").get<std::string>(), codes));
    EXPECT_EQ(codes.size(), 40u);
    EXPECT_NE(request.at("output").get<std::string>().find(ascii + kReplacement + "\xc3\xa9\xe2\x82\xac\xf0\x9d\x84\x9e" "end\n"),
              std::string::npos)
        << "the output, whole, as UTF-8: " << request.at("output").get<std::string>();
}

// ---------------------------------------------------------------- the last line

// RULES.md: a bot's last line may end at the end of its output without a
// newline. Its last answer, "PICK n" and exit with no newline, counts: no
// fault (once it was a crash).
TEST_F(RefereeHostile, TheLastAnswerWithoutANewlineCounts) {
    RefereeRun run = referee({hostile("no-final-newline", 13), greedy()});
    expect_finished(run);
    expect_outcome(run, Counters{});
    const Json& r = run.replays[0];
    std::vector<size_t> mine = hostile_requests(r);
    ASSERT_EQ(mine.size(), 14u);
    const Json& last = r.at("requests").at(mine[13]);
    EXPECT_TRUE(last.at("error").is_null()) << last.at("error").at("detail").get<std::string>();
    EXPECT_EQ(last.at("put_result").get<std::string>(), "placed");
    EXPECT_NE(last.at("output").get<std::string>().back(), '\n');
    EXPECT_TRUE(r.at("final").at("eliminated").at(size_t(hostile_seat(r))).is_null());
}

// The same in the middle of the game: that answer counts (its pick is made),
// and the next request finds the bot gone, a crash.
TEST_F(RefereeHostile, AnAnswerWithoutANewlineBeforeExitingCountsThenTheBotIsGone) {
    RefereeRun run = referee({hostile("no-final-newline", 2), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::crashes, 1));
    const Json& r = run.replays[0];
    expect_ended_at(r, 3, "crash");
    const Json& answered = r.at("requests").at(hostile_requests(r)[2]);
    EXPECT_EQ(answered.at("put_result").get<std::string>(), "placed");
    bool picked = false;
    for (const Json& slot : answered.at("after").at("draft"))
        picked |= slot.at("id").get<long>() == answered.at("pick").get<long>() && slot.at("owner").get<long>() == hostile_seat(r);
    EXPECT_TRUE(picked) << "its pick was not made";
}

TEST_F(RefereeHostile, AMegabyteWithoutNewlineIsBadOutput) {
    RefereeRun run = referee({hostile("megabyte", 2), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::bad_output, 1));
    expect_ended_at(run.replays[0], 2, "bad_output");
    const Json& error = run.replays[0].at("requests").at(hostile_requests(run.replays[0])[2]).at("error");
    EXPECT_NE(error.at("detail").get<std::string>().find("longer than"), std::string::npos) << error.at("detail").get<std::string>();
    EXPECT_LT(run.replay_texts[0].size(), 200000u) << "the megabyte went into the replay";
    EXPECT_LT(run.wall_s, 5.0);
}

// After its answer it prints "spam N" lines forever: the next answer it is
// asked for starts with "spam 0", which is bad output.
TEST_F(RefereeHostile, EndlessOutputIsBadOutputAtTheNextRequest) {
    RefereeRun run = referee({hostile("endless-output", 2), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::bad_output, 1));
    expect_ended_at(run.replays[0], 3, "bad_output");
    const Json& error = run.replays[0].at("requests").at(hostile_requests(run.replays[0])[3]).at("error");
    EXPECT_NE(error.at("detail").get<std::string>().find("spam 0"), std::string::npos) << error.at("detail").get<std::string>();
    EXPECT_LT(run.wall_s, 5.0);
}

// ---------------------------------------------------------------- closed pipes

// A bot that closes its stdout has "exited or closed its output" (verdict.h): a
// crash. Fails while the referee runs bots as `sh -c CMD` and dash waits for
// CMD instead of exec'ing it: the shell keeps the pipe open, and the referee
// sees a timeout instead.
TEST_F(RefereeHostile, ClosingStdoutIsACrash) {
    RefereeRun run = referee({hostile("close-stdout", 2), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::crashes, 1));
    expect_ended_at(run.replays[0], 2, "crash");
}

// The same bot with no shell in between: the referee reads end-of-file.
TEST_F(RefereeHostile, ClosingStdoutIsACrashWithExec) {
    RefereeRun run = referee({hostile("close-stdout", 2, true), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::crashes, 1));
    expect_ended_at(run.replays[0], 2, "crash");
}

// A bot that closes its stdin after reading request 2 answers it, then
// repeats the answer every 10 ms. The next request cannot be written (EPIPE):
// a crash. Fails while the waiting `sh -c` keeps stdin open: the write
// succeeds, and the stale answer is judged against the next request
// (illegal_put, then invalid_pick).
TEST_F(RefereeHostile, ClosingStdinIsACrash) {
    RefereeRun run = referee({hostile("close-stdin", 2), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::crashes, 1));
    expect_ended_at(run.replays[0], 3, "crash");
}

TEST_F(RefereeHostile, ClosingStdinIsACrashWithExec) {
    RefereeRun run = referee({hostile("close-stdin", 2, true), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::crashes, 1));
    expect_ended_at(run.replays[0], 3, "crash");
}

// ---------------------------------------------------------------- picks and placements

// Seat 1's first request: seat 0 has taken a tile of the draft, and it picks that one.
TEST_F(RefereeHostile, PickingATakenTileIsAnInvalidPick) {
    RefereeRun run = referee({greedy(), hostile("invalid-pick", 0)});
    expect_finished(run);
    expect_outcome(run, only(&Counters::invalid_pick, 1));
    const Json& r = run.replays[0];
    expect_ended_at(r, 0, "invalid_pick");
    size_t at = hostile_requests(r)[0];
    ASSERT_GT(at, 0u);
    long pick = r.at("requests").at(at).at("pick").get<long>();
    bool taken = false;
    for (const Json& slot : r.at("requests").at(at - 1).at("after").at("draft"))
        taken |= slot.at("id").get<long>() == pick && slot.at("owner").get<long>() != -1;
    EXPECT_TRUE(taken) << "tile " << pick << " was not taken: the bot did not test what it meant to";
}

// Seat 0's first request: nothing is taken yet, so it picks an id not in the draft.
TEST_F(RefereeHostile, PickingATileNotInTheDraftIsAnInvalidPick) {
    RefereeRun run = referee({hostile("invalid-pick", 0), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::invalid_pick, 1));
    const Json& r = run.replays[0];
    expect_ended_at(r, 0, "invalid_pick");
    long pick = r.at("requests").at(0).at("pick").get<long>();
    for (const Json& id : r.at("drafts").at(0)) EXPECT_NE(id.get<long>(), pick);
}

// "PUT 0 0 0" is never legal for a kingdom that stays empty: every one of its
// 12 placements is discarded, and it plays on to the end.
TEST_F(RefereeHostile, IllegalPutsDiscardTilesButTheBotPlaysOn) {
    RefereeRun run = referee({hostile("illegal-put"), greedy()});
    expect_finished(run);
    expect_outcome(run, only(&Counters::illegal_put, 12));
    const Json& r = run.replays[0];
    std::vector<size_t> mine = hostile_requests(r);
    EXPECT_EQ(mine.size(), 14u);
    int illegal = 0;
    for (size_t i : mine) {
        const Json& q = r.at("requests").at(i);
        if (q.at("turn").get<long>() == 0) {
            EXPECT_TRUE(q.at("error").is_null());
            continue;
        }
        EXPECT_EQ(q.at("error").at("kind").get<std::string>(), "illegal_put");
        EXPECT_EQ(q.at("put_result").get<std::string>(), "illegal");
        illegal++;
    }
    EXPECT_EQ(illegal, 12);
    EXPECT_TRUE(r.at("final").at("eliminated").at(size_t(hostile_seat(r))).is_null());
}

TEST_F(RefereeHostile, StrictPutEndsTheGameAtTheFirstIllegalPut) {
    RefereeRun run = referee({hostile("illegal-put"), greedy()}, 1, {"--strict-put"});
    expect_finished(run);
    expect_outcome(run, only(&Counters::illegal_put, 1));
    // Turn 0 takes two requests (two kings): the first PUT is the third request.
    expect_ended_at(run.replays[0], 2, "illegal_put");
}

// --strict-put: the illegal PUT ends the player's game before the PICK of the
// same answer is made, so that tile stays free (playerId -1 next turn, then
// discarded as unpicked), and the eliminated event carries the answer's turn.
// The bot strikes on the last request of a turn, after which the game moves on
// at once: once the pick was made (the tile later discarded as the eliminated
// player's) and the elimination dated the next turn.
TEST_F(RefereeHostile, StrictPutMakesNoPickAndDatesTheElimination) {
    RefereeRun run = referee({hostile("illegal-put-last", 2), greedy()}, 1, {"--strict-put"});
    expect_finished(run);
    expect_outcome(run, only(&Counters::illegal_put, 1));
    const Json& r = run.replays[0];
    const int seat = hostile_seat(r);
    std::vector<size_t> mine = hostile_requests(r);
    ASSERT_FALSE(mine.empty());
    expect_ended_at(r, mine.size() - 1, "illegal_put");
    const size_t at = mine.back();
    const Json& q = r.at("requests").at(at);
    const long turn = q.at("turn").get<long>();
    ASSERT_LT(at + 1, r.at("requests").size());
    ASSERT_EQ(r.at("requests").at(at + 1).at("turn").get<long>(), turn + 1)
        << "not the last request of its turn: the bot did not test what it meant to";
    EXPECT_EQ(q.at("put_result").get<std::string>(), "illegal");
    EXPECT_TRUE(q.at("pick").is_null()) << "the pick was made";
    const std::string& out = q.at("output").get<std::string>();
    ASSERT_NE(out.find("PICK "), std::string::npos) << out;
    const std::string named = std::to_string(strtol(out.c_str() + out.find("PICK ") + 5, nullptr, 10));

    // The next request shows that tile to place this turn with playerId -1.
    std::istringstream next(r.at("requests").at(at + 1).at("input").get<std::string>());
    bool free_next_turn = false;
    for (std::string line; std::getline(next, line);) {
        std::istringstream words(line);
        std::vector<std::string> w{std::istream_iterator<std::string>(words), std::istream_iterator<std::string>()};
        if (w.size() == 5 && w[0] == named) free_next_turn = w[3] == "-1";
    }
    EXPECT_TRUE(free_next_turn) << "tile " << named << " is not free in the next request:\n"
                                << r.at("requests").at(at + 1).at("input").get<std::string>();

    bool dated = false, unpicked = false;
    for (const Json& e : r.at("events")) {
        if (e.at("kind").get<std::string>() == "eliminated" && e.at("seat").get<long>() == seat) {
            EXPECT_EQ(e.at("turn").get<long>(), turn) << "the elimination is dated another turn";
            EXPECT_EQ(size_t(e.at("after_request").get<long>()), at);
            dated = true;
        }
        if (e.at("kind").get<std::string>() == "discard" && std::to_string(e.at("tile").get<long>()) == named) {
            EXPECT_EQ(e.at("reason").get<std::string>(), "unpicked");
            EXPECT_EQ(e.at("seat").get<long>(), -1);
            EXPECT_EQ(e.at("turn").get<long>(), turn + 1);
            unpicked = true;
        }
    }
    EXPECT_TRUE(dated) << "no eliminated event";
    EXPECT_TRUE(unpicked) << "tile " << named << " was not discarded as unpicked";
}

// ---------------------------------------------------------------- stderr

// A megabyte of stderr before every answer: the referee drains it while it
// waits, keeps the last 4 KB per request, and nothing is a fault (undrained,
// the bot would block forever and time out).
TEST_F(RefereeHostile, FloodingStderrIsNoFault) {
    RefereeRun run = referee({hostile("stderr-flood"), greedy()});
    expect_finished(run);
    expect_outcome(run, Counters{});
    const Json& r = run.replays[0];
    EXPECT_EQ(hostile_requests(r).size(), 14u);
    EXPECT_TRUE(r.at("final").at("eliminated").at(size_t(hostile_seat(r))).is_null());
    for (size_t i : hostile_requests(r)) {
        const std::string& err = r.at("requests").at(i).at("stderr").get<std::string>();
        EXPECT_GT(err.size(), 0u);
        EXPECT_LE(err.size(), 4096u);
    }
}

// ---------------------------------------------------------------- the replays

// A replay that cannot be written is said on stderr and in the exit status,
// not lost in silence: here the first game's file is a link to /dev/full, so
// the write itself fails (the file opens). The other game's replay is written.
TEST_F(RefereeHostile, AReplayThatCannotBeWrittenIsReported) {
    ASSERT_EQ(access("/dev/full", W_OK), 0) << "this test needs /dev/full";
    mkdir((dir_ + "/replays").c_str(), 0755);
    const std::string planted = dir_ + "/replays/game-00000-2p-seed1.json";
    ASSERT_EQ(symlink("/dev/full", planted.c_str()), 0) << strerror(errno);
    RefereeRun run = referee({greedy(), greedy()}, 2);
    unlink(planted.c_str());
    EXPECT_FALSE(run.hung);
    EXPECT_EQ(run.exit_code, 1) << "stderr:\n" << run.err;
    EXPECT_NE(run.err.find("cannot write the replay " + planted), std::string::npos) << run.err;
    EXPECT_EQ(run.summary.at("games").get<long>(), 2) << "the run goes on";
    ASSERT_EQ(run.replays.size(), 1u);
    EXPECT_EQ(run.replays[0].at("game").get<long>(), 1);
}

// ---------------------------------------------------------------- descendants

// Three children meant to outlive it (own session; double-forked orphan in
// its own session; one ignoring SIGTERM), then plays a clean game. The
// fixture checks that none of them is left.
TEST_F(RefereeHostile, ChildrenOfAGoodBotDoNotOutliveTheGame) {
    RefereeRun run = referee({hostile("spawn-play"), greedy()});
    expect_finished(run);
    expect_outcome(run, Counters{});
    EXPECT_EQ(hostile_requests(run.replays[0]).size(), 14u);
}

// The same children, then the bot exits at request 2. The children still hold
// its stdout, so no end-of-file comes: the referee sees no answer, a timeout.
TEST_F(RefereeHostile, ChildrenOfACrashedBotDoNotOutliveTheGame) {
    RefereeRun run = referee({greedy(), hostile("spawn-crash", 2)});
    expect_finished(run);
    expect_outcome(run, only(&Counters::timeouts, 1));
    expect_ended_at(run.replays[0], 2, "timeout");
}

// The referee stopped by SIGTERM (or Ctrl-C) in the middle of a run kills
// its bots on the way out, the children that left the bot's process group
// too. Fails while the signal handler only kills the process groups.
TEST_F(RefereeHostile, InterruptedRefereeLeavesNoChildren) {
    RefereeRun run = referee({hostile("spawn-play"), greedy()}, 100000, {}, 300);
    EXPECT_FALSE(run.hung);
    EXPECT_EQ(run.term_signal, SIGTERM);
    EXPECT_LT(run.wall_s, 5.0);
}

// ---------------------------------------------------------------- all at once

// Six games on two threads, the hostile bot claiming a different misbehaviour
// in each (hostile_bot.cpp, kMixModes). Which game got which is told by the
// bot's "hostile mode X" on stderr when the replay kept it (the stderr of the
// answer that ends a game can be lost when the bot is killed before it is
// read), so the check is on the set of outcomes, and on each game's mode where
// known. spawn-crash may end as a crash here, not a timeout: another game's
// orphan sweep (kill_orphans) can kill the children holding its stdout open.
TEST_F(RefereeHostile, SixHostileGamesAtOnce) {
    const std::map<std::string, std::vector<std::string>> outcomes_of = {
        {"crash-at-once", {"crash@0"}},      {"crash-mid", {"crash@2"}},
        {"sleep-forever", {"timeout@2"}},    {"garbage", {"bad_output@2"}},
        {"invalid-pick", {"invalid_pick@2"}}, {"spawn-crash", {"timeout@2", "crash@2"}}};
    RefereeRun run = referee({hostile("mix"), greedy()}, 6, {"--jobs", "2"});
    expect_finished(run, 6);
    std::vector<std::string> outcomes;
    Counters total;
    for (size_t g = 0; g < run.replays.size(); ++g) {
        SCOPED_TRACE("game " + std::to_string(g));
        const Json& r = run.replays[g];
        std::vector<size_t> mine = hostile_requests(r);
        ASSERT_FALSE(mine.empty());
        const std::string kind = r.at("requests").at(mine.back()).at("error").at("kind").get<std::string>();
        expect_ended_at(r, mine.size() - 1, kind);
        std::string outcome = kind + "@" + std::to_string(mine.size() - 1);
        outcomes.push_back(outcome);
        const std::string& err = r.at("requests").at(mine[0]).at("stderr").get<std::string>();
        size_t at = err.find("hostile mode ");
        if (at != std::string::npos) {
            std::string mode = err.substr(at + 13, err.find('\n', at) - at - 13);
            ASSERT_TRUE(outcomes_of.count(mode)) << mode;
            const std::vector<std::string>& allowed = outcomes_of.at(mode);
            EXPECT_NE(std::find(allowed.begin(), allowed.end(), outcome), allowed.end()) << mode << ": " << outcome;
        }
        total.crashes += kind == "crash";
        total.timeouts += kind == "timeout";
        total.bad_output += kind == "bad_output";
        total.invalid_pick += kind == "invalid_pick";
    }
    // Each mode's outcome once: the five certain ones, then spawn-crash's.
    for (auto& [mode, allowed] : outcomes_of) {
        if (allowed.size() != 1) continue;
        auto it = std::find(outcomes.begin(), outcomes.end(), allowed[0]);
        EXPECT_NE(it, outcomes.end()) << "no game of mode " << mode;
        if (it != outcomes.end()) outcomes.erase(it);
    }
    ASSERT_EQ(outcomes.size(), 1u);
    EXPECT_TRUE(outcomes[0] == "timeout@2" || outcomes[0] == "crash@2") << outcomes[0];
    expect_outcome(run, total, 6);
}

}  // namespace
