// Why a placement is not legal, in the words of the rules (RULES.md,
// "Placement"), for the table page to show where a person points. The
// verdict is the engine's own (Kingdom::is_legal); these words only explain
// it, and a test holds them to it: no reason exactly when the placement is legal.
#pragma once

#include "kingdom.h"

namespace kd {

// The reason `tile` may not go at p in kingdom k under `rule`; nullptr when it may.
inline const char* placement_problem(const Kingdom& k, const Tile& tile, Rule rule, Placement p) {
    if (k.is_legal(tile, rule, p)) return nullptr;
    if (p.rotation < 0 || p.rotation > 3) return "no such rotation";
    const int x[2] = {p.x, p.x + kRotationDx[p.rotation]}, y[2] = {p.y, p.y + kRotationDy[p.rotation]};
    const int terrain[2] = {tile.terrain1, tile.terrain2};
    // A taken square first: what a click on land or the castle means, whatever the rotation.
    for (int i = 0; i < 2; ++i)
        if (k.terrain_at(x[i], y[i]) != kEmpty) return "overlaps: a square is taken";
    for (int i = 0; i < 2; ++i)
        if (x[i] < k.window_first_column() || x[i] > k.window_last_column() || y[i] < k.window_first_row() ||
            y[i] > k.window_last_row())
            return "outside the kingdom's window: the kingdom would be wider or taller than its limit";
    bool touches = false, matches = false;
    for (int i = 0; i < 2; ++i)
        for (int r = 0; r < 4; ++r) {
            const int t = k.terrain_at(x[i] + kRotationDx[r], y[i] + kRotationDy[r]);
            touches |= t != kEmpty;
            matches |= t == kCastle || t == terrain[i];
        }
    if (!touches) return "not connected: a square must touch the castle or the kingdom's land";
    if (rule == Rule::Match && !matches) return "no matching terrain: a square must touch the castle or land of its own terrain";
    return "not legal";  // the rules refuse it for a reason not named here: the test fails on it
}

}  // namespace kd
