// Simulation balancing (Silver and Tesauro, 2009; Huang, Coulom and Lin,
// 2010): the playout policy's weights fitted so that the playouts' mean
// outcome from a position equals what that position was really worth, not
// so that each move is strong. The positions are those of self-play records
// where our search answered, each as its player saw it; what it was worth
// is that player's share of the leaders' points at the game's real end.
//
// The policy is a softmax over each decision's options of weights times the
// features of src/model_features.h (a placement's points, zones joined and
// edges; a pick's estimate, crowns, order and denial), sampled by Gumbel
// noise (gumbel() below). Per position, one
// batch of playouts estimates the value V and another the gradient of V
// (REINFORCE: outcome times the sum of each decision's features minus their
// mean under the policy); the weights move by rate * (target - V) * gradient.
//
//   build/balance --variant 2p [--positions 4000] [--held-out 1000] [--playouts 32] [--epochs 3] [--rate 0.5]
//                 [--start W]... RECORDS...
// It prints, per epoch, the weights and the mean squared error of the
// playouts' value on held-out positions (the first pass: where they start).
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "command_line.h"
#include "player.h"
#include "policy.h"
#include "record.h"

using namespace kd;

namespace {

constexpr int kPlace = 4, kPick = 4, kWeights = kPlace + kPick;
const char* const kNames[kWeights] = {"gain", "joined", "same_edges", "other_edges",
                                      "estimate", "crowns", "order", "deny"};

struct Position {
    Request request;
    double target;  // the player's share of the leaders' points at the real end
};

// A softmax policy's playouts, with the score function of the choices made.
struct SoftPolicy {
    double w[kWeights];
    Rng rng{1};

    double gumbel() { return -std::log(-std::log((double(rng.below(1u << 30)) + 0.5) / double(1u << 30))); }

    // Samples one option of `n` with features x[i][0..k) and weights w0; adds
    // to grad the chosen features minus their mean under the policy.
    int choose(const double (*x)[kPlace], int n, const double* w0, double* grad) {
        double logit[kMaxPlacements], top = -1e300;
        for (int i = 0; i < n; ++i) {
            logit[i] = 0;
            for (int f = 0; f < kPlace; ++f) logit[i] += w0[f] * x[i][f];
            top = std::max(top, logit[i]);
        }
        double total = 0, best = -1e300;
        int chosen = 0;
        for (int i = 0; i < n; ++i) {
            total += std::exp(logit[i] - top);
            const double noisy = logit[i] + gumbel();
            if (noisy > best) best = noisy, chosen = i;
        }
        for (int i = 0; i < n; ++i) {
            const double p = std::exp(logit[i] - top) / total;
            for (int f = 0; f < kPlace; ++f) grad[f] -= p * x[i][f];
        }
        for (int f = 0; f < kPlace; ++f) grad[f] += x[chosen][f];
        return chosen;
    }

    Placement placement(const Game& g, double* grad) {
        const Kingdom& k = g.kingdom(g.current_player());
        const Tile& tile = kTiles[g.current_tile()];
        PlacementList spots;
        const int n = k.legal_placements(tile, g.rule(), spots);
        if (n == 0) return Placement{};
        if (g.last_turn()) {  // only points count: the best, as the bot plays it
            int best = 0, best_points = k.score_gain(tile, spots[0]);
            for (int i = 1; i < n; ++i) {
                const int points = k.score_gain(tile, spots[i]);
                if (points > best_points) best_points = points, best = i;
            }
            return spots[best];
        }
        static thread_local double x[kMaxPlacements][kPlace];
        for (int i = 0; i < n; ++i) {
            int f[kPlaceFeatures];
            place_features(k, tile, spots[i], f);
            for (int j = 0; j < kPlace; ++j) x[i][j] = f[j];
        }
        return spots[choose(x, n, w, grad)];
    }

    int pick(const Game& g, double* grad) {
        int picks[kMaxDraft], index[kMaxDraft], n = 0;
        g.for_each_free_pick([&](int i, int id) { index[n] = i, picks[n++] = id; });
        if (n <= 1) return n ? picks[0] : -1;
        const Kingdom& k = g.kingdom(g.current_player());
        if (g.turn() == g.variant().turns - 2) {  // the last pick: its best gain, as the bot plays it
            int best = 0, top_gain = -1;
            for (int i = 0; i < n; ++i) {
                bool fits;
                const int gain = best_gain(k, kTiles[picks[i]], g.rule(), &fits);
                if (gain > top_gain) top_gain = gain, best = i;
            }
            return picks[best];
        }
        const LaterPickers later(g);
        double x[kMaxDraft][kPlace];
        for (int i = 0; i < n; ++i) {
            const Tile& t = kTiles[picks[i]];
            x[i][0] = kPickScale * pick_value(k, t), x[i][1] = t.crowns();
            x[i][2] = g.draft_count() - 1 - index[i], x[i][3] = later.worth(t);
        }
        return picks[choose(x, n, w + kPlace, grad + kPlace)];
    }

