// A game's replay (docs/replay-format.md): each request written as its
// answer is played, then the whole file, with the game's setting, its
// events and its end, once the game is over.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "game.h"
#include "json.h"
#include "match_config.h"
#include "verdict.h"

namespace kd {

// The replay's "format": the version of docs/replay-format.md it follows.
constexpr const char* kReplayFormat = "kingdomino-replay-3";

namespace match_detail {

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

inline void write_grids(JsonWriter& j, const Game& g) {
    j.begin_array();
    for (int p = 0; p < g.players(); ++p) {
        j.begin_array();
        for (int y = 0; y < g.kingdom(p).side(); ++y) j.value(g.kingdom(p).row_text(y));
        j.end_array();
    }
    j.end_array();
}

// Each kingdom's window, [x0, y0, x1, y1]: the inclusive bounds of the squares
// a tile may still cover, as the rules compute them (the viewer draws them).
inline void write_windows(JsonWriter& j, const Game& g) {
    j.begin_array();
    for (int p = 0; p < g.players(); ++p) {
        const Kingdom& k = g.kingdom(p);
        j.begin_array().value(k.window_first_column()).value(k.window_first_row());
        j.value(k.window_last_column()).value(k.window_last_row()).end_array();
    }
    j.end_array();
}

inline void write_slots(JsonWriter& j, const std::vector<Slot>& slots) {
    j.begin_array();
    for (const Slot& s : slots) j.begin_object().field("id", int(s.tile)).field("owner", int(s.owner)).end_object();
    j.end_array();
}

}  // namespace match_detail

class ReplayWriter {
  public:
    explicit ReplayWriter(const MatchConfig& cfg) : cfg_(cfg), v_(*cfg.variant) { requests_.begin_array(); }

    // The request's entry, once its answer is played on `game`; `tiles` are its turn's.
    void record_request(const Game& game, int turn, int seat, int tile, const match_detail::Exchange& ex,
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
        write_after(j, game, tiles);
        j.end_object();
    }

    // The whole replay of the finished `game`: its setting, the requests, the
    // events (event_request[i]: the request event i followed) and the end.
    std::string replay_json(const Game& game, const std::vector<GameEvent>& events,
                            const std::vector<int>& event_request, const Result& result) {
        requests_.end_array();
        JsonWriter j;
        write_setting(j, game);
        j.key("requests").raw(requests_.str());
        j.key("events").begin_array();
        for (size_t i = 0; i < events.size(); ++i) {
            const GameEvent& e = events[i];
            j.begin_object().field("after_request", event_request[i]).field("turn", int(e.turn));
            j.field("seat", int(e.seat)).field("kind", e.kind == GameEvent::Discard ? "discard" : "eliminated");
            if (e.kind == GameEvent::Discard) j.field("tile", int(e.tile));
            j.field("reason", e.reason).end_object();
        }
        j.end_array();
        // Whether the game reached its end; a game stopped early (the table page's) says in which turn.
        j.field("finished", game.is_terminal()).key("stopped_turn");
        if (game.is_terminal()) j.null();
        else j.value(game.turn());
        j.key("final");
        write_final(j, game, events, event_request, result);
        j.end_object();
        return j.str();
    }

  private:
    // A request's `after`: the kingdoms and this turn's tiles once its answer is played.
    void write_after(JsonWriter& j, const Game& game, const match_detail::TurnTiles& tiles) const {
        using namespace match_detail;
        j.key("after").begin_object().key("grids");
        write_grids(j, game);
        j.key("windows");
        write_windows(j, game);
        j.key("scores").begin_array();
        for (int p = 0; p < v_.players; ++p) j.value(game.kingdom(p).score());
        j.end_array().key("placing");
        write_slots(j, tiles.placing);
        j.key("draft");
        write_slots(j, tiles.draft);
        j.end_object();
    }

    // The replay's opening, up to its requests: the game's setting, tiles and drafts.
    void write_setting(JsonWriter& j, const Game& game) const {
        j.begin_object().field("format", kReplayFormat).field("variant", v_.name);
        j.field("seed", (unsigned long long)cfg_.seed).field("game", cfg_.index);
        j.field("rule", rule_name(cfg_.rule));
        j.field("time_scale", cfg_.time_scale).field("no_timeout", cfg_.no_timeout).field("strict_put", cfg_.strict_put);
        j.field("grid_size", v_.side).field("extent", v_.extent);
        j.key("castle").begin_array().value(v_.side / 2).value(v_.side / 2).end_array();
        j.field("players", v_.players).field("draft_size", v_.draft_size).field("turns", v_.turns);
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
            for (int i = 0; i < v_.draft_size; ++i) ids[i] = game.deck_tile(d * v_.draft_size + i);
            std::sort(ids, ids + v_.draft_size);
            j.begin_array();
            for (int i = 0; i < v_.draft_size; ++i) j.value(int(ids[i]));
            j.end_array();
        }
        j.end_array();
    }

    // The replay's end: grids, windows, scores and ranks, and each seat's elimination.
    void write_final(JsonWriter& j, const Game& game, const std::vector<GameEvent>& events,
                     const std::vector<int>& event_request, const Result& r) const {
        using namespace match_detail;
        const int n = v_.players;
        j.begin_object().key("grids");
        write_grids(j, game);
        j.key("windows");
        write_windows(j, game);
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
        j.end_array().end_object();
    }

    const MatchConfig& cfg_;
    const Variant& v_;
    JsonWriter requests_;  // the replay's requests, written as they happen
};

}  // namespace kd
