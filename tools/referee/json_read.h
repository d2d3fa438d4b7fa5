// A small JSON reader, the counterpart of json.h: parses a whole document
// into a tree, keeping each number's text so that integers (seeds) and
// decimals read back exactly as they were written.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace kd {

struct JsonValue {
    enum class Type { Null, Bool, Number, String, Array, Object };
    Type type = Type::Null;
    bool boolean = false;
    std::string text;  // a string's value, or a number as written
    std::vector<JsonValue> items;
    std::vector<std::pair<std::string, JsonValue>> fields;

    bool is(Type t) const { return type == t; }
    // The value of `key` in an object, or nullptr.
    const JsonValue* find(const std::string& key) const {
        for (const auto& f : fields)
            if (f.first == key) return &f.second;
        return nullptr;
    }
    // The value of `key`, or a null value when absent (or this is not an
    // object): lookups chain without checks, r["final"]["ranks"][0].
    const JsonValue& operator[](const std::string& key) const {
        const JsonValue* v = find(key);
        return v ? *v : null_value();
    }
    const JsonValue& operator[](size_t i) const { return i < items.size() ? items[i] : null_value(); }
    bool is_null() const { return type == Type::Null; }
    size_t size() const { return type == Type::Array ? items.size() : fields.size(); }
    static const JsonValue& null_value() {
        static const JsonValue null;
        return null;
    }
    double number() const { return std::strtod(text.c_str(), nullptr); }
    long long integer() const { return std::strtoll(text.c_str(), nullptr, 10); }
    unsigned long long unsigned_integer() const { return std::strtoull(text.c_str(), nullptr, 10); }
};

class JsonReader {
  public:
    // Parses `text` (one value, surrounded by white space at most) into `out`.
    // On error returns false and says where in `error`.
    static bool parse(const std::string& text, JsonValue& out, std::string& error) {
        JsonReader r(text);
        bool ok = r.value(out, 0) && (r.space(), r.at_ == text.size());
        if (!ok) error = r.error_.empty() ? "unexpected text at offset " + std::to_string(r.at_) : r.error_;
        return ok;
    }

  private:
    static constexpr int kMaxDepth = 64;

    explicit JsonReader(const std::string& s) : s_(s) {}

    bool fail(const std::string& what) {
        if (error_.empty()) error_ = what + " at offset " + std::to_string(at_);
        return false;
    }
    void space() {
        while (at_ < s_.size() && (s_[at_] == ' ' || s_[at_] == '\n' || s_[at_] == '\r' || s_[at_] == '\t')) ++at_;
    }
    bool literal(const char* word) {
        size_t n = std::char_traits<char>::length(word);
        if (s_.compare(at_, n, word) != 0) return fail("unknown literal");
        at_ += n;
        return true;
    }

    bool value(JsonValue& v, int depth) {
        if (depth > kMaxDepth) return fail("nesting too deep");
        space();
        if (at_ >= s_.size()) return fail("unexpected end");
        char c = s_[at_];
        if (c == '{') return object(v, depth);
        if (c == '[') return array(v, depth);
        if (c == '"') {
            v.type = JsonValue::Type::String;
            return string(v.text);
        }
        if (c == 't' || c == 'f') {
            v.type = JsonValue::Type::Bool;
            v.boolean = c == 't';
            return literal(v.boolean ? "true" : "false");
        }
        if (c == 'n') {
            v.type = JsonValue::Type::Null;
            return literal("null");
        }
        return number(v);
    }

    bool number(JsonValue& v) {
        size_t start = at_;
        if (at_ < s_.size() && s_[at_] == '-') ++at_;
        size_t digits = at_;
        while (at_ < s_.size() && std::string("0123456789.eE+-").find(s_[at_]) != std::string::npos) ++at_;
        if (at_ == digits) return fail("expected a value");
        v.type = JsonValue::Type::Number;
        v.text = s_.substr(start, at_ - start);
        char* end = nullptr;
        std::strtod(v.text.c_str(), &end);
        if (*end) return fail("bad number '" + v.text + "'");
        return true;
    }

    bool string(std::string& out) {
        ++at_;  // the opening quote
        while (at_ < s_.size() && s_[at_] != '"') {
            char c = s_[at_++];
            if (static_cast<unsigned char>(c) < 0x20) return fail("control character in a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (at_ >= s_.size()) break;
            char e = s_[at_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned code = 0;
                    if (!hex4(code)) return fail("bad \\u escape");
                    unsigned low = 0;
                    if (code >= 0xd800 && code < 0xdc00 && s_.compare(at_, 2, "\\u") == 0) {
                        at_ += 2;  // a surrogate pair: one code point
                        if (!hex4(low) || low < 0xdc00 || low >= 0xe000) return fail("bad surrogate pair");
                        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
                    }
                    append_utf8(out, code);
                    break;
                }
                default: return fail("bad escape");
            }
        }
        if (at_ >= s_.size()) return fail("unterminated string");
        ++at_;  // the closing quote
        return true;
    }

    // The four hex digits of a \u escape.
    bool hex4(unsigned& code) {
        if (at_ + 4 > s_.size()) return false;
        for (int k = 0; k < 4; ++k) {
            char c = s_[at_++];
            int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
            if (d < 0) return false;
            code = code * 16 + unsigned(d);
        }
        return true;
    }

    // A code point as UTF-8 (json.h writes text as UTF-8, escaping only controls).
    static void append_utf8(std::string& out, unsigned code) {
        if (code < 0x80) {
            out += char(code);
        } else if (code < 0x800) {
            out += char(0xc0 | (code >> 6));
            out += char(0x80 | (code & 0x3f));
        } else if (code < 0x10000) {
            out += char(0xe0 | (code >> 12));
            out += char(0x80 | ((code >> 6) & 0x3f));
            out += char(0x80 | (code & 0x3f));
        } else {
            out += char(0xf0 | (code >> 18));
            out += char(0x80 | ((code >> 12) & 0x3f));
            out += char(0x80 | ((code >> 6) & 0x3f));
            out += char(0x80 | (code & 0x3f));
        }
    }

    bool array(JsonValue& v, int depth) {
        v.type = JsonValue::Type::Array;
        ++at_;
        space();
        if (at_ < s_.size() && s_[at_] == ']') return ++at_, true;
        for (;;) {
            v.items.emplace_back();
            if (!value(v.items.back(), depth + 1)) return false;
            space();
            if (at_ < s_.size() && s_[at_] == ',') {
                ++at_;
                continue;
            }
            if (at_ < s_.size() && s_[at_] == ']') return ++at_, true;
            return fail("expected ',' or ']'");
        }
    }

    bool object(JsonValue& v, int depth) {
        v.type = JsonValue::Type::Object;
        ++at_;
        space();
        if (at_ < s_.size() && s_[at_] == '}') return ++at_, true;
        for (;;) {
            space();
            if (at_ >= s_.size() || s_[at_] != '"') return fail("expected a key");
            std::string key;
            if (!string(key)) return false;
            space();
            if (at_ >= s_.size() || s_[at_] != ':') return fail("expected ':'");
            ++at_;
            v.fields.emplace_back(std::move(key), JsonValue());
            if (!value(v.fields.back().second, depth + 1)) return false;
            space();
            if (at_ < s_.size() && s_[at_] == ',') {
                ++at_;
                continue;
            }
            if (at_ < s_.size() && s_[at_] == '}') return ++at_, true;
            return fail("expected ',' or '}'");
        }
    }

    const std::string& s_;
    size_t at_ = 0;
    std::string error_;
};

}  // namespace kd
