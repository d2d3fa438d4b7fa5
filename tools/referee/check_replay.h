// A replay checked against the rules (`referee --check-replay FILE`,
// check_replay_command.h): the game dealt again from the replay's seed, every
// answer the replay recorded played again, move by move, through the
// referee's own path (RefereedGame: the same judge, the same rules, the same
// replay writer), and the replay so written compared with the file, value by
// value. What only the bot's process knew is taken from the file (its output,
// times, stderr, how its reading ended); everything the rules decide must
// come out the same: each request's text, what each answer did, the
// kingdoms, scores, events, and the final scores, tie-breaks and ranks.
#pragma once

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

#include "game.h"
#include "json.h"
#include "match_config.h"
#include "refereed_game.h"
#include "verdict.h"

namespace kd {

// What the check found: the standings by the rules, or where the file and the rules part.
struct ReplayCheck {
    std::string error;  // the first difference (or why the file is no replay), "" when none
    const Variant* variant = nullptr;
    uint64_t seed = 0;
    int requests = 0;
    bool finished = false;  // the game reached its end (a game stopped early has a shorter replay)
    int turn = 0;           // the turn it stopped in
    Result result;          // the standings by the rules: final, or as the replay left the game
};

namespace replay_check {

// A JSON value as compact text, cut at 160 characters.
inline std::string value_text(const Json& v) {
    const std::string s = json_text(v);
    return s.size() > 160 ? s.substr(0, 157) + "..." : s;
}

// The first place, in the order the referee writes them, where the file's
// value differs from the rules' one: "path: X in the file, Y by the rules";
// "" when none does.
inline std::string first_difference(const Json& file, const Json& rules, const std::string& path) {
    const std::string there = path.empty() ? "the file" : path;
    auto differ = [&] { return there + ": " + value_text(file) + " in the file, " + value_text(rules) + " by the rules"; };
    // Numbers by value: the writer's times (3 decimals) may come back from other tools as 1 or 0.250.
    if (file.is_number() && rules.is_number())
        return std::fabs(file.get<double>() - rules.get<double>()) < 0.0005 ? "" : differ();
    if (file.type() != rules.type() || !file.is_structured()) return file == rules ? "" : differ();
    if (file.is_array()) {
        for (size_t i = 0; i < file.size() && i < rules.size(); ++i) {
            std::string d = first_difference(file[i], rules[i], path + "[" + std::to_string(i) + "]");
            if (!d.empty()) return d;
        }
        if (file.size() == rules.size()) return "";
        return there + ": " + std::to_string(file.size()) + " items in the file, " + std::to_string(rules.size()) +
               " by the rules";
    }
    const std::string dot = path.empty() ? "" : path + ".";
    for (const auto& [key, value] : rules.items()) {
        const auto f = file.find(key);
        if (f == file.end()) return dot + key + ": missing in the file";
        std::string d = first_difference(*f, value, dot + key);
        if (!d.empty()) return d;
    }
    for (const auto& field : file.items())
        if (!rules.contains(field.key())) return dot + field.key() + ": not a field of a replay";
    return "";
}

// The first two lines of an answer's text, as the referee reads them (without
// the newline, nor a '\r' before it; the last may end the text without one;
// empty when the text has no such line).
inline void split_answer(const std::string& raw, std::string& put_line, std::string& pick_line) {
    std::istringstream text(raw);
    for (std::string* line : {&put_line, &pick_line})
        if (std::getline(text, *line) && !line->empty() && line->back() == '\r') line->pop_back();
}

// A recorded request's answer as the referee read it: its output, and the
// way its reading ended (a whole answer, a timeout, closed pipes, a line too
// long), which the file says only through the error the referee gave. Each
// way is tried through judge() until one gives the recorded error.
inline match_detail::Exchange recorded_exchange(const Json& r, const std::string& input, int turn) {
    using Io = BotProcess::Io;
    match_detail::Exchange ex;
    ex.input = input;
    ex.raw = string_at(r, "/output");
    ex.answer_ms = number_at(r, "/time_ms");
    ex.limit_ms = number_at(r, "/limit_ms");
    split_answer(ex.raw, ex.put_line, ex.pick_line);
    const Json& error = at(r, "/error");
    const std::string kind = string_at(error, "/kind");
    if (error.is_null() || kind == "illegal_put" || kind == "invalid_pick") return ex;  // a whole answer: the game judges it
    const std::pair<Io, bool> ways[] = {{Io::Timeout, false}, {Io::Closed, false}, {Io::Closed, true},
                                        {Io::TooLong, false}, {Io::Ok, false}};  // (how it ended, input refused)
    for (const auto& [io, refused] : ways) {
        ex.io = io, ex.input_refused = refused;
        const match_detail::Verdict v = judge(ex, turn);
        if (kind == fault_name(v.fault) && string_at(error, "/detail") == v.detail) break;
    }
    return ex;
}

// The rules' replay made comparable with the file's: "finished" and
// "stopped_turn" came to the format later, so a file without them is not asked
// for them; what the table page adds and the rules do not judge ("names",
// "review": docs/replay-format.md) is taken as the file has it.
inline void match_optional_fields(const Json& file, Json& rules) {
    for (const char* later : {"finished", "stopped_turn"})
        if (!file.contains(later)) rules.erase(later);
    for (const char* page : {"names", "review"})
        if (file.contains(page)) rules[page] = file[page];
}

// The game's settings from the replay's opening fields.
inline bool read_setting(const Json& rep, MatchConfig& cfg, std::string& error) {
    if (string_at(rep, "/format") != kReplayFormat)
        return error = "format: " + value_text(at(rep, "/format")) + ", this check reads " + kReplayFormat, false;
    cfg.variant = variant_by_name(string_at(rep, "/variant"));
    if (!cfg.variant) return error = "variant: " + value_text(at(rep, "/variant")) + " is no variant", false;
    if (!rule_by_name(string_at(rep, "/rule"), cfg.rule))
        return error = "rule: " + value_text(at(rep, "/rule")) + " is no rule", false;
    if (!at(rep, "/seed").is_number_unsigned())
        return error = "seed: " + value_text(at(rep, "/seed")) + " is not a seed", false;
    const Json& bots = at(rep, "/bots");
    if (!bots.is_array() || bots.size() != size_t(cfg.variant->players))
        return error = "bots: not one command per seat of a " + std::string(cfg.variant->name) + " game", false;
    cfg.seed = rep["seed"].get<uint64_t>();
    cfg.index = int(integer_at(rep, "/game"));
    for (const Json& bot : bots) cfg.commands.push_back(string_at(bot));
    cfg.time_scale = number_at(rep, "/time_scale");
    cfg.no_timeout = at(rep, "/no_timeout") == true;
    cfg.strict_put = at(rep, "/strict_put") == true;
    cfg.record_replay = true;
    return true;
}

// Plays the recorded answers on `book`: the eliminations before any request
// (a bot that could not start), then each request's answer while the game
// goes on. Returns the requests played.
inline int play_recorded(const Json& rep, RefereedGame& book) {
    for (const Json& e : at(rep, "/events")) {
        const long long seat = integer_at(e, "/seat");
        const Json& reason = at(e, "/reason");  // kept by the game as a pointer: `rep` outlives `book`
        if (string_at(e, "/kind") == "eliminated" && integer_at(e, "/after_request") == -1 && seat >= 0 &&
            seat < book.game().players() && reason.is_string())
            book.eliminate(int(seat), reason.get_ref<const std::string&>().c_str());
    }
    int played = 0;
    for (const Json& r : at(rep, "/requests")) {
        if (book.game().is_terminal()) break;
        const match_detail::Exchange ex = recorded_exchange(r, book.input(), book.game().turn());
        const match_detail::Verdict v = book.answer(ex, [](match_detail::Fault) {});
        book.record(ex, v, string_at(r, "/stderr"));
        ++played;
    }
    return played;
}

}  // namespace replay_check

// Checks the replay in `text` (docs/replay-format.md) against the rules.
inline ReplayCheck check_replay(const std::string& text) {
    using namespace replay_check;
    ReplayCheck out;
    Json rep;
    MatchConfig cfg;
    if (!parse_json(text, rep, out.error)) return out.error = "not JSON: " + out.error, out;
    if (!rep.is_object() || !at(rep, "/requests").is_array())
        return out.error = "not a replay: no \"requests\" list (docs/replay-format.md)", out;
    if (!read_setting(rep, cfg, out.error)) return out;
    RefereedGame book(cfg);  // `rep` lives as long: the events' reasons point into it
    out.requests = play_recorded(rep, book);
    Json rules = book.replay();
    match_optional_fields(rep, rules);
    out.error = first_difference(rep, rules, "");
    out.variant = cfg.variant, out.seed = cfg.seed;
    out.finished = book.game().is_terminal();
    out.turn = book.game().turn();
    out.result = book.game().result();
    return out;
}

}  // namespace kd
