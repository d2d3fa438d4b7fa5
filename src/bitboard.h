// Bitboards: one bit per square of a grid of up to 13x13 squares.
//
// Rows are 16 bits apart (square = y * 16 + x) so that a shift by one column
// never carries a bit into the next row: columns 13..15 are always empty.
// Four 64-bit words hold 16 rows; only rows 0..12 are ever used. The words
// are one GCC vector, so that with AVX2 (the upload's #pragma GCC target) an
// operation on a whole board is one instruction; without it GCC splits them.
#pragma once

#include <cassert>
#include <cstdint>

#define KD_INLINE inline __attribute__((always_inline))
// The playout's larger steps (a move, the policy's answers): inlined by force
// only where no -O flag is given, as in CodinGame's build, whose #pragma GCC
// optimize inlines little by itself. An optimising build (the tests', the
// sanitizers') chooses for itself, and compiles each of their callers once.
#ifdef __OPTIMIZE__
#define KD_PLAYOUT_INLINE inline
#else
#define KD_PLAYOUT_INLINE KD_INLINE
#endif

// AVX2 instructions for a whole board at once: on when the compiler targets
// AVX2 (-mavx2), or in the upload, whose `#pragma GCC target` turns AVX2 code
// on without defining __AVX2__ (tools/bundle defines KD_AVX2 beside it).
#if defined(__AVX2__) || defined(KD_AVX2)
#define KD_USE_AVX2 1
#endif

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

// The four words of a board.
typedef uint64_t BoardWords __attribute__((vector_size(32)));

// Aligned explicitly: the upload compiles some code (implicit members, the
// standard library's allocators) without AVX, where the vector type alone
// would be assumed 16-byte aligned.
struct alignas(32) Bitboard {
    BoardWords w;  // w[i] holds rows 4i..4i+3

    KD_INLINE Bitboard() : w(BoardWords{0, 0, 0, 0}) {}
    // Left unset, for boards written before they are read (a hot path's scratch).
    struct Unset {};
    KD_INLINE explicit Bitboard(Unset) {}
    KD_INLINE explicit Bitboard(BoardWords words) : w(words) {}

    KD_INLINE void set(int sq) { w[sq >> 6] |= uint64_t(1) << (sq & 63); }
    KD_INLINE bool test(int sq) const { return (w[sq >> 6] >> (sq & 63)) & 1; }
    KD_INLINE bool any() const {
#ifdef KD_USE_AVX2
        typedef long long Longs __attribute__((vector_size(32)));
        return !__builtin_ia32_ptestz256(Longs(w), Longs(w));  // vptest: one instruction
#else
        return (w[0] | w[1] | w[2] | w[3]) != 0;
#endif
    }
    KD_INLINE int count() const {
        return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) + __builtin_popcountll(w[2]) +
               __builtin_popcountll(w[3]);
    }
#ifndef KD_UPLOAD  // home only: tools and tests
    // Index of the lowest set square; the board must not be empty.
    KD_INLINE int lowest() const {
        for (int i = 0;; ++i)
            if (w[i]) return i * 64 + __builtin_ctzll(w[i]);
    }
#endif

    KD_INLINE Bitboard operator&(const Bitboard& o) const { return Bitboard{w & o.w}; }
    KD_INLINE Bitboard operator|(const Bitboard& o) const { return Bitboard{w | o.w}; }
    KD_INLINE Bitboard operator^(const Bitboard& o) const { return Bitboard{w ^ o.w}; }
    // this & ~o, without building the complement.
    KD_INLINE Bitboard minus(const Bitboard& o) const { return Bitboard{w & ~o.w}; }
    KD_INLINE Bitboard& operator|=(const Bitboard& o) { return *this = *this | o; }
    KD_INLINE Bitboard& operator&=(const Bitboard& o) { return *this = *this & o; }
    KD_INLINE bool operator==(const Bitboard& o) const { return !Bitboard{w ^ o.w}.any(); }
    KD_INLINE bool operator!=(const Bitboard& o) const { return !(*this == o); }

#ifndef KD_UPLOAD  // home only: tests, and the flood fill of the referee's scores
    static KD_INLINE Bitboard single(int sq) {
        Bitboard b;
        b.set(sq);
        return b;
    }
    // The 8x8 squares from (first_col, first_row) as one word, 8 bits a row:
    // a kingdom's bounding box (7x7 at most) with an empty row and column to spare.
    KD_INLINE uint64_t window8x8(int first_col, int first_row) const {
        BoardWords t = (w >> first_col) & 0x00FF00FF00FF00FFull;  // the low byte of every row
        t = (t | t >> 8) & 0x0000FFFF0000FFFFull;
        t = (t | t >> 16) & 0x00000000FFFFFFFFull;  // each word: its four rows, 8 bits each
        const unsigned __int128 rows = (unsigned __int128)(t[2] | t[3] << 32) << 64 | (t[0] | t[1] << 32);
        return uint64_t(rows >> (8 * first_row));
    }
