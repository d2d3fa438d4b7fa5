// A bot as a child process: its own process group, pipes for stdin, stdout
// and stderr, reads and writes with deadlines, and a kill that leaves nothing
// behind (the group, every descendant, and orphans that tried to escape).
#pragma once

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

extern char** environ;

namespace kd {

using Clock = std::chrono::steady_clock;

// The process groups of every live bot. A fixed table of atomics so that the
// referee's SIGINT handler can kill them all without taking a lock.
class LiveGroups {
  public:
    static constexpr int kSlots = 512;
    void add(pid_t pgid) {
        for (auto& s : slots_) {
            pid_t zero = 0;
            if (s.compare_exchange_strong(zero, pgid)) return;
        }
    }
    void remove(pid_t pgid) {
        for (auto& s : slots_) {
            pid_t v = pgid;
            if (s.compare_exchange_strong(v, 0)) return;
        }
    }
    bool contains(pid_t pid) const {
        for (auto& s : slots_)
            if (s.load() == pid) return true;
        return false;
    }
    // Async-signal-safe.
    void kill_all() {
        for (auto& s : slots_) {
            pid_t p = s.load();
            if (p > 0) ::kill(-p, SIGKILL);
        }
    }
    // Spawning and the orphan sweep hold this so that a bot just started is
    // never mistaken for an orphan.
    std::mutex spawn_mutex;

  private:
    std::atomic<pid_t> slots_[kSlots] = {};
};

// Parent of every process on the machine, read from /proc.
inline std::map<pid_t, pid_t> process_parents() {
    std::map<pid_t, pid_t> parent;
    DIR* dir = opendir("/proc");
    if (!dir) return parent;
    while (dirent* e = readdir(dir)) {
        char* end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end || pid <= 0) continue;
        char path[64], buf[512];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        FILE* f = fopen(path, "r");
        if (!f) continue;
        size_t n = fread(buf, 1, sizeof buf - 1, f);
        fclose(f);
        buf[n] = 0;
        const char* close = strrchr(buf, ')');  // the command name may hold spaces and parentheses
        char state;
        int ppid;
        if (close && sscanf(close + 1, " %c %d", &state, &ppid) == 2) parent[pid_t(pid)] = pid_t(ppid);
    }
    closedir(dir);
    return parent;
}

inline std::vector<pid_t> descendants_of(pid_t root) {
    std::map<pid_t, pid_t> parent = process_parents();
    std::vector<pid_t> found{root};
    for (size_t i = 0; i < found.size(); ++i)
        for (auto& [pid, ppid] : parent)
            if (ppid == found[i]) found.push_back(pid);
    found.erase(found.begin());
    return found;
}

