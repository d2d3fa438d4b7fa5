// Self-play game records (docs/selfplay-format.md): what tools/learn/selfplay
// writes and tools/learn/dataset reads. A game is its deal (variant, rule,
// seed: Game::deal gives the deck back), every answer in order, the search's
// view of each answer a recorded player made (every candidate's playouts and
// values: the policy's target) and every seat's result (the value's target).
// Positions are not stored: replaying the answers on the dealt game gives
// each one back, cheaply and exactly.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "command_line.h"
#include "files.h"
#include "game.h"

namespace kd {

// A candidate answer as the search left it.
struct RecordedCandidate {
    Placement put;
    int8_t pick = -1;
    uint32_t playouts = 0;
    float value = 0, first = 0;  // mean playout value, share of first places
};

// One answer of the game. `kind` says what decided it: a player not
// recorded, or our search (Monte Carlo, exact endgame, a single choice, the
// last turn solved).
struct RecordedAnswer {
    enum Kind : uint8_t { NotRecorded = 0, MonteCarlo = 1, Exact = 2, Forced = 3, LastTurn = 4 };
    uint8_t seat = 0;
    Placement put;
    int8_t pick = -1;
    Kind kind = NotRecorded;
    uint32_t playouts = 0;
    float value = 0, win = 0;
    std::vector<RecordedCandidate> candidates;  // Monte Carlo only, the chosen one first
};

struct GameRecord {
    uint8_t variant = 0;  // index in kVariants
    uint8_t rule = 0;     // 0 match, 1 adjacent
    uint64_t seed = 0;    // Game::deal's seed
    uint8_t players = 0;
    uint8_t entrant[kMaxPlayers] = {};  // per seat: index of the player in the run's list
    int16_t score[kMaxPlayers] = {}, adjusted[kMaxPlayers] = {}, territory[kMaxPlayers] = {},
            crowns[kMaxPlayers] = {};
    uint8_t rank[kMaxPlayers] = {};
    std::vector<RecordedAnswer> answers;