#endif
    // Calls visit(square) for every set square, in ascending order; only
    // the words that hold some are walked.
    template <typename Visit>
    KD_INLINE void for_each_square(Visit&& visit) const {
        for (unsigned words = nonzero_words(); words; words &= words - 1) {
            const int i = __builtin_ctz(words);
            for (uint64_t bits = w[i]; bits; bits &= bits - 1) visit(i * 64 + __builtin_ctzll(bits));
        }
    }
    // Bit i set when word i is not empty.
    KD_INLINE unsigned nonzero_words() const {
#ifdef KD_USE_AVX2
        typedef double Doubles __attribute__((vector_size(32)));
        return unsigned(__builtin_ia32_movmskpd256(Doubles(w != BoardWords{0, 0, 0, 0})));
#else
        return unsigned(w[0] != 0) | unsigned(w[1] != 0) << 1 | unsigned(w[2] != 0) << 2 | unsigned(w[3] != 0) << 3;
#endif
    }
};

// Each bit moved one square toward +x. Bits leaving column 12 land in the
// always-empty guard columns, so callers mask with the grid when it matters.
KD_INLINE Bitboard shift_east(const Bitboard& b) { return Bitboard{b.w << 1}; }
// Toward -x: column 0 of a row falls into column 15 of the row above (a guard column).
KD_INLINE Bitboard shift_west(const Bitboard& b) { return Bitboard{b.w >> 1}; }
// Words A, B, C, D of w (4: a zero word): one shuffle, spelled as GCC and
// clang each spell it.
template <int A, int B, int C, int D>
KD_INLINE BoardWords pick_words(BoardWords w) {
#ifdef __clang__
    return __builtin_shufflevector(w, BoardWords{0, 0, 0, 0}, A, B, C, D);
#else
    return __builtin_shuffle(w, BoardWords{0, 0, 0, 0}, BoardWords{A, B, C, D});
#endif
}
// The words moved one place up (word i takes word i - 1, word 0 zero), or down.
KD_INLINE BoardWords words_up(BoardWords w) { return pick_words<4, 0, 1, 2>(w); }
KD_INLINE BoardWords words_down(BoardWords w) { return pick_words<1, 2, 3, 4>(w); }
// Toward +y (one row down the screen): each word takes the top row of the word below it.
KD_INLINE Bitboard shift_south(const Bitboard& b) { return Bitboard{(b.w << 16) | (words_up(b.w) >> 48)}; }
// Toward -y.
KD_INLINE Bitboard shift_north(const Bitboard& b) { return Bitboard{(b.w >> 16) | (words_down(b.w) << 48)}; }
// Squares 4-adjacent to any square of b (may include guard squares: mask them).
KD_INLINE Bitboard neighbors(const Bitboard& b) {
    return shift_east(b) | shift_west(b) | shift_south(b) | shift_north(b);
}

// For every square, how many of its four neighbours are in a board, as bit
// planes (count = bit0 + 2 bit1 + 4 bit2): a dozen operations count them all.
struct NeighbourCounts {
    Bitboard bit0, bit1, bit2;
    // Unset until written (count_neighbours): the policy makes one for every
    // placement it values, and reads it only with edge weights.
    KD_INLINE NeighbourCounts() : bit0(Bitboard::Unset{}), bit1(Bitboard::Unset{}), bit2(Bitboard::Unset{}) {}
    KD_INLINE int at(int sq) const { return bit0.test(sq) + 2 * bit1.test(sq) + 4 * bit2.test(sq); }
    KD_INLINE Bitboard nonzero() const { return bit0 | bit1 | bit2; }
};
KD_INLINE NeighbourCounts count_neighbours(const Bitboard& b) {
    const Bitboard e = shift_east(b), w = shift_west(b), s = shift_south(b), n = shift_north(b);
    const Bitboard sum1 = e ^ w, carry1 = e & w;  // e + w = sum1 + 2 carry1
    const Bitboard sum2 = s ^ n, carry2 = s & n;
    const Bitboard carry3 = sum1 & sum2;                         // sum1 + sum2 = bit0 + 2 carry3
    NeighbourCounts c;
    c.bit0 = sum1 ^ sum2;
    c.bit1 = carry1 ^ carry2 ^ carry3;
    c.bit2 = (carry1 & carry2) | (carry1 & carry3) | (carry2 & carry3);
    return c;
}

}  // namespace kd
