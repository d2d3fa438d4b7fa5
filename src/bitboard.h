// Bitboards: one bit per square of a grid of up to 13x13 squares.
//
// Rows are 16 bits apart (square = y * 16 + x) so that a shift by one column
// never carries a bit into the next row: columns 13..15 are always empty.
// Four 64-bit words hold 16 rows; only rows 0..12 are ever used.
#pragma once

#include <cassert>
#include <cstdint>

#define KD_INLINE inline __attribute__((always_inline))

// Checks of preconditions, on in debug and sanitizer builds (-DKD_DEBUG) and
// off otherwise: CodinGame compiles without NDEBUG, so a plain assert would
// cost time in the upload.
#ifdef KD_DEBUG
#define KD_ASSERT(condition) assert(condition)
#else
#define KD_ASSERT(condition) ((void)0)
#endif

namespace kd {

constexpr int kRowStride = 16;
constexpr int kMaxSide = 13;
constexpr int kSquareCount = kMaxSide * kRowStride;  // indexes 0..207

KD_INLINE constexpr int square_of(int x, int y) { return y * kRowStride + x; }
KD_INLINE constexpr int square_x(int sq) { return sq & (kRowStride - 1); }
KD_INLINE constexpr int square_y(int sq) { return sq / kRowStride; }

struct Bitboard {
    uint64_t w[4] = {0, 0, 0, 0};

    KD_INLINE void set(int sq) { w[sq >> 6] |= uint64_t(1) << (sq & 63); }
    KD_INLINE void clear(int sq) { w[sq >> 6] &= ~(uint64_t(1) << (sq & 63)); }
    KD_INLINE bool test(int sq) const { return (w[sq >> 6] >> (sq & 63)) & 1; }
    KD_INLINE bool any() const { return (w[0] | w[1] | w[2] | w[3]) != 0; }
    KD_INLINE int count() const {
        return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) + __builtin_popcountll(w[2]) +
               __builtin_popcountll(w[3]);
    }
    // Index of the lowest set square; the board must not be empty.
    KD_INLINE int lowest() const {
        for (int i = 0;; ++i)
            if (w[i]) return i * 64 + __builtin_ctzll(w[i]);
    }
    // Removes and returns the lowest set square; the board must not be empty.
    KD_INLINE int pop_lowest() {
        for (int i = 0;; ++i)
            if (w[i]) {
                int sq = i * 64 + __builtin_ctzll(w[i]);
                w[i] &= w[i] - 1;
                return sq;
            }
    }

    KD_INLINE Bitboard operator&(const Bitboard& o) const {
        return {{w[0] & o.w[0], w[1] & o.w[1], w[2] & o.w[2], w[3] & o.w[3]}};
    }
    KD_INLINE Bitboard operator|(const Bitboard& o) const {
        return {{w[0] | o.w[0], w[1] | o.w[1], w[2] | o.w[2], w[3] | o.w[3]}};
    }
    KD_INLINE Bitboard operator~() const { return {{~w[0], ~w[1], ~w[2], ~w[3]}}; }
    // this & ~o, without building the complement.
    KD_INLINE Bitboard minus(const Bitboard& o) const {
        return {{w[0] & ~o.w[0], w[1] & ~o.w[1], w[2] & ~o.w[2], w[3] & ~o.w[3]}};
    }
    KD_INLINE Bitboard& operator|=(const Bitboard& o) { return *this = *this | o; }
    KD_INLINE Bitboard& operator&=(const Bitboard& o) { return *this = *this & o; }
    KD_INLINE bool operator==(const Bitboard& o) const {
        return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2] && w[3] == o.w[3];
    }
    KD_INLINE bool operator!=(const Bitboard& o) const { return !(*this == o); }

    static KD_INLINE Bitboard single(int sq) {
        Bitboard b;
        b.set(sq);
        return b;
    }
};

// Each bit moved one square toward +x. Bits leaving column 12 land in the
// always-empty guard columns, so callers mask with the grid when it matters.
KD_INLINE Bitboard shift_east(const Bitboard& b) {
    return {{b.w[0] << 1, b.w[1] << 1, b.w[2] << 1, b.w[3] << 1}};
}
// Toward -x: column 0 of a row falls into column 15 of the row above (a guard column).
KD_INLINE Bitboard shift_west(const Bitboard& b) {
    return {{b.w[0] >> 1, b.w[1] >> 1, b.w[2] >> 1, b.w[3] >> 1}};
}
// Toward +y (one row down the screen).
KD_INLINE Bitboard shift_south(const Bitboard& b) {
    return {{b.w[0] << 16, (b.w[1] << 16) | (b.w[0] >> 48), (b.w[2] << 16) | (b.w[1] >> 48),
             (b.w[3] << 16) | (b.w[2] >> 48)}};
}
// Toward -y.
KD_INLINE Bitboard shift_north(const Bitboard& b) {
    return {{(b.w[0] >> 16) | (b.w[1] << 48), (b.w[1] >> 16) | (b.w[2] << 48), (b.w[2] >> 16) | (b.w[3] << 48),
             b.w[3] >> 16}};
}
// Squares 4-adjacent to any square of b (may include guard squares: mask them).
KD_INLINE Bitboard neighbors(const Bitboard& b) {
    return shift_east(b) | shift_west(b) | shift_south(b) | shift_north(b);
}

// All squares with x0 <= x <= x1 and y0 <= y <= y1 (empty when a range is empty).
inline Bitboard rectangle(int x0, int x1, int y0, int y1) {
    Bitboard b;
    if (x0 > x1 || y0 > y1) return b;
    uint64_t row = ((uint64_t(1) << (x1 + 1)) - 1) & ~((uint64_t(1) << x0) - 1);
    for (int y = y0; y <= y1; ++y) b.w[y >> 2] |= row << ((y & 3) * 16);
    return b;
}

}  // namespace kd
