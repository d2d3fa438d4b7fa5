// The words of a protocol line, read the same way on both sides: the bot
// reading requests (bot_protocol.h) and the referee reading answers
// (referee_protocol.h), both as CodinGame's Java referee reads numbers.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace kd {

// Splits on spaces and tabs.
inline std::vector<std::string> split_words(const std::string& line) {
    std::vector<std::string> words;
    size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
        if (j > i) words.push_back(line.substr(i, j - i));
        i = j;
    }
    return words;
}

// A decimal integer with an optional sign, as Java's Integer.parseInt reads
// it ("+5" is 5, "007" is 7); false when malformed or outside 32 bits.
inline bool parse_int(const std::string& word, int& out) {
    const bool sign = !word.empty() && (word[0] == '-' || word[0] == '+');
    const bool negative = sign && word[0] == '-';
    if (word.size() == size_t(sign)) return false;
    long long v = 0;
    for (size_t j = sign; j < word.size(); ++j) {
        if (word[j] < '0' || word[j] > '9') return false;
        v = v * 10 + (word[j] - '0');
        if (v > -(long long)std::numeric_limits<int32_t>::min()) return false;  // stop before long long overflows
    }
    if (negative) v = -v;
    if (v > std::numeric_limits<int32_t>::max()) return false;
    out = int(v);
    return true;
}

}  // namespace kd
