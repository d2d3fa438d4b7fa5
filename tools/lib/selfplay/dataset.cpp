// Training data from self-play records: each game is replayed from its deal
// and the learned models' features (src/model_features.h, the bot's own code) are
// written as numpy arrays, one folder per variant, for tools/train.
//
//   build/dataset --out DIR [--predict] FILE.kdsp|FOLDER...
//
// DIR/VARIANT/ gets (docs/selfplay-format.md says what each column is):
//   value_x.npy  float32 [rows, kValueFeatures]  every seat's kingdom at the start of turns 1..
//   value_y.npy  float32 [rows, 6]  final score, adjusted score, rank, margin over the best other,
//                                   first place (1, 0.5 shared, 0), the game's number
//   place_x.npy  int16 [rows, kPlaceFeatures]  every legal placement of a recorded search's tile
//   place_y.npy  float32 [rows, 3]  decision number, chosen (0/1), the search's best value with it (-1: none)
//   pick_x.npy   int16 [rows, kPickFeatures]   every free tile of a recorded search's pick
//   pick_y.npy   float32 [rows, 3]  the same columns for picks
//   position_x.npy float32 [rows, kPositionFeatures]  every seat's view of the whole position at the
//                                   start of turns 1.. (with two kings a player: at every step)
//   position_y.npy float32 [rows, 4]  the seat's final share of the two leaders' points (the search's
//                                   playout value), first place (1, 0.5 shared, 0), rank, the game's number
//   value_cpp.npy float32 [rows, 1] with --predict: the value compiled in (src/model_weights.h) on
//                                   each value row, for the parity test with the trainer's
//   position_cpp.npy float32 [rows, 1] with --predict: the same for the position value
//                                   (src/position_weights.h; the sum before its sigmoid)
#include <sys/stat.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "command_line.h"
#include "model.h"
#include "npy.h"
#include "record.h"

using namespace kd;

