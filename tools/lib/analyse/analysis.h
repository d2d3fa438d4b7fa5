// The decision searched again: the requests read by the bot's own loop
// (src/play.h, play), the last one searched by the bot's own Search with the
// bot's options, the answer made safe as the bot sends it; and whether that
// answer is the one the replay recorded.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "args.h"
#include "json.h"
#include "play.h"
#include "search.h"
#include "state_text.h"

namespace kd {
namespace analysis {

// A search of the last request of a player's input, and what the bot sent.
struct Analysis {
    Request request{Game(kTwoPlayers, Rule::Match)};
    SearchReport report;
    Answer sent;  // the search's answer made safe (make_safe), as the bot sends it
    double budget_ms = 0;
    int requests = 0;  // requests read: the analysed one and those before it
    std::vector<std::string> warnings;
};

// An earlier request of the player decided as the bot decided it, where the
// bot's later decisions learn from its earlier ones (Search::learns_replies:
// what they taught it of the others' picks, 3p and 4p by default): under its
// budget, or the bot's fixed number of playouts, which alone repeats the bot's
// answers exactly. Elsewhere nothing to do.
inline void decide_earlier(Search& searcher, const TimeControl& time, const Request& request) {
    if (searcher.learns_replies(request.game.variant()))
        searcher.decide(request, time.budget(Clock::now(), request.index == 0));
}

// Reads every request of `text` through the bot's own loop (src/play.h, play):
// out.request is the last one, out.warnings what the bot wrote while reading
// them; each earlier one decided as the bot did (decide_earlier).
inline bool read_requests(const std::string& text, const PlayerOptions& po, Search& searcher, Analysis& out,
                          std::string& error) {
    std::istringstream in(text);
    std::stringstream answers, log;
    // A request is known not to be the last when the next one comes: decided then; the last one is left for the analysis.
    auto keep = [&](const Request& request, const TimeBudget&) {
        if (out.requests++ > 0) decide_earlier(searcher, po.time, out.request);
        out.request = request;
        return Answer();
    };
    const bool ended_early = play(in, answers, log, po, keep, [](const Request&, const Answer&) {}) != 0;
    for (std::string line; std::getline(log, line);)
        if (line.rfind("warning: ", 0) == 0) out.warnings.push_back(line.substr(9));
    if (ended_early) return error = "the last request's text ends early: the bot answered it without searching", false;
    if (out.requests == 0) return error = "no request in the input", false;
    return true;
}

// out.request searched by the bot's Search under its budget (or its fixed
// playouts), and the answer made safe as the bot sends it.
inline bool search_request(const PlayerOptions& po, Search& searcher, Analysis& out, std::string& error) {
    const TimeBudget budget = po.time.budget(Clock::now(), out.request.index == 0);
    out.budget_ms = budget.budget_ms();
    out.report = searcher.decide(out.request, budget);
    if (!*out.report.mode) return error = "nothing to decide: the game is over or it is not this player's turn", false;
    out.sent = out.report.answer;
    make_safe(out.request.game, po.rule, out.sent);
    return true;
}

// The request analysed (--position's state text, or the last request of
// `text`; with --index, under that Request::index) searched by the bot's
// Search with the bot's options, and the answer the bot would send.
inline bool analyse(const Args& a, const std::string& text, const PlayerOptions& po, Analysis& out, std::string& error) {
    std::vector<std::string> unknown;
    Search searcher(search_options_for(po.seed, po.playouts, po.settings, unknown));
    for (const std::string& setting : unknown) out.warnings.push_back("unknown setting '" + setting + "'");
    if (!a.position.empty()) {
        if (!deserialize(text, out.request, error)) return error = a.position + ": " + error, false;
        out.requests = 1;
    } else if (!read_requests(text, po, searcher, out, error)) {
        return false;
    }
    if (a.index >= 0) out.request.index = int(a.index);
    return search_request(po, searcher, out, error);
}

// Whether the replay's answer is the one sent here. No PUT on either side is
// the same: the first turn, or a tile that fits nowhere ("PUT 0 0 0" then).
inline bool same_as_recorded(const Json& rec, const Game& g, const Answer& sent) {
    const Json& put = at(rec, "/put");
    const bool put_same = g.first_turn() || !sent.put.valid()
                              ? put.is_null() || string_at(rec, "/put_result") == "no_legal_spot"
                              : !put.is_null() && integer_at(put, "/x") == sent.put.x &&
                                    integer_at(put, "/y") == sent.put.y && integer_at(put, "/rotation") == sent.put.rotation;
    const bool pick_same = sent.pick < 0 ? at(rec, "/pick").is_null() : integer_at(rec, "/pick") == sent.pick;
    return put_same && pick_same && at(rec, "/error").is_null();
}

}  // namespace analysis
}  // namespace kd
