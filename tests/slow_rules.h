// Independent, deliberately plain versions of the rules, written from RULES.md
// with loops over squares instead of bitboards, to check the engine against.
#pragma once

#include <algorithm>
#include <queue>
#include <sstream>
#include <string>
#include <vector>

#include "kingdom.h"

namespace kd::slow {

// The sanitizer build (KD_DEBUG) looks for memory errors, not for wrong
// values: tests that check many games against these plain versions play
// 1 / kShare of them there, every path in a fraction of the time.
#ifdef KD_DEBUG
constexpr int kShare = 4;
#else
constexpr int kShare = 1;
#endif

// A kingdom from rows of squares like "c1 f0 _0 *0", placed with its top-left
// square at (x0, y0). The castle square of the text is checked, not written.
inline Kingdom kingdom_from_rows(int side, int extent, int x0, int y0, const std::vector<std::string>& rows) {
    Kingdom k(side, extent);
    for (size_t r = 0; r < rows.size(); ++r) {
        std::istringstream in(rows[r]);
        std::string sq;
        for (int c = 0; in >> sq; ++c) {
            int t = terrain_from_letter(sq[0]);
            if (t < kLandTerrains) k.put_square(x0 + c, y0 + int(r), t, sq[1] - '0');
        }
    }
    return k;
}

// Score by breadth-first search over terrain_at / crowns_at.
inline int score(const Kingdom& k) {
    const int n = k.side();
    std::vector<int> seen(size_t(n * n), 0);
    int total = 0;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            int t = k.terrain_at(x, y);
            if (t >= kLandTerrains || seen[size_t(y * n + x)]) continue;
            int size = 0, crowns = 0;
            std::queue<std::pair<int, int>> q;
            q.push({x, y});
            seen[size_t(y * n + x)] = 1;
            while (!q.empty()) {
                auto [cx, cy] = q.front();
                q.pop();
                ++size;
                crowns += k.crowns_at(cx, cy);
                const int dx[] = {1, -1, 0, 0}, dy[] = {0, 0, 1, -1};
                for (int d = 0; d < 4; ++d) {
                    int nx = cx + dx[d], ny = cy + dy[d];
                    if (nx < 0 || ny < 0 || nx >= n || ny >= n || seen[size_t(ny * n + nx)]) continue;
                    if (k.terrain_at(nx, ny) != t) continue;
                    seen[size_t(ny * n + nx)] = 1;
                    q.push({nx, ny});
                }
            }
            total += size * crowns;
        }
    return total;
}

// RULES.md "Placement", square by square.
inline bool is_legal(const Kingdom& k, const Tile& tile, Rule rule, Placement p) {
    const int n = k.side();
    if (p.rotation < 0 || p.rotation > 3) return false;
    const int dx[] = {1, 0, -1, 0}, dy[] = {0, 1, 0, -1};
    int xs[2] = {p.x, p.x + dx[p.rotation]}, ys[2] = {p.y, p.y + dy[p.rotation]};
    for (int i = 0; i < 2; ++i) {
        if (xs[i] < 0 || ys[i] < 0 || xs[i] >= n || ys[i] >= n) return false;
        if (k.terrain_at(xs[i], ys[i]) != kEmpty) return false;
    }
    int lo_x = xs[0], hi_x = xs[0], lo_y = ys[0], hi_y = ys[0];
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) {
            bool in = k.terrain_at(x, y) != kEmpty || (x == xs[1] && y == ys[1]);
            if (!in) continue;
            lo_x = std::min(lo_x, x), hi_x = std::max(hi_x, x);
            lo_y = std::min(lo_y, y), hi_y = std::max(hi_y, y);
        }
    if (hi_x - lo_x + 1 > k.extent() || hi_y - lo_y + 1 > k.extent()) return false;
    const int terrains[2] = {tile.terrain1, tile.terrain2};
    for (int i = 0; i < 2; ++i)
        for (int d = 0; d < 4; ++d) {
            int t = k.terrain_at(xs[i] + dx[d], ys[i] + dy[d]);
            if (t == kCastle) return true;
            if (t < kLandTerrains && (rule == Rule::Adjacent || t == terrains[i])) return true;
        }
    return false;
}

}  // namespace kd::slow
