// One game between bot processes, played exactly as RULES.md says, with the
// answer times and the faults of each seat, and its replay when asked.
//
// A request goes through three steps: exchange() writes it and reads the
// answer's two lines in time; RefereedGame::answer() (refereed_game.h) judges
// it (verdict.h: its fault, or what it parsed to) and plays it on the game;
// RefereedGame::record() writes it in the replay (replay_writer.h).
//
// What a bot writes on stderr belongs to the answer it is computing or has
// just given: from the moment its request is written until the next request
// to that seat is written, or, after its last answer, until the game ends.
// Our bot writes its note just after its answer, so that note is taken with
// the seat's next request, or at the end; before taking it, the referee lets
// a bot still running after its answer finish (BotProcess::wait_until_idle,
// at most limits::kNoteWaitMs).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bot_process.h"
#include "clock.h"
#include "codingame.h"
#include "game.h"
#include "match_config.h"
#include "referee_limits.h"
#include "refereed_game.h"
#include "verdict.h"

namespace kd {

// What one seat did in a game.
struct SeatReport {
    int timeouts = 0, bad_output = 0, illegal_put = 0, invalid_pick = 0, crashes = 0;
    std::vector<double> answer_ms;  // answers after the first
    double first_answer_ms = 0;
    std::string fault;              // why its game ended early, "" if it did not
};

struct MatchReport {
    Result result;
    SeatReport seats[kMaxPlayers];
    std::vector<double> overhead_ms;  // referee's own time per request, a wait for a bot to finish noting included
    std::string replay_json;          // when record_replay
    Game final_game;
    explicit MatchReport(const Game& g) : final_game(g) {}
};

namespace match_detail {

inline void count_fault(SeatReport& s, Fault f) {
    switch (f) {
        case Fault::None: break;
        case Fault::Timeout: s.timeouts++; break;
        case Fault::Crash: s.crashes++; break;
        case Fault::BadOutput: s.bad_output++; break;
        case Fault::IllegalPut: s.illegal_put++; break;
        case Fault::InvalidPick: s.invalid_pick++; break;
    }
}

}  // namespace match_detail

// One game from the deal to the ranking. Every process it started is dead
// when play() returns.
class Match {
  public:
    Match(const MatchConfig& cfg, LiveGroups& live) : cfg_(cfg), v_(*cfg.variant), book_(cfg), report_(book_.game()) {
        for (int s = 0; s < v_.players; ++s) {
            bots_.emplace_back(new BotProcess(live));
            bots_.back()->set_spin(ms_to_duration(cfg.spin_ms * cfg.time_scale));
            all_.push_back(bots_.back().get());
        }
    }

    MatchReport play() {
        using namespace match_detail;
        start_bots();
        while (!book_.game().is_terminal()) {
            const int seat = book_.game().current_player();
            Exchange ex = exchange(seat);
            SeatReport& sr = report_.seats[seat];
            const Verdict verdict = book_.answer(ex, [&](Fault f) { count_fault(sr, f); });
            const bool out = book_.game().eliminated(seat);
            std::string bot_stderr;  // a seat whose game ends here notes this answer now: it is killed
            if (out && sr.fault.empty()) {
                sr.fault = std::string(fault_name(verdict.fault)) + ": " + verdict.detail;
                bot_stderr = bots_[size_t(seat)]->take_stderr();  // before a kill closes the pipe
                bots_[size_t(seat)]->kill();
            }
            const int request = book_.record(ex, verdict, bot_stderr);
            open_note_[size_t(seat)] = out ? -1 : request;
            report_.overhead_ms.push_back(duration_to_ms(ex.written - ex.start) + duration_to_ms(Clock::now() - ex.read));
        }
        for (int s = 0; s < v_.players; ++s) hand_over_note(s);  // the notes of the last answers
        for (auto& b : bots_) b->kill();
        report_.result = book_.game().result();
        report_.final_game = book_.game();
        report_.final_game.set_log(nullptr);
        if (cfg_.record_replay) report_.replay_json = book_.replay_json();
        return report_;
    }

