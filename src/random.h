// A small, fast, seedable random generator (SplitMix64). The referee's deck
// shuffle must give the same tiles for a seed on every machine, so the project
// uses this instead of the unspecified std:: distributions.
#pragma once

#include <cstdint>

#include "bitboard.h"  // KD_INLINE

namespace kd {

class Rng {
  public:
    explicit Rng(uint64_t seed = 0) : state_(seed) {}
    KD_INLINE uint64_t next() {
        uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    // Uniform integer in [0, n), n > 0 (bias below 2^-32 for the small n used here).
    KD_INLINE uint32_t below(uint32_t n) { return uint32_t(((next() >> 32) * uint64_t(n)) >> 32); }

  private:
    uint64_t state_;
};

// Fisher-Yates shuffle of n items.
template <typename T>
void shuffle(T* items, int n, Rng& rng) {
    for (int i = n - 1; i > 0; --i) {
        int j = int(rng.below(uint32_t(i + 1)));
        T t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

}  // namespace kd
