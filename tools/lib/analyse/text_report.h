// The analysis as text (tools/analyse without --json): where the position
// comes from and the search's settings, the kingdoms side by side, the
// turn's tiles, the mode and every candidate, the chosen answer and the
// replay's.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "analysis.h"
#include "args.h"
#include "json.h"
#include "position.h"
#include "referee_protocol.h"
#include "search.h"
#include "show.h"

namespace kd {
namespace analysis {

// Who player p (relative to the one deciding, 0) is.
inline std::string who(const Source& s, const Game& g, int p) {
    if (p < 0) return "nobody";
    if (s.seat < 0) return p == 0 ? "me" : "player +" + std::to_string(p);
    return "seat " + std::to_string((s.seat + p) % g.players());
}

inline std::string tile_text(int id) {
    return "#" + std::to_string(id) + (valid_tile_id(id) ? " " + tile_squares_text(id) : "");
}

// The lines showing a kingdom: the area it may still use (where any PUT
// lands), with x across and y down, under a caption.
inline std::vector<std::string> kingdom_lines(const Kingdom& k, const std::string& caption, bool color) {
    const int x0 = k.window_first_column(), x1 = k.window_last_column();
    const int y0 = k.window_first_row(), y1 = k.window_last_row();
    std::vector<std::string> lines{caption, "   "};
    char number[16];
    for (int x = x0; x <= x1; ++x) snprintf(number, sizeof number, "%2d ", x), lines[1] += number;
    for (int y = y0; y <= y1; ++y) {
        snprintf(number, sizeof number, "%2d ", y);
        std::string row = number;
        for (int x = x0; x <= x1; ++x) row += show_square(k, x, y, color);
        lines.push_back(row);
    }
    return lines;
}

// Columns a line takes on a terminal: colour escapes take none.
inline size_t visible_width(const std::string& line) {
    size_t n = 0;
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\033')
            while (i < line.size() && line[i] != 'm') ++i;
        else
            ++n;
    }
    return n;
}

// Every kingdom, side by side as far as 120 columns allow.
inline std::string kingdoms_text(const Source& s, const Game& g, bool color) {
    const int width = 3 + 3 * (2 * g.variant().extent - 1) + 4;
    const int per_row = std::max(1, 120 / width);
    std::string out;
    for (int from = 0; from < g.players(); from += per_row) {
        std::vector<std::vector<std::string>> blocks;
        size_t height = 0;
        for (int p = from; p < std::min(g.players(), from + per_row); ++p) {
            const std::string caption = who(s, g, p) + (p == 0 ? " (deciding)" : "") + ": " +
                                        std::to_string(g.kingdom(p).score()) + " points" +
                                        (g.eliminated(p) ? " (out)" : "");
            blocks.push_back(kingdom_lines(g.kingdom(p), caption, color));
            height = std::max(height, blocks.back().size());
        }
        for (size_t row = 0; row < height; ++row) {
            std::string line;
            for (const auto& b : blocks) {
                const std::string cell = row < b.size() ? b[row] : "";
                line += cell + std::string(size_t(std::max(1, width - int(visible_width(cell)))), ' ');
            }
            out += line.substr(0, line.find_last_not_of(' ') + 1) + "\n";
        }
    }
    return out;
}

// The tiles of the turn: those to place (done, now, later) and the draft.
inline std::string tiles_text(const Source& s, const Request& r) {
    const Game& g = r.game;
    std::string out;
    if (!g.first_turn()) {
        out += "to place:";
        for (int i = 0; i < g.placing_count(); ++i) {
            const Slot& slot = g.placing(i);
            out += std::string(i ? "," : "") + " " + tile_text(slot.tile) + " (" + who(s, g, slot.owner) +
                   (i < g.step() ? ", done" : i == g.step() ? ", now" : "") + ")";
        }
        out += "\n";
    }
    if (g.draft_count() > 0) {
        out += "draft:   ";
        for (int i = 0; i < g.draft_count(); ++i) {
            const Slot& slot = g.draft(i);
            out += std::string(i ? "," : "") + " " + tile_text(slot.tile) +
                   (slot.owner < 0 ? " (free)" : " (" + who(s, g, slot.owner) + ")");
        }
        out += "\n";
    }
    return out + "unseen:   " + std::to_string(r.n_unseen) + " tiles not seen yet, the draws to come dealt from them\n";
}

inline std::string put_text(const Game& g, const Placement& p) {
    if (g.first_turn() || !p.valid()) return "-";
    return std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.rotation);
}
inline std::string pick_text(int pick) { return pick < 0 ? "-" : std::to_string(pick); }
inline std::string answer_line(const Game& g, const Answer& a) {
    return "PUT " + put_text(g, a.put) + ", PICK " + pick_text(a.pick);
}