namespace {

// The rows of one variant, as they are made.
struct Rows {
    std::vector<float> value_x, value_y, position_x, position_y, place_y, pick_y;
    std::vector<int16_t> place_x, pick_x;
    long decisions = 0, games = 0;
};

// The search's best value over its candidates that `matches`, -1 when none does.
template <typename Matches>
float best_candidate_value(const RecordedAnswer& a, Matches&& matches) {
    float best = -1;
    for (const RecordedCandidate& c : a.candidates)
        if (matches(c) && c.value > best) best = c.value;
    return best;
}

// Seat's first place at the game's end (1, 0.5 shared, 0) and its margin over the best other.
float first_place(const GameRecord& rec, int seat, int* margin) {
    int best_other = -1000;
    for (int p = 0; p < rec.players; ++p)
        if (p != seat) best_other = std::max<int>(best_other, rec.adjusted[p]);
    *margin = rec.adjusted[seat] - best_other;
    return *margin > 0 ? 1.f : *margin == 0 ? 0.5f : 0.f;
}

void add_value_rows(const Game& g, const GameRecord& rec, Rows& rows) {
    for (int seat = 0; seat < g.players(); ++seat) {
        float x[kValueFeatures];
        value_features(g, seat, x);
        rows.value_x.insert(rows.value_x.end(), x, x + kValueFeatures);
        int margin;
        const float first = first_place(rec, seat, &margin);
        rows.value_y.insert(rows.value_y.end(), {float(rec.score[seat]), float(rec.adjusted[seat]),
                                                 float(rec.rank[seat]), float(margin), first, float(rows.games)});
    }
}

// Every seat's view of g, with its share of the leaders' points at the end.
void add_position_rows(const Game& g, const GameRecord& rec, Rows& rows) {
    int scores[kMaxPlayers];
    for (int p = 0; p < rec.players; ++p) scores[p] = rec.score[p];
    for (int seat = 0; seat < g.players(); ++seat) {
        float position[kPositionFeatures];
        position_features(g, seat, position);
        rows.position_x.insert(rows.position_x.end(), position, position + kPositionFeatures);
        int margin;
        rows.position_y.insert(rows.position_y.end(), {float(leaders_share(scores, rec.players, seat)),
                                                    first_place(rec, seat, &margin), float(rec.rank[seat]),
                                                    float(rows.games)});
    }
}

void add_place_rows(const Game& g, const RecordedAnswer& a, Rows& rows) {
    const Kingdom& k = g.kingdom(a.seat);
    const Tile& tile = kTiles[g.current_tile()];
    k.for_each_legal_placement(tile, g.rule(), [&](Placement p) {
        int x[kPlaceFeatures];
        place_features(k, tile, p, x);
        rows.place_x.insert(rows.place_x.end(), x, x + kPlaceFeatures);
        const float value = best_candidate_value(a, [&](const RecordedCandidate& c) { return c.put == p; });
        rows.place_y.insert(rows.place_y.end(), {float(rows.decisions), float(p == a.put), value});
    });
}

void add_pick_rows(const Game& g, const RecordedAnswer& a, Rows& rows) {
    const LaterPickers later(g);
    g.for_each_free_pick([&](int i, int id) {
        int x[kPickFeatures];
        pick_features(g, later, i, id, x);
        rows.pick_x.insert(rows.pick_x.end(), x, x + kPickFeatures);
        const float value = best_candidate_value(a, [&](const RecordedCandidate& c) { return c.pick == id; });
        rows.pick_y.insert(rows.pick_y.end(), {float(rows.decisions), float(id == a.pick), value});
    });
}

// Replays one game, adding its rows.
void add_game(const GameRecord& rec, Rows& rows) {
    Game g = rec.deal();
    for (const RecordedAnswer& a : rec.answers) {
        if (g.is_terminal() || g.current_player() != a.seat) break;  // a record of another game: stop there
        if (g.step() == 0 && !g.first_turn()) add_value_rows(g, rec, rows);
        // The positions the search values (the games its candidates start from): a turn's start, and with
        // two kings a player (2p, duel) every step, where it acts again within the turn.
        if (!g.first_turn() && (g.step() == 0 || g.variant().kings_per_player > 1)) add_position_rows(g, rec, rows);
        if (a.kind == RecordedAnswer::MonteCarlo) {
            int free[kMaxDraft];
            const bool fits = !g.first_turn() && g.kingdom(a.seat).has_legal_placement(kTiles[g.current_tile()], g.rule());
            if (fits) add_place_rows(g, a, rows);
            if (!g.last_turn() && g.free_picks(free) > 1) add_pick_rows(g, a, rows);
            rows.decisions += fits || !g.last_turn();
        }
        g.apply(a.put, a.pick);
    }
    rows.games++;
}

// The network compiled in (src/model_weights.h, src/position_weights.h) on each row of x (0 without it).
std::vector<float> predict_rows(const QuantizedNet& net, const std::vector<float>& x, int features) {
    std::vector<float> out;
    for (size_t at = 0; at < x.size(); at += size_t(features)) out.push_back(net.present() ? net(&x[at]) : 0.f);
    return out;
}

void write_variant(const std::string& dir, const Variant& v, const Rows& r, bool predict) {
    mkdir(dir.c_str(), 0755);
    if (predict) {
        write_npy(dir + "/value_cpp.npy", predict_rows(Models::get().value(v), r.value_x, kValueFeatures), 1);
        write_npy(dir + "/position_cpp.npy", predict_rows(Models::get().position(v), r.position_x, kPositionFeatures), 1);
    }
    write_npy(dir + "/value_x.npy", r.value_x, kValueFeatures);
    write_npy(dir + "/value_y.npy", r.value_y, 6);
    write_npy(dir + "/position_x.npy", r.position_x, kPositionFeatures);
    write_npy(dir + "/position_y.npy", r.position_y, 4);
    write_npy(dir + "/place_x.npy", r.place_x, kPlaceFeatures);
    write_npy(dir + "/place_y.npy", r.place_y, 3);
    write_npy(dir + "/pick_x.npy", r.pick_x, kPickFeatures);
    write_npy(dir + "/pick_y.npy", r.pick_y, 3);
}

}  // namespace

int main(int argc, char** argv) {
    std::string out;
    std::vector<std::string> files;
    bool predict = false;
    CLI::App app{"Self-play records to numpy arrays of the learned models' features (docs/selfplay-format.md).",
                 "dataset"};
    app.add_option("--out", out, "the folder of the arrays, one folder a variant")->required();
    app.add_flag("--predict", predict, "adds the bot's value of each position");
    add_records_option(app, files);
    parse_command_line(app, argc, argv);
    std::map<std::string, Rows> by_variant;
    for_each_recorded_game(files, "dataset",
                           [&](const GameRecord& g) { add_game(g, by_variant[g.game_variant().name]); });
    mkdir(out.c_str(), 0755);
    for (const auto& [name, rows] : by_variant) {
        write_variant(out + "/" + name, *variant_by_name(name), rows, predict);
        std::printf("%s: %ld games, %zu value rows, %ld decisions, %zu placement rows, %zu pick rows\n", name.c_str(),
                    rows.games, rows.value_x.size() / kValueFeatures, rows.decisions,
                    rows.place_x.size() / kPlaceFeatures, rows.pick_x.size() / kPickFeatures);
    }
    return 0;
}
