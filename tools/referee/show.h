// Kingdoms in the terminal: each player's 5x5 (7x7 in duel) window side by
// side, terrains in colour with their letter, crowns as digits. Plain text
// (letters and digits only) when the output is not a terminal.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "game.h"

namespace kd {

// Left (or top) edge of the extent-wide window shown for a kingdom spanning low..high.
inline int window_start(int low, int high, int extent, int side) {
    int slack = extent - (high - low + 1);
    return std::max(0, std::min(low - slack / 2, side - extent));
}

inline std::string show_square(const Kingdom& k, int x, int y, bool color) {
    // Background colours (xterm-256) chosen to stay distinct for common colour blindness;
    // the letter is always there too.
    static const int kBackground[] = {178, 22, 113, 27, 137, 240};
    int t = k.terrain_at(x, y), c = k.crowns_at(x, y);
    if (t == kEmpty) return color ? "\033[2m . \033[0m" : " . ";
    if (t == kCastle) return color ? "\033[1;97;45m[#]\033[0m" : "[#]";
    const std::string text = std::string(" ") + kTerrainLetters[t] + (c ? char('0' + c) : ' ');
    if (!color) return text;
    bool dark_text = t == kCorn || t == kGrass;
    return "\033[" + std::string(dark_text ? "30" : "97") + ";48;5;" + std::to_string(kBackground[t]) + "m" +
           (c ? "\033[1m" : "") + text + "\033[0m";
}

// All kingdoms of g side by side, with a caption per seat.
inline std::string show_kingdoms(const Game& g, const std::vector<std::string>& captions, bool color) {
    const int n = g.players(), e = g.variant().extent, side = g.variant().side;
    const int width = 3 * e + 4;
    std::string out;
    for (int p = 0; p < n; ++p) {
        std::string cap = p < int(captions.size()) ? captions[p] : "seat " + std::to_string(p);
        if (int(cap.size()) > width - 1) cap = cap.substr(0, width - 2) + "~";
        out += cap + std::string(size_t(width - int(cap.size())), ' ');
    }
    out += "\n";
    for (int row = 0; row < e; ++row) {
        for (int p = 0; p < n; ++p) {
            const Kingdom& k = g.kingdom(p);
            int x0 = window_start(k.min_x(), k.max_x(), e, side);
            int y0 = window_start(k.min_y(), k.max_y(), e, side);
            for (int col = 0; col < e; ++col) out += show_square(k, x0 + col, y0 + row, color);
            out += "    ";
        }
        out += "\n";
    }
    return out;
}

}  // namespace kd
