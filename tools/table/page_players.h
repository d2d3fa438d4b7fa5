// The players of the table page, run in its worker: a seat's whole input so
// far (its requests, as the referee sent them) and the answer to the last
// request. Our bot is the bot's own PlayerMemory, Search and make_safe, kept
// per seat across the game (seat_bot.h), its options read as the bot reads
// its command line; it also gives a person's hint with every candidate.
// Greedy and random are the baselines' decisions in play(), the loop their
// programs run (tools/baselines/).
#pragma once

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "greedy.h"
#include "json.h"
#include "position.h"
#include "random_answer.h"
#include "seat_bot.h"

namespace kd {

// The PICK message and the note of our bot's answer, in a player's words:
// its chances, and what it searched.
inline void bot_words(const SearchReport& r, double ms, std::string& message, std::string& note) {
    char text[200];
    const std::string moves = std::to_string(r.candidates) + (r.candidates == 1 ? " move" : " moves");
    if (std::string(r.mode) == "mc") {
        snprintf(text, sizeof text, "%.0f%% to win, I think", 100 * r.win);
        message = text;
        snprintf(text, sizeof text, "It weighed %s, playing %ld games to the end from them in %.0f ms; "
                 "its move came first in %.0f%% of its games.", moves.c_str(), r.playouts, ms, 100 * r.win);
    } else if (std::string(r.mode) == "exact") {
        snprintf(text, sizeof text, "%.0f points, solved", r.value);
        message = text;
        snprintf(text, sizeof text, "It solved the rest of the game exactly in %.0f ms (%ld positions): "
                 "%.0f points at best for its kingdom.", ms, r.nodes, r.value);
    } else {
        message = "my only move";
        snprintf(text, sizeof text, "It had only one move (%.0f ms).", ms);
    }
    note = text;
}

inline std::string error_json(const std::string& error) {
    return json_text({{"error", error}});
}

// Our bot's answer to the last request of `inputs` (its options `words`), by
// the seat's bot of `bots` under `key`: {"output", "note", "analysis", "ms"},
// ms the answer's own time (the requests read before it not counted).
inline std::string bot_answer(SeatBots& bots, const std::string& key, const std::vector<std::string>& words,
                              const std::string& inputs) {
    const BotAnswer bot = bots.answer(key, words, inputs);
    if (!bot.error.empty()) return error_json(bot.error);
    std::string message, note;
    bot_words(bot.analysis.report, bot.ms, message, note);
    return json_text({{"output", answer_text(bot.analysis.sent.put, bot.analysis.sent.pick, message)}, {"note", note},
                      {"analysis", bot.report_json()}, {"ms", bot.ms}});
}

// A baseline's answer to the last request of `inputs`: `decide` plays every
// request of the seat in turn through play(), as its program does.
template <typename Decide>
std::string baseline_answer(const std::vector<std::string>& words, const std::string& inputs, Decide&& decide) {
    const PlayerOptions options = parse_player_words(words);
    std::istringstream in(inputs);
    std::ostringstream out, log;
    std::string answer;
    play(in, out, log, options, [&](const Request& r, const TimeBudget&) { return decide(r, options); },
         [&](const Request&, const Answer& a) { answer = answer_text(a.put, a.pick, a.message); });
    return json_text({{"output", answer}, {"note", ""}, {"analysis", nullptr}});
}

// The answer of the player `command` ("bot --time-ms 100 --seed 7", "greedy",
// "random --seed 3") to the last of its requests `inputs`, as JSON; our bot
// is the one of `bots` under `key` (the seat).
inline std::string player_answer(SeatBots& bots, const std::string& key, const std::string& command,
                                 const std::string& inputs) {
    const std::vector<std::string> words = analysis::command_words(command);
    const std::string name = words.empty() ? "" : words[0];
    if (name == "bot") return bot_answer(bots, key, std::vector<std::string>(words.begin() + 1, words.end()), inputs);
    if (name == "greedy")
        return baseline_answer(words, inputs, [](const Request& r, const PlayerOptions&) {
            const GreedyChoice c = full_greedy(r.game);
            return Answer{c.put, c.pick, "", ""};
        });
    if (name == "random") {
        Rng rng(0);
        bool seeded = false;
        return baseline_answer(words, inputs, [&](const Request& r, const PlayerOptions& o) {
            if (!seeded) rng = Rng(o.seed), seeded = true;
            return random_answer(r, rng);
        });
    }
    return error_json("no player '" + command + "' in the page");
}

}  // namespace kd
