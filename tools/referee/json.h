// A minimal JSON writer for replays and the --json summary: values are
// appended in order and commas placed automatically.
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "utf8.h"

namespace kd {

class JsonWriter {
  public:
    JsonWriter& begin_object() { return open('{'); }
    JsonWriter& end_object() { return close('}'); }
    JsonWriter& begin_array() { return open('['); }
    JsonWriter& end_array() { return close(']'); }
    // The key of the next value inside an object.
    JsonWriter& key(const std::string& k) {
        comma();
        quote(k);
        out_ += ':';
        after_key_ = true;
        return *this;
    }
    JsonWriter& value(const std::string& s) {
        comma();
        quote(s);
        return *this;
    }
    JsonWriter& value(const char* s) { return s ? value(std::string(s)) : null(); }
    JsonWriter& value(long long v) {
        comma();
        out_ += std::to_string(v);
        return *this;
    }
    JsonWriter& value(int v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(long v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(unsigned long long v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(double v, int decimals = 3) {
        comma();
        if (!std::isfinite(v)) {
            out_ += "null";
            return *this;
        }
        char buf[64];
        snprintf(buf, sizeof buf, "%.*f", decimals, v);
        out_ += buf;
        return *this;
    }
    JsonWriter& value(bool b) {
        comma();
        out_ += b ? "true" : "false";
        return *this;
    }
    JsonWriter& null() {
        comma();
        out_ += "null";
        return *this;
    }
    template <typename T>
    JsonWriter& field(const std::string& k, const T& v) {
        key(k);
        return value(v);
    }
    JsonWriter& field(const std::string& k, double v, int decimals) {
        key(k);
        return value(v, decimals);
    }
    // Inserts already formatted JSON as one value.
    JsonWriter& raw(const std::string& json) {
        comma();
        out_ += json;
        return *this;
    }
    const std::string& str() const { return out_; }

  private:
    JsonWriter& open(char c) {
        comma();
        out_ += c;
        first_.push_back(true);
        return *this;
    }
    JsonWriter& close(char c) {
        out_ += c;
        first_.pop_back();
        return *this;
    }
    void comma() {
        if (after_key_) {
            after_key_ = false;
            return;
        }
        if (!first_.empty()) {
            if (!first_.back()) out_ += ',';
            first_.back() = false;
        }
    }
    // Strings come out as valid UTF-8 whatever a bot printed: well-formed
    // characters as they are, any other byte as U+FFFD, controls escaped.
    void quote(const std::string& s) {
        out_ += '"';
        for (size_t i = 0; i < s.size();) {
            const unsigned char c = static_cast<unsigned char>(s[i]);
            if (c >= 0x80) {
                const size_t n = utf8_sequence_length(s, i);
                if (n)
                    out_.append(s, i, n);
                else
                    out_ += kReplacementCharacter;
                i += n ? n : 1;
                continue;
            }
            ++i;
            switch (c) {
                case '"': out_ += "\\\""; break;
                case '\\': out_ += "\\\\"; break;
                case '\n': out_ += "\\n"; break;
                case '\r': out_ += "\\r"; break;
                case '\t': out_ += "\\t"; break;
                default:
                    if (c < 0x20 || c == 0x7f) {
                        char buf[8];
                        snprintf(buf, sizeof buf, "\\u%04x", c);
                        out_ += buf;
                    } else {
                        out_ += char(c);
                    }
            }
        }
        out_ += '"';
    }

    std::string out_;
    std::vector<bool> first_;
    bool after_key_ = false;
};

}  // namespace kd
