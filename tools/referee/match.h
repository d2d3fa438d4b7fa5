// One game between bot processes, played exactly as RULES.md says, with the
// answer times, the faults of each seat and the replay (docs/replay-format.md).
//
// A request goes through three steps, each a function of Match: exchange()
// writes it and reads the answer's two lines in time, judge() says what the
// answer is worth (its fault, or what it parsed to) and apply() plays it on
// the game; record_request() then writes it into the replay.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "bot_process.h"
#include "clock.h"
#include "codingame.h"
#include "game.h"
#include "json.h"
#include "referee_limits.h"
#include "referee_protocol.h"
#include "utf8.h"

namespace kd {

struct MatchConfig {
    const Variant* variant = nullptr;
    Rule rule = Rule::Match;
    uint64_t seed = 0;
    int index = 0;                       // the game's number in the run
    std::vector<std::string> commands;   // one per seat
    double time_scale = 1.0;
    bool no_timeout = false;             // no time limit (limits::kNoTimeoutCapMs remains)
    bool strict_put = false;             // an illegal PUT ends the player's game
    bool record_replay = false;
    double spin_ms = 0;                  // busy-wait this long before each deadline (precise timing)
};

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

// The replay's "format": the version of docs/replay-format.md it follows.
constexpr const char* kReplayFormat = "kingdomino-replay-2";

namespace match_detail {

inline const char* put_result_name(PutResult r) {
    switch (r) {
        case PutResult::Placed: return "placed";
        case PutResult::Ignored: return "ignored";
        case PutResult::NoLegalSpot: return "no_legal_spot";
        case PutResult::Illegal: return "illegal";
    }
    return "none";
}

// Why an answer failed; every fault but IllegalPut ends the player's game.
enum class Fault { None, Timeout, Crash, BadOutput, IllegalPut, InvalidPick };
inline const char* fault_name(Fault f) {
    static const char* const names[] = {"", "timeout", "crash", "bad_output", "illegal_put", "invalid_pick"};
    return names[int(f)];
}
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

// One request written and its answer read: the text both ways and the times.
struct Exchange {
    std::string input;                // the exact text sent
    std::string raw;                  // the exact text read
    std::string put_line, pick_line;  // the answer's two lines, when read
    BotProcess::Io io = BotProcess::Io::Ok;
    bool input_refused = false;       // the request itself could not be written
    double limit_ms = 0, answer_ms = 0;
    Clock::time_point start, written, read;
};

// What an answer comes to: its fault, if any, and what it said.
struct Verdict {
    Fault fault = Fault::None;
    std::string detail;           // why, for the replay
    Placement put;
    int pick = -1;
    std::string message;
    bool put_parsed = false;      // a PUT to record (none on the first turn)
    bool applied = false;         // the game took the answer (its PICK was judged)
    bool pick_made = false;       // and its PICK took a tile of the draft
    const char* put_result = "none";
};

inline void write_grids(JsonWriter& j, const Game& g) {
    j.begin_array();
    for (int p = 0; p < g.players(); ++p) {
        j.begin_array();
        for (int y = 0; y < g.kingdom(p).side(); ++y) j.value(g.kingdom(p).row_text(y));
        j.end_array();
    }
    j.end_array();
}

// A turn's tiles, as the replay's `after` shows them: to place, and the draft.
struct TurnTiles {
    std::vector<Slot> placing, draft;
    explicit TurnTiles(const Game& g) {
        for (int i = 0; i < g.placing_count(); ++i) placing.push_back(g.placing(i));
        for (int i = 0; i < g.draft_count(); ++i) draft.push_back(g.draft(i));
    }
    // `seat` picked `tile` from the draft.
    void pick(int tile, int seat) {
        for (Slot& s : draft)
            if (s.tile == tile) s.owner = int8_t(seat);
    }
};

inline void write_slots(JsonWriter& j, const std::vector<Slot>& slots) {
    j.begin_array();
    for (const Slot& s : slots) j.begin_object().field("id", int(s.tile)).field("owner", int(s.owner)).end_object();
    j.end_array();
}

}  // namespace match_detail

// One game from the deal to the ranking. Every process it started is dead
// when play() returns.
class Match {
  public:
    Match(const MatchConfig& cfg, LiveGroups& live)
        : cfg_(cfg), v_(*cfg.variant), game_(Game::deal(*cfg.variant, cfg.rule, cfg.seed)), report_(game_) {
        game_.set_log(&events_);
        for (int s = 0; s < v_.players; ++s) {
            bots_.emplace_back(new BotProcess(live));
            bots_.back()->set_spin(ms_to_duration(cfg.spin_ms * cfg.time_scale));
            all_.push_back(bots_.back().get());
        }
        requests_.begin_array();
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
            if (cfg_.record_replay) record_request(turn, seat, tile, ex, verdict, bot_stderr, tiles);
            note_events(request_);
            ++request_;
            report_.overhead_ms.push_back(duration_to_ms(ex.written - ex.start) + duration_to_ms(Clock::now() - ex.read));
        }
        requests_.end_array();
        for (auto& b : bots_) b->kill();
        report_.result = game_.result();
        report_.final_game = game_;
        report_.final_game.set_log(nullptr);
        if (cfg_.record_replay) report_.replay_json = replay_json();
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

