// referee [options]: plays a run (arena.h) with every bot killed at its end,
// and on an interrupt (Ctrl-C, SIGTERM, SIGHUP) reports the games finished.
#pragma once

#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <thread>

#include "arena.h"
#include "bot_process.h"
#include "play_options.h"

namespace kd {

namespace play_detail {

// Kills every process this referee started, wherever it went: the bot
// groups, and everything carrying this referee's token. No bot starts after
// the first pass (LiveGroups::close); further passes catch processes forked
// while the last one scanned, until one finds none.
inline void kill_everything(LiveGroups& live) {
    live.kill_all();
    for (int pass = 0; pass < 20 && kill_tagged(referee_token_prefix(), 0) > 0; ++pass) {
    }
}

// Interrupts are taken by a thread of their own (blocked everywhere else),
// so that it can scan /proc and kill every bot, and report the games
// finished, before the referee exits.
inline void take_interrupts(Arena& arena, LiveGroups& live) {
    sigset_t interrupts;
    sigemptyset(&interrupts);
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&interrupts, sig);
    pthread_sigmask(SIG_BLOCK, &interrupts, nullptr);
    std::thread([interrupts, &arena, &live] {
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
}

}  // namespace play_detail

inline int play_command(int argc, char** argv) {
    using namespace play_detail;
    PlayOptions o = parse_play_options(argc, argv);
    if (!o.replay_dir.empty()) {
        mkdir(o.replay_dir.c_str(), 0755);
        if (access(o.replay_dir.c_str(), W_OK) != 0) {
            fprintf(stderr, "referee: cannot write to --replay-dir %s\n", o.replay_dir.c_str());
            return 2;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    prctl(PR_SET_CHILD_SUBREAPER, 1);  // orphans of bots come back to us, to be reaped
    static LiveGroups live;
    static Arena arena(o, live);
    take_interrupts(arena, live);
    arena.run();
    if (arena.interrupted())
        for (;;) pause();  // the interrupt thread reports and ends the referee
    kill_everything(live);
    arena.report();
    return arena.replay_write_failed() ? 1 : 0;
}

}  // namespace kd
