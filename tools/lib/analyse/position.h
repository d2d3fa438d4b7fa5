// Where the analysed position comes from: a replay's request (the seat's
// requests up to it, and the bot's options from its command), requests on
// stdin, or a state text (--position); and the search's options from them.
#pragma once

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "args.h"
#include "files.h"
#include "json.h"
#include "player.h"

namespace kd {
namespace analysis {

// The words of a shell command, quotes and backslashes removed; it stops at a
// redirection or another command (< > | ; & 2>), whose words are not the bot's.
inline std::vector<std::string> command_words(const std::string& command) {
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
inline bool our_bot_options(const std::string& command, std::vector<std::string>& options) {
    const std::vector<std::string> words = command_words(command);
    const auto bot = std::find_if(words.begin(), words.end(), [](const std::string& word) {
        const std::string name = word.substr(word.find_last_of('/') + 1);
        return name == "bot" || name.compare(0, 4, "bot_") == 0;
    });
    if (bot != words.end()) options.assign(bot + 1, words.end());
    return bot != words.end();
}

// What is searched: the text the player read (its requests in order, the one
// analysed last; --position's state text), and where it came from.
struct Source {
    std::string text;
    std::vector<std::string> bot_options;  // from the seat's command
    std::string command;                   // the seat's command, "" from stdin
    int seat = -1;                         // absolute seat, -1 from stdin
    const Json* recorded = nullptr;        // the replay's request K
};

inline bool load_replay(const std::string& path, Json& replay, std::string& error) {
    std::string text, why;
    if (!read_file(path, text)) return error = path + ": cannot read it", false;
    if (!parse_json(text, replay, why)) return error = path + ": not JSON: " + why, false;
    if (!at(replay, "/requests").is_array() || !at(replay, "/bots").is_array())
        return error = path + ": not a replay (no \"requests\" and \"bots\" lists; docs/replay-format.md)", false;
    return true;
}

// The seat's requests up to K, and its command, from the replay.
inline bool select_request(const Json& replay, const Args& a, Source& s, std::string& error) {
    const Json& requests = replay["requests"];
    const long n = long(requests.size());
    if (a.request >= n)
        return error = "request " + std::to_string(a.request) + " is out of range: the replay has " +
                       std::to_string(n) + " requests, 0 to " + std::to_string(n - 1), false;
    s.recorded = &requests[size_t(a.request)];
    s.seat = int(integer_at(*s.recorded, "/seat"));
    if (a.seat >= 0 && a.seat != s.seat)
        return error = "request " + std::to_string(a.request) + " went to seat " + std::to_string(s.seat) +
                       ", not seat " + std::to_string(a.seat), false;
    s.command = string_at(replay, "/bots/" + std::to_string(s.seat));
    if (!our_bot_options(s.command, s.bot_options))
        return error = "request " + std::to_string(a.request) + " went to seat " + std::to_string(s.seat) +
                       ", whose command '" + s.command + "' is not our bot (a word named bot or bot_*: build/bot)",
               false;
    for (long i = 0; i <= a.request; ++i)
        if (integer_at(requests[size_t(i)], "/seat") == s.seat) s.text += string_at(requests[size_t(i)], "/input");
    return true;
}

// The bot's options: its command's, then the ones given here, read by
// parse_player_options as the bot reads its argv; no seed at all gives 1.
inline PlayerOptions player_options(const Source& s, const Args& a, std::vector<std::string>& notes) {
    std::vector<std::string> words{"bot"};
    words.insert(words.end(), s.bot_options.begin(), s.bot_options.end());
    words.insert(words.end(), a.bot_words.begin(), a.bot_words.end());
    PlayerOptions o = parse_player_words(words);
    if (o.seed_from_clock) {
        o.seed = 1;
        notes.push_back(s.seat >= 0 ? "no --seed: the bot's came from its clock, this search's is 1"
                                    : "no --seed: this search's is 1");
    }
    if (o.playouts <= 0) notes.push_back("by time: the search cannot repeat the bot's answer exactly");
    return o;
}

// The request of --position: `s.text` gets its state text, after a first line
// "seed S" that, unless --seed was given, joins the search's options.
inline bool read_position(Args& a, Source& s, std::string& error) {
    if (!read_file(a.position, s.text)) return error = a.position + ": cannot read it", false;
    if (s.text.rfind("seed ", 0) != 0) return true;
    const size_t end = s.text.find('\n');
    const std::string seed = s.text.substr(5, end - 5);
    const bool seeded = std::find(a.bot_words.begin(), a.bot_words.end(), "--seed") != a.bot_words.end();
    if (!seed.empty() && !seeded) a.bot_words.insert(a.bot_words.end(), {"--seed", seed});
    s.text = end == std::string::npos ? "" : s.text.substr(end + 1);
    return true;
}

}  // namespace analysis
}  // namespace kd
