// Self-play games for learning: our search against itself or mixed opponents,
// played in this process on the true game (each player fed the very request
// the referee would send, through PlayerMemory), at fixed playouts so that a
// chunk of games is the same whenever it is played. Writes one record file
// (tools/lib/selfplay/record.h, docs/selfplay-format.md). tools/selfplay runs chunks
// of them over this machine's cores or the hosts of tools/arena.
//
//   build/selfplay --variant 2p --games 100 --first-game 0 --seed 1000 --out chunk.kdsp
//       --player "bot --playouts 2000" [--player "mce --playouts 1000"] [--player greedy]
//
// Seats: game i plays deal seed+i, and seat s takes player (s + i) % P of the
// P players given (cycled when fewer than seats): every player sits everywhere.
// Every answer of a `bot` player is recorded with its search's candidates.
#include <cstdio>
#include <string>
#include <vector>

#include "command_line.h"
#include "files.h"
#include "json.h"
#include "players.h"
#include "record.h"

using namespace kd;

namespace {

struct Options {
    const Variant* variant = &kTwoPlayers;
    Rule rule = Rule::Match;
    long games = 1, first_game = 0;
    uint64_t seed = 1;
    std::string out, json;  // json: the record file as base64 in a one-line JSON object (tools/lib/hosts brings it back)
    std::vector<std::string> players;  // as given, for the file's header
    std::vector<PlayerSpec> specs;      // as read
};

// The options; --help prints them, a bad command line exits with 2.
Options parse(int argc, char** argv) {
    Options o;
    CLI::App app{"Self-play games for learning, each bot answer recorded with its search's candidates "
                 "(docs/selfplay-format.md).",
                 "selfplay"};
    add_variant_option(app, o.variant);
    add_rule_option(app, o.rule);
    app.add_option("--games", o.games, "games to play")->capture_default_str();
    app.add_option("--first-game", o.first_game, "the first game's index: game i plays deal seed+i")
        ->capture_default_str();
    app.add_option("--seed", o.seed, "the deals' first seed")->capture_default_str();
    CLI::Option* out = app.add_option("--out", o.out, "the record file to write");
    app.add_option("--json", o.json, "the record file as base64 in a one-line JSON object (tools/lib/hosts)")->excludes(out);
    app.add_option_function<std::string>("--player", [&o](const std::string& text) {
           PlayerSpec spec;
           std::string error;
           if (!read_player_spec(text, spec, error)) throw CLI::ValidationError("--player", error);
           o.players.push_back(text), o.specs.push_back(spec);
       }, "a player, \"bot|mce|greedy [options]\"; seat s of game i takes player (s + i) % P")
        ->required()->expected(1)->take_all()->trigger_on_parse();
    parse_command_line(app, argc, argv);
    if (o.out.empty() && o.json.empty()) command_line_error(app, "--out or --json is needed");
    if (o.games < 1) command_line_error(app, "--games must be at least 1");
    return o;
}

RecordedAnswer::Kind kind_of(const SearchReport& r) {
    const std::string mode = r.mode;
    if (mode == "mc") return RecordedAnswer::MonteCarlo;
    if (mode == "forced") return RecordedAnswer::Forced;
    if (mode == "exact") return r.win < 0 ? RecordedAnswer::LastTurn : RecordedAnswer::Exact;
    return RecordedAnswer::NotRecorded;
}

// The seat's answer to the request of the true game g; recorded in `out` when a search made it.
Answer answer(Seat& s, const Game& g, int seat, RecordedAnswer& out) {
    const Request r = s.memory.receive(g, seat);
    SearchReport rep;
    const Answer a = seat_answer(s, r, &rep);
    if (s.spec->kind == "bot") {
        out.kind = kind_of(rep);
        out.playouts = uint32_t(rep.playouts), out.value = float(rep.value), out.win = float(rep.win);
        for (const CandidateReport& c : rep.ranked)
            out.candidates.push_back(RecordedCandidate{c.put, int8_t(c.pick), uint32_t(c.playouts), float(c.value),
                                                       float(c.first)});
    }
    return a;
}

GameRecord play_game(const Options& o, const std::vector<PlayerSpec>& specs, long index) {
    GameRecord rec;
    rec.variant = uint8_t(o.variant - kVariants), rec.rule = o.rule == Rule::Adjacent;
    rec.seed = o.seed + uint64_t(index), rec.players = uint8_t(o.variant->players);
    Game g = rec.deal();
    Seat seats[kMaxPlayers];
    for (int s = 0; s < rec.players; ++s) {
        rec.entrant[s] = uint8_t((s + index) % long(specs.size()));
        seats[s].sit(specs[rec.entrant[s]], rec.seed, s);
    }
    while (!g.is_terminal()) {
        RecordedAnswer ra;
        ra.seat = uint8_t(g.current_player());
        const Answer a = answer(seats[ra.seat], g, ra.seat, ra);
        ra.put = a.put, ra.pick = int8_t(a.pick);
        g.apply(a.put, a.pick);
        rec.answers.push_back(std::move(ra));
    }
    const Result r = g.result();
    for (int s = 0; s < rec.players; ++s)
        rec.score[s] = int16_t(r.score[s]), rec.adjusted[s] = int16_t(r.adjusted[s]),
        rec.territory[s] = int16_t(r.territory[s]), rec.crowns[s] = int16_t(r.crowns[s]),
        rec.rank[s] = uint8_t(r.rank[s]);
    return rec;
}

// The bytes as base64 (RFC 4648, with padding).
std::string base64(const std::string& bytes) {
    static const char* const kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (size_t i = 0; i < bytes.size(); i += 3) {
        const size_t left = bytes.size() - i;  // bytes in this group of three, or fewer at the end
        uint32_t v = uint32_t(uint8_t(bytes[i])) << 16;
        if (left > 1) v |= uint32_t(uint8_t(bytes[i + 1])) << 8;
        if (left > 2) v |= uint32_t(uint8_t(bytes[i + 2]));
        out += kAlphabet[(v >> 18) & 63];
        out += kAlphabet[(v >> 12) & 63];
        out += left > 1 ? kAlphabet[(v >> 6) & 63] : '=';
        out += left > 2 ? kAlphabet[v & 63] : '=';
    }
    return out;
}

// Writes text to path whole, under another name first: the file is complete or absent.
bool write_whole(const std::string& path, const std::string& text) {
    const std::string partial = path + ".partial";
    return write_file(partial, text) && std::rename(partial.c_str(), path.c_str()) == 0;
}

}  // namespace

int main(int argc, char** argv) {
    const Options o = parse(argc, argv);
    std::string bytes = file_header(o.players);
    for (long i = o.first_game; i < o.first_game + o.games; ++i) bytes += game_bytes(play_game(o, o.specs, i));
    const bool ok = (o.out.empty() || write_whole(o.out, bytes)) &&
                    (o.json.empty() || write_whole(o.json, json_text({{"kdsp_base64", base64(bytes)}}) + "\n"));
    if (!ok) std::fprintf(stderr, "selfplay: cannot write %s\n", (o.out.empty() ? o.json : o.out).c_str());
    return ok ? 0 : 1;
}