// Kills processes re-parented to the referee (it is a child subreaper) that
// are not a live bot: descendants whose parent died after leaving the group.
inline void kill_orphans(LiveGroups& live) {
    std::lock_guard<std::mutex> lock(live.spawn_mutex);
    pid_t self = getpid();
    for (auto& [pid, ppid] : process_parents())
        if (ppid == self && !live.contains(pid)) {
            ::kill(pid, SIGKILL);
            waitpid(pid, nullptr, 0);
        }
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
        posix_spawn_file_actions_adddup2(&actions, in[0], 0);
        posix_spawn_file_actions_adddup2(&actions, out[1], 1);
        posix_spawn_file_actions_adddup2(&actions, err[1], 2);
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        sigset_t none, defaults;
        sigemptyset(&none);
        sigemptyset(&defaults);
        sigaddset(&defaults, SIGPIPE);  // the referee ignores it; bots get the default back
        sigaddset(&defaults, SIGINT);
        sigaddset(&defaults, SIGTERM);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setsigdefault(&attr, &defaults);
        posix_spawnattr_setpgroup(&attr, 0);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        std::string cmd = command;
        char sh[] = "sh", dash_c[] = "-c";
        char* argv[] = {sh, dash_c, &cmd[0], nullptr};
        int rc;
        {
            std::lock_guard<std::mutex> lock(live_.spawn_mutex);
            rc = posix_spawn(&pid_, "/bin/sh", &actions, &attr, argv, environ);
            if (rc == 0) live_.add(pid_);
        }
        posix_spawn_file_actions_destroy(&actions);
        posix_spawnattr_destroy(&attr);
        close(in[0]);
        close(out[1]);
        close(err[1]);
        in_fd_ = in[1];
        out_fd_ = out[0];
        err_fd_ = err[0];
        for (int fd : {in_fd_, out_fd_, err_fd_}) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
        if (rc != 0) {
            pid_ = -1;
            error = std::string("posix_spawn: ") + strerror(rc);
            return false;
        }
        return true;
    }

    bool running() const { return pid_ > 0; }

    // Writes all of `text` before `deadline`, draining the stderr of `others` meanwhile.
    Io write_all(const std::string& text, Clock::time_point deadline, const std::vector<BotProcess*>& others) {
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

    // Reads one line (without its newline) before `deadline`. Every byte
    // consumed is appended to `raw`, the exact text of the answer.
    Io read_line(std::string& line, Clock::time_point deadline, size_t max_length, std::string& raw,
                 const std::vector<BotProcess*>& others) {
        for (;;) {
            size_t nl = pending_.find('\n');
            if (nl != std::string::npos) {
                raw.append(pending_, 0, nl + 1);
                line = pending_.substr(0, nl);
                pending_.erase(0, nl + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return Io::Ok;
            }
            if (pending_.size() > max_length) {
                raw.append(pending_, 0, 200);
                raw += "...";
                return Io::TooLong;
            }
            if (out_fd_ < 0) {
                raw += pending_;
                pending_.clear();
                return Io::Closed;
            }
            if (!wait(out_fd_, POLLIN, deadline, others)) return Io::Timeout;
            char buf[65536];
            ssize_t n = ::read(out_fd_, buf, sizeof buf);
            if (n > 0)
                pending_.append(buf, size_t(n));
            else if (n == 0 || (errno != EAGAIN && errno != EINTR))
                close_fd(out_fd_);
        }
    }

    // The bot's stderr since the last call (at most 4 KB kept).
    std::string take_stderr() {
        drain_stderr();
        std::string s;
        s.swap(stderr_);
        return s;
    }

    // Kills the process group and every descendant, then reaps the bot.
    void kill() {
        if (pid_ > 0) {
            std::vector<pid_t> family = descendants_of(pid_);
            ::kill(-pid_, SIGKILL);
            for (pid_t p : family) ::kill(p, SIGKILL);
            while (waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
            }
            live_.remove(pid_);
            pid_ = -1;
        }
        close_fd(in_fd_);
        close_fd(out_fd_);
        close_fd(err_fd_);
    }

  private:
    static void close_fd(int& fd) {
        if (fd >= 0) close(fd);
        fd = -1;
    }
    void drain_stderr() {
        char buf[4096];
        while (err_fd_ >= 0) {
            ssize_t n = ::read(err_fd_, buf, sizeof buf);
            if (n > 0) {
                stderr_.append(buf, size_t(n));
                if (stderr_.size() > 4096) stderr_.erase(0, stderr_.size() - 4096);
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
            auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
            timespec ts{time_t(ns / 1000000000), long(ns % 1000000000)};
            int rc = ppoll(fds.data(), fds.size(), &ts, nullptr);
            if (rc < 0 && errno != EINTR) return false;
            for (size_t i = 1; i < fds.size(); ++i)
                if (fds[i].revents) owners[i]->drain_stderr();
            if (rc > 0 && fds[0].revents) return true;
        }
    }

    LiveGroups& live_;
    pid_t pid_ = -1;
    int in_fd_ = -1, out_fd_ = -1, err_fd_ = -1;
    std::string pending_;  // bytes read from stdout, not yet consumed
    std::string stderr_;
};

}  // namespace kd
