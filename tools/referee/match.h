// One game between bot processes, played exactly as RULES.md says, with the
// answer times and the faults of each seat, and its replay when asked.
//
// A request goes through three steps: exchange() writes it and reads the
// answer's two lines in time, judge() (verdict.h) says what the answer is
// worth (its fault, or what it parsed to) and apply() plays it on the game;
// the replay writer (replay_writer.h) then records it.
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
#include "referee_protocol.h"
#include "replay_writer.h"
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
    std::vector<double> overhead_ms;  // referee's own time per request
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
    Match(const MatchConfig& cfg, LiveGroups& live)
        : cfg_(cfg), v_(*cfg.variant), game_(Game::deal(*cfg.variant, cfg.rule, cfg.seed)), report_(game_), replay_(cfg) {
        game_.set_log(&events_);
        for (int s = 0; s < v_.players; ++s) {
            bots_.emplace_back(new BotProcess(live));
            bots_.back()->set_spin(ms_to_duration(cfg.spin_ms * cfg.time_scale));
            all_.push_back(bots_.back().get());
        }
    }

    MatchReport play() {
        using namespace match_detail;
        start_bots();
        while (!game_.is_terminal()) {
            const int seat = game_.current_player(), turn = game_.turn(), tile = game_.current_tile();
            TurnTiles tiles(game_);  // this turn's: the game may have moved on to the next when the answer is played
            Exchange ex = exchange(seat);
            Verdict verdict = judge(ex, turn);
            apply(seat, tile, verdict);
            if (verdict.pick_made) tiles.pick(verdict.pick, seat);
            std::string bot_stderr = bots_[size_t(seat)]->take_stderr();  // before a kill closes the pipe
            SeatReport& sr = report_.seats[seat];
            if (game_.eliminated(seat) && sr.fault.empty()) {
                sr.fault = std::string(fault_name(verdict.fault)) + ": " + verdict.detail;
                bots_[size_t(seat)]->kill();
            }
            if (cfg_.record_replay) replay_.record_request(game_, turn, seat, tile, ex, verdict, bot_stderr, tiles);
            note_events(request_);
            ++request_;
            report_.overhead_ms.push_back(duration_to_ms(ex.written - ex.start) + duration_to_ms(Clock::now() - ex.read));
        }
        for (auto& b : bots_) b->kill();
        report_.result = game_.result();
        report_.final_game = game_;
        report_.final_game.set_log(nullptr);
        if (cfg_.record_replay) report_.replay_json = replay_.replay_json(game_, events_, event_request_, report_.result);
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
                game_.eliminate(s, "crash");
            }
        }
        note_events(-1);
    }

    // Writes the request to `seat` and reads the two lines of its answer within
    // the limit, from the request's last byte written to the answer's last read.
    match_detail::Exchange exchange(int seat) {
        using namespace match_detail;
        Exchange ex;
        BotProcess& bot = *bots_[size_t(seat)];
        ex.start = Clock::now();
        ex.input = (answered_[seat] ? "" : init_text(v_)) + request_text(game_, seat);
        ex.limit_ms = cfg_.no_timeout ? limits::kNoTimeoutCapMs
                                      : (answered_[seat] ? codingame::kLaterAnswerMs : codingame::kFirstAnswerMs) *
                                            cfg_.time_scale;
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
        if (answered_[seat])
            sr.answer_ms.push_back(ex.answer_ms);
        else
            sr.first_answer_ms = ex.answer_ms;
        answered_[seat] = true;
        return ex;
    }

    // Plays the verdict on the game: a failed answer ends the player's game, a
    // parsed one is applied (an illegal PUT or an invalid PICK is a fault too).
    // With --strict-put an illegal PUT fails the whole answer: the player's game
    // ends in this turn and its PICK is not made.
    void apply(int seat, int tile, match_detail::Verdict& v) {
        using namespace match_detail;
        SeatReport& sr = report_.seats[seat];
        if (v.fault == Fault::None && cfg_.strict_put && put_is_illegal(v.put)) {
            v.fault = Fault::IllegalPut;
            v.put_result = put_result_name(PutResult::Illegal);
            v.detail = illegal_put_detail(v.put, tile);
        }
        if (v.fault != Fault::None) {
            count_fault(sr, v.fault);
            game_.eliminate(seat, fault_name(v.fault));
            return;
        }
        const bool last_turn = game_.last_turn();
        Game::Outcome out = game_.apply(v.put, v.pick);
        v.applied = true;
        v.pick_made = out.pick_ok && !last_turn;
        v.put_result = put_result_name(out.put);
        if (out.put == PutResult::Illegal) {
            v.fault = Fault::IllegalPut;
            count_fault(sr, v.fault);
            v.detail = illegal_put_detail(v.put, tile);
        }
        if (!out.pick_ok) {
            v.fault = Fault::InvalidPick;
            count_fault(sr, v.fault);
            v.detail = "tile " + std::to_string(v.pick) + " is not a free tile of the draft";
        }
    }

    // Whether the game would find `put` illegal for the tile in play (the
    // game's own judgement, on a copy that logs nothing).
    bool put_is_illegal(Placement put) const {
        Game trial = game_;
        trial.set_log(nullptr);
        return trial.apply(put, -1).put == PutResult::Illegal;
    }
    static std::string illegal_put_detail(Placement put, int tile) {
        return "PUT " + std::to_string(put.x) + " " + std::to_string(put.y) + " " + std::to_string(put.rotation) +
               " is not a legal placement of tile " + std::to_string(tile);
    }

    // Events logged since the last call followed request `request` (-1: none yet).
    void note_events(int request) {
        while (event_request_.size() < events_.size()) event_request_.push_back(request);
    }

    const MatchConfig& cfg_;
    const Variant& v_;
    Game game_;
    std::vector<GameEvent> events_;
    std::vector<int> event_request_;  // index of the request each event followed
    MatchReport report_;
    std::vector<std::unique_ptr<BotProcess>> bots_;
    std::vector<BotProcess*> all_;    // every bot of the game: their stderr is drained while we wait
    bool answered_[kMaxPlayers] = {};
    int request_ = 0;
    ReplayWriter replay_;
};

// Plays one game to the end. Every process it started is dead when it returns.
inline MatchReport play_match(const MatchConfig& cfg, LiveGroups& live) { return Match(cfg, live).play(); }

}  // namespace kd
