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

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>

#include "game.h"
#include "json.h"
#include "json_read.h"
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

// A JSON value as compact text, numbers as they were written.
inline void write_value(JsonWriter& w, const JsonValue& v) {
    switch (v.type) {
        case JsonValue::Type::Null: w.null(); break;
        case JsonValue::Type::Bool: w.value(v.boolean); break;
        case JsonValue::Type::Number: w.raw(v.text); break;
        case JsonValue::Type::String: w.value(v.text); break;
        case JsonValue::Type::Array:
            w.begin_array();
            for (const JsonValue& item : v.items) write_value(w, item);
            w.end_array();
            break;
        case JsonValue::Type::Object:
            w.begin_object();
            for (const auto& [key, item] : v.fields) write_value(w.key(key), item);
            w.end_object();
            break;
    }
}
inline std::string value_text(const JsonValue& v) {
    JsonWriter w;
    write_value(w, v);
    const std::string& s = w.str();
    return s.size() > 160 ? s.substr(0, 157) + "..." : s;
}

// The first place, in the order the referee writes them, where the file's
// value differs from the rules' one: "path: X in the file, Y by the rules";
// "" when none does.
inline std::string first_difference(const JsonValue& file, const JsonValue& rules, const std::string& path) {
    const std::string there = path.empty() ? "the file" : path;
    if (file.type != rules.type || (file.type != JsonValue::Type::Array && file.type != JsonValue::Type::Object)) {
        // Numbers by value: the writer's 3 decimals (times) may come back from other tools as 1.0 or 0.25.
        const bool same = file.type == JsonValue::Type::Number && rules.type == JsonValue::Type::Number
                              ? std::fabs(file.number() - rules.number()) < 0.0005
                              : value_text(file) == value_text(rules);
        return same ? "" : there + ": " + value_text(file) + " in the file, " + value_text(rules) + " by the rules";
    }
    if (file.type == JsonValue::Type::Array) {
        for (size_t i = 0; i < file.items.size() && i < rules.items.size(); ++i) {
            std::string d = first_difference(file.items[i], rules.items[i], path + "[" + std::to_string(i) + "]");
            if (!d.empty()) return d;
        }
        if (file.items.size() == rules.items.size()) return "";
        return there + ": " + std::to_string(file.items.size()) + " items in the file, " +
               std::to_string(rules.items.size()) + " by the rules";
    }
    const std::string dot = path.empty() ? "" : path + ".";
    for (const auto& [key, value] : rules.fields) {
        const JsonValue* f = file.find(key);
        if (!f) return dot + key + ": missing in the file";
        std::string d = first_difference(*f, value, dot + key);
        if (!d.empty()) return d;
    }
    for (const auto& field : file.fields)
        if (!rules.find(field.first)) return dot + field.first + ": not a field of a replay";
    return "";
}

// The first two lines of an answer's text, as the referee reads them (without
// the newline, nor a '\r' before it; the last may end the text without one).
inline void split_answer(const std::string& raw, std::string& put_line, std::string& pick_line) {
    std::string* lines[2] = {&put_line, &pick_line};
    for (size_t at = 0, i = 0; i < 2 && at < raw.size(); ++i) {
        const size_t end = std::min(raw.find('\n', at), raw.size());
        *lines[i] = raw.substr(at, end - at);
        if (!lines[i]->empty() && lines[i]->back() == '\r') lines[i]->pop_back();
        at = end + 1;
    }
}

// A recorded request's answer as the referee read it: its output, and the
// way its reading ended (a whole answer, a timeout, closed pipes, a line too
// long), which the file says only through the error the referee gave. Each
// way is tried through judge() until one gives the recorded error.
inline match_detail::Exchange recorded_exchange(const JsonValue& r, const std::string& input, int turn) {
    using Io = BotProcess::Io;
    match_detail::Exchange ex;
    ex.input = input;
    ex.raw = r["output"].text;
    ex.answer_ms = r["time_ms"].number();
    ex.limit_ms = r["limit_ms"].number();
    split_answer(ex.raw, ex.put_line, ex.pick_line);
    const JsonValue& error = r["error"];
    const std::string kind = error["kind"].text;
    if (error.is_null() || kind == "illegal_put" || kind == "invalid_pick") return ex;  // a whole answer: the game judges it
    const std::pair<Io, bool> ways[] = {{Io::Timeout, false}, {Io::Closed, false}, {Io::Closed, true},
                                        {Io::TooLong, false}, {Io::Ok, false}};  // (how it ended, input refused)
    for (const auto& [io, refused] : ways) {
        ex.io = io, ex.input_refused = refused;
        const match_detail::Verdict v = judge(ex, turn);
        if (kind == fault_name(v.fault) && error["detail"].text == v.detail) break;
    }
    return ex;
}

