// hostile_bot: a player that misbehaves on purpose, to show that the referee
// survives it (tests/hostile/test_referee_hostile.cpp).
//
//   hostile_bot MODE [N [DELAY_MS]] [marker]
//
// It plays legal moves (the best immediate placement, the first free tile)
// until its request number N (0-based, default 2), where MODE strikes:
//
//   crash-at-once   exits before reading anything
//   crash-mid       exits with status 3 at request N
//   segv-mid        dies of SIGSEGV at request N
//   sleep-forever   ignores SIGTERM and never answers request N
//   late            answers request N after a delay: the next argument in ms
//                   if it is a number, else 100 (2x the 50 ms limit)
//   garbage         answers request N with two lines of nonsense, bytes outside ASCII too
//   megabyte        answers request N with a megabyte and no newline
//   close-stdout    ignores SIGTERM, closes stdout at request N and sleeps
//   close-stdin     closes stdin after reading request N, answers it, then
//                   repeats that answer every 10 ms forever
//   invalid-pick    picks a taken tile at request N (an id not in the draft if none is taken)
//   illegal-put     every PUT is "PUT 0 0 0" (never legal next to an empty kingdom's castle)
//   stderr-flood    writes a megabyte to stderr before every (correct) answer
//   spawn-play      leaves three children behind (see spawn_children), plays well
//   spawn-crash     the same children, then exits with status 3 at request N
//   endless-output  answers request N, then prints lines forever
//   long-line       answers request N with a PICK line of exactly L characters
//                   (the next argument, default 5009; a message fills it), in one write
//   long-line-split the same line in two writes 30 ms apart
//   long-line-utf8  the same line filled with 'é' (two bytes each): L characters, about 2L bytes
//   utf8-message    answers request N with a PICK message of 45 characters, multibyte
//                   and invalid bytes among them (kUtf8Message)
//   no-final-newline answers request N without the newline after PICK, then exits
//   illegal-put-last picks the free tile of highest id (so that it places the
//                   last tile of the next turn); from request N on, at its first
//                   request that places the turn's last tile while the tile has a
//                   legal spot and a pick is due, PUTs off the grid ("PUT -3 -3 0")
//   mix             claims the next mode of kMixModes through files
//                   $KD_HOSTILE_MIX_DIR/slot-K, so games of one run differ
//
// It writes "hostile mode MODE" on stderr first, so a replay tells which mode
// a game got. Other arguments are ignored: tests pass a marker last, to find
// leftover processes.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "player.h"

namespace {

// 45 characters: 38 ASCII, then a stray byte (one character, U+FFFD in the
// replay), 'é' (2 bytes), '€' (3 bytes), G clef (4 bytes) and "end".
const char* const kUtf8Message = "abcdefghijklmnopqrstuvwxyz0123456789AB\xff\xc3\xa9\xe2\x82\xac\xf0\x9d\x84\x9e" "end";

const char* const kMixModes[] = {"crash-at-once", "crash-mid", "sleep-forever", "garbage", "invalid-pick", "spawn-crash"};

// Writes all of `text` to fd; false if the fd is gone.
bool write_fd(int fd, const std::string& text) {
    size_t done = 0;
    while (done < text.size()) {
        ssize_t n = write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += size_t(n);
    }
    return true;
}

[[noreturn]] void sleep_forever() {
    for (;;) pause();
}

// The next mode of kMixModes not yet claimed by another game of the run.
std::string claim_mix_mode() {
    const char* dir = getenv("KD_HOSTILE_MIX_DIR");
    if (!dir) return "garbage";
    for (int k = 0; k < 1000; ++k) {
        std::string path = std::string(dir) + "/slot-" + std::to_string(k);
        int fd = open(path.c_str(), O_CREAT | O_EXCL | O_WRONLY, 0644);
        if (fd >= 0) {
            close(fd);
            return kMixModes[k % (sizeof kMixModes / sizeof kMixModes[0])];
        }
    }
    return "garbage";
}

// Three processes meant to outlive the bot, all keeping its stdin, stdout and
// stderr: one in its own session, one orphaned grandchild in its own session
// (double fork), one that ignores SIGTERM in the bot's process group.
void spawn_children() {
    if (fork() == 0) {
        setsid();
        sleep_forever();
    }
    pid_t middle = fork();
    if (middle == 0) {
        if (fork() == 0) {
            setsid();
            sleep_forever();
        }
        _exit(0);
    }
    waitpid(middle, nullptr, 0);
    if (fork() == 0) {
        signal(SIGTERM, SIG_IGN);
        sleep_forever();
    }
}

// A tile id to pick that is not free: a taken one of the draft, else one not in it.
int unfree_pick(const kd::Observation& obs) {
    bool in_draft[kd::kTileCount + 1] = {};
    for (int i = 0; i < obs.draft_size; ++i) {
        const kd::TileLine& t = obs.draft[i];
        if (t.tile < 0) continue;
        if (t.owner != -1) return t.tile;
        in_draft[t.tile] = true;
    }
    for (int id = 1; id <= kd::kTileCount; ++id)
        if (!in_draft[id]) return id;
    return 99;
}

}  // namespace

