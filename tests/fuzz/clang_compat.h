// Force-included (-include) when tools/fuzz builds with clang: src/bitboard.h
// uses GCC's __builtin_shuffle, which clang lacks. Same result, element by
// element: mask entries 0..n-1 pick from a, n..2n-1 from b.
#pragma once
#ifdef __clang__
template <typename V>
inline V kd_gcc_shuffle(V a, V b, V mask) {
    constexpr int n = sizeof(V) / sizeof(a[0]);
    V out = a;
    for (int i = 0; i < n; ++i) out[i] = mask[i] < n ? a[mask[i]] : b[mask[i] - n];
    return out;
}
#define __builtin_shuffle kd_gcc_shuffle
#endif
