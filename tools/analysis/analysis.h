// The decision searched again: the requests read as the bot's loop reads
// them (src/play.h), the last one searched by the bot's own Search with the
// bot's options, the answer made safe as the bot sends it; and whether that
// answer is the one the replay recorded.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "args.h"
#include "json.h"
#include "play.h"
#include "position.h"
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

// The search of out.request as the bot makes it (by `search`, which has
// decided the player's earlier requests), and the answer it would send.
inline bool search(Search& search, const PlayerOptions& po, const TimeBudget& budget, Analysis& out,
                   std::string& error) {
    out.budget_ms = budget.budget_ms();
    out.report = search.decide(out.request, budget);
    if (!*out.report.mode) return error = "nothing to decide: the game is over or it is not this player's turn", false;
    out.sent = out.report.answer;
    make_safe(out.request.game, po.rule, out.sent);
    return true;
}

// The bot's Search for options po, the settings it does not know in out.warnings.
inline Search bot_search(const PlayerOptions& po, Analysis& out) {
    std::vector<std::string> unknown;
    Search search(search_options_for(po.seed, po.playouts, po.settings, unknown));
    for (const std::string& setting : unknown) out.warnings.push_back("unknown setting '" + setting + "'");
    return search;
}

// Reads every request of `text` as the bot's loop does (src/play.h, play),
// each under its time budget, and searches the last one as the bot did. Where
// the bot's decisions learn from the game's earlier ones (Search::learns_replies:
// 3p and 4p by default), it decides each earlier complete request first, as the
// bot did: the same answers then with a fixed number of playouts, not by time.
inline bool analyse(const std::string& text, const PlayerOptions& po, long index, Analysis& out, std::string& error) {
    std::istringstream in(text);
    PlayerMemory memory;
    Search searcher = bot_search(po, out);
    std::string first;
    bool complete = false, earlier = false;
    TimeBudget budget(Clock::now(), 0);
    while (std::getline(in, first)) {
        if (earlier) searcher.decide(out.request, budget);
        budget = po.time.budget(Clock::now(), (index >= 0 ? index : memory.requests_read()) == 0);
        out.request = memory.read(first, in, reading_rule(po.rule), complete, out.warnings);
        earlier = complete && searcher.learns_replies(out.request.game.variant());
    }
    out.requests = memory.requests_read();
    if (out.requests == 0) return error = "no request in the input", false;
    if (!complete) return error = "the last request's text ends early: the bot answered it without searching", false;
    if (index >= 0) out.request.index = int(index);
    return search(searcher, po, budget, out, error);
}

// The request of --position, searched as it stands (with --index, under that Request::index).
inline bool analyse_position(const Args& a, const std::string& text, const PlayerOptions& po, Analysis& out,
                             std::string& error) {
    if (!deserialize(text, out.request, error)) return error = a.position + ": " + error, false;
    if (a.index >= 0) out.request.index = int(a.index);
    out.requests = 1;
    Search searcher = bot_search(po, out);
    return search(searcher, po, po.time.budget(Clock::now(), out.request.index == 0), out, error);
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