// Where the position comes from, and the search's settings.
inline std::string header_text(const Args& a, const Source& s, const PlayerOptions& po, const Analysis& an) {
    const Request& r = an.request;
    std::string out;
    if (!a.position.empty())
        out += "position " + a.position + ", searched with Request::index " + std::to_string(r.index) + "\n";
    else if (s.seat >= 0)
        out += "request " + std::to_string(a.request) + " of " + a.replay + ": seat " + std::to_string(s.seat) +
               " (" + s.command + "), its request " + std::to_string(an.requests) + " (Request::index " +
               std::to_string(r.index) + ")\n";
    else
        out += "stdin: " + std::to_string(an.requests) + " request(s), the last one searched with Request::index " +
               std::to_string(r.index) + "; card counting sees only the drafts of these\n";
    out += "turn " + std::to_string(r.game.turn() + 1) + "/" + std::to_string(r.game.variant().turns) + " of a " +
           r.game.variant().name + " game, rule " + rule_name(r.game.rule()) + "\n";
    char budget[64];
    if (po.playouts > 0) snprintf(budget, sizeof budget, "%ld playouts", po.playouts);
    else snprintf(budget, sizeof budget, "by time, %.0f ms", an.budget_ms);
    std::string settings;
    for (const std::string& setting : po.settings) settings += " " + setting;
    out += "search: seed " + std::to_string(po.seed) + ", " + budget + ", rule " + rule_mode_name(po.rule) +
           ", settings:" + (settings.empty() ? " none" : settings) + "\n";
    return out;
}

inline std::string mode_text(const SearchReport& r) {
    char text[200];
    if (std::string(r.mode) == "mc")
        snprintf(text, sizeof text, "Monte Carlo: %ld playouts over %d candidates (sequential halving)", r.playouts,
                 r.candidates);
    else if (std::string(r.mode) == "forced")
        snprintf(text, sizeof text, "forced: a single candidate, nothing to search");
    else if (r.win < 0)
        snprintf(text, sizeof text, "exact: the last turn, best final score %.0f (my next tile's best spot counted)",
                 r.value);
    else
        snprintf(text, sizeof text, "exact: the endgame solver, %ld nodes: final score %.0f, first place %.0f%%",
                 r.nodes, r.value, 100 * r.win);
    return std::string("mode: ") + text + "\n";
}

// The candidates in the search's order, the chosen one first.
inline std::string candidates_text(const Game& g, const SearchReport& r) {
    if (r.ranked.empty()) return "";
    char line[160];
    snprintf(line, sizeof line, "  %3s  %-10s %5s %9s %8s %7s\n", "", "PUT x y r", "PICK", "playouts", "value", "first");
    std::string out = line;
    for (size_t i = 0; i < r.ranked.size(); ++i) {
        const CandidateReport& c = r.ranked[i];
        snprintf(line, sizeof line, "  %3zu  %-10s %5s %9ld %8.4f %6.1f%%%s\n", i + 1, put_text(g, c.put).c_str(),
                 pick_text(c.pick).c_str(), c.playouts, c.value, 100 * c.first, i == 0 ? "  chosen" : "");
        out += line;
    }
    // Why a weak-looking candidate can show a high mean: it was dropped early, on few deals.
    return out + "  (each round of the halving keeps the better half: few playouts mean dropped early, on few deals)\n";
}

// The replay's answer as "PUT x y r, PICK p" ("-" for none), with its error.
inline std::string recorded_text(const Json& rec) {
    const Json &put = at(rec, "/put"), &pick = at(rec, "/pick");
    std::string text = "PUT " + (put.is_null() ? std::string("-")
                                               : json_text(at(put, "/x")) + " " + json_text(at(put, "/y")) + " " +
                                                     json_text(at(put, "/rotation")));
    text += ", PICK " + (pick.is_null() ? std::string("-") : json_text(pick));
    if (!at(rec, "/error").is_null()) text += " (" + string_at(rec, "/error/kind") + ")";
    return text;
}

inline std::string report_text(const Args& a, const Source& s, const PlayerOptions& po, const Analysis& an,
                        const std::vector<std::string>& notes) {
    const Game& g = an.request.game;
    std::string out = header_text(a, s, po, an);
    for (const std::string& note : notes) out += "note: " + note + "\n";
    out += "\n" + kingdoms_text(s, g, isatty(1)) + tiles_text(s, an.request) + "\n" + mode_text(an.report) +
           candidates_text(g, an.report) + "chosen: " + answer_line(g, an.sent);
    if (!(an.sent.put == an.report.answer.put) || an.sent.pick != an.report.answer.pick)
        out += " (the search said " + answer_line(g, an.report.answer) + "; the bot's make_safe changed it)";
    out += "\n";
    if (s.recorded)
        out += "replay:  " + recorded_text(*s.recorded) +
               (same_as_recorded(*s.recorded, g, an.sent) ? " (the same)" : " (different)") + "\n";
    return out;
}

}  // namespace analysis
}  // namespace kd