    // What the answer read in `ex` is worth, before the game judges its PUT and PICK.
    static match_detail::Verdict judge(const match_detail::Exchange& ex, int turn) {
        using namespace match_detail;
        Verdict v;
        switch (ex.io) {
            case BotProcess::Io::Timeout:
                v.fault = Fault::Timeout;
                v.detail = "no answer within " + std::to_string(int(ex.limit_ms)) + " ms";
                break;
            case BotProcess::Io::Closed:
                v.fault = Fault::Crash;
                v.detail = ex.input_refused ? "closed its input or exited"
                           : ex.raw.empty() ? "exited or closed its output"
                                            : "output ended in the middle of an answer";
                break;
            case BotProcess::Io::TooLong:
                v.fault = Fault::BadOutput;
                v.detail = "a line longer than " + std::to_string(codingame::kMaxLineChars) + " characters";
                break;
            case BotProcess::Io::Ok:
                if (!parse_put(ex.put_line, v.put, v.detail) || !parse_pick(ex.pick_line, v.pick, v.message, v.detail))
                    v.fault = Fault::BadOutput;
                else
                    v.put_parsed = turn > 0;
                v.message = utf8_prefix(v.message, codingame::kMaxMessageChars);
                break;
        }
        return v;
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

    // The request's entry in the replay; `tiles` are its turn's, once it is played.
    void record_request(int turn, int seat, int tile, const match_detail::Exchange& ex,
                        const match_detail::Verdict& v, const std::string& bot_stderr,
                        const match_detail::TurnTiles& tiles) {
        using namespace match_detail;
        JsonWriter& j = requests_;
        j.begin_object().field("turn", turn).field("seat", seat).field("tile", tile);
        j.field("input", ex.input).field("output", ex.raw).field("time_ms", ex.answer_ms).field("limit_ms", ex.limit_ms);
        j.key("put");
        if (v.put_parsed)
            j.begin_object().field("x", int(v.put.x)).field("y", int(v.put.y)).field("rotation", int(v.put.rotation))
                .end_object();
        else
            j.null();
        j.field("put_result", v.put_result);
        j.key("pick");
        if (v.applied && turn < v_.turns - 1)
            j.value(v.pick);
        else
            j.null();
        j.field("message", v.message);
        j.key("error");
        if (v.fault == Fault::None)
            j.null();
        else
            j.begin_object().field("kind", fault_name(v.fault)).field("detail", v.detail).end_object();
        j.field("stderr", bot_stderr);
        j.key("after").begin_object().key("grids");
        write_grids(j, game_);
        j.key("scores").begin_array();
        for (int p = 0; p < v_.players; ++p) j.value(game_.kingdom(p).score());
        j.end_array().key("placing");
        write_slots(j, tiles.placing);
        j.key("draft");
        write_slots(j, tiles.draft);
        j.end_object().end_object();
    }

    // The whole replay: the game's setting, the requests, the events and the end.
    std::string replay_json() const {
        using namespace match_detail;
        const int n = v_.players;
        JsonWriter j;
        j.begin_object().field("format", kReplayFormat).field("variant", v_.name);
        j.field("seed", (unsigned long long)cfg_.seed).field("game", cfg_.index);
        j.field("rule", rule_name(cfg_.rule));
        j.field("time_scale", cfg_.time_scale).field("no_timeout", cfg_.no_timeout).field("strict_put", cfg_.strict_put);
        j.field("grid_size", v_.side).field("extent", v_.extent);
        j.key("castle").begin_array().value(v_.side / 2).value(v_.side / 2).end_array();
        j.field("players", n).field("draft_size", v_.draft_size).field("turns", v_.turns);
        j.key("bots").begin_array();
        for (const std::string& c : cfg_.commands) j.value(c);
        j.end_array().key("tile_table").begin_array();
        for (int id = 1; id <= kTileCount; ++id) {
            const Tile& t = kTiles[id];
            j.value(square_text(t.terrain1, t.crowns1) + square_text(t.terrain2, t.crowns2));
        }
        j.end_array().key("drafts").begin_array();
        for (int d = 0; d < v_.turns - 1; ++d) {
            int8_t ids[kMaxDraft];
            for (int i = 0; i < v_.draft_size; ++i) ids[i] = game_.deck_tile(d * v_.draft_size + i);
            std::sort(ids, ids + v_.draft_size);
            j.begin_array();
            for (int i = 0; i < v_.draft_size; ++i) j.value(int(ids[i]));
            j.end_array();
        }
        j.end_array().key("requests").raw(requests_.str());
        j.key("events").begin_array();
        for (size_t i = 0; i < events_.size(); ++i) {
            const GameEvent& e = events_[i];
            j.begin_object().field("after_request", event_request_[i]).field("turn", int(e.turn));
            j.field("seat", int(e.seat)).field("kind", e.kind == GameEvent::Discard ? "discard" : "eliminated");
            if (e.kind == GameEvent::Discard) j.field("tile", int(e.tile));
            j.field("reason", e.reason).end_object();
        }
        j.end_array().key("final");
        write_final(j);
        j.end_object();
        return j.str();
    }

    // The replay's end: grids, scores and ranks, and each seat's elimination.
    void write_final(JsonWriter& j) const {
        using namespace match_detail;
        const Result& r = report_.result;
        const int n = v_.players;
        j.begin_object().key("grids");
        write_grids(j, game_);
        for (auto [name, values] : {std::pair<const char*, const int*>{"scores", r.score}, {"adjusted", r.adjusted},
                                    {"territory", r.territory}, {"crowns", r.crowns}, {"ranks", r.rank}}) {
            j.key(name).begin_array();
            for (int p = 0; p < n; ++p) j.value(values[p]);
            j.end_array();
        }
        j.key("eliminated").begin_array();
        for (int p = 0; p < n; ++p) {
            int at = -1;
            const char* reason = nullptr;
            for (size_t i = 0; i < events_.size(); ++i)
                if (events_[i].kind == GameEvent::Eliminated && events_[i].seat == p && !reason)
                    reason = events_[i].reason, at = event_request_[i];
            if (reason)
                j.begin_object().field("reason", reason).field("after_request", at).end_object();
            else
                j.null();
        }
        j.end_array().end_object();
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
    JsonWriter requests_;             // the replay's requests, written as they happen
};

// Plays one game to the end. Every process it started is dead when it returns.
inline MatchReport play_match(const MatchConfig& cfg, LiveGroups& live) { return Match(cfg, live).play(); }

}  // namespace kd
