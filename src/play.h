// The loop every one of our players runs: read a request, rebuild the game,
// decide, print two well-formed lines. Bad or truncated input gets a message
// on stderr and a safe answer, never a crash. This is what the upload
// carries (src/main.cpp); tests and tools that hold the true game include
// player.h, which adds the referee's side of the text.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "bot_protocol.h"
#include "decision.h"
#include "timeman.h"
#include "tracker.h"

namespace kd {

// Which placements a player offers (RULES.md, "Robustness"): Auto prefers
// match-legal ones and falls back to adjacent-legal ones when match has none.
enum class RuleMode { Match, Adjacent, Auto };

// A rule's name (rule_by_name), or "auto".
inline bool parse_rule_mode(const std::string& text, RuleMode& out) {
    Rule rule;
    if (text == "auto") out = RuleMode::Auto;
    else if (rule_by_name(text, rule)) out = rule == Rule::Match ? RuleMode::Match : RuleMode::Adjacent;
    else return false;
    return true;
}
#ifndef KD_UPLOAD  // home only: tools print it
// The name parse_rule_mode reads.
inline const char* rule_mode_name(RuleMode m) {
    return m == RuleMode::Auto ? "auto" : m == RuleMode::Match ? "match" : "adjacent";
}
#endif

// Command-line options of our players, for local use (CodinGame passes none).
struct PlayerOptions {
    TimeControl time;
    uint64_t seed = 0;    // 0: seeded from the clock
    bool seed_from_clock = false;  // no --seed given: the answers cannot be reproduced
    long playouts = 0;    // > 0: a fixed number of playouts per answer instead of a time budget
    RuleMode rule = RuleMode::Auto;
    std::vector<std::string> settings;  // --set name=value, for tuning experiments
#ifndef KD_UPLOAD
    uint64_t told_deal = 0;  // > 0: --told-deal SEED, the game's deal (the ceiling's experiments: it sees the future)
#endif
};

// Reads --time-ms N, --first-ms N, --slow-note-ms N, --seed N, --playouts N, --rule match|adjacent|auto and
// --set name=value; complains on stderr about the rest.
inline PlayerOptions parse_player_options(int argc, char** argv) {
    PlayerOptions o;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i], v = i + 1 < argc ? argv[i + 1] : "";
        if (a == "--time-ms" && i + 1 < argc) o.time.later_ms = std::atof(argv[++i]);
        else if (a == "--first-ms" && i + 1 < argc) o.time.first_ms = std::atof(argv[++i]);
        else if (a == "--slow-note-ms" && i + 1 < argc) o.time.slow_note_ms = std::atof(argv[++i]);
        else if (a == "--seed" && i + 1 < argc) o.seed = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--playouts" && i + 1 < argc) o.playouts = std::atol(argv[++i]);
        else if (a == "--set" && i + 1 < argc) o.settings.push_back(argv[++i]);
        else if (a == "--rule" && i + 1 < argc && parse_rule_mode(v, o.rule)) ++i;
#ifndef KD_UPLOAD
        else if (a == "--told-deal" && i + 1 < argc) o.told_deal = std::strtoull(argv[++i], nullptr, 10);
#endif
        else std::cerr << "ignoring argument '" << a << "' (options: --time-ms N --first-ms N --slow-note-ms N --seed N --playouts N --rule match|adjacent|auto --set name=value)\n";
    }
    if (o.time.later_ms <= 0) o.time = TimeControl();
    o.seed_from_clock = o.seed == 0;
    if (o.seed_from_clock) o.seed = uint64_t(Clock::now().time_since_epoch().count()) | 1;
    return o;
}

// The rule a player reads requests under: Auto reads them as Match does
// (make_safe falls back to Adjacent placements when Match has none).
inline Rule reading_rule(RuleMode mode) { return mode == RuleMode::Adjacent ? Rule::Adjacent : Rule::Match; }

// What a player keeps between requests (the variant read from the first one,
// the drafts seen), turning each request's text into a Request.
class PlayerMemory {
  public:
    // Reads the request whose first line was already read (the caller starts
    // its clock on it). `complete` is false when the input ended inside it.
    Request read(const std::string& first_line, std::istream& in, Rule rule, bool& complete,
                 std::vector<std::string>& warnings) {
        Observation obs;
        complete = reader_.read(first_line, in, obs);
        warnings = obs.warnings;
        Request r(tracker_.build(obs, rule, warnings));
        r.index = requests_read_;
        r.n_unseen = tracker_.unseen_tiles(r.unseen);
        ++requests_read_;
        return r;
    }
    // The request seat `seat` of the true game g would read now, through the
    // same text path. Defined in player.h, with the referee's request writer:
    // tests and tools call it, the upload never does.
#ifndef KD_UPLOAD
    Request receive(const Game& g, int seat);
#endif
    int requests_read() const { return requests_read_; }

