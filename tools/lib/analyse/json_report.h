// The analysis as one JSON object (tools/analyse --json): the same as the
// text report, for scripts.
#pragma once

#include <string>
#include <vector>

#include "analysis.h"
#include "args.h"
#include "json.h"
#include "position.h"

namespace kd {
namespace analysis {

// The answer's "put" and "pick" (null where there is none) added to `j`.
inline void add_answer(Json& j, const Game& g, const Placement& put, int pick) {
    j["put"] = nullptr;
    if (!g.first_turn() && put.valid()) j["put"] = {{"x", int(put.x)}, {"y", int(put.y)}, {"rotation", int(put.rotation)}};
    j["pick"] = pick < 0 ? Json(nullptr) : Json(pick);
}

inline Json report_json(const Args& a, const Source& s, const PlayerOptions& po, const Analysis& an,
                        const std::vector<std::string>& notes) {
    const Game& g = an.request.game;
    const SearchReport& r = an.report;
    const bool replay = s.seat >= 0;
    Json j = {{"replay", replay ? Json(a.replay) : Json()}, {"request", replay ? Json(a.request) : Json()},
              {"seat", replay ? Json(s.seat) : Json()}, {"command", replay ? Json(s.command) : Json()},
              {"requests_read", an.requests}, {"index", an.request.index}, {"turn", g.turn()},
              {"turns", g.variant().turns}, {"variant", g.variant().name}, {"seed", po.seed},
              {"playouts_limit", po.playouts > 0 ? Json(po.playouts) : Json()},
              {"budget_ms", po.playouts > 0 ? Json() : decimal(an.budget_ms, 1)}, {"rule", rule_mode_name(po.rule)},
              {"settings", po.settings}, {"mode", r.mode}, {"playouts", r.playouts}, {"nodes", r.nodes},
              {"candidates_count", r.candidates}, {"value", decimal(r.value, 4)}, {"first", decimal(r.win, 4)}};
    add_answer(j["chosen"] = Json::object(), g, an.sent.put, an.sent.pick);
    add_answer(j["search_answer"] = Json::object(), g, r.answer.put, r.answer.pick);  // before make_safe
    Json& candidates = j["candidates"] = Json::array();
    for (const CandidateReport& c : r.ranked) {
        Json candidate = Json::object();
        add_answer(candidate, g, c.put, c.pick);
        candidate["playouts"] = c.playouts, candidate["value"] = decimal(c.value, 4), candidate["first"] = decimal(c.first, 4);
        candidates.push_back(candidate);
    }
    j["same_as_recorded"] = s.recorded ? Json(same_as_recorded(*s.recorded, g, an.sent)) : Json();
    j["notes"] = notes;
    j["warnings"] = an.warnings;
    return j;
}

}  // namespace analysis
}  // namespace kd
