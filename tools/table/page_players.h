// The players of the table page, run in its worker: a seat's whole input so
// far (its requests, as the referee sent them) read by the players' own text
// path, and the answer to the last request. Our bot is tools/analyse's search
// (analysis.h: the bot's PlayerMemory, Search and make_safe, its options read
// as the bot reads its command line), which also gives a person's hint with
// every candidate; greedy and random are the baselines' decisions in play(),
// the loop their programs run (tools/baselines/).
#pragma once

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "analysis.h"
#include "greedy.h"
#include "json.h"
#include "json_report.h"
#include "position.h"
#include "random_answer.h"

namespace kd {

// The PICK message and the note of our bot's answer: its estimate, and the search's figures.
inline void bot_words(const SearchReport& r, double ms, std::string& message, std::string& note) {
    char text[160];
    if (r.playouts > 0) snprintf(text, sizeof text, "win %.0f%% (%ld sims)", 100 * r.win, r.playouts);
    else if (r.nodes > 0) snprintf(text, sizeof text, "solved: %.0f pts", r.value);
    else text[0] = 0;
    message = text;
    snprintf(text, sizeof text, "%s: %d candidates, %ld playouts, %ld nodes, value %.3f, first %.3f (%.0f ms)", r.mode,
             r.candidates, r.playouts, r.nodes, r.value, r.win, ms);
    note = text;
}

// Our bot's search of the last request of `inputs`, its options the words
// after "bot" in its command (tools/analyse's, as the bot reads them).
struct BotSearch {
    analysis::Args args;
    analysis::Source source;
    PlayerOptions options;
    analysis::Analysis analysis;
    std::vector<std::string> notes;
    std::string error;  // "" when it searched

    BotSearch(const std::vector<std::string>& words, const std::string& inputs) {
        source.bot_options = words;
        options = analysis::player_options(source, args, notes);
        analysis::analyse(args, inputs, options, analysis, error);
    }
    Json report_json() const { return analysis::report_json(args, source, options, analysis, notes); }
};

inline std::string error_json(const std::string& error) {
    return json_text({{"error", error}});
}

// Our bot's answer to the last request of `inputs` ({"output", "note", "analysis"}).
inline std::string bot_answer(const std::vector<std::string>& options, const std::string& inputs) {
    const Clock::time_point start = Clock::now();
    const BotSearch bot(options, inputs);
    if (!bot.error.empty()) return error_json(bot.error);
    std::string message, note;
    bot_words(bot.analysis.report, duration_to_ms(Clock::now() - start), message, note);
    return json_text({{"output", answer_text(bot.analysis.sent.put, bot.analysis.sent.pick, message)}, {"note", note},
                      {"analysis", bot.report_json()}});
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
// "random --seed 3") to the last of its requests `inputs`, as JSON.
inline std::string player_answer(const std::string& command, const std::string& inputs) {
    const std::vector<std::string> words = analysis::command_words(command);
    const std::string name = words.empty() ? "" : words[0];
    if (name == "bot") return bot_answer(std::vector<std::string>(words.begin() + 1, words.end()), inputs);
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
