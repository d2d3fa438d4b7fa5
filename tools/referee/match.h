// One game between bot processes, played exactly as RULES.md says, with the
// answer times, the faults of each seat and the replay (docs/replay-format.md).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "bot_process.h"
#include "game.h"
#include "json.h"
#include "protocol.h"

namespace kd {

struct MatchConfig {
    const Variant* variant = nullptr;
    Rule rule = Rule::Match;
    uint64_t seed = 0;
    int index = 0;                       // the game's number in the run
    std::vector<std::string> commands;   // one per seat
    double time_scale = 1.0;
    bool no_timeout = false;             // no time limit (a 60 s safety cap remains)
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

inline void write_grids(JsonWriter& j, const Game& g) {
    j.begin_array();
    for (int p = 0; p < g.players(); ++p) {
        j.begin_array();
        for (int y = 0; y < g.kingdom(p).side(); ++y) j.value(g.kingdom(p).row_text(y));
        j.end_array();
    }
    j.end_array();
}

inline void write_slots(JsonWriter& j, const Game& g, bool placing) {
    j.begin_array();
    int n = placing ? g.placing_count() : g.draft_count();
    for (int i = 0; i < n; ++i) {
        const Slot& s = placing ? g.placing(i) : g.draft(i);
        j.begin_object().field("id", int(s.tile)).field("owner", int(s.owner)).end_object();
    }
    j.end_array();
}

// Why an answer failed; every fault but IllegalPut ends the player's game.
enum class Fault { None, Timeout, Crash, BadOutput, IllegalPut, InvalidPick };
inline const char* fault_name(Fault f) {
    static const char* const names[] = {"", "timeout", "crash", "bad_output", "illegal_put", "invalid_pick"};
    return names[int(f)];
}

inline double ms_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double, std::milli>(b - a).count();
}

}  // namespace match_detail

