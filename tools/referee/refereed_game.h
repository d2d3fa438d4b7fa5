// One game as the referee keeps it, whoever gives the answers: the game dealt
// from its seed, the text of each request, each answer judged (verdict.h) and
// played by the rules, the events it caused, and the replay
// (replay_writer.h). Match (match.h) feeds it the answers of bot processes,
// `referee --check-replay` (check_replay.h) the answers a replay recorded,
// and the table page (tools/table/) those of a person and of bots in the page.
#pragma once

#include <string>
#include <vector>

#include "game.h"
#include "match_config.h"
#include "referee_protocol.h"
#include "replay_writer.h"
#include "verdict.h"

namespace kd {

class RefereedGame {
  public:
    explicit RefereedGame(const MatchConfig& cfg)
        : cfg_(cfg), game_(Game::deal(*cfg.variant, cfg.rule, cfg.seed)), replay_(cfg) {
        game_.set_log(&events_);
    }
    RefereedGame(const RefereedGame&) = delete;  // the game logs into this object's events

    const Game& game() const { return game_; }
    // Whether `seat` was asked already: its first request has the init lines, and the longer limit.
    bool asked(int seat) const { return asked_[seat]; }
    // The text of the request to the seat acting now (after the init lines on its first).
    std::string input() const {
        const int seat = game_.current_player();
        return (asked_[seat] ? "" : init_text(game_.variant())) + request_text(game_, seat);
    }

    // Ends a seat's game outside any request (a bot that could not start).
    void eliminate(int seat, const char* reason) {
        game_.eliminate(seat, reason);
        note_events(-1);
    }

    // The answer read in `ex` from the seat acting now, judged and played as
    // the referee plays it: a failed answer ends the player's game, a parsed
    // one is applied (an illegal PUT or an invalid PICK is a fault too). With
    // strict_put an illegal PUT fails the whole answer: the player's game ends
    // in this turn and its PICK is not made. count(fault) sees every fault.
    // record() then writes it in the replay.
    template <typename CountFault>
    match_detail::Verdict answer(const match_detail::Exchange& ex, CountFault&& count) {
        using namespace match_detail;
        seat_ = game_.current_player(), turn_ = game_.turn(), tile_ = game_.current_tile();
        tiles_ = TurnTiles(game_);  // this turn's: the game may move on to the next when the answer is played
        asked_[seat_] = true;
        Verdict v = judge(ex, turn_);
        if (v.fault == Fault::None && cfg_.strict_put && put_is_illegal(v.put)) {
            v.fault = Fault::IllegalPut;
            v.put_result = put_result_name(PutResult::Illegal);
            v.detail = illegal_put_detail(v.put, tile_);
        }
        if (v.fault != Fault::None) {
            count(v.fault);
            game_.eliminate(seat_, fault_name(v.fault));
            return v;
        }
        const bool last_turn = game_.last_turn();
        const Game::Outcome out = game_.apply(v.put, v.pick);
        v.applied = true;
        v.pick_made = out.pick_ok && !last_turn;
        v.put_result = put_result_name(out.put);
        if (out.put == PutResult::Illegal) {
            count(v.fault = Fault::IllegalPut);
            v.detail = illegal_put_detail(v.put, tile_);
        }
        if (!out.pick_ok) {
            count(v.fault = Fault::InvalidPick);
            v.detail = "tile " + std::to_string(v.pick) + " is not a free tile of the draft";
        }
        if (v.pick_made) tiles_.pick(v.pick, seat_);
        return v;
    }

    // Writes the last answer in the replay (when the game records one), with
    // what the bot wrote on stderr for it so far, and dates the events it
    // caused. Returns the request's index in the replay.
    int record(const match_detail::Exchange& ex, const match_detail::Verdict& v, const std::string& bot_stderr) {
        if (cfg_.record_replay) replay_.record_request(game_, turn_, seat_, tile_, ex, v, bot_stderr, tiles_);
        note_events(request_);
        return request_++;
    }

    // What the bot wrote on stderr for the answer of request `request`, once
    // known: a bot notes an answer after writing it (match.h takes it later).
    void set_stderr(int request, const std::string& bot_stderr) {
        if (cfg_.record_replay) replay_.set_stderr(size_t(request), bot_stderr);
    }

    // The replay: the whole file once the game is over; before, the game as
    // it stands (its `final` the standings so far).
    Json replay() const { return replay_.replay(game_, events_, event_request_, game_.result()); }
    std::string replay_json() const { return json_text(replay()); }

  private:
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
    Game game_;
    std::vector<GameEvent> events_;
    std::vector<int> event_request_;  // index of the request each event followed
    bool asked_[kMaxPlayers] = {};
    int request_ = 0;
    // The answer in hand: its seat, turn and tile, and its turn's tiles.
    int seat_ = -1, turn_ = 0, tile_ = -1;
    match_detail::TurnTiles tiles_{Game(kTwoPlayers, Rule::Match)};
    ReplayWriter replay_;
};

}  // namespace kd
