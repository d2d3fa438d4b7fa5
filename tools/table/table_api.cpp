// The table page's engine: src/ and the referee's path compiled to
// WebAssembly by Debian's em++ (tests/table/CMakeLists.txt), called from
// JavaScript with strings in and JSON out. The page's own thread holds the
// game (table_*: table.h); its workers run the players (player_answer:
// page_players.h), the review of a finished game (review_answer: review.h)
// and tools/bench/bench.cpp's main, linked in, for the bench signature and the
// playouts a second in the page.
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "check_replay.h"
#include "page_players.h"
#include "review.h"
#include "table.h"

#ifdef __EMSCRIPTEN__
#include <emscripten/emscripten.h>
#define KD_EXPORT extern "C" EMSCRIPTEN_KEEPALIVE
#else
#define KD_EXPORT extern "C"
#endif

namespace {

std::unique_ptr<kd::Table> table;
kd::SeatBots bots;   // a worker's bots, one per seat, kept across the game (seat_bot.h)
std::string result;  // the text the last call returns: JavaScript copies it at once

const char* give(std::string text) {
    result = std::move(text);
    return result.c_str();
}

// The options of our bot's `command` (the words after "bot"); false when it is not our bot.
bool our_bot(const std::string& command, std::vector<std::string>& options) {
    const std::vector<std::string> words = kd::analysis::command_words(command);
    if (words.empty() || words[0] != "bot") return false;
    options.assign(words.begin() + 1, words.end());
    return true;
}

}  // namespace

// A new game: its variant, rule and seed, and one command per seat, a line each. Returns its state or {"error"}.
KD_EXPORT const char* table_open(const char* variant, const char* rule, const char* seed, const char* commands) {
    std::vector<std::string> seats;
    std::istringstream lines(commands);
    for (std::string line; std::getline(lines, line);) seats.push_back(line);
    std::string error;
    std::unique_ptr<kd::Table> opened = kd::Table::open(variant, rule, seed, seats, error);
    if (!opened) return give(kd::error_json(error));
    table = std::move(opened);
    return give(table->state());
}

// The game now (Table::state).
KD_EXPORT const char* table_state() { return table ? give(table->state()) : give(kd::error_json("no game")); }

// Whether the acting seat's tile may go at (x, y) with `rotation`, and if not why.
KD_EXPORT const char* table_check(int x, int y, int rotation) {
    if (!table) return give(kd::error_json("no game"));
    return give(table->check(kd::Placement{int8_t(x), int8_t(y), int8_t(rotation)}));
}

// The acting seat's answer (its two lines), its time and note, played as the referee plays it. Returns the state.
KD_EXPORT const char* table_answer(const char* output, double ms, const char* note) {
    if (!table || table->game().is_terminal()) return give(kd::error_json("no game in progress"));
    table->answer(output, ms, note);
    return give(table->state());
}

// A replay file checked as referee --check-replay checks it: {"ok", "error", "finished", "scores", "adjusted", "ranks"}.
KD_EXPORT const char* table_check_replay(const char* text) {
    const kd::ReplayCheck c = kd::check_replay(text);
    const int n = c.result.players;
    return give(kd::json_text({{"ok", c.error.empty()}, {"error", c.error}, {"finished", c.finished},
                               {"scores", kd::seat_values(c.result.score, n)},
                               {"adjusted", kd::seat_values(c.result.adjusted, n)},
                               {"ranks", kd::seat_values(c.result.rank, n)}}));
}

// The answer of the player `command` in seat `key` to the last request of `inputs` (page_players.h).
KD_EXPORT const char* player_answer(const char* key, const char* command, const char* inputs) {
    return give(kd::player_answer(bots, key, command, inputs));
}

// Our bot (`command`: "bot --time-ms ...") in seat `key` reads `inputs`, the
// seat's requests before the one in play, and learns from them as it would
// have answered them: a hint there then searches its own request only. {"requests"} or {"error"}.
KD_EXPORT const char* bot_learn(const char* key, const char* command, const char* inputs) {
    std::vector<std::string> options;
    if (!our_bot(command, options)) return give(kd::error_json(std::string("no bot in '") + command + "'"));
    const kd::BotAnswer read = bots.answer(key, options, inputs, false);
    return give(read.error.empty() ? kd::json_text({{"requests", read.analysis.requests}}) : kd::error_json(read.error));
}

// The review of the answer a person sent (PUT x y rotation, rotation -1: none;
// PICK pick, -1: none) to the last request of `inputs`: our bot's answer
// (`command`: "bot --time-ms ...", in seat `key`) and both valued on `deals` deals (review.h).
KD_EXPORT const char* review_answer(const char* key, const char* command, const char* inputs, int x, int y,
                                    int rotation, int pick, int deals) {
    std::vector<std::string> options;
    if (!our_bot(command, options))
        return give(kd::error_json(std::string("the review needs our bot, not '") + command + "'"));
    kd::Answer person;
    if (rotation >= 0) person.put = kd::Placement{int8_t(x), int8_t(y), int8_t(rotation)};
    person.pick = pick;
    return give(kd::review_answer(bots, key, options, inputs, person, deals));
}
