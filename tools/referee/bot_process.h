// A bot as a child process: its own process group, pipes for stdin, stdout
// and stderr, reads and writes with deadlines, and a kill that leaves nothing
// behind (the group, every descendant, and orphans that tried to escape).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <filesystem>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "clock.h"
#include "files.h"
#include "referee_limits.h"
#include "utf8.h"

extern char** environ;

namespace kd {

// Every bot is started with KD_REFEREE_TOKEN=<referee pid>:<serial> in its
// environment. Its descendants inherit it, so they can be found and killed
// even after escaping its process group with setsid() and losing their parent.
constexpr const char* kTokenVariable = "KD_REFEREE_TOKEN=";

inline std::string referee_token_prefix() { return kTokenVariable + std::to_string(getpid()) + ":"; }

// The process groups of every live bot. A fixed table of atomics so that the
// interrupt path can read it while games run.
class LiveGroups {
  public:
    static constexpr int kSlots = 512;
    void add(pid_t pgid) { replace(0, pgid); }
    void remove(pid_t pgid) { replace(pgid, 0); }
    void kill_all() {
        close();
        for (auto& s : slots_) {
            pid_t p = s.load();
            if (p > 0) ::kill(-p, SIGKILL);
        }
    }
    // Bots start under this lock; once close() has returned none can start,
    // so an interrupt cannot race a game that is just starting its bots.
    std::mutex spawn_mutex;
    bool closed = false;  // guarded by spawn_mutex
    void close() {
        std::lock_guard<std::mutex> lock(spawn_mutex);
        closed = true;
    }
    std::atomic<long> serial{0};  // numbers the tokens

  private:
    // The first slot holding `from` gets `to`.
    void replace(pid_t from, pid_t to) {
        for (auto& s : slots_)
            if (pid_t held = from; s.compare_exchange_strong(held, to)) return;
    }
    std::atomic<pid_t> slots_[kSlots] = {};
};

// A process on the machine, as /proc tells it.
struct ProcessInfo {
    pid_t pid, ppid;
    std::string token;  // its KD_REFEREE_TOKEN value with the prefix, "" if none
};

// The state ('R' running, 'S' sleeping, ...) and parent of a process, from
// the text of its /proc/PID/stat; false when the text is not one.
inline bool parse_stat(const char* stat, char& state, int& ppid) {
    const char* close = strrchr(stat, ')');  // the command name may hold spaces and parentheses
    return close && sscanf(close + 1, " %c %d", &state, &ppid) == 2;
}

inline std::vector<ProcessInfo> list_processes() {
    std::vector<ProcessInfo> out;
    std::error_code unreadable;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", unreadable)) {
        const std::string dir = entry.path().string(), pid = entry.path().filename().string();
        std::string stat, vars;  // a process that ended meanwhile has none
        if (pid.find_first_not_of("0123456789") != std::string::npos || !read_file(dir + "/stat", stat)) continue;
        char state;
        int ppid;
        if (!parse_stat(stat.c_str(), state, ppid)) continue;
        ProcessInfo info{pid_t(std::stol(pid)), pid_t(ppid), ""};
        read_file(dir + "/environ", vars);  // another user's stays unread: no token
        const size_t at = vars.find(kTokenVariable);
        if (at != std::string::npos) info.token = vars.substr(at, vars.find('\0', at) - at);
        out.push_back(info);
    }
    return out;
}