// Plays one game to the end. Every process it started is dead when it returns.
inline MatchReport play_match(const MatchConfig& cfg, LiveGroups& live) {
    using namespace match_detail;
    const Variant& v = *cfg.variant;
    const int n = v.players;
    Game g = Game::deal(v, cfg.rule, cfg.seed);
    std::vector<GameEvent> events;
    std::vector<int> event_request;  // index of the request each event followed
    g.set_log(&events);
    MatchReport report(g);

    std::vector<std::unique_ptr<BotProcess>> bots;
    std::vector<BotProcess*> all;
    for (int s = 0; s < n; ++s) {
        bots.emplace_back(new BotProcess(live));
        bots.back()->set_spin(std::chrono::duration_cast<Clock::duration>(
            std::chrono::duration<double, std::milli>(cfg.spin_ms * cfg.time_scale)));
        all.push_back(bots.back().get());
    }
    for (int s = 0; s < n; ++s) {
        std::string error;
        if (!bots[s]->start(cfg.commands[s], error)) {
            report.seats[s].crashes++;
            report.seats[s].fault = "crash: " + error;
            g.eliminate(s, "crash");
        }
    }
    while (event_request.size() < events.size()) event_request.push_back(-1);

    JsonWriter requests;
    requests.begin_array();
    bool answered[kMaxPlayers] = {};
    int request = 0;
    while (!g.is_terminal()) {
        const int seat = g.current_player();
        const int turn = g.turn(), tile = g.current_tile();
        SeatReport& sr = report.seats[seat];
        BotProcess& bot = *bots[seat];
        auto t_start = Clock::now();
        std::string input = (answered[seat] ? "" : init_text(v)) + request_text(g, seat);
        double limit_ms = cfg.no_timeout ? 60000.0 : (answered[seat] ? 50.0 : 1000.0) * cfg.time_scale;
        auto limit = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(limit_ms));

        // Write the request, then read the two lines of the answer.
        std::string raw, put_line, pick_line, detail;
        Fault fault = Fault::None;
        BotProcess::Io io = bot.write_all(input, t_start + limit, all);
        const bool input_refused = io == BotProcess::Io::Closed;
        auto t_written = Clock::now();
        if (io == BotProcess::Io::Ok) io = bot.read_line(put_line, t_written + limit, 4096, raw, all);
        if (io == BotProcess::Io::Ok) io = bot.read_line(pick_line, t_written + limit, 4096, raw, all);
        auto t_read = Clock::now();
        double answer_ms = ms_between(t_written, t_read);
        if (io == BotProcess::Io::Ok && answer_ms > limit_ms) io = BotProcess::Io::Timeout;  // late is late

        Placement put;
        int pick = -1;
        std::string message;
        bool put_parsed = false;
        switch (io) {
            case BotProcess::Io::Timeout:
                fault = Fault::Timeout;
                detail = "no answer within " + std::to_string(int(limit_ms)) + " ms";
                break;
            case BotProcess::Io::Closed:
                fault = Fault::Crash;
                detail = input_refused ? "closed its input or exited"
                         : raw.empty()  ? "exited or closed its output"
                                        : "output ended in the middle of an answer";
                break;
            case BotProcess::Io::TooLong:
                fault = Fault::BadOutput;
                detail = "a line longer than 4096 characters";
                break;
            case BotProcess::Io::Ok:
                if (!parse_put(put_line, put, detail) || !parse_pick(pick_line, pick, message, detail))
                    fault = Fault::BadOutput;
                else
                    put_parsed = turn > 0;
                break;
        }
        if (answered[seat])
            sr.answer_ms.push_back(answer_ms);
        else
            sr.first_answer_ms = answer_ms;
        answered[seat] = true;

        std::string put_result = "none";
        if (fault != Fault::None) {
            if (fault == Fault::Timeout) sr.timeouts++;
            if (fault == Fault::Crash) sr.crashes++;
            if (fault == Fault::BadOutput) sr.bad_output++;
            g.eliminate(seat, fault_name(fault));
        } else {
            Game::Outcome out = g.apply(put, pick);
            put_result = put_result_name(out.put);
            if (out.put == PutResult::Illegal) {
                sr.illegal_put++;
                fault = Fault::IllegalPut;
                detail = "PUT " + std::to_string(put.x) + " " + std::to_string(put.y) + " " +
                         std::to_string(put.rotation) + " is not a legal placement of tile " + std::to_string(tile);
                if (cfg.strict_put) g.eliminate(seat, "illegal_put");
            }
            if (!out.pick_ok) {
                sr.invalid_pick++;
                fault = Fault::InvalidPick;
                detail = "tile " + std::to_string(pick) + " is not a free tile of the draft";
            }
        }
        std::string bot_stderr = bot.take_stderr();  // before a kill closes the pipe
        if (g.eliminated(seat) && sr.fault.empty()) {
            sr.fault = std::string(fault_name(fault)) + ": " + detail;
            bot.kill();
        }

        if (cfg.record_replay) {
            JsonWriter& j = requests;
            j.begin_object().field("turn", turn).field("seat", seat).field("tile", tile);
            j.field("input", input).field("output", raw).field("time_ms", answer_ms);
            j.key("put");
            if (put_parsed)
                j.begin_object().field("x", int(put.x)).field("y", int(put.y)).field("rotation", int(put.rotation))
                    .end_object();
            else
                j.null();
            j.field("put_result", put_result);
            j.key("pick");
            if (fault == Fault::None || fault == Fault::IllegalPut || fault == Fault::InvalidPick)
                turn == v.turns - 1 ? j.null() : j.value(pick);
            else
                j.null();
            j.field("message", message);
            j.key("error");
            if (fault == Fault::None)
                j.null();
            else
                j.begin_object().field("kind", fault_name(fault)).field("detail", detail).end_object();
            j.field("stderr", bot_stderr);
            j.key("after").begin_object().key("grids");
            write_grids(j, g);
            j.key("scores").begin_array();
            for (int p = 0; p < n; ++p) j.value(g.kingdom(p).score());
            j.end_array().key("placing");
            write_slots(j, g, true);
            j.key("draft");
            write_slots(j, g, false);
            j.end_object().end_object();
        }
        while (event_request.size() < events.size()) event_request.push_back(request);
        ++request;
        report.overhead_ms.push_back(ms_between(t_start, t_written) + ms_between(t_read, Clock::now()));
    }
    requests.end_array();
    for (auto& b : bots) b->kill();

    report.result = g.result();
    report.final_game = g;
    report.final_game.set_log(nullptr);
    if (!cfg.record_replay) return report;

    const Result& r = report.result;
    JsonWriter j;
    j.begin_object().field("format", "kingdomino-replay-1").field("variant", v.name);
    j.field("seed", (unsigned long long)cfg.seed).field("game", cfg.index);
    j.field("rule", cfg.rule == Rule::Match ? "match" : "adjacent");
    j.field("time_scale", cfg.time_scale).field("no_timeout", cfg.no_timeout).field("strict_put", cfg.strict_put);
    j.field("grid_size", v.side).field("extent", v.extent);
    j.key("castle").begin_array().value(v.side / 2).value(v.side / 2).end_array();
    j.field("players", n).field("draft_size", v.draft_size).field("turns", v.turns);
    j.key("bots").begin_array();
    for (const std::string& c : cfg.commands) j.value(c);
    j.end_array().key("tile_table").begin_array();
    for (int id = 1; id <= kTileCount; ++id) {
        const Tile& t = kTiles[id];
        j.value(square_text(t.terrain1, t.crowns1) + square_text(t.terrain2, t.crowns2));
    }
    j.end_array().key("drafts").begin_array();
    for (int d = 0; d < v.turns - 1; ++d) {
        int8_t ids[kMaxDraft];
        for (int i = 0; i < v.draft_size; ++i) ids[i] = g.deck_tile(d * v.draft_size + i);
        std::sort(ids, ids + v.draft_size);
        j.begin_array();
        for (int i = 0; i < v.draft_size; ++i) j.value(int(ids[i]));
        j.end_array();
    }
    j.end_array().key("requests").raw(requests.str());
    j.key("events").begin_array();
    for (size_t i = 0; i < events.size(); ++i) {
        const GameEvent& e = events[i];
        j.begin_object().field("after_request", event_request[i]).field("turn", int(e.turn));
        j.field("seat", int(e.seat)).field("kind", e.kind == GameEvent::Discard ? "discard" : "eliminated");
        if (e.kind == GameEvent::Discard) j.field("tile", int(e.tile));
        j.field("reason", e.reason).end_object();
    }
    j.end_array().key("final").begin_object().key("grids");
    write_grids(j, g);
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
        for (size_t i = 0; i < events.size(); ++i)
            if (events[i].kind == GameEvent::Eliminated && events[i].seat == p && !reason)
                reason = events[i].reason, at = event_request[i];
        if (reason)
            j.begin_object().field("reason", reason).field("after_request", at).end_object();
        else
            j.null();
    }
    j.end_array().end_object().end_object();
    report.replay_json = j.str();
    return report;
}

}  // namespace kd