  private:
    // Starts every bot; one that cannot start has crashed before its first request.
    void start_bots() {
        for (int s = 0; s < v_.players; ++s) {
            std::string error;
            if (!bots_[size_t(s)]->start(cfg_.commands[size_t(s)], error)) {
                report_.seats[s].crashes++;
                report_.seats[s].fault = "crash: " + error;
                book_.eliminate(s, "crash");
            }
        }
    }

    // Gives what `seat` wrote on stderr since its last request was written
    // to that request's answer, once the bot has done with it. Before its
    // first request, nothing: what a bot writes as it starts goes with its
    // first answer. Only a replay keeps what bots write.
    void hand_over_note(int seat) {
        int& request = open_note_[size_t(seat)];
        if (request < 0 || !cfg_.record_replay) return;
        BotProcess& bot = *bots_[size_t(seat)];
        // A bot still silent on stderr after its first answer has no note to finish.
        const bool first_answer = report_.seats[seat].answer_ms.empty();
        if (first_answer || bot.wrote_stderr())
            bot.wait_until_idle(Clock::now() + ms_to_duration(limits::kNoteWaitMs * cfg_.time_scale));
        book_.set_stderr(request, bot.take_stderr());
        request = -1;
    }

    // Writes the request to `seat` and reads the two lines of its answer within
    // the limit, from the request's last byte written to the answer's last read.
    match_detail::Exchange exchange(int seat) {
        using namespace match_detail;
        Exchange ex;
        BotProcess& bot = *bots_[size_t(seat)];
        const bool first = !book_.asked(seat);
        ex.start = Clock::now();
        hand_over_note(seat);  // the seat's last answer is done with once this request is written
        ex.input = book_.input();
        ex.limit_ms = cfg_.no_timeout ? limits::kNoTimeoutCapMs
                                      : (first ? codingame::kFirstAnswerMs : codingame::kLaterAnswerMs) * cfg_.time_scale;
        const Clock::duration limit = ms_to_duration(ex.limit_ms);
        ex.io = bot.write_all(ex.input, ex.start + limit, all_);
        ex.input_refused = ex.io == BotProcess::Io::Closed;
        ex.written = Clock::now();
        const Clock::time_point deadline = ex.written + limit;
        if (ex.io == BotProcess::Io::Ok) ex.io = bot.read_line(ex.put_line, deadline, codingame::kMaxLineChars, ex.raw, all_);
        if (ex.io == BotProcess::Io::Ok) ex.io = bot.read_line(ex.pick_line, deadline, codingame::kMaxLineChars, ex.raw, all_);
        ex.read = Clock::now();
        ex.answer_ms = duration_to_ms(ex.read - ex.written);
        if (ex.io == BotProcess::Io::Ok && ex.answer_ms > ex.limit_ms) ex.io = BotProcess::Io::Timeout;  // late is late

        SeatReport& sr = report_.seats[seat];
        if (first)
            sr.first_answer_ms = ex.answer_ms;
        else
            sr.answer_ms.push_back(ex.answer_ms);
        return ex;
    }

    const MatchConfig& cfg_;
    const Variant& v_;
    RefereedGame book_;  // the game, its events and its replay
    MatchReport report_;
    std::vector<std::unique_ptr<BotProcess>> bots_;
    std::vector<BotProcess*> all_;    // every bot of the game: their stderr is drained while we wait
    std::vector<int> open_note_ = std::vector<int>(kMaxPlayers, -1);  // per seat: the request whose stderr is still coming
};

// Plays one game to the end. Every process it started is dead when it returns.
inline MatchReport play_match(const MatchConfig& cfg, LiveGroups& live) { return Match(cfg, live).play(); }

}  // namespace kd
