// JSON for replays, run summaries and the tools' reports, through nlohmann/json
// (Debian's nlohmann-json3-dev). ordered_json: keys come out in the order the
// formats list them. Here only what the library does not do our way: a
// decimal written to its places, a parse that says where it failed without
// exceptions (the table page's WebAssembly catches none), text that is never
// refused for a byte that is not UTF-8, reads that chain through what a file
// lacks, and reads of a field that say which one a file lacks.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace kd {

using Json = nlohmann::ordered_json;

// `v` rounded to `places` decimals: the writer prints the shortest text that
// reads back, so 12.3456 comes out 12.346 and 0.5 stays 0.5; null when not finite.
inline Json decimal(double v, int places = 3) {
    if (!std::isfinite(v)) return nullptr;
    const double scale = std::pow(10.0, places);
    return std::round(v * scale) / scale + 0.0;  // + 0.0: never "-0.0"
}

// Compact text; a byte that is not UTF-8 (a command line's, say) becomes U+FFFD
// instead of an exception. Bots' text is repaired before, byte by byte (utf8.h).
inline std::string json_text(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

namespace json_detail {

// The library's own tree builder, keeping the parse error's text instead of
// throwing it, and refusing nesting deeper than any of our files has (which
// would only exhaust the stack of a reader walking it).
class Builder : public nlohmann::detail::json_sax_dom_parser<Json> {
  public:
    explicit Builder(Json& out) : json_sax_dom_parser(out, false) {}
    bool start_object(std::size_t n) { return deeper() && json_sax_dom_parser::start_object(n); }
    bool start_array(std::size_t n) { return deeper() && json_sax_dom_parser::start_array(n); }
    bool end_object() { return --depth_, json_sax_dom_parser::end_object(); }
    bool end_array() { return --depth_, json_sax_dom_parser::end_array(); }
    template <class Exception>
    bool parse_error(std::size_t, const std::string&, const Exception& e) {
        error = e.what();
        return false;
    }
    std::string error;

  private:
    bool deeper() {
        if (++depth_ <= 64) return true;
        error = "nesting deeper than 64";
        return false;
    }
    int depth_ = 0;
};

}  // namespace json_detail

// Parses `text` (one value) into `out`; false with `error` saying what and where.
inline bool parse_json(const std::string& text, Json& out, std::string& error) {
    json_detail::Builder builder(out);
    if (Json::sax_parse(text, &builder)) return true;
    error = builder.error.empty() ? "not JSON" : builder.error;
    out = nullptr;
    return false;
}

// The value at `path` ("/final/ranks/0", "" for `j` itself), or null where
// there is none: a file's reads chain without a check at each step.
inline const Json& at(const Json& j, const std::string& path) {
    static const Json none;
    const Json::json_pointer pointer(path);
    return j.contains(pointer) ? j[pointer] : none;
}
// The number, integer or string at `path`, or 0 and "" when it is something else.
inline double number_at(const Json& j, const std::string& path = "") {
    const Json& v = at(j, path);
    return v.is_number() ? v.get<double>() : 0.0;
}
inline long long integer_at(const Json& j, const std::string& path = "") {
    const Json& v = at(j, path);
    return v.is_number() ? v.get<long long>() : 0;
}
inline std::string string_at(const Json& j, const std::string& path = "") {
    const Json& v = at(j, path);
    return v.is_string() ? v.get<std::string>() : "";
}

// Field `key` of `object` as a T, or an exception that names the field:
// missing, or of another type. A number must be one (the library reads true
// as 1), an unsigned one whole and from 0 (it reads -1 as 2^64 - 1): a seed.
template <typename T>
T field(const Json& object, const char* key) {
    const Json& v = at(object, std::string("/") + key);
    constexpr bool number = std::is_arithmetic_v<T> && !std::is_same_v<T, bool>;
    const bool fits = !number || (std::is_unsigned_v<T> ? v.is_number_unsigned() : v.is_number());
    try {
        if (fits) return v.get<T>();
    } catch (const Json::exception&) {
    }
    throw std::runtime_error(std::string(key) + ": missing or of another type");
}

}  // namespace kd
