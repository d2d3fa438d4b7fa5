// What the playouts of one decision teach about the later picks (move-average
// sampling, MAST): for each seat and tile, the seat's mean value in the
// playouts where it picked that tile, against its mean in all of them. The
// difference, in the policy's pick units, is a bias that the policy's picks
// add (PolicyWeights::pick_bias), so that later playouts pick as the earlier
// ones found paid, for me and for the others alike.
#pragma once

#include <climits>
#include <cstdint>

#include "game.h"
#include "playout_value.h"

namespace kd {

class PickStats {
  public:
    // A new decision whose playouts start at turn `root_turn`: only their own
    // picks are counted (a tile placed after the next turn), nothing learnt
    // yet. Biases of `weight` pick units per point of share; returns them
    // for PolicyWeights::pick_bias, or none when weight is 0: then nothing
    // is counted (no turn is late enough).
    const int* start(int root_turn, double weight) {
        *this = PickStats{};
        weight_ = weight;
        first_turn_ = weight > 0 ? root_turn + 2 : INT_MAX;
        return weight > 0 ? bias_ : nullptr;
    }
    // At each move of a playout: the tile the player to act places now is
    // the one it picked a turn before.
    KD_INLINE void saw(const Game& g) {
        if (g.turn() >= first_turn_ && n_seen_ < kMaxSeen && g.current_player() >= 0)
            seen_[n_seen_++] = uint8_t(g.current_player() * kTileCount + g.current_tile());
    }
    // The playout ended as e: its picks' values counted.
    void ended(const PlayoutEnding& e) {
        if (weight_ <= 0) return;
        double share[kMaxPlayers];
        for (int p = 0; p < e.players; ++p) share[p] = e.share(p), seat_sum_[p] += share[p];
        ++playouts_;
        for (int i = 0; i < n_seen_; ++i) {
            const int at = seen_[i];
            sum_[at] += share[at / kTileCount];
            ++count_[at];
        }
        n_seen_ = 0;
        if (playouts_ % kRefreshEvery == 0) refresh();
    }
    const int* bias() const { return bias_; }

  private:
    static constexpr int kMaxSeen = 2 * kTileCount;
    static constexpr int kRefreshEvery = 64;  // playouts between two readings of the biases
    static constexpr double kPrior = 20;      // playouts that draw a tile's difference toward none
    void refresh() {
        for (int p = 0; p < kMaxPlayers; ++p) {
            const double mean = seat_sum_[p] / playouts_;
            for (int t = 0; t < kTileCount; ++t) {
                const int at = p * kTileCount + t;
                bias_[at] = int(weight_ * (sum_[at] - count_[at] * mean) / (count_[at] + kPrior));
            }
        }
    }
    double weight_ = 0;
    int first_turn_ = INT_MAX, n_seen_ = 0, playouts_ = 0;
    uint8_t seen_[kMaxSeen] = {};
    double seat_sum_[kMaxPlayers] = {};
    double sum_[kMaxPlayers * kTileCount] = {};
    int count_[kMaxPlayers * kTileCount] = {};
    int bias_[kMaxPlayers * kTileCount] = {};
};

}  // namespace kd
