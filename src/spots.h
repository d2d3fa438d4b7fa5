// Every legal placement of one tile in a kingdom, valued in one pass.
//
// What a placement earns depends only on which zones of its terrains its two
// squares touch, and a terrain has few zones (one or two on average). Each
// combination of touched zones is a code of a few bits whose value is worked
// out once per tile; then, rotation by rotation, one mask per zone says which
// first squares touch it (the second square's masks shifted onto the first's),
// and a placement's value is a table read at the code taken from those masks.
// Kingdom::effect() instead walks each half's zones and sums their sizes and
// crowns. The values and the choices are exactly those of Kingdom::effect().
#pragma once

#include <climits>

#include "kingdom.h"

namespace kd {

// What a placement is worth: weights of the points it scores now and of the
// squares of existing zones (of its terrains) it joins.
struct SpotWeights {
    int gain = 1, joined = 0;
};

class TileSpots {
  public:
    // Bits of the dice word each placement reads its jitter from (see best()).
    static constexpr int kDiceBits = 5;

    TileSpots(const Kingdom& k, const Tile& tile, Rule rule, SpotWeights w) : k_(k), tile_(tile), w_(w) {
        k.legal_first_squares(tile, rule, legal_);
        rotations_ = tile.symmetric() ? 2 : 4;
        any_ = (legal_[0] | legal_[1] | legal_[2] | legal_[3]).any();
        if (any_) coded_ = list_zones();
    }

    // Whether the tile fits anywhere.
    KD_INLINE bool any() const { return any_; }

    // The largest value of a legal placement, INT_MIN / 2 when there is none.
    KD_INLINE int best_value() const {
        int best = INT_MIN / 2;
        if (!any_) return best;
        if (!coded_ || code_bits_ > kSplitBits) {
            for_each([&](int, int, int v) __attribute__((always_inline)) { best = v > best ? v : best; });
            return best;
        }
        // Which codes occur, from the masks, without visiting the placements.
        BitboardArray<1 << kSplitBits> by_code;
        const int codes = 1 << code_bits_;
        for (int code = 0; code < codes; ++code) by_code[code] = Bitboard{};
        for (int r = 0; r < rotations_; ++r) {
            BitboardArray<1 << kSplitBits> split;
            split[0] = legal_[r];
            for (int c = 0, n = 1; c < code_bits_; ++c, n *= 2) {
                const Bitboard touch = c < first_zones_ ? *edge_[c] : from_second(*edge_[c], r);
                for (int m = 0; m < n; ++m) split[m + n] = split[m] & touch, split[m] = split[m].minus(touch);
            }
            for (int code = 0; code < codes; ++code) by_code[code] |= split[code];
        }
        for (int code = 0; code < codes; ++code)
            if (by_code[code].any()) best = max_of(best, value_of(code));
        return best;
    }

    // The placement of largest value plus jitter, where the i-th placement in
    // Kingdom::for_each_legal_placement's order gets (dice >> (kDiceBits i mod 64)) & noise;
    // ties go to the first. An invalid placement when none is legal.
    KD_INLINE Placement best(uint64_t dice, int noise) const {
        int best = INT_MIN, best_at = -1, shift = 0;
        for_each([&](int sq, int r, int v) __attribute__((always_inline)) {
            v += int((dice >> shift) & uint64_t(noise));
            shift = (shift + kDiceBits) & 63;
            const bool better = v > best;
            best = better ? v : best;
            best_at = better ? sq * 4 + r : best_at;
        });
        return best_at < 0 ? Placement{} : at(best_at >> 2, best_at & 3);
    }

    // Calls visit(first square, rotation, value) for every legal placement,
    // in the order of Kingdom::for_each_legal_placement.
    template <typename Visit>
    KD_INLINE void for_each(Visit&& visit) const {
        if (!coded_) return for_each_by_effect(visit);
        switch (code_bits_) {  // the common sizes with the code's bits in registers
            case 0: return for_each_coded<0>(visit);
            case 1: return for_each_coded<1>(visit);
            case 2: return for_each_coded<2>(visit);
            default: return for_each_coded<kCodeBits>(visit);
        }
    }

  private:
    // Zone bits of a code at most (both terrains); with more, placements are valued one by one.
    static constexpr int kCodeBits = 6;
    // Codes of this many bits at most: best_value() splits the placements by code instead of visiting them.
    static constexpr int kSplitBits = 2;

