// A game's replay (docs/replay-format.md): each request written as its
// answer is played, then the whole file, with the game's setting, its
// events and its end, once the game is over.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "game.h"
#include "json.h"
#include "match_config.h"
#include "utf8.h"
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

inline Json grids_json(const Game& g) {
    Json grids = Json::array();
    for (int p = 0; p < g.players(); ++p) {
        Json rows = Json::array();
        for (int y = 0; y < g.kingdom(p).side(); ++y) rows.push_back(g.kingdom(p).row_text(y));
        grids.push_back(rows);
    }
    return grids;
}

// Each kingdom's window, [x0, y0, x1, y1]: the inclusive bounds of the squares
// a tile may still cover, as the rules compute them (the viewer draws them).
inline Json windows_json(const Game& g) {
    Json windows = Json::array();
    for (int p = 0; p < g.players(); ++p) {
        const Kingdom& k = g.kingdom(p);
        windows.push_back({k.window_first_column(), k.window_first_row(), k.window_last_column(), k.window_last_row()});
    }
    return windows;
}

inline Json slots_json(const std::vector<Slot>& slots) {
    Json out = Json::array();
    for (const Slot& s : slots) out.push_back({{"id", int(s.tile)}, {"owner", int(s.owner)}});
    return out;
}

}  // namespace match_detail

// Integers of each seat, as a list.
inline Json seat_values(const int* values, int players) { return Json(std::vector<int>(values, values + players)); }

class ReplayWriter {
  public:
    explicit ReplayWriter(const MatchConfig& cfg) : cfg_(cfg), v_(*cfg.variant) {}

    // The request's entry, once its answer is played on `game`; `tiles` are its turn's.
    // What the bot wrote is repaired to UTF-8 a byte at a time, as the referee counted it.
    void record_request(const Game& game, int turn, int seat, int tile, const match_detail::Exchange& ex,
                        const match_detail::Verdict& v, const std::string& bot_stderr,
                        const match_detail::TurnTiles& tiles) {
        using namespace match_detail;
        Json put = nullptr, pick = nullptr, error = nullptr;
        if (v.put_parsed) put = {{"x", int(v.put.x)}, {"y", int(v.put.y)}, {"rotation", int(v.put.rotation)}};
        if (v.applied && turn < v_.turns - 1) pick = v.pick;
        if (v.fault != Fault::None) error = {{"kind", fault_name(v.fault)}, {"detail", utf8_repaired(v.detail)}};
        requests_.push_back({{"turn", turn}, {"seat", seat}, {"tile", tile}, {"input", ex.input},
                             {"output", utf8_repaired(ex.raw)}, {"time_ms", decimal(ex.answer_ms)},
                             {"limit_ms", decimal(ex.limit_ms)}, {"put", put}, {"put_result", v.put_result},
                             {"pick", pick}, {"message", utf8_repaired(v.message)}, {"error", error},
                             {"stderr", utf8_repaired(bot_stderr)}, {"after", after_json(game, tiles)}});
    }

    // Replaces the stderr of request `request` (repaired as above).
    void set_stderr(size_t request, const std::string& bot_stderr) {
        requests_.at(request)["stderr"] = utf8_repaired(bot_stderr);
    }

    // The whole replay of the finished `game`: its setting, the requests, the
    // events (event_request[i]: the request event i followed) and the end.
    Json replay(const Game& game, const std::vector<GameEvent>& events, const std::vector<int>& event_request,
                const Result& result) const {
        Json j = setting_json(game);
        j["requests"] = requests_;
        Json& listed = j["events"] = Json::array();
        for (size_t i = 0; i < events.size(); ++i) {
            const GameEvent& e = events[i];
            Json event = {{"after_request", event_request[i]}, {"turn", int(e.turn)}, {"seat", int(e.seat)},
                          {"kind", e.kind == GameEvent::Discard ? "discard" : "eliminated"}};
            if (e.kind == GameEvent::Discard) event["tile"] = int(e.tile);
            event["reason"] = e.reason;
            listed.push_back(event);
        }
        // Whether the game reached its end; a game stopped early (the table page's) says in which turn.
        j["finished"] = game.is_terminal();
        j["stopped_turn"] = game.is_terminal() ? Json() : Json(game.turn());
        j["final"] = final_json(game, events, event_request, result);
        return j;
    }

  private:
    // A request's `after`: the kingdoms and this turn's tiles once its answer is played.
    Json after_json(const Game& game, const match_detail::TurnTiles& tiles) const {
        using namespace match_detail;
        Json scores = Json::array();
        for (int p = 0; p < v_.players; ++p) scores.push_back(game.kingdom(p).score());
        return {{"grids", grids_json(game)}, {"windows", windows_json(game)}, {"scores", scores},
                {"placing", slots_json(tiles.placing)}, {"draft", slots_json(tiles.draft)}};
    }

    // The replay's opening, up to its requests: the game's setting, tiles and drafts.
    Json setting_json(const Game& game) const {
        Json tile_table = Json::array(), drafts = Json::array();
        for (int id = 1; id <= kTileCount; ++id) {
            const Tile& t = kTiles[id];
            tile_table.push_back(square_text(t.terrain1, t.crowns1) + square_text(t.terrain2, t.crowns2));
        }
        for (int d = 0; d < v_.turns - 1; ++d) {
            std::vector<int> ids;
            for (int i = 0; i < v_.draft_size; ++i) ids.push_back(game.deck_tile(d * v_.draft_size + i));
            std::sort(ids.begin(), ids.end());
            drafts.push_back(ids);
        }
        return {{"format", kReplayFormat}, {"variant", v_.name}, {"seed", cfg_.seed}, {"game", cfg_.index},
                {"rule", rule_name(cfg_.rule)}, {"time_scale", decimal(cfg_.time_scale)},
                {"no_timeout", cfg_.no_timeout}, {"strict_put", cfg_.strict_put}, {"grid_size", v_.side},
                {"extent", v_.extent}, {"castle", {v_.side / 2, v_.side / 2}}, {"players", v_.players},
                {"draft_size", v_.draft_size}, {"turns", v_.turns}, {"bots", cfg_.commands},
                {"tile_table", tile_table}, {"drafts", drafts}};
    }

    // The replay's end: grids, windows, scores and ranks, and each seat's elimination.
    Json final_json(const Game& game, const std::vector<GameEvent>& events, const std::vector<int>& event_request,
                    const Result& r) const {
        using namespace match_detail;
        const int n = v_.players;
        Json out = {{"grids", grids_json(game)}, {"windows", windows_json(game)}, {"scores", seat_values(r.score, n)},
                    {"adjusted", seat_values(r.adjusted, n)}, {"territory", seat_values(r.territory, n)},
                    {"crowns", seat_values(r.crowns, n)}, {"ranks", seat_values(r.rank, n)}};
        Json& eliminated = out["eliminated"] = Json::array();
        for (int p = 0; p < n; ++p) {
            Json seat = nullptr;
            for (size_t i = 0; i < events.size() && seat.is_null(); ++i)
                if (events[i].kind == GameEvent::Eliminated && events[i].seat == p)
                    seat = {{"reason", events[i].reason}, {"after_request", event_request[i]}};
            eliminated.push_back(seat);
        }
        return out;
    }

    const MatchConfig& cfg_;
    const Variant& v_;
    Json requests_ = Json::array();  // the replay's requests, written as they happen
};

}  // namespace kd