int main(int argc, char** argv) {
    std::string mode = argc > 1 ? argv[1] : "";
    int strike = argc > 2 ? atoi(argv[2]) : 2;
    const int arg = argc > 3 ? atoi(argv[3]) : 0;  // late's delay, long-line's length
    const int late_ms = arg > 0 ? arg : 100;
    const size_t line_chars = arg > 0 ? size_t(arg) : 5009;
    bool illegal_put_done = false;
    if (mode == "mix") mode = claim_mix_mode();
    write_fd(2, "hostile mode " + mode + "\n");

    if (mode == "crash-at-once") return 3;
    if (mode == "sleep-forever" || mode == "close-stdout") signal(SIGTERM, SIG_IGN);
    if (mode == "spawn-play" || mode == "spawn-crash") spawn_children();

    kd::RequestReader reader;
    kd::Tracker tracker;
    kd::Observation obs;
    std::string first;
    for (int number = 0; std::getline(std::cin, first); ++number) {
        reader.read(first, std::cin, obs);
        std::vector<std::string> warnings;
        kd::Game game = tracker.build(obs, kd::Rule::Match, warnings);
        kd::Answer a;
        kd::make_safe(game, kd::RuleMode::Auto, a);
        if (mode == "illegal-put-last") {
            int free[kd::kMaxDraft];
            if (int n = game.free_picks(free)) a.pick = free[n - 1];
        }
        std::string answer = kd::answer_text(a.put, a.pick, "");
        if (mode == "illegal-put") answer = "PUT 0 0 0\nPICK " + std::to_string(a.pick) + "\n";
        if (mode == "stderr-flood") write_fd(2, std::string(1 << 20, 'e') + "\n");
        const std::string put_line = answer.substr(0, answer.find('\n') + 1);
        const std::string pick_start = "PICK " + std::to_string(a.pick) + " ";
        if (mode == "illegal-put-last" && number >= strike && !illegal_put_done) {
            kd::Placement legal[kd::kMaxPlacements];
            const kd::TileLine& last = obs.placed[obs.draft_size - 1];
            if (last.current && !game.last_turn() && game.legal_placements(legal) > 0) {
                answer = "PUT -3 -3 0\n" + pick_start + "\n";
                illegal_put_done = true;
            }
        }

        if (number == strike) {
            if (mode == "crash-mid" || mode == "spawn-crash") return 3;
            if (mode == "segv-mid") {
                volatile int* nowhere = nullptr;
                *nowhere = 1;
            }
            if (mode == "sleep-forever") sleep_forever();
            if (mode == "late") usleep(useconds_t(late_ms) * 1000);
            if (mode == "garbage") answer = "hello \x01\xff referee\nthis is not an answer\n";
            if (mode == "megabyte") {
                write_fd(1, std::string(1 << 20, 'x'));
                sleep_forever();
            }
            if (mode == "close-stdout") {
                close(1);
                sleep_forever();
            }
            if (mode == "invalid-pick") answer = kd::answer_text(a.put, unfree_pick(obs), "");
            if (mode.compare(0, 9, "long-line") == 0) {
                std::string put = put_line, pick = pick_start;
                const std::string fill = mode == "long-line-utf8" ? "\xc3\xa9" : "x";
                for (size_t chars = pick.size(); chars < line_chars; ++chars) pick += fill;
                if (mode == "long-line-split") {
                    write_fd(1, put + pick.substr(0, pick.size() / 2));
                    usleep(30 * 1000);
                    pick.erase(0, pick.size() / 2);
                    put.clear();
                }
                answer = put + pick + "\n";
            }
            if (mode == "utf8-message") answer = put_line + pick_start + kUtf8Message + "\n";
            if (mode == "no-final-newline") {
                answer.pop_back();
                write_fd(1, answer);
                return 0;
            }
            if (mode == "close-stdin") {
                close(0);
                for (;;) {
                    if (!write_fd(1, answer)) return 0;
                    usleep(10 * 1000);
                }
            }
            if (mode == "endless-output") {
                write_fd(1, answer);
                for (long k = 0;; ++k)
                    if (!write_fd(1, "spam " + std::to_string(k) + "\n")) return 0;
            }
        }
        if (!write_fd(1, answer)) return 0;
    }
    return 0;
}