    // Lists the zones of both terrains (code bits); false when there are too many.
    KD_INLINE bool list_zones() {
        first_zones_ = add_zones(tile_.terrain1, 0);
        // The second square's zones take the next bits (the first's zones again when both terrains are one).
        code_bits_ = first_zones_ < 0 ? -1 : add_zones(tile_.terrain2, first_zones_);
        if (code_bits_ < 0) return false;
        if (code_bits_ <= 2)  // few codes: value them all now
            for (int code = 0; code < 1 << code_bits_; ++code) value_[code] = code_value(code);
        return true;
    }
    KD_INLINE int add_zones(int terrain, int from) {
        int c = from;
        for (uint64_t ids = k_.zones_of(terrain); ids; ids &= ids - 1, ++c) {
            if (c == kCodeBits) return -1;
            const int z = __builtin_ctzll(ids);
            edge_[c] = &k_.zone_edge(z), size_[c] = k_.zone_size(z), crowns_[c] = k_.zone_crowns(z);
        }
        return c;
    }

    // for_each with codes of `Bits` bits (kCodeBits: code_bits_ of them, valued on first use).
    template <int Bits, typename Visit>
    KD_INLINE void for_each_coded(Visit&& visit) const {
        constexpr int kSlots = Bits ? Bits : 1;
        const int n = Bits == kCodeBits ? code_bits_ : Bits;
        for (int r = 0; r < rotations_; ++r) {
            const Bitboard legal = legal_[r];
            // Bit c of a placement's code: whether its first (c < first_zones_) or second square touches zone c.
            BitboardArray<kSlots> touches;
            for (int c = 0; c < n; ++c) touches[c] = legal & (c < first_zones_ ? *edge_[c] : from_second(*edge_[c], r));
            for (int i = 0; i < 4; ++i) {
                uint64_t words[kSlots];
                for (int c = 0; c < n; ++c) words[c] = touches[c].w[i];
                for (uint64_t bits = legal.w[i]; bits; bits &= bits - 1) {
                    const int bit = __builtin_ctzll(bits);
                    int code = 0;
                    for (int c = 0; c < n; ++c) code |= int((words[c] >> bit) & 1) << c;
                    visit(i * 64 + bit, r, Bits == kCodeBits ? value_of(code) : value_[code]);
                }
            }
        }
    }
    // for_each by Kingdom::effect, for terrains with too many zones to code.
    template <typename Visit>
    KD_INLINE void for_each_by_effect(Visit&& visit) const {
        for (int r = 0; r < rotations_; ++r)
            legal_[r].for_each_square([&](int sq) __attribute__((always_inline)) {
                const Kingdom::Effect e = k_.effect(tile_, at(sq, r));
                visit(sq, r, w_.gain * e.gain + w_.joined * e.joined);
            });
    }

    // The value of a code, worked out on first use (few of the many codes occur).
    KD_INLINE int value_of(int code) const {
        if (code_bits_ <= 2) return value_[code];  // all known
        if (!((known_ >> code) & 1)) {
            known_ |= uint64_t(1) << code;
            value_[code] = code_value(code);
        }
        return value_[code];
    }
    // As Kingdom::effect values it: a placement whose code is `code`.
    KD_INLINE int code_value(int code) const {
        const int first_mask = (1 << first_zones_) - 1;
        Kingdom::Effect e;
        if (tile_.terrain1 == tile_.terrain2) {  // one zone of both squares and every zone either touches, once each
            join((code | code >> first_zones_) & first_mask, 0, 2, tile_.crowns1 + tile_.crowns2, e);
        } else {
            join(code & first_mask, 0, 1, tile_.crowns1, e);
            join(code >> first_zones_, first_zones_, 1, tile_.crowns2, e);
        }
        return w_.gain * e.gain + w_.joined * e.joined;
    }
    // `size` new squares with `crowns` joining the zones of bits `zones` (listed from bit `from`).
    KD_INLINE void join(int zones, int from, int size, int crowns, Kingdom::Effect& e) const {
        int joined = 0, before = 0;
        for (; zones; zones &= zones - 1) {
            const int c = from + __builtin_ctz(zones);
            joined += size_[c], crowns += crowns_[c], before += size_[c] * crowns_[c];
        }
        e.gain += (size + joined) * crowns - before;
        e.joined += joined;
    }

    // The squares where the second square lands, seen from the first square of rotation r.
    static KD_INLINE Bitboard from_second(const Bitboard& b, int r) {
        switch (r) {
            case 0: return shift_west(b);
            case 1: return shift_north(b);
            case 2: return shift_east(b);
            default: return shift_south(b);
        }
    }
    static KD_INLINE Placement at(int sq, int r) {
        return Placement{int8_t(square_x(sq)), int8_t(square_y(sq)), int8_t(r)};
    }

    const Kingdom& k_;
    const Tile& tile_;
    SpotWeights w_;
    int rotations_ = 4, first_zones_ = 0, code_bits_ = 0;
    bool any_ = false, coded_ = false;
    Bitboard legal_[4];
    const Bitboard* edge_[kCodeBits];
    int size_[kCodeBits], crowns_[kCodeBits];
    mutable uint64_t known_ = 0;  // codes whose value_ is known (more than two bits)
    mutable int value_[1 << kCodeBits];
};

}  // namespace kd