// Kills (SIGKILL) the processes that carry a token starting with `prefix`,
// and the descendants of `root` (if > 0); reaps those that were our children.
// Returns how many it killed.
inline size_t kill_tagged(const std::string& prefix, pid_t root) {
    std::vector<ProcessInfo> all = list_processes();
    std::vector<pid_t> doomed;
    if (root > 0) doomed.push_back(root);
    for (const ProcessInfo& p : all)
        if (!p.token.empty() && p.token.compare(0, prefix.size(), prefix) == 0) doomed.push_back(p.pid);
    for (size_t i = 0; i < doomed.size(); ++i)  // descendants, whatever their environment
        for (const ProcessInfo& p : all)
            if (p.ppid == doomed[i] && std::find(doomed.begin(), doomed.end(), p.pid) == doomed.end())
                doomed.push_back(p.pid);
    pid_t self = getpid();
    for (pid_t pid : doomed)
        if (pid != self) ::kill(pid, SIGKILL);
    for (const ProcessInfo& p : all)  // orphans handed to us (we are a child subreaper)
        if (p.ppid == self && p.pid != root && std::find(doomed.begin(), doomed.end(), p.pid) != doomed.end())
            while (waitpid(p.pid, nullptr, 0) < 0 && errno == EINTR) {
            }
    return doomed.size();
}

// "exec CMD" when CMD is a simple command, so that the shell gives way to the
// bot and the bot's own pipes are its only ones (a bot closing stdout is then
// seen at once). Commands with operators or leading assignments run as given.
inline std::string shell_command(const std::string& command) {
    if (command.find_first_of(";&|()`\n") != std::string::npos) return command;
    size_t first = command.find_first_not_of(" \t");
    if (first == std::string::npos) return command;
    std::string word = command.substr(first, command.find_first_of(" \t", first) - first);
    if (word.find('=') != std::string::npos || word == "exec") return command;
    return "exec " + command;
}

class BotProcess {
  public:
    enum class Io { Ok, Timeout, Closed, TooLong };

    BotProcess(LiveGroups& live) : live_(live) {}
    BotProcess(const BotProcess&) = delete;
    BotProcess& operator=(const BotProcess&) = delete;
    ~BotProcess() { kill(); }

