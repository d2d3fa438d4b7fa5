// The review of a person's answers once the game is over (the table page's
// "Learn from the game"), one request at a time, in the page's worker: our
// bot's answer to the same request, searched as for a hint, and both answers
// valued by the bot's playouts on the same deals, so that their difference is
// what the person's answer cost by the bot's own values, the luck of the deal
// left out.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "json.h"
#include "json_report.h"
#include "page_players.h"
#include "policy.h"
#include "search.h"

namespace kd {

// An answer's worth by the bot's playouts: its mean value (my share of the two
// leaders' points, as the search values a candidate) and its share of first places.
struct AnswerWorth {
    double value = 0, first = 0;
};

// `answer` played at `request`, then `deals` playouts by the policy, deal d of
// the unseen tiles drawn from seed + d: every answer valued with the same seed
// meets the same deals.
inline AnswerWorth answer_worth(const Request& request, const Answer& answer, const PolicyWeights& weights, int deals,
                                uint64_t seed) {
    AnswerWorth worth;
    for (int d = 0; d < deals; ++d) {
        Game g = request.game;
        g.apply(answer.put, answer.pick);
        Rng rng(seed + uint64_t(d));
        resample_draws(g, request.unseen, request.n_unseen, request.game.drawn_count(), rng);
        playout(g, rng, weights);
        double first = 0;
        worth.value += playout_outcome(g, &first);
        worth.first += first;
    }
    worth.value /= deals, worth.first /= deals;
    return worth;
}

// Whether the request of g places a tile (not the first turn, nor a tile that
// fits nowhere); whether two answers to it do the same: the placement counts
// only where a tile is placed, the pick where there is a draft.
inline bool tile_placed(const Game& g) {
    return !g.first_turn() && g.kingdom(0).has_legal_placement(kTiles[g.current_tile()], g.rule());
}
inline bool same_answer(const Game& g, const Answer& a, const Answer& b) {
    return (!tile_placed(g) || a.put == b.put) && (g.last_turn() || a.pick == b.pick);
}

// The review of `person`, the answer a person sent to the last request of
// `inputs` (their seat's requests so far): our bot's answer there (its options
// the words after "bot"; the bot of `bots` under `key`, which reviews the
// seat's moves in order) and the worth of each on `deals` deals, as JSON:
// {"bot": {"put", "pick"}, "mode", "same", "bot_value", "bot_first", "person_value", "person_first"}.
inline std::string review_answer(SeatBots& bots, const std::string& key, const std::vector<std::string>& options,
                                 const std::string& inputs, const Answer& person, int deals) {
    const BotAnswer bot = bots.answer(key, options, inputs);
    if (!bot.error.empty()) return error_json(bot.error);
    const Request& request = bot.analysis.request;
    const Game& g = request.game;
    const Answer& mine = bot.analysis.sent;
    std::vector<std::string> unknown;
    const PolicyWeights weights =
        search_options_for(bot.options.seed, 0, bot.options.settings, unknown).for_variant(g.variant()).weights;
    const bool same = same_answer(g, mine, person);
    const bool placed = tile_placed(g);
    const AnswerWorth theirs = answer_worth(request, person, weights, deals, bot.options.seed);
    const AnswerWorth ours = same ? theirs : answer_worth(request, mine, weights, deals, bot.options.seed);
    Json reply = {{"bot", Json::object()}};
    analysis::add_answer(reply["bot"], g, placed ? mine.put : Placement{}, mine.pick);  // a tile that fits nowhere is discarded
    reply["mode"] = bot.analysis.report.mode, reply["same"] = same;
    reply["bot_value"] = decimal(ours.value, 4), reply["bot_first"] = decimal(ours.first, 4);
    reply["person_value"] = decimal(theirs.value, 4), reply["person_first"] = decimal(theirs.first, 4);
    return json_text(reply);
}

}  // namespace kd
