// A game at the table page: the referee's own path (RefereedGame) with the
// answers coming from the page, a person's clicks and the players in its
// worker (page_players.h). The page asks it, as JSON, whose turn it is, where the
// tile may go and why not elsewhere (placement_reason.h), and the replay so
// far, which the viewer's modules draw; no rule is written again in JavaScript.
#pragma once

#include <charconv>
#include <memory>
#include <string>
#include <vector>

#include "check_replay.h"
#include "json.h"
#include "placement_reason.h"
#include "refereed_game.h"
#include "referee_limits.h"

namespace kd {

// A seed as a person types it: a decimal whole number that fits 64 bits.
inline bool parse_seed(const std::string& text, uint64_t& seed) {
    const char* end = text.data() + text.size();
    const std::from_chars_result read = std::from_chars(text.data(), end, seed);
    return read.ec == std::errc() && read.ptr == end;
}

class Table {
  public:
    // A new game of `variant` under `rule`, dealt by `seed`, one command per seat
    // ("human", "bot --time-ms 100 --seed 7", "greedy", "random --seed 3": the replay's `bots`).
    static std::unique_ptr<Table> open(const std::string& variant, const std::string& rule, const std::string& seed,
                                       const std::vector<std::string>& commands, std::string& error) {
        MatchConfig cfg;
        cfg.variant = variant_by_name(variant);
        if (!cfg.variant) return error = "variant '" + variant + "' is none of 2p, 3p, 4p, duel", nullptr;
        if (!rule_by_name(rule, cfg.rule)) return error = "rule '" + rule + "' is neither match nor adjacent", nullptr;
        if (!parse_seed(seed, cfg.seed))
            return error = "the seed '" + seed + "' is not a number: give a whole number from 0 to " +
                           "18446744073709551615, or none for a random deal", nullptr;
        if (commands.size() != size_t(cfg.variant->players))
            return error = "a " + variant + " game has " + std::to_string(cfg.variant->players) + " seats, not " +
                           std::to_string(commands.size()), nullptr;
        cfg.commands = commands;
        cfg.no_timeout = true;  // a person takes the time it takes; the bots keep to their own budgets
        cfg.record_replay = true;
        return std::unique_ptr<Table>(new Table(std::move(cfg)));
    }

    const Game& game() const { return book_.game(); }

    // The acting seat's answer, its two lines as a player writes them, played
    // as the referee plays it; `ms` its time, `note` what the player noted.
    void answer(const std::string& output, double ms, const std::string& note) {
        match_detail::Exchange ex;
        ex.input = book_.input();
        ex.raw = output;
        replay_check::split_answer(output, ex.put_line, ex.pick_line);
        ex.limit_ms = limits::kNoTimeoutCapMs;
        ex.answer_ms = ms;
        const match_detail::Verdict v = book_.answer(ex, [](match_detail::Fault) {});
        book_.record(ex, v, note);
    }

    // Where the acting seat's tile may go, as JSON: {"legal": true}, or false and the rules' reason.
    std::string check(Placement p) const {
        const Game& g = game();
        if (g.is_terminal() || g.first_turn()) return json_text({{"legal", false}, {"reason", "nothing to place"}});
        const char* why = placement_problem(g.kingdom(g.current_player()), kTiles[g.current_tile()], g.rule(), p);
        Json j = {{"legal", why == nullptr}};
        if (why) j["reason"] = why;
        return json_text(j);
    }

    // The game now, as JSON: who acts, on which tile, its legal placements, the
    // free picks, this turn's tiles and draft with their owners, the text of
    // the acting seat's request, and the replay so far.
    std::string state() const {
        const Game& g = game();
        Json placements = Json::array(), picks = Json::array();
        PlacementList spots;
        const int n = g.legal_placements(spots);
        for (int i = 0; i < n; ++i) placements.push_back({int(spots[i].x), int(spots[i].y), int(spots[i].rotation)});
        g.for_each_free_pick([&](int, int tile) { picks.push_back(tile); });
        const match_detail::TurnTiles tiles(g);
        Json j = {{"over", g.is_terminal()}, {"seat", g.current_player()}, {"turn", g.turn()},
                  {"turns", g.variant().turns}, {"tile", g.current_tile()}, {"rule", rule_name(g.rule())},
                  {"placements", placements}, {"picks", picks}, {"step", g.step()},
                  {"placing", match_detail::slots_json(tiles.placing)}, {"draft", match_detail::slots_json(tiles.draft)},
                  {"input", g.is_terminal() ? "" : book_.input()}, {"replay", book_.replay()}};
        return json_text(j);
    }

  private:
    explicit Table(MatchConfig cfg) : cfg_(std::move(cfg)), book_(cfg_) {}

    const MatchConfig cfg_;  // before book_, which keeps a reference to it
    RefereedGame book_;
};

}  // namespace kd
