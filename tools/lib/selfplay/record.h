// Self-play game records (docs/selfplay-format.md): what tools/lib/selfplay/selfplay
// writes and tools/lib/selfplay/dataset reads. A game is its deal (variant, rule,
// seed: Game::deal gives the deck back), every answer in order, the search's
// view of each answer a recorded player made (every candidate's playouts and
// values: the policy's target) and every seat's result (the value's target).
// Positions are not stored: replaying the answers on the dealt game gives
// each one back, cheaply and exactly.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
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

// Little-endian fields appended to a byte string (Writer) or read from one
// (Reader), each by the same call io(field): the format below is written
// once for both directions.
struct Writer {
    std::string bytes;
    template <typename T> void operator()(const T& v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); }
    void operator()(const Placement& p) { (*this)(p.x), (*this)(p.y), (*this)(p.rotation); }
};
struct Reader {
    const std::string& bytes;
    size_t at = 0;
    bool ok = true;  // false once a field ran past the end: it is left as it was
    template <typename T> void operator()(T& v) {
        if (at + sizeof v > bytes.size()) return void(ok = false);
        std::memcpy(&v, bytes.data() + at, sizeof v);
        at += sizeof v;
    }
    void operator()(Placement& p) { (*this)(p.x), (*this)(p.y), (*this)(p.rotation); }
    template <typename T> T get() {
        T v{};
        (*this)(v);
        return v;
    }
};

// An answer's fields in the file's order; a reader's answer gets as many
// candidates as the file says.
template <typename Io>
void answer_fields(Io& io, RecordedAnswer& a) {
    io(a.seat), io(a.put), io(a.pick), io(a.kind);
    if (a.kind == RecordedAnswer::NotRecorded) return;
    auto candidates = uint16_t(a.candidates.size());
    io(a.playouts), io(a.value), io(a.win), io(candidates);
    a.candidates.resize(candidates);
    for (RecordedCandidate& c : a.candidates) io(c.put), io(c.pick), io(c.playouts), io(c.value), io(c.first);
}

// A game's fields after its length, in the file's order; false when a reader
// meets a variant there is none of, or a number of players it does not have.
template <typename Io>
bool game_fields(Io& io, GameRecord& g) {
    io(g.variant), io(g.rule), io(g.seed), io(g.players);
    if (g.variant >= std::size(kVariants) || g.players != kVariants[g.variant].players) return false;
    for (int p = 0; p < g.players; ++p)
        io(g.entrant[p]), io(g.score[p]), io(g.adjusted[p]), io(g.territory[p]), io(g.crowns[p]), io(g.rank[p]);
    auto answers = uint16_t(g.answers.size());
    io(answers);
    g.answers.resize(answers);
    for (RecordedAnswer& a : g.answers) answer_fields(io, a);
    return true;
}

}  // namespace record_detail

// The bytes of one game: its length (u32), then its fields.
inline std::string game_bytes(const GameRecord& g) {
    record_detail::Writer fields, whole;
    GameRecord copy = g;  // game_fields takes a record it may fill, as a reader's
    record_detail::game_fields(fields, copy);
    whole(uint32_t(fields.bytes.size()));
    return whole.bytes + fields.bytes;
}

// The file's first bytes: magic, version, then the run's players by name.
inline std::string file_header(const std::vector<std::string>& entrants) {
    record_detail::Writer w;
    w.bytes.append(kRecordMagic, 4);
    w(kRecordVersion), w(uint16_t(entrants.size()));
    for (const std::string& e : entrants) w(uint16_t(e.size())), w.bytes += e;
    return w.bytes;
}

// Reads every game of a whole record file (the players' names are passed
// over). False, with a reason in `error`, for a file that is not one or is cut short.
inline bool read_records(const std::string& path, std::vector<GameRecord>& games, std::string& error) {
    std::string bytes;
    if (!read_file(path, bytes)) return error = "cannot open " + path, false;
    record_detail::Reader r{bytes};
    if (bytes.size() < 4 || bytes.compare(0, 4, kRecordMagic, 4) != 0) return error = path + ": not a record file", false;
    r.at = 4;
    if (r.get<uint32_t>() != kRecordVersion) return error = path + ": another version", false;
    for (uint16_t names = r.get<uint16_t>(); names > 0; --names) {
        const uint16_t n = r.get<uint16_t>();
        if (r.at + n > bytes.size()) return error = path + ": cut short", false;
        r.at += n;
    }
    while (r.ok && r.at < bytes.size()) {
        const auto length = r.get<uint32_t>();
        const size_t end = r.at + length;
        GameRecord g;
        if (!record_detail::game_fields(r, g)) return error = path + ": a bad game", false;
        if (!r.ok || r.at != end) return error = path + ": a game cut short or of another length", false;
        games.push_back(std::move(g));
    }
    return true;
}

// Calls visit(game) for every game of the record files, file by file; one
// that does not read ends the program (exit status 1), "TOOL: why" on stderr.
template <typename Visit>
void for_each_recorded_game(const std::vector<std::string>& files, const char* tool, Visit&& visit) {
    for (const std::string& f : files) {
        std::vector<GameRecord> games;
        std::string error;
        if (!read_records(f, games, error)) std::fprintf(stderr, "%s: %s\n", tool, error.c_str()), std::exit(1);
        for (const GameRecord& g : games) visit(g);
    }
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
