// tools/analyse: a look inside one decision of our bot. The position is
// rebuilt as the bot saw it (the seat's requests of a replay, read in order
// by the bot's own PlayerMemory, so that card counting sees the same drafts),
// then searched by the bot's own Search (src/search.h) with its seed,
// playouts and settings; every candidate answer is printed with its
// playouts, mean value and first places. `tools/analyse --help` says more.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "json.h"
#include "json_read.h"
#include "play.h"
#include "search.h"
#include "show.h"
#include "state_text.h"

namespace kd {
namespace {

const char* const kUsage = R"USAGE(usage: tools/analyse REPLAY.json --request K [--seat S] [options]
       tools/analyse [options] < requests.txt

Runs our bot's search (src/search.h) on one position of a game and prints
every candidate answer (PUT, PICK) with its playouts, mean playout value and
share of first places, the chosen one first; the mode (mc: Monte Carlo,
exact: the endgame solver, forced: a single candidate); and the position.

  REPLAY.json       a replay written by `referee --replay-dir`
  --request K       the request's index in the replay's "requests" list, from 0,
                    whichever seat it went to (the viewer's "Request k / n
                    (index K)"). That seat's requests up to K are read in order
                    by the bot's own memory, so the tiles it counts as unseen
                    are the ones it counted, and request K is searched with
                    the Request::index the bot had (the seat's requests before it).
  --seat S          check that request K went to seat S
  without REPLAY    the requests of one player on stdin, as the bot reads them;
                    the last one is searched. With a single request the
                    memory is that request alone: card counting sees only its drafts.
  --index N         stdin only: search the last request with Request::index N
                    (the player's requests before it, which seed the deals)
  --position FILE   a request as a state text (src/state_text.h: what the
                    player knows, as the bench's positions are written); a
                    first line "seed S" gives the search's seed

The search's options are the bot's: by default those of the seat's command in
the replay (its "bots" entry, read as the bot reads its command line), then
these, a later one winning:
  --playouts N      a fixed number of playouts (reproducible)
  --time-ms N       by time, as the bot with --time-ms N (its first answer 20
                    times more, at most 800 ms): not reproducible
  --seed N          the search's seed (when the bot had none: 1)
  --set NAME=VALUE  a search setting (set_search_option in src/search.h)
  --rule match|adjacent|auto
  --json            the same as one JSON object
  -h, --help        this text

A seat's command is our bot's when one of its words has the file name "bot"
or a name starting "bot_" (build/bot, bin/bot, build-asan/bot_sanitized); the
words after that one are the bot's options. The replay viewer uses the same
rule to show this command under each of our bot's answers.

Given the seed, playouts, settings and request index the bot had, the search
gives the answer the bot gave. Exit status: 0, 1 for a replay or request that
cannot be analysed, 2 for a bad command line.
)USAGE";

// What the command line asks for.
struct Args {
    std::string replay;     // empty: the requests are on stdin
    long request = -1;      // K, with a replay
    long seat = -1;         // --seat: the seat request K must have gone to
    long index = -1;        // --index, with stdin
    std::string position;   // --position: a request's state text
    bool json = false;
    std::vector<std::string> bot_words;  // --playouts, --time-ms, --seed, --set, --rule, for parse_player_options
};

bool read_long(const char* text, long& out) {
    char* end = nullptr;
    out = std::strtol(text, &end, 10);
    return *text && !*end;
}

// Checks one of the bot's options given to analyse and appends it to a.bot_words.
bool bot_option(const std::string& name, const std::string& value, Args& a, std::string& error) {
    long number;
    RuleMode mode;
    SearchOptions scratch;
    if (name == "--rule" && !parse_rule_mode(value, mode)) error = "--rule takes match, adjacent or auto";
    else if (name == "--set" && !set_search_option(scratch, value)) error = "unknown setting '" + value + "'";
    else if (name != "--rule" && name != "--set" && (!read_long(value.c_str(), number) || number < 0))
        error = name + " takes a number, not '" + value + "'";
    if (!error.empty()) return false;
    a.bot_words.push_back(name);
    a.bot_words.push_back(value);
    // By time: a fixed number of playouts from the bot's command must not stay.
    if (name == "--time-ms") a.bot_words.insert(a.bot_words.end(), {"--playouts", "0"});
    return true;
}

// False with `error` set for a bad command line; prints the help and exits for --help.
bool parse_args(int argc, char** argv, Args& a, std::string& error) {
    static const char* const kBotOptions[] = {"--playouts", "--time-ms", "--seed", "--set", "--rule"};
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        long number;
        if (arg == "-h" || arg == "--help") {
            std::cout << kUsage;
            std::exit(0);
        } else if (arg == "--json") {
            a.json = true;
        } else if (arg == "--request" || arg == "--seat" || arg == "--index") {
            if (!has_value || !read_long(argv[++i], number) || number < 0)
                return error = arg + " takes a number from 0", false;
            (arg == "--request" ? a.request : arg == "--seat" ? a.seat : a.index) = number;
        } else if (arg == "--position") {
            if (!has_value) return error = "--position takes a file", false;
            a.position = argv[++i];
        } else if (std::find(std::begin(kBotOptions), std::end(kBotOptions), arg) != std::end(kBotOptions)) {
            if (!has_value) return error = arg + " takes a value", false;
            if (!bot_option(arg, argv[++i], a, error)) return false;
        } else if (arg.size() > 1 && arg[0] == '-') {
            return error = "unknown option '" + arg + "'", false;
        } else if (a.replay.empty()) {
            a.replay = arg;
        } else {
            return error = "one replay at a time ('" + a.replay + "', then '" + arg + "')", false;
        }
    }
    if (!a.replay.empty() && a.request < 0) error = "which request? --request K (the index in the replay's requests)";
    if (!a.replay.empty() && a.index >= 0) error = "--index is for stdin: in a replay it is the seat's requests before K";
    if (a.replay.empty() && (a.request >= 0 || a.seat >= 0)) error = "--request and --seat need a replay";
    if (!a.position.empty() && !a.replay.empty()) error = "a replay or a position, not both";
    if (a.replay.empty() && a.position.empty() && isatty(0)) error = "give a replay, a position, or requests' text on stdin";
    return error.empty();
}

// ---------------------------------------------------------------- the replay

// The words of a shell command, quotes and backslashes removed; it stops at a
// redirection or another command (< > | ; & 2>), whose words are not the bot's.
std::vector<std::string> command_words(const std::string& command) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;
    char quote = 0;
    for (size_t i = 0; i < command.size(); ++i) {
        const char c = command[i];
        if (quote) {
            if (c == quote) quote = 0;
            else word += c;
        } else if (c == '\'' || c == '"') {
            quote = c, in_word = true;
        } else if (c == '\\' && i + 1 < command.size()) {
            word += command[++i], in_word = true;
        } else if (c == ' ' || c == '\t' || c == '\n') {
            if (in_word) words.push_back(word);
            word.clear(), in_word = false;
        } else if (!in_word && (std::strchr("<>|;&", c) || (c >= '0' && c <= '9' && command[i + 1] == '>'))) {
            break;
        } else {
            word += c, in_word = true;
        }
    }
    if (in_word) words.push_back(word);
    return words;
}

// Our bot's options in `command`: the words after the first one whose file
// name is "bot" or starts with "bot_". False when no word is our bot.
bool our_bot_options(const std::string& command, std::vector<std::string>& options) {
    const std::vector<std::string> words = command_words(command);
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string name = words[i].substr(words[i].find_last_of('/') + 1);
        if (name == "bot" || name.compare(0, 4, "bot_") == 0) {
            options.assign(words.begin() + long(i) + 1, words.end());
            return true;
        }
    }
    return false;
}

// What is searched: the text the player read (its requests in order, the one
// analysed last), and where it came from.
struct Source {
    std::string text;
    std::vector<std::string> bot_options;  // from the seat's command
    std::string command;                   // the seat's command, "" from stdin
    int seat = -1;                         // absolute seat, -1 from stdin
    const JsonValue* recorded = nullptr;   // the replay's request K
};

bool load_replay(const std::string& path, JsonValue& replay, std::string& error) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return error = path + ": cannot read it", false;
    std::stringstream text;
    text << file.rdbuf();
    std::string why;
    if (!JsonReader::parse(text.str(), replay, why)) return error = path + ": not JSON: " + why, false;
    if (!replay["requests"].is(JsonValue::Type::Array) || !replay["bots"].is(JsonValue::Type::Array))
        return error = path + ": not a replay (no \"requests\" and \"bots\" lists; docs/replay-format.md)", false;
    return true;
}

// The seat's requests up to K, and its command, from the replay.
bool select_request(const JsonValue& replay, const Args& a, Source& s, std::string& error) {
    const JsonValue& requests = replay["requests"];
    const long n = long(requests.size());
    if (a.request >= n)
        return error = "request " + std::to_string(a.request) + " is out of range: the replay has " +
                       std::to_string(n) + " requests, 0 to " + std::to_string(n - 1), false;
    s.recorded = &requests[size_t(a.request)];
    s.seat = int((*s.recorded)["seat"].integer());
    if (a.seat >= 0 && a.seat != s.seat)
        return error = "request " + std::to_string(a.request) + " went to seat " + std::to_string(s.seat) +
                       ", not seat " + std::to_string(a.seat), false;
    s.command = replay["bots"][size_t(s.seat)].text;
    if (!our_bot_options(s.command, s.bot_options))
        return error = "request " + std::to_string(a.request) + " went to seat " + std::to_string(s.seat) +
                       ", whose command '" + s.command + "' is not our bot (a word named bot or bot_*: build/bot)",
               false;
    for (long i = 0; i <= a.request; ++i)
        if (requests[size_t(i)]["seat"].integer() == s.seat) s.text += requests[size_t(i)]["input"].text;
    return true;
}

// The bot's options: its command's, then the ones given here, read by
// parse_player_options as the bot reads its argv; no seed at all gives 1.
PlayerOptions player_options(const Source& s, const Args& a, std::vector<std::string>& notes) {
    std::vector<std::string> words{"bot"};
    words.insert(words.end(), s.bot_options.begin(), s.bot_options.end());
    words.insert(words.end(), a.bot_words.begin(), a.bot_words.end());
    std::vector<char*> argv;
    for (std::string& w : words) argv.push_back(&w[0]);
    PlayerOptions o = parse_player_options(int(argv.size()), argv.data());
    if (o.seed_from_clock) {
        o.seed = 1;
        notes.push_back(s.seat >= 0 ? "no --seed: the bot's came from its clock, this search's is 1"
                                    : "no --seed: this search's is 1");
    }
    if (o.playouts <= 0) notes.push_back("by time: the search cannot repeat the bot's answer exactly");
    return o;
}

// ---------------------------------------------------------------- the search

// A search of the last request of a player's input, and what the bot sent.
struct Analysis {
    Request request{Game(kTwoPlayers, Rule::Match)};
    SearchReport report;
    Answer sent;  // the search's answer made safe (make_safe), as the bot sends it
    double budget_ms = 0;
    int requests = 0;  // requests read: the analysed one and those before it
    std::vector<std::string> warnings;
};

bool search(const PlayerOptions& po, const TimeBudget& budget, Analysis& out, std::string& error);

// Reads every request of `text` as the bot's loop does (src/play.h, play),
// each under its time budget, and searches the last one as the bot did.
bool analyse(const std::string& text, const PlayerOptions& po, long index, Analysis& out, std::string& error) {
    std::istringstream in(text);
    PlayerMemory memory;
    std::string first;
    bool complete = false;
    TimeBudget budget(Clock::now(), 0);
    while (std::getline(in, first)) {
        budget = po.time.budget(Clock::now(), (index >= 0 ? index : memory.requests_read()) == 0);
        out.request = memory.read(first, in, reading_rule(po.rule), complete, out.warnings);
    }
    out.requests = memory.requests_read();
    if (out.requests == 0) return error = "no request in the input", false;
    if (!complete) return error = "the last request's text ends early: the bot answered it without searching", false;
    if (index >= 0) out.request.index = int(index);
    return search(po, budget, out, error);
}

// The search of out.request as the bot makes it, and the answer it would send.
bool search(const PlayerOptions& po, const TimeBudget& budget, Analysis& out, std::string& error) {
    std::vector<std::string> unknown;
    Search search(search_options_for(po.seed, po.playouts, po.settings, unknown));
    for (const std::string& setting : unknown) out.warnings.push_back("unknown setting '" + setting + "'");
    out.budget_ms = budget.budget_ms();
    out.report = search.decide(out.request, budget);
    if (!*out.report.mode) return error = "nothing to decide: the game is over or it is not this player's turn", false;
    out.sent = out.report.answer;
    make_safe(out.request.game, po.rule, out.sent);
    return true;
}

// ---------------------------------------------------------------- printing

// Who player p (relative to the one deciding, 0) is.
std::string who(const Source& s, const Game& g, int p) {
    if (p < 0) return "nobody";
    if (s.seat < 0) return p == 0 ? "me" : "player +" + std::to_string(p);
    return "seat " + std::to_string((s.seat + p) % g.players());
}

std::string tile_text(int id) {
    if (!valid_tile_id(id)) return "#" + std::to_string(id);
    const Tile& t = kTiles[id];
    return "#" + std::to_string(id) + " " + kTerrainLetters[t.terrain1] + char('0' + t.crowns1) + " " +
           kTerrainLetters[t.terrain2] + char('0' + t.crowns2);
}

// The lines showing a kingdom: the area it may still use (where any PUT
// lands), with x across and y down, under a caption.
std::vector<std::string> kingdom_lines(const Kingdom& k, const std::string& caption, bool color) {
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
size_t visible_width(const std::string& line) {
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
std::string kingdoms_text(const Source& s, const Game& g, bool color) {
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
std::string tiles_text(const Source& s, const Request& r) {
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

std::string put_text(const Game& g, const Placement& p) {
    if (g.first_turn() || !p.valid()) return "-";
    return std::to_string(p.x) + " " + std::to_string(p.y) + " " + std::to_string(p.rotation);
}
std::string pick_text(int pick) { return pick < 0 ? "-" : std::to_string(pick); }
std::string answer_line(const Game& g, const Answer& a) {
    return "PUT " + put_text(g, a.put) + ", PICK " + pick_text(a.pick);
}

// Where the position comes from, and the search's settings.
std::string header_text(const Args& a, const Source& s, const PlayerOptions& po, const Analysis& an) {
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

std::string mode_text(const SearchReport& r) {
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
std::string candidates_text(const Game& g, const SearchReport& r) {
    if (r.ranked.empty()) return "";
    const char* const format = "  %3s  %-10s %5s %9s %8s %7s%s\n";
    char line[160];
    snprintf(line, sizeof line, format, "", "PUT x y r", "PICK", "playouts", "value", "first", "");
    std::string out = line;
    for (size_t i = 0; i < r.ranked.size(); ++i) {
        const CandidateReport& c = r.ranked[i];
        char playouts[24], value[24], first[24];
        snprintf(playouts, sizeof playouts, "%ld", c.playouts);
        snprintf(value, sizeof value, "%.4f", c.value);
        snprintf(first, sizeof first, "%.1f%%", 100 * c.first);
        snprintf(line, sizeof line, format, std::to_string(i + 1).c_str(), put_text(g, c.put).c_str(),
                 pick_text(c.pick).c_str(), playouts, value, first, i == 0 ? "  chosen" : "");
        out += line;
    }
    // Why a weak-looking candidate can show a high mean: it was dropped early, on few deals.
    return out + "  (each round of the halving keeps the better half: few playouts mean dropped early, on few deals)\n";
}

// The replay's answer as "PUT x y r, PICK p" ("-" for none), with its error.
std::string recorded_text(const JsonValue& rec) {
    const JsonValue& put = rec["put"];
    std::string text = "PUT " + (put.is_null() ? std::string("-")
                                               : put["x"].text + " " + put["y"].text + " " + put["rotation"].text);
    text += ", PICK " + (rec["pick"].is_null() ? std::string("-") : rec["pick"].text);
    if (!rec["error"].is_null()) text += " (" + rec["error"]["kind"].text + ")";
    return text;
}

// Whether the replay's answer is the one sent here. No PUT on either side is
// the same: the first turn, or a tile that fits nowhere ("PUT 0 0 0" then).
bool same_as_recorded(const JsonValue& rec, const Game& g, const Answer& sent) {
    const JsonValue& put = rec["put"];
    const bool put_same = g.first_turn() || !sent.put.valid()
                              ? put.is_null() || rec["put_result"].text == "no_legal_spot"
                              : !put.is_null() && put["x"].integer() == sent.put.x &&
                                    put["y"].integer() == sent.put.y && put["rotation"].integer() == sent.put.rotation;
    const bool pick_same = sent.pick < 0 ? rec["pick"].is_null() : rec["pick"].integer() == sent.pick;
    return put_same && pick_same && rec["error"].is_null();
}

std::string report_text(const Args& a, const Source& s, const PlayerOptions& po, const Analysis& an,
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

// ---------------------------------------------------------------- JSON

void answer_json(JsonWriter& w, const Game& g, const Placement& put, int pick) {
    w.key("put");
    if (g.first_turn() || !put.valid()) w.null();
    else w.begin_object().field("x", int(put.x)).field("y", int(put.y)).field("rotation", int(put.rotation)).end_object();
    w.key("pick");
    if (pick < 0) w.null();
    else w.value(pick);
}

std::string report_json(const Args& a, const Source& s, const PlayerOptions& po, const Analysis& an,
                        const std::vector<std::string>& notes) {
    const Game& g = an.request.game;
    const SearchReport& r = an.report;
    JsonWriter w;
    w.begin_object().key("replay");
    if (s.seat >= 0) w.value(a.replay).field("request", a.request).field("seat", s.seat).field("command", s.command);
    else w.null().key("request").null().key("seat").null().key("command").null();
    w.field("requests_read", an.requests).field("index", an.request.index).field("turn", g.turn());
    w.field("turns", g.variant().turns).field("variant", g.variant().name).key("seed").raw(std::to_string(po.seed));
    w.key("playouts_limit");
    if (po.playouts > 0) w.value(po.playouts);
    else w.null();
    w.key("budget_ms");
    if (po.playouts > 0) w.null();
    else w.value(an.budget_ms, 1);
    w.field("rule", rule_mode_name(po.rule)).key("settings").begin_array();
    for (const std::string& setting : po.settings) w.value(setting);
    w.end_array().field("mode", r.mode).field("playouts", r.playouts).field("nodes", r.nodes);
    w.field("candidates_count", r.candidates).field("value", r.value, 4).field("first", r.win, 4);
    w.key("chosen").begin_object();
    answer_json(w, g, an.sent.put, an.sent.pick);
    w.end_object().key("search_answer").begin_object();  // before make_safe
    answer_json(w, g, r.answer.put, r.answer.pick);
    w.end_object().key("candidates").begin_array();
    for (const CandidateReport& c : r.ranked) {
        w.begin_object();
        answer_json(w, g, c.put, c.pick);
        w.field("playouts", c.playouts).field("value", c.value, 4).field("first", c.first, 4).end_object();
    }
    w.end_array().key("same_as_recorded");
    if (s.recorded) w.value(same_as_recorded(*s.recorded, g, an.sent));
    else w.null();
    w.key("notes").begin_array();
    for (const std::string& note : notes) w.value(note);
    w.end_array().key("warnings").begin_array();
    for (const std::string& warning : an.warnings) w.value(warning);
    return w.end_array().end_object().str() + "\n";
}

// The request of --position: its state text, after a first line "seed S"
// that, unless --seed was given, becomes the search's seed.
bool read_position_text(const std::string& path, std::string& text, std::string& seed) {
    std::ifstream file(path);
    if (!file) return false;
    std::stringstream all;
    all << file.rdbuf();
    text = all.str();
    if (text.rfind("seed ", 0) == 0) {
        const size_t end = text.find('\n');
        seed = text.substr(5, end - 5);
        text = end == std::string::npos ? "" : text.substr(end + 1);
    }
    return true;
}
// The seed of --position's first line joins the search's options, unless --seed was given.
bool seed_from_position(Args& a, std::string& error) {
    std::string text, seed;
    if (!read_position_text(a.position, text, seed)) return error = a.position + ": cannot read it", false;
    const bool seeded = std::find(a.bot_words.begin(), a.bot_words.end(), "--seed") != a.bot_words.end();
    if (!seed.empty() && !seeded) a.bot_words.insert(a.bot_words.end(), {"--seed", seed});
    return true;
}
bool analyse_position(const Args& a, const PlayerOptions& po, Analysis& out, std::string& error) {
    std::string text, seed;
    if (!read_position_text(a.position, text, seed)) return error = a.position + ": cannot read it", false;
    if (!deserialize(text, out.request, error)) return error = a.position + ": " + error, false;
    if (a.index >= 0) out.request.index = int(a.index);
    out.requests = 1;
    return search(po, po.time.budget(Clock::now(), out.request.index == 0), out, error);
}

int run(int argc, char** argv) {
    Args a;
    std::string error;
    if (!parse_args(argc, argv, a, error)) {
        std::cerr << "analyse: " << error << " (tools/analyse --help)\n";
        return 2;
    }
    Source s;
    JsonValue replay;
    if (!a.replay.empty() && (!load_replay(a.replay, replay, error) || !select_request(replay, a, s, error))) {
        std::cerr << "analyse: " << error << "\n";
        return 1;
    }
    if (!a.position.empty() && !seed_from_position(a, error)) {
        std::cerr << "analyse: " << error << "\n";
        return 1;
    }
    if (a.replay.empty() && a.position.empty()) {
        std::stringstream in;
        in << std::cin.rdbuf();
        s.text = in.str();
    }
    std::vector<std::string> notes;
    const PlayerOptions po = player_options(s, a, notes);
    Analysis an;
    if (!a.position.empty() ? !analyse_position(a, po, an, error) : !analyse(s.text, po, a.index, an, error)) {
        std::cerr << "analyse: " << error << "\n";
        return 1;
    }
    for (const std::string& warning : an.warnings) std::cerr << "warning: " << warning << "\n";
    std::cout << (a.json ? report_json(a, s, po, an, notes) : report_text(a, s, po, an, notes));
    return 0;
}

}  // namespace
}  // namespace kd

int main(int argc, char** argv) { return kd::run(argc, argv); }
