// Bots' text as UTF-8. RULES.md counts answer lines and PICK messages in
// characters: a character is a well-formed UTF-8 sequence, and a byte that
// starts none (a stray continuation byte, a truncated sequence, an overlong
// form, a surrogate, 0xFE...) is one character of its own, which the replay
// writes as U+FFFD so that it stays valid UTF-8.
#pragma once

#include <cstddef>
#include <string>

namespace kd {

// Bytes of the well-formed UTF-8 character starting at s[i] (1 to 4), or 0
// when none starts there.
inline size_t utf8_sequence_length(const std::string& s, size_t i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) return 1;
    size_t n;
    unsigned char low = 0x80, high = 0xbf;  // the second byte's range (RFC 3629): no overlong form, no surrogate
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        if (c == 0xe0) low = 0xa0;
        if (c == 0xed) high = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        if (c == 0xf0) low = 0x90;
        if (c == 0xf4) high = 0x8f;
    } else {
        return 0;
    }
    if (i + n > s.size()) return 0;
    for (size_t k = 1; k < n; ++k) {
        const unsigned char b = static_cast<unsigned char>(s[i + k]);
        if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xbf)) return 0;
    }
    return n;
}

// Bytes of the character at s[i]: an invalid byte is a character of one byte.
inline size_t utf8_char_bytes(const std::string& s, size_t i) {
    size_t n = utf8_sequence_length(s, i);
    return n ? n : 1;
}

// Characters in s.
inline size_t utf8_length(const std::string& s) {
    size_t chars = 0;
    for (size_t i = 0; i < s.size(); i += utf8_char_bytes(s, i)) ++chars;
    return chars;
}

// The first `chars` characters of s (all of it when shorter).
inline std::string utf8_prefix(const std::string& s, size_t chars) {
    size_t i = 0;
    for (; i < s.size() && chars > 0; --chars) i += utf8_char_bytes(s, i);
    return s.substr(0, i);
}

// The replacement of a byte that is not UTF-8: U+FFFD.
constexpr const char* kReplacementCharacter = "\xef\xbf\xbd";

// s as valid UTF-8, each byte that starts no character replaced by U+FFFD:
// one for each character counted, where a JSON library replaces a broken
// sequence as a whole.
inline std::string utf8_repaired(const std::string& s) {
    std::string out;
    for (size_t i = 0; i < s.size();) {
        const size_t n = utf8_sequence_length(s, i);
        if (n) out.append(s, i, n);
        else out += kReplacementCharacter;
        i += n ? n : 1;
    }
    return out;
}

}  // namespace kd