    // One playout from the request's position, the unknown draws dealt anew;
    // returns the player's share of the leaders' points, grad gets the score function.
    double playout(const Request& r, double* grad) {
        Game g = r.game;
        resample_draws(g, r.unseen, r.n_unseen, g.drawn_count(), rng);
        for (int f = 0; f < kWeights; ++f) grad[f] = 0;
        while (!g.is_terminal()) {
            const Placement put = g.first_turn() ? Placement{} : placement(g, grad);
            const int chosen = g.last_turn() ? -1 : pick(g, grad);
            g.apply(put, chosen, true);
        }
        return leaders_share(g.result(false), 0);
    }
};

std::vector<Position> read_positions(const std::vector<std::string>& files, const Variant& v, size_t most) {
    std::vector<Position> out;
    for_each_recorded_game(files, "balance", [&](const GameRecord& rec) {
        if (&rec.game_variant() != &v) return;
        Game g = rec.deal();
        PlayerMemory memory[kMaxPlayers];
        for (const RecordedAnswer& a : rec.answers) {
            const Request r = memory[a.seat].receive(g, a.seat);
            if (a.kind == RecordedAnswer::MonteCarlo && !g.first_turn() && out.size() < most)
                out.push_back(Position{r, leaders_share(rec.score, rec.players, a.seat)});
            g.apply(a.put, a.pick);
        }
    });
    return out;
}

// One pass over the positions: per position a batch for the value, another
// for its gradient (with the batch's own mean as the baseline), then a step.
void train_epoch(SoftPolicy& policy, const std::vector<Position>& data, long playouts, double rate) {
    std::vector<double> outcome(static_cast<size_t>(playouts)), scores(static_cast<size_t>(playouts * kWeights));
    double unused[kWeights];
    for (const Position& p : data) {
        double value = 0, mean = 0, g[kWeights] = {};
        for (long j = 0; j < playouts; ++j) value += policy.playout(p.request, unused) / double(playouts);
        for (long j = 0; j < playouts; ++j) {
            outcome[size_t(j)] = policy.playout(p.request, &scores[size_t(j) * kWeights]);
            mean += outcome[size_t(j)] / double(playouts);
        }
        for (long j = 0; j < playouts; ++j)
            for (int f = 0; f < kWeights; ++f)
                g[f] += (outcome[size_t(j)] - mean) * scores[size_t(j) * kWeights + f] / double(playouts);
        for (int f = 0; f < kWeights; ++f) policy.w[f] += rate * (p.target - value) * g[f];
    }
}

struct Error {
    double squared = 0, bias = 0;
};

// How far the playouts' value is from the real ends, on positions not trained on.
Error held_out_error(SoftPolicy& policy, const std::vector<Position>& test, long playouts) {
    Error e;
    double unused[kWeights];
    for (const Position& p : test) {
        double value = 0;
        for (long j = 0; j < playouts; ++j) value += policy.playout(p.request, unused) / double(playouts);
        e.squared += (value - p.target) * (value - p.target) / double(test.size());
        e.bias += (value - p.target) / double(test.size());
    }
    return e;
}

}  // namespace

int main(int argc, char** argv) {
    const Variant* v = &kTwoPlayers;
    long positions = 4000, held_out = 1000, playouts = 32, epochs = 3;
    double rate = 0.5;
    std::vector<std::string> files;
    std::vector<double> start;
    CLI::App app{"Fits the playout policy's weights to self-play records' outcomes.", "balance"};
    add_variant_option(app, v);
    app.add_option("--positions", positions, "positions to fit on")->capture_default_str();
    app.add_option("--held-out", held_out, "positions held out to measure the error")->capture_default_str();
    app.add_option("--playouts", playouts, "playouts a batch")->capture_default_str();
    app.add_option("--epochs", epochs, "passes over the positions")->capture_default_str();
    app.add_option("--rate", rate, "the learning rate")->capture_default_str();
    app.add_option("--start", start, "the first weights, in order (today's hand-set ones otherwise)")->expected(1)->take_all();
    add_records_option(app, files);
    parse_command_line(app, argc, argv);
    std::vector<Position> data = read_positions(files, *v, size_t(positions + held_out));
    if (data.size() <= size_t(held_out)) return std::fprintf(stderr, "balance: too few positions\n"), 1;
    // The last ones are held out: positions of other games than the first ones, mostly.
    const std::vector<Position> test(data.end() - held_out, data.end());
    data.erase(data.end() - held_out, data.end());
    SoftPolicy policy;
    // Today's hand-set weights, in logits about as sharp as its jitter (0..3 on 9 a point), unless given.
    const double hand[kWeights] = {4.0, 0.44, 0, 0, 1.0, 0, 1.33, 1.33};
    for (int f = 0; f < kWeights; ++f) policy.w[f] = f < int(start.size()) ? start[f] : hand[f];
    std::fprintf(stderr, "balance %s: %zu positions, %ld playouts a batch\n", v->name, data.size(), playouts);
    for (long epoch = 0; epoch <= epochs; ++epoch) {
        if (epoch > 0) train_epoch(policy, data, playouts, rate);
        const Error e = held_out_error(policy, test, 2 * playouts);
        std::printf("epoch %ld: held-out mean squared error %.5f, bias %+.4f, weights", epoch, e.squared, e.bias);
        for (int f = 0; f < kWeights; ++f) std::printf(" %s=%.4f", kNames[f], policy.w[f]);
        std::printf("\n");
        std::fflush(stdout);
    }
    return 0;
}