  private:
    RequestReader reader_;
    Tracker tracker_;
    int requests_read_ = 0;
};

// Makes an answer safe to send: a legal PUT whenever one exists (the best
// immediate gain if the decision gave none), a free tile for PICK.
inline void make_safe(const Game& g, RuleMode mode, Answer& a) {
    const Kingdom& k = g.kingdom(0);
    if (!g.first_turn() && g.current_tile() > 0) {
        const Tile& tile = kTiles[g.current_tile()];
        Rule rule = g.rule();
        if (mode == RuleMode::Auto && !k.has_legal_placement(tile, rule)) rule = Rule::Adjacent;
        if (!k.is_legal(tile, rule, a.put)) {
            PlacementList spots;
            int n = k.legal_placements(tile, rule, spots);
            for (int i = 0; i < n; ++i)
                if (i == 0 || k.score_gain(tile, spots[i]) > k.score_gain(tile, a.put)) a.put = spots[i];
        }
    }
    int picks[kMaxDraft];
    int n = g.free_picks(picks);
    bool free = false;
    for (int i = 0; i < n; ++i) free |= picks[i] == a.pick;
    if (!free) a.pick = n > 0 ? picks[0] : -1;
}

// stderr must never hold up an answer: when it is a pipe of its own (the
// referee's, CodinGame's), writes that would block are dropped instead.
inline void keep_stderr_from_blocking() {
    struct stat err, out;
    if (fstat(2, &err) != 0 || !S_ISFIFO(err.st_mode)) return;
    if (fstat(1, &out) == 0 && out.st_dev == err.st_dev && out.st_ino == err.st_ino) return;  // shared with answers
    fcntl(2, F_SETFL, fcntl(2, F_GETFL) | O_NONBLOCK);
}

// Answers requests from `in` until it ends; warnings and notes go to `log`.
// decide(const Request&, const TimeBudget&) -> Answer.
// observe(const Request&, const Answer&) sees each answer once it is written
// (the fuzzer checks it against the game the player believes in).
// Returns 0 at a clean end of input, 1 when it ended inside a request.
template <typename Decide, typename Observe>
int play(std::istream& in, std::ostream& out, std::ostream& log, const PlayerOptions& options, Decide&& decide,
         Observe&& observe) {
    PlayerMemory memory;
    const Rule rule = reading_rule(options.rule);
    std::string first;
    while (std::getline(in, first)) {
        const TimeBudget budget = options.time.budget(Clock::now(), memory.requests_read() == 0);
        bool complete;
        std::vector<std::string> warnings;
        Request request = memory.read(first, in, rule, complete, warnings);
#ifndef KD_UPLOAD
        if (options.told_deal && !tell_deal(request, options.told_deal)) warnings.push_back("--told-deal: not this game's deal");
#endif
        budget.mark("reading");
        for (const std::string& w : warnings) log << "warning: " << w << "\n";
        Answer a;
        if (complete) a = decide(request, budget);
        make_safe(request.game, options.rule, a);
        out << answer_text(a.put, a.pick, a.message) << std::flush;
        budget.mark("writing");
        observe(request, a);
        log.clear();  // a write dropped because stderr was full must not silence the next ones
        const double elapsed_ms = budget.elapsed_ms();
        if (!a.note.empty()) log << a.note + " (" + std::to_string(elapsed_ms) + " ms)\n";
        // Numbered: the note may reach the referee with this answer or with the
        // next one, and readers (tools/replay_notes.py) match it by number.
        if (elapsed_ms > options.time.slow_note_ms && memory.requests_read() > 1)
            log << "slow answer " + std::to_string(memory.requests_read()) + ": " + budget.phases_text() + " ms\n";
        if (!complete) {
            log << "input ended inside a request: answered safely, stopping\n";
            return 1;
        }
    }
    return 0;
}

// The bot's loop: warnings and notes on stderr.
template <typename Decide>
int play(std::istream& in, std::ostream& out, const PlayerOptions& options, Decide&& decide) {
    return play(in, out, std::cerr, options, decide, [](const Request&, const Answer&) {});
}

}  // namespace kd