// The rules' replay made comparable with the file's: "finished" and
// "stopped_turn" came to the format later, so a file without them is not asked
// for them; what the table page adds and the rules do not judge ("names",
// "review": docs/replay-format.md) is taken as the file has it.
inline void match_optional_fields(const JsonValue& file, JsonValue& rules) {
    auto& fields = rules.fields;
    for (const char* later : {"finished", "stopped_turn"})
        if (!file.find(later))
            fields.erase(std::remove_if(fields.begin(), fields.end(), [&](const auto& f) { return f.first == later; }),
                         fields.end());
    for (const char* page : {"names", "review"})
        if (const JsonValue* value = file.find(page)) fields.emplace_back(page, *value);
}

// The game's settings from the replay's opening fields.
inline bool read_setting(const JsonValue& rep, MatchConfig& cfg, std::string& error) {
    if (rep["format"].text != kReplayFormat)
        return error = "format: " + value_text(rep["format"]) + ", this check reads " + kReplayFormat, false;
    cfg.variant = variant_by_name(rep["variant"].text);
    if (!cfg.variant) return error = "variant: " + value_text(rep["variant"]) + " is no variant", false;
    if (!rule_by_name(rep["rule"].text, cfg.rule)) return error = "rule: " + value_text(rep["rule"]) + " is no rule", false;
    if (!rep["seed"].is(JsonValue::Type::Number) || rep["seed"].text[0] == '-')
        return error = "seed: " + value_text(rep["seed"]) + " is not a seed", false;
    if (!rep["bots"].is(JsonValue::Type::Array) || rep["bots"].size() != size_t(cfg.variant->players))
        return error = "bots: not one command per seat of a " + std::string(cfg.variant->name) + " game", false;
    cfg.seed = rep["seed"].unsigned_integer();
    cfg.index = int(rep["game"].integer());
    for (const JsonValue& bot : rep["bots"].items) cfg.commands.push_back(bot.text);
    cfg.time_scale = rep["time_scale"].number();
    cfg.no_timeout = rep["no_timeout"].boolean;
    cfg.strict_put = rep["strict_put"].boolean;
    cfg.record_replay = true;
    return true;
}

// Plays the recorded answers on `book`: the eliminations before any request
// (a bot that could not start), then each request's answer while the game
// goes on. Returns the requests played.
inline int play_recorded(const JsonValue& rep, RefereedGame& book) {
    for (const JsonValue& e : rep["events"].items)
        if (e["kind"].text == "eliminated" && e["after_request"].integer() == -1 && e["seat"].integer() >= 0 &&
            e["seat"].integer() < book.game().players())
            book.eliminate(int(e["seat"].integer()), e["reason"].text.c_str());
    int played = 0;
    for (const JsonValue& r : rep["requests"].items) {
        if (book.game().is_terminal()) break;
        const match_detail::Exchange ex = recorded_exchange(r, book.input(), book.game().turn());
        const match_detail::Verdict v = book.answer(ex, [](match_detail::Fault) {});
        book.record(ex, v, r["stderr"].text);
        ++played;
    }
    return played;
}

}  // namespace replay_check

// Checks the replay in `text` (docs/replay-format.md) against the rules.
inline ReplayCheck check_replay(const std::string& text) {
    using namespace replay_check;
    ReplayCheck out;
    JsonValue rep, rules;
    MatchConfig cfg;
    if (!JsonReader::parse(text, rep, out.error)) return out.error = "not JSON: " + out.error, out;
    if (!rep.is(JsonValue::Type::Object) || !rep["requests"].is(JsonValue::Type::Array))
        return out.error = "not a replay: no \"requests\" list (docs/replay-format.md)", out;
    if (!read_setting(rep, cfg, out.error)) return out;
    RefereedGame book(cfg);  // `rep` lives as long: the events' reasons point into it
    out.requests = play_recorded(rep, book);
    std::string why;
    if (!JsonReader::parse(book.replay_json(), rules, why)) return out.error = "the rules' replay: " + why, out;
    match_optional_fields(rep, rules);
    out.error = first_difference(rep, rules, "");
    out.variant = cfg.variant, out.seed = cfg.seed;
    out.finished = book.game().is_terminal();
    out.turn = book.game().turn();
    out.result = book.game().result();
    return out;
}

}  // namespace kd