    // Starts `/bin/sh -c command` in a new process group.
    bool start(const std::string& command, std::string& error) {
        int in[2], out[2], err[2];
        if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) {
            error = std::string("pipe: ") + strerror(errno);
            return false;
        }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        const int bot_ends[] = {in[0], out[1], err[1]};  // the bot's stdin, stdout and stderr
        for (int fd = 0; fd < 3; ++fd) posix_spawn_file_actions_adddup2(&actions, bot_ends[fd], fd);
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        sigset_t none, defaults;
        sigemptyset(&none);
        sigemptyset(&defaults);
        // Bots get back the default actions of SIGPIPE (which the referee ignores), SIGINT and SIGTERM.
        for (int sig : {SIGPIPE, SIGINT, SIGTERM}) sigaddset(&defaults, sig);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setsigdefault(&attr, &defaults);
        posix_spawnattr_setpgroup(&attr, 0);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        std::string cmd = shell_command(command);
        char sh[] = "sh", dash_c[] = "-c";
        char* argv[] = {sh, dash_c, &cmd[0], nullptr};
        token_ = referee_token_prefix() + std::to_string(live_.serial++) + ".";  // "." ends it: 5. is no prefix of 50.
        std::vector<char*> env;
        for (char** e = environ; *e; ++e)
            if (strncmp(*e, kTokenVariable, strlen(kTokenVariable)) != 0) env.push_back(*e);
        env.push_back(&token_[0]);
        env.push_back(nullptr);
        int rc = ECANCELED;
        {
            std::lock_guard<std::mutex> lock(live_.spawn_mutex);
            if (!live_.closed) rc = posix_spawn(&pid_, "/bin/sh", &actions, &attr, argv, env.data());
            if (rc == 0) live_.add(pid_);
        }
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
        for (int fd : bot_ends) close(fd);
        in_fd_ = in[1];
        out_fd_ = out[0];
        err_fd_ = err[0];
        for (int fd : {in_fd_, out_fd_, err_fd_}) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        if (rc != 0) {
            pid_ = -1;
            error = rc == ECANCELED ? "the referee is stopping" : std::string("posix_spawn: ") + strerror(rc);
            return false;
        }
        return true;
    }

    // Busy-wait instead of sleeping in the last `spin` before a deadline: on
    // virtual machines a sleeping CPU can take milliseconds to wake, and that
    // time would be counted against the bot. Only while a CPU is spare (spare_cpu).
    void set_spin(Clock::duration spin) { spin_ = spin; }

    // Writes all of `text` before `deadline`, draining the stderr of `others` meanwhile.
    Io write_all(const std::string& text, Clock::time_point deadline, const std::vector<BotProcess*>& others) {
        // A request starts an exchange: whether its waits may spin is decided
        // here, once, before the answer's clock starts.
        spinning_ = spin_ > Clock::duration::zero() && spare_cpu();
        size_t done = 0;
        while (done < text.size()) {
            if (in_fd_ < 0) return Io::Closed;
            ssize_t n = ::write(in_fd_, text.data() + done, text.size() - done);
            if (n > 0) {
                done += size_t(n);
                continue;
            }
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && errno != EAGAIN) return Io::Closed;  // EPIPE: it closed stdin or died
            if (!wait(in_fd_, POLLOUT, deadline, others)) return Io::Timeout;
        }
        return Io::Ok;
    }

    // Reads one line (without its newline or a '\r' before it) before
    // `deadline`; TooLong when it has more than `max_chars` characters (UTF-8,
    // utf8.h), however it arrives. The bot's output may end without a newline:
    // its last line still counts. Every byte consumed is appended to `raw`,
    // the exact text of the answer (only an excerpt of a line too long).
    Io read_line(std::string& line, Clock::time_point deadline, size_t max_chars, std::string& raw,
                 const std::vector<BotProcess*>& others) {
        for (;;) {
            size_t nl = pending_.find('\n');
            const bool last = nl == std::string::npos && out_fd_ < 0 && !pending_.empty();
            if (nl != std::string::npos || last) {
                size_t end = last ? pending_.size() : nl;
                line = pending_.substr(0, end);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                if (too_long(line, max_chars)) return line_too_long(raw);
                raw.append(pending_, 0, last ? end : end + 1);
                pending_.erase(0, last ? end : end + 1);
                return Io::Ok;
            }
            // Not a line yet: too long already? (a '\r' at the end may be the newline's)
            if (too_long(pending_, max_chars + (!pending_.empty() && pending_.back() == '\r'))) return line_too_long(raw);
            if (out_fd_ < 0) return Io::Closed;
            if (!wait(out_fd_, POLLIN, deadline, others)) return Io::Timeout;
            char buf[65536];
            ssize_t n = ::read(out_fd_, buf, sizeof buf);
            if (n > 0)
                pending_.append(buf, size_t(n));
            else if (n == 0 || (errno != EAGAIN && errno != EINTR))
                close_fd(out_fd_);
        }
    }

    // Whether the bot has written anything on stderr yet.
    bool wrote_stderr() const { return wrote_stderr_; }

    // The bot's stderr since the last call (its last limits::kStderrKeptBytes).
    std::string take_stderr() {
        drain_stderr();
        return std::exchange(stderr_, std::string());
    }

    // Waits, at most until `deadline`, while the bot runs: a bot that has
    // answered writes what it notes of that answer, then sleeps on reading its
    // next request, and from then on all it wrote is in its pipes. Without
    // this wait a bot preempted between its answer and its note (the write of
    // the answer wakes the referee) would have the note taken with its next
    // request. A bot that never stops running costs the wait, never a hang.
    void wait_until_idle(Clock::time_point deadline) const {
        while (running() && Clock::now() < deadline) {
            timespec ts{0, 20000};  // 20 us: such a bot has a write or two left to make
            nanosleep(&ts, nullptr);
        }
    }

    // Kills the process group, every descendant and every process carrying
    // this bot's token, then reaps the bot.
    void kill() {
        if (pid_ > 0) {
            ::kill(-pid_, SIGKILL);
            kill_tagged(token_, pid_);
            while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
            }
            live_.remove(pid_);
            pid_ = -1;
        }
        for (int* fd : {&in_fd_, &out_fd_, &err_fd_}) close_fd(*fd);
    }

  private:
    // Whether the bot's process is running or ready to, not sleeping, stopped
    // or dead. Read without read_file(): it is asked before many requests.
    bool running() const {
        if (pid_ <= 0) return false;
        char path[32], stat[512];
        snprintf(path, sizeof path, "/proc/%d/stat", int(pid_));
        const int fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) return false;
        const ssize_t n = ::read(fd, stat, sizeof stat - 1);
        close(fd);
        if (n <= 0) return false;
        stat[n] = '\0';
        char state;
        int ppid;
        return parse_stat(stat, state, ppid) && state == 'R';
    }
    static bool too_long(const std::string& text, size_t max_chars) {
        return text.size() > max_chars && utf8_length(text) > max_chars;  // never fewer bytes than characters
    }
    // The answer in `pending_` has a line too long: `raw` gets its start.
    Io line_too_long(std::string& raw) {
        raw += utf8_prefix(pending_, limits::kLineExcerptChars) + "...";
        pending_.clear();
        return Io::TooLong;
    }
    static void close_fd(int& fd) {
        if (fd >= 0) close(fd);
        fd = -1;
    }
    void drain_stderr() {
        char buf[4096];
        while (err_fd_ >= 0) {
            ssize_t n = ::read(err_fd_, buf, sizeof buf);
            if (n > 0) {
                wrote_stderr_ = true;
                stderr_.append(buf, size_t(n));
                if (stderr_.size() > limits::kStderrKeptBytes)
                    stderr_.erase(0, stderr_.size() - limits::kStderrKeptBytes);
            } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
                close_fd(err_fd_);
            } else {
                return;
            }
        }
    }
    // Waits until fd is ready for `events`, draining the stderr of every bot
    // of the game meanwhile. False when the deadline passes first.
    bool wait(int fd, short events, Clock::time_point deadline, const std::vector<BotProcess*>& others) {
        for (;;) {
            std::vector<pollfd> fds{{fd, events, 0}};
            std::vector<BotProcess*> owners{nullptr};
            for (BotProcess* b : others)
                if (b->err_fd_ >= 0) {
                    fds.push_back({b->err_fd_, POLLIN, 0});
                    owners.push_back(b);
                }
            auto left = deadline - Clock::now();
            if (left <= Clock::duration::zero()) return false;
            // Sleep until the last spin_ before the deadline, then poll without sleeping.
            auto sleep = !spinning_ ? left : left > spin_ ? left - spin_ : Clock::duration::zero();
            auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(sleep).count();
            timespec ts{time_t(ns / 1000000000), long(ns % 1000000000)};
            if (sleep == Clock::duration::zero()) sched_yield();  // spinning: let a bot on this CPU run first
            int rc = ppoll(fds.data(), fds.size(), &ts, nullptr);
            if (rc < 0 && errno != EINTR) return false;
            for (size_t i = 1; i < fds.size(); ++i)
                if (fds[i].revents) owners[i]->drain_stderr();
            if (rc > 0 && fds[0].revents) return true;
        }
    }

    // True when a CPU is free for spinning: no more runnable processes (this
    // one included) than CPUs online. On a loaded machine a spinning referee
    // would take the CPU from the bot it times, and the bot would lose on time.
    static bool spare_cpu() {
        static const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
        std::string stat;
        if (!read_file("/proc/stat", stat)) return true;
        static constexpr char kRunning[] = "\nprocs_running ";
        const size_t at = stat.find(kRunning);
        return at == std::string::npos || std::strtol(stat.c_str() + at + sizeof kRunning - 1, nullptr, 10) <= cpus;
    }

    LiveGroups& live_;
    pid_t pid_ = -1;
    int in_fd_ = -1, out_fd_ = -1, err_fd_ = -1;
    std::string pending_;  // bytes read from stdout, not yet consumed
    std::string stderr_;
    bool wrote_stderr_ = false;
    std::string token_;  // "KD_REFEREE_TOKEN=<referee pid>:<serial>"
    Clock::duration spin_ = Clock::duration::zero();
    bool spinning_ = false;  // this exchange's waits spin (spin_ set and a CPU spare)
};

}  // namespace kd
