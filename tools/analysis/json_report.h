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

inline void answer_json(JsonWriter& w, const Game& g, const Placement& put, int pick) {
    w.key("put");
    if (g.first_turn() || !put.valid()) w.null();
    else w.begin_object().field("x", int(put.x)).field("y", int(put.y)).field("rotation", int(put.rotation)).end_object();
    w.key("pick");
    if (pick < 0) w.null();
    else w.value(pick);
}

inline std::string report_json(const Args& a, const Source& s, const PlayerOptions& po, const Analysis& an,
                        const std::vector<std::string>& notes) {
    const Game& g = an.request.game;
    const SearchReport& r = an.report;
    JsonWriter w;
    w.begin_object().key("replay");
    if (s.seat >= 0) w.value(a.replay).field("request", a.request).field("seat", s.seat).field("command", s.command);
    else w.null().key("request").null().key("seat").null().key("command").null();
    w.field("requests_read", an.requests).field("index", an.request.index).field("turn", g.turn());
    w.field("turns", g.variant().turns).field("variant", g.variant().name).key("seed").raw(std::to_string(po.seed));
    w.key("playouts_limit");
    if (po.playouts > 0) w.value(po.playouts);
    else w.null();
    w.key("budget_ms");
    if (po.playouts > 0) w.null();
    else w.value(an.budget_ms, 1);
    w.field("rule", rule_mode_name(po.rule)).key("settings").begin_array();
    for (const std::string& setting : po.settings) w.value(setting);
    w.end_array().field("mode", r.mode).field("playouts", r.playouts).field("nodes", r.nodes);
    w.field("candidates_count", r.candidates).field("value", r.value, 4).field("first", r.win, 4);
    w.key("chosen").begin_object();
    answer_json(w, g, an.sent.put, an.sent.pick);
    w.end_object().key("search_answer").begin_object();  // before make_safe
    answer_json(w, g, r.answer.put, r.answer.pick);
    w.end_object().key("candidates").begin_array();
    for (const CandidateReport& c : r.ranked) {
        w.begin_object();
        answer_json(w, g, c.put, c.pick);
        w.field("playouts", c.playouts).field("value", c.value, 4).field("first", c.first, 4).end_object();
    }
    w.end_array().key("same_as_recorded");
    if (s.recorded) w.value(same_as_recorded(*s.recorded, g, an.sent));
    else w.null();
    w.key("notes").begin_array();
    for (const std::string& note : notes) w.value(note);
    w.end_array().key("warnings").begin_array();
    for (const std::string& warning : an.warnings) w.value(warning);
    return w.end_array().end_object().str() + "\n";
}

}  // namespace analysis
}  // namespace kd