    const Variant& game_variant() const { return kVariants[variant]; }
    Rule game_rule() const { return rule ? Rule::Adjacent : Rule::Match; }
    Game deal() const { return Game::deal(game_variant(), game_rule(), seed); }
};

constexpr char kRecordMagic[4] = {'K', 'D', 'S', 'P'};
constexpr uint32_t kRecordVersion = 1;

namespace record_detail {

// Little-endian fields, appended to (or read from) a byte string.
struct Writer {
    std::string bytes;
    template <typename T> void put(T v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void placement(const Placement& p) { put(p.x), put(p.y), put(p.rotation); }
};
struct Reader {
    const std::string& bytes;
    size_t at = 0;
    bool ok = true;
    template <typename T> T get() {
        T v{};
        if (at + sizeof v > bytes.size()) return ok = false, v;
        std::memcpy(&v, bytes.data() + at, sizeof v);
        at += sizeof v;
        return v;
    }
    Placement placement() {
        Placement p;
        p.x = get<int8_t>(), p.y = get<int8_t>(), p.rotation = get<int8_t>();
        return p;
    }
};

inline void write_answer(Writer& w, const RecordedAnswer& a) {
    w.put(a.seat), w.placement(a.put), w.put(a.pick), w.put(uint8_t(a.kind));
    if (a.kind == RecordedAnswer::NotRecorded) return;
    w.put(a.playouts), w.put(a.value), w.put(a.win), w.put(uint16_t(a.candidates.size()));
    for (const RecordedCandidate& c : a.candidates)
        w.placement(c.put), w.put(c.pick), w.put(c.playouts), w.put(c.value), w.put(c.first);
}

inline RecordedAnswer read_answer(Reader& r) {
    RecordedAnswer a;
    a.seat = r.get<uint8_t>(), a.put = r.placement(), a.pick = r.get<int8_t>();
    a.kind = RecordedAnswer::Kind(r.get<uint8_t>());
    if (a.kind == RecordedAnswer::NotRecorded) return a;
    a.playouts = r.get<uint32_t>(), a.value = r.get<float>(), a.win = r.get<float>();
    a.candidates.resize(r.get<uint16_t>());
    for (RecordedCandidate& c : a.candidates) {
        c.put = r.placement(), c.pick = r.get<int8_t>(), c.playouts = r.get<uint32_t>();
        c.value = r.get<float>(), c.first = r.get<float>();
    }
    return a;
}

}  // namespace record_detail

// The bytes of one game: its length (u32), then its fields.
inline std::string game_bytes(const GameRecord& g) {
    record_detail::Writer w;
    w.put(g.variant), w.put(g.rule), w.put(g.seed), w.put(g.players);
    for (int p = 0; p < g.players; ++p)
        w.put(g.entrant[p]), w.put(g.score[p]), w.put(g.adjusted[p]), w.put(g.territory[p]), w.put(g.crowns[p]),
            w.put(g.rank[p]);
    w.put(uint16_t(g.answers.size()));
    for (const RecordedAnswer& a : g.answers) record_detail::write_answer(w, a);
    record_detail::Writer whole;
    whole.put(uint32_t(w.bytes.size()));
    return whole.bytes + w.bytes;
}

// The file's first bytes: magic, version, then the run's players by name.
inline std::string file_header(const std::vector<std::string>& entrants) {
    record_detail::Writer w;
    w.bytes.append(kRecordMagic, 4);
    w.put(kRecordVersion), w.put(uint16_t(entrants.size()));
    for (const std::string& e : entrants) w.put(uint16_t(e.size())), w.bytes += e;
    return w.bytes;
}

// Reads a whole record file: the players' names and every game. False, with
// a reason in `error`, for a file that is not one or is cut short.
inline bool read_records(const std::string& path, std::vector<std::string>& entrants, std::vector<GameRecord>& games,
                         std::string& error) {
    std::string bytes;
    if (!read_file(path, bytes)) return error = "cannot open " + path, false;
    record_detail::Reader r{bytes};
    if (bytes.size() < 4 || bytes.compare(0, 4, kRecordMagic, 4) != 0) return error = path + ": not a record file", false;
    r.at = 4;
    if (r.get<uint32_t>() != kRecordVersion) return error = path + ": another version", false;
    entrants.resize(r.get<uint16_t>());
    for (std::string& e : entrants) {
        const uint16_t n = r.get<uint16_t>();
        if (r.at + n > bytes.size()) return error = path + ": cut short", false;
        e = bytes.substr(r.at, n), r.at += n;
    }
    while (r.ok && r.at < bytes.size()) {
        const size_t end = r.at + 4 + r.get<uint32_t>();
        GameRecord g;
        g.variant = r.get<uint8_t>(), g.rule = r.get<uint8_t>(), g.seed = r.get<uint64_t>();
        g.players = r.get<uint8_t>();
        if (g.variant >= 4 || g.players != kVariants[g.variant].players) return error = path + ": a bad game", false;
        for (int p = 0; p < g.players; ++p)
            g.entrant[p] = r.get<uint8_t>(), g.score[p] = r.get<int16_t>(), g.adjusted[p] = r.get<int16_t>(),
            g.territory[p] = r.get<int16_t>(), g.crowns[p] = r.get<int16_t>(), g.rank[p] = r.get<uint8_t>();
        g.answers.resize(r.get<uint16_t>());
        for (RecordedAnswer& a : g.answers) a = record_detail::read_answer(r);
        if (!r.ok || r.at != end) return error = path + ": a game cut short or of another length", false;
        games.push_back(std::move(g));
    }
    return true;
}

// The record files at path: itself, or those in the folder and its folders, in name order.
inline void list_record_files(const std::string& path, std::vector<std::string>& out) {
    namespace fs = std::filesystem;
    std::error_code unreadable;  // skipped, as a path that is not there
    if (!fs::is_directory(path, unreadable)) {
        if (fs::path(path).extension() == ".kdsp" && fs::exists(path, unreadable)) out.push_back(path);
        return;
    }
    std::vector<std::string> names;
    for (const fs::directory_entry& e : fs::directory_iterator(path, unreadable))
        if (e.path().filename().string()[0] != '.') names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    for (const std::string& n : names) list_record_files(path + "/" + n, out);
}

// RECORDS on a command line (build/dataset, build/balance): record files, or folders of them, listed into `files`.
inline void add_records_option(CLI::App& app, std::vector<std::string>& files) {
    app.add_option_function<std::vector<std::string>>("RECORDS", [&files](const std::vector<std::string>& paths) {
           for (const std::string& p : paths) list_record_files(p, files);
           if (files.empty()) throw CLI::ValidationError("RECORDS", "no record file (.kdsp) in them");
       }, "record files (.kdsp), or folders of them")->required();
}

}  // namespace kd
