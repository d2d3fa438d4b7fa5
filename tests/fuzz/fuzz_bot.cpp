// Fuzz target: any bytes, read as one game's stream of requests by the bot's
// own loop (kd::play: PlayerMemory, RequestReader, Tracker), decided by the
// real search at a fixed playout count (deterministic), made safe as the bot
// does. After every request the text written must be one answer of two
// well-formed lines whose PUT is legal in the game the bot rebuilt whenever a
// legal placement exists, and whose PICK is a free tile whenever one is; and
// the game it rebuilt must read back from its state text (src/state_text.h).
// Anything else aborts, which libFuzzer reports as a crash with its input.
//
// tools/fuzz builds it with libFuzzer; replay_main.cpp runs saved inputs
// through the same function without libFuzzer (ctest: fuzz_regressions).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "player.h"
#include "search.h"
#include "state_text.h"

namespace {

constexpr long kPlayouts = 50;  // per answer: enough for every phase of the search, fast and reproducible
constexpr size_t kMaxLine = 4096;

// Aborts with the answer, and the game the bot rebuilt as a state text: a
// test reproduces the decision from it (deserialize, src/state_text.h)
// without replaying the whole input.
[[noreturn]] void fail(const std::string& what, const std::string& text, const kd::Game& game) {
    std::fprintf(stderr, "fuzz_bot: bad answer: %s\n--- answer text ---\n%s\n--- the game the bot rebuilt ---\n%s"
                 "-------------------\n", what.c_str(), text.c_str(), kd::serialize(game).c_str());
    std::abort();
}

// "WORD n n ..." with single spaces, nothing before or after: what answer_text writes.
bool strict_words(const std::string& line, const char* keyword, size_t numbers) {
    std::istringstream words(line);
    std::string w;
    if (!(words >> w) || w != keyword) return false;
    for (size_t i = 0; i < numbers; ++i) {
        if (!(words >> w)) return false;
        size_t digits = w[0] == '-';
        if (w.size() == digits) return false;
        for (size_t j = digits; j < w.size(); ++j)
            if (w[j] < '0' || w[j] > '9') return false;
    }
    return line.front() != ' ' && line.back() != ' ' && line.find("  ") == std::string::npos;
}

// The text of one answer, against the game the bot believed in and the answer it meant.
void check_answer(const kd::Request& request, const kd::Answer& answer, const std::string& text, kd::RuleMode mode) {
    const kd::Game& g = request.game;
    const size_t end1 = text.find('\n');
    if (end1 == std::string::npos || text.empty() || text.back() != '\n' || text.find('\n', end1 + 1) != text.size() - 1)
        fail("not exactly two lines, each ended by a newline", text, g);
    const std::string put_line = text.substr(0, end1), pick_line = text.substr(end1 + 1, text.size() - end1 - 2);
    for (char c : text)
        if (c != '\n' && (c < 0x20 || c > 0x7e)) fail("a character that is not printable ASCII", text, g);
    if (put_line.size() > kMaxLine || pick_line.size() > kMaxLine) fail("a line over 4096 characters", text, g);

    kd::Placement put;
    int pick;
    std::string message, error;
    if (!kd::parse_put(put_line, put, error)) fail("PUT: " + error, text, g);
    if (!kd::parse_pick(pick_line, pick, message, error)) fail("PICK: " + error, text, g);
    if (!strict_words(put_line, "PUT", 3)) fail("PUT line not in the form 'PUT x y rotation'", text, g);
    if (!strict_words(pick_line.substr(0, pick_line.find(' ', 5)), "PICK", 1))
        fail("PICK line not in the form 'PICK id [message]'", text, g);
    if (pick != answer.pick || message != answer.message.substr(0, kd::kMaxMessage))
        fail("PICK does not say what the bot chose", text, g);

    // Every game the bot rebuilds, however odd its input, has a state text that reads back.
    kd::Game back = g;
    if (!kd::deserialize(kd::serialize(g), back, error)) fail("its game's state text does not read back: " + error, text, g);
    if (g.current_player() != 0) return;  // the bot believes it is not its turn: any well-formed answer
    if (!g.first_turn()) {
        // Legal placements listed afresh (not with is_legal, which make_safe uses).
        const kd::Kingdom& k = g.kingdom(0);
        const kd::Tile& tile = kd::kTiles[g.current_tile()];
        kd::PlacementList spots;
        int n = k.legal_placements(tile, g.rule(), spots);
        if (n == 0 && mode == kd::RuleMode::Auto) n = k.legal_placements(tile, kd::Rule::Adjacent, spots);
        bool listed = false;
        for (int i = 0; i < n; ++i) listed |= spots[i] == put;
        if (n > 0 && !listed) fail("PUT is illegal though the tile has a legal placement", text, g);
    }
    int free[kd::kMaxDraft];
    const int n_free = g.free_picks(free);
    bool is_free = false;
    for (int i = 0; i < n_free; ++i) is_free |= free[i] == pick;
    if (n_free > 0 && !is_free) fail("PICK is not a free tile though one is free", text, g);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::ostringstream out;
    std::ostream log(nullptr);  // warnings and notes: discarded
    kd::PlayerOptions options;  // as on CodinGame: Auto rule, default times
    options.seed = 1;
    kd::SearchOptions search_options;
    search_options.seed = 1;
    search_options.max_playouts = kPlayouts;
    kd::Search search(search_options);
    kd::play(
        in, out, log, options,
        [&](const kd::Request& request, const kd::TimeBudget& budget) {
            kd::SearchReport report = search.decide(request, budget);
            report.answer.message = "sims " + std::to_string(report.playouts);
            return report.answer;
        },
        [&](const kd::Request& request, const kd::Answer& answer) {
            check_answer(request, answer, out.str(), options.rule);
            out.str("");
        });
    return 0;
}
