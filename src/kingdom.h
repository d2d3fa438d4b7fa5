// One player's kingdom: bitboards of its squares, the placement rules and the score.
//
// The score is kept up to date square by square (zones labelled and merged as
// tiles arrive) so that the search can ask "how much would this placement
// gain?" in a handful of array reads. recount_score() is the independent
// bitboard flood fill used for final results and to check the incremental one.
#pragma once

#include <string>

#include "bitboard.h"
#include "tiles.h"

namespace kd {

// How a new tile must connect (RULES.md, "Placement"):
//  Match    - a square touches the castle or land of its own terrain (the board game);
//  Adjacent - a square touches the castle or any land (the CodinGame statement read literally).
enum class Rule : int8_t { Match, Adjacent };

// The rules' names on command lines, in replays and in state texts.
#ifndef KD_UPLOAD  // home only: replays and state texts
inline const char* rule_name(Rule r) { return r == Rule::Match ? "match" : "adjacent"; }
#endif
// False for a name that is neither.
inline bool rule_by_name(const std::string& name, Rule& out) {
    if (name != "match" && name != "adjacent") return false;
    out = name == "match" ? Rule::Match : Rule::Adjacent;
    return true;
}

// A tile's position: its first square and where the second one lies.
struct Placement {
    int8_t x = -1, y = -1, rotation = 0;
    KD_INLINE constexpr bool valid() const { return x >= 0; }
    constexpr bool operator==(const Placement& o) const {
        return x == o.x && y == o.y && rotation == o.rotation;
    }
};
// Rotation r puts the second square right (0), below (1), left (2) or above (3) the first.
constexpr int kRotationDx[4] = {1, 0, -1, 0};
constexpr int kRotationDy[4] = {0, 1, 0, -1};
constexpr int kRotationStep[4] = {1, kRowStride, -1, -kRowStride};
// The first squares of the placements with `rotation` whose second square is in b.
KD_INLINE Bitboard to_first(const Bitboard& b, int rotation) {
    switch (rotation) {
        case 0: return shift_west(b);
        case 1: return shift_north(b);
        case 2: return shift_east(b);
        default: return shift_south(b);
    }
}
// Enough room for every placement of one tile on the largest grid.
constexpr int kMaxPlacements = 4 * kMaxSide * kMaxSide;

KD_INLINE int min_of(int a, int b) { return a < b ? a : b; }
KD_INLINE int max_of(int a, int b) { return a > b ? a : b; }

// Room for a list of placements, left uninitialised: lists are made in the
// hottest loops, and initialising 676 entries each time showed in profiles.
struct PlacementList {
    union {
        Placement at[kMaxPlacements];
    };
    PlacementList() {}
    operator Placement*() { return at; }
    operator const Placement*() const { return at; }
};

// neighbors() of each single square, by table: a kingdom keeps the squares
// next to each terrain's land (the policy asks for them at every placement)
// by adding those of each square it gets. As neighbors() shifts, a step
// along a row stays within its word (guard columns), one across rows does not.
struct NeighbourTables {
    uint64_t of[kSquareCount][4];
};
constexpr NeighbourTables make_neighbour_tables() {
    NeighbourTables t{};
    for (int sq = 0; sq < kSquareCount; ++sq)
        for (int step : {1, -1, kRowStride, -kRowStride}) {
            const int to = sq + step;
            if (to >= 0 && to < 4 * 64 && (step == 1 || step == -1 ? to >> 6 == sq >> 6 : true))
                t.of[sq][to >> 6] |= uint64_t(1) << (to & 63);
        }
    return t;
}
inline constexpr NeighbourTables kNeighbours = make_neighbour_tables();

// Rectangles of squares by table: the extent window changes with every
// placement that grows a kingdom, and the hole count asks for it per candidate.
struct RectangleTables {
    uint64_t columns[kRowStride][kRowStride];  // columns x0..x1 of the four rows a word holds
    uint64_t rows[kRowStride][kRowStride][4];  // the words of every square of rows y0..y1
};
constexpr RectangleTables make_rectangle_tables() {
    RectangleTables t{};
    for (int a = 0; a < kRowStride; ++a)
        for (int b = a; b < kRowStride; ++b) {
            uint64_t row = ((uint64_t(1) << (b + 1)) - 1) & ~((uint64_t(1) << a) - 1);
            t.columns[a][b] = row | row << 16 | row << 32 | row << 48;
            for (int y = a; y <= b; ++y) t.rows[a][b][y >> 2] |= uint64_t(0xFFFF) << ((y & 3) * 16);
        }
    return t;
}
inline constexpr RectangleTables kRectangles = make_rectangle_tables();

// All squares with x0 <= x <= x1 and y0 <= y <= y1, all within 0..15 (empty when a range is empty).
KD_INLINE Bitboard rectangle(int x0, int x1, int y0, int y1) {
    if (x0 > x1 || y0 > y1) return Bitboard{};
    const uint64_t* r = kRectangles.rows[y0][y1];
    return Bitboard{BoardWords{r[0], r[1], r[2], r[3]} & kRectangles.columns[x0][x1]};
}

class Kingdom {
  public:
    Kingdom() : Kingdom(9, 5) {}
    // side: grid width (9 or 13); extent: the largest kingdom width (5 or 7).
    Kingdom(int side, int extent) : side_(int8_t(side)), extent_(int8_t(extent)) {
        const int c = side / 2;
        castle_.set(square_of(c, c));
        castle_neighbours_ = neighbors(castle_);
        occupied_ = castle_;
        for (int t = 0; t < kLandTerrains; ++t) update_pick_parts(t);
        min_x_ = max_x_ = min_y_ = max_y_ = int8_t(c);
        update_window();
    }

    KD_INLINE int side() const { return side_; }
    int extent() const { return extent_; }
    // Terrain at (x, y): a land terrain, kCastle or kEmpty (also outside the grid).
    int terrain_at(int x, int y) const {
        if (x < 0 || y < 0 || x >= side_ || y >= side_) return kEmpty;
        const int sq = square_of(x, y);
        if (castle_.test(sq)) return kCastle;
        for (int t = 0; t < kLandTerrains; ++t)
            if (terrain_[t].test(sq)) return t;
        return kEmpty;
    }
#ifndef KD_UPLOAD  // home only: texts and checks
    int crowns_at(int x, int y) const {
        if (x < 0 || y < 0 || x >= side_ || y >= side_) return 0;
        const int sq = square_of(x, y);
        return crown_bit0_.test(sq) + 2 * crown_bit1_.test(sq);
    }
#endif
    KD_INLINE const Bitboard& terrain(int t) const { return terrain_[t]; }
    // Squares of land (the castle is not land).
    KD_INLINE Bitboard land() const { return occupied_.minus(castle_); }
    // Empty squares a tile may still cover.
    KD_INLINE Bitboard free_squares() const { return window_.minus(occupied_); }
#ifndef KD_UPLOAD  // home only: tools show it
    // The rows and columns of the window: a tile may cover squares there only.
    int window_first_row() const { return window_low(max_y_); }
    int window_last_row() const { return window_high(min_y_); }
    int window_first_column() const { return window_low(max_x_); }
    int window_last_column() const { return window_high(min_x_); }
#endif
    int min_x() const { return min_x_; }
    int max_x() const { return max_x_; }
    int min_y() const { return min_y_; }
    int max_y() const { return max_y_; }

    // Score kept up to date by place() and put_square().
    KD_INLINE int score() const { return score_; }
    // Land squares (the castle does not count).
    KD_INLINE int territory() const { return land_squares_; }
    KD_INLINE int crown_count() const { return crowns_; }
    // Squares, crowns and points of one terrain, kept up to date by put_square().
    KD_INLINE int terrain_squares(int t) const { return terrain_squares_[t]; }
    KD_INLINE int terrain_crowns(int t) const { return terrain_crowns_[t]; }
    KD_INLINE int terrain_score(int t) const { return terrain_score_[t]; }
    // What one square of terrain t with `crowns` crowns is worth to the pick
    // estimate (model_features.h's pick_value): its crowns for every square of
    // t owned and for itself, and the crowns already on t. Kept as tiles land.
    KD_INLINE int pick_part(int t, int crowns) const { return pick_parts_[t * 4 + crowns]; }
    // Squares of the largest zone of terrain t (0: none): the learnt values' features.
    int largest_zone(int t) const {
        int best = 0;
        for (uint64_t zones = zone_ids_[t]; zones; zones &= zones - 1) best = max_of(best, zone_size_[__builtin_ctzll(zones)]);
        return best;
    }
#ifndef KD_UPLOAD  // home only: tools and tests
    // Crowns on the squares of b.
    KD_INLINE int crowns_on(const Bitboard& b) const {
        return (b & crown_bit0_).count() + 2 * (b & crown_bit1_).count();
    }
#endif

    // ---- Placement rules: the only place they are written down ----

    // First squares at which `tile` with `rotation` is legal: both squares empty
    // and inside the extent window, and connected as `rule` asks.
    KD_INLINE Bitboard legal_first_squares(const Tile& tile, Rule rule, int rotation) const {
        return first_squares(options(tile, rule), rotation);
    }
    bool is_legal(const Tile& tile, Rule rule, Placement p) const {
        if (p.x < 0 || p.y < 0 || p.x >= side_ || p.y >= side_ || p.rotation < 0 || p.rotation > 3) return false;
        return legal_first_squares(tile, rule, p.rotation).test(square_of(p.x, p.y));
    }
    // Calls visit(Placement) for every legal placement, rotation by rotation,
    // squares in ascending order. A symmetric tile visits rotations 0 and 1
    // only: 2 and 3 repeat them.
    template <typename Visit>
    KD_INLINE void for_each_legal_placement(const Tile& tile, Rule rule, Visit&& visit) const {
        for_each_legal_square(tile, options(tile, rule), [&](int sq, int r) __attribute__((always_inline)) {
            visit(placement_at(sq, r));
        });
    }
    KD_INLINE static Placement placement_at(int sq, int rotation) {
        return Placement{int8_t(square_x(sq)), int8_t(square_y(sq)), int8_t(rotation)};
    }

    // What a tile's placements depend on: the free squares, the squares next
    // to which its first (conn1) and second (conn2) square would connect, and
    // those next to land of its first (near1) and second (near2) square's
    // terrain, the only ones where a square joins zones.
    struct Options {
        Bitboard free, conn1, conn2, near1, near2;
        // Written out: GCC builds implicit constructors without the upload's
        // #pragma GCC target, and they could not inline Bitboard's.
        KD_INLINE Options() {}
    };
    KD_INLINE Options options(const Tile& tile, Rule rule) const {
        Options o;
        o.free = free_squares();
        o.near1 = near_[tile.terrain1], o.near2 = near_[tile.terrain2];
        if (rule == Rule::Match) {
            o.conn1 = o.near1 | castle_neighbours_, o.conn2 = o.near2 | castle_neighbours_;
        } else {
            o.conn1 = o.conn2 = neighbors(occupied_);
        }
        o.near1 &= o.free, o.near2 &= o.free;
        return o;
    }
    // The first squares of a tile's legal placements, by rotation (a
    // symmetric tile has rotations 0 and 1 only: 2 and 3 repeat them).
    struct LegalSquares {
        Bitboard first[4];
        int rotations;
        KD_INLINE LegalSquares() {}
        KD_INLINE bool any() const { return (first[0] | first[1] | first[2] | first[3]).any(); }
    };
    KD_INLINE LegalSquares legal_squares(const Tile& tile, const Options& o) const {
        LegalSquares l;
        l.rotations = tile.symmetric() ? 2 : 4;
        l.first[0] = first_squares(o, 0), l.first[1] = first_squares(o, 1);
        if (l.rotations == 2) l.first[2] = l.first[3] = Bitboard{};
        else l.first[2] = first_squares(o, 2), l.first[3] = first_squares(o, 3);
        return l;
    }
    // for_each_legal_placement, for the hottest loops: visit(first square, rotation).
    template <typename Visit>
    KD_INLINE void for_each_legal_square(const Tile& tile, const Options& o, Visit&& visit) const {
        for_each_legal_square(legal_squares(tile, o), visit);
    }
    template <typename Visit>
    KD_INLINE void for_each_legal_square(const LegalSquares& legal, Visit&& visit) const {
        // Each rotation written out, so that its steps are constants.
        auto rotation = [&](int r) __attribute__((always_inline)) {
            legal.first[r].for_each_square([&](int sq) __attribute__((always_inline)) {
                visit(sq, r);
            });
        };
        rotation(0), rotation(1);
        if (legal.rotations == 4) rotation(2), rotation(3);
    }
    // Writes every legal placement into out (room for kMaxPlacements), in the
    // order above, and returns how many.
    int legal_placements(const Tile& tile, Rule rule, Placement* out) const {
        int n = 0;
        for_each_legal_placement(tile, rule, [&](Placement p) __attribute__((always_inline)) { out[n++] = p; });
        return n;
    }
    bool has_legal_placement(const Tile& tile, Rule rule) const {
        const Options o = options(tile, rule);
        for (int r = 0; r < 4; ++r)
            if (first_squares(o, r).any()) return true;
        return false;
    }

    // ---- Score ----

    // What placing `tile` at p (p must be legal) would do: the score gained, the
    // part of it the first square's terrain makes (all of it when both squares
    // share a terrain), and how many squares of existing zones of the tile's
    // terrains it joins (zones built now are points later). Reads only the zone labels.
    struct Effect {
        int gain = 0, first_terrain_gain = 0, joined = 0;
    };
    KD_INLINE Effect effect(const Tile& tile, Placement p) const {
        const int sq1 = square_of(p.x, p.y);
        const int sq2 = sq1 + kRotationStep[p.rotation];
        Effect e;
        if (tile.terrain1 == tile.terrain2) {
            merge(adjacent_zones(sq1, tile.terrain1) | adjacent_zones(sq2, tile.terrain1), 2,
                  tile.crowns1 + tile.crowns2, e);
            e.first_terrain_gain = e.gain;
        } else {
            merge(adjacent_zones(sq1, tile.terrain1), 1, tile.crowns1, e);
            e.first_terrain_gain = e.gain;
            merge(adjacent_zones(sq2, tile.terrain2), 1, tile.crowns2, e);
        }
        return e;
    }
    KD_INLINE int score_gain(const Tile& tile, Placement p) const { return effect(tile, p).gain; }
    // The effect of one square of `terrain` with `crowns` put on the free
    // square sq, on its own. A tile of two terrains has the sum of its two
    // squares' effects: they join zones of different terrains.
    KD_INLINE Effect square_effect(int sq, int terrain, int crowns) const {
        Effect e;
        merge(adjacent_zones(sq, terrain), 1, crowns, e);
        return e;
    }

    // The effect of `squares` new squares of `terrain` with `crowns` next to
    // its land when that land is one zone (or none): true then, and *e set
    // without reading a label.
    KD_INLINE bool effect_next_to_one_zone(int terrain, int squares, int crowns, Effect* e) const {
        const uint64_t zones = zone_ids_[terrain];
        if (zones & (zones - 1)) return false;
        merge(zones, squares, crowns, *e);
        return true;
    }

    // Places `tile` at p. Does not check legality: callers ask is_legal() first.
    void place(const Tile& tile, Placement p) {
        KD_ASSERT(p.valid() && p.rotation >= 0 && p.rotation < 4);
        const int x2 = p.x + kRotationDx[p.rotation], y2 = p.y + kRotationDy[p.rotation];
        add_square(p.x, p.y, tile.terrain1, tile.crowns1);
        add_square(x2, y2, tile.terrain2, tile.crowns2);
        grow_box(min_of(p.x, x2), max_of(p.x, x2), min_of(p.y, y2), max_of(p.y, y2));  // once for both squares
    }
    // Sets one empty square to land (grids read from text).
    void put_square(int x, int y, int terrain, int crowns) {
        add_square(x, y, terrain, crowns);
        grow_box(x, x, y, y);
    }

#ifndef KD_UPLOAD  // home only: the referee's final scores and the checks of debug builds and tests
    // The score by flood fill: zones are 4-connected squares of one terrain,
    // each worth its size times its crowns. Independent of score(). The
    // kingdom's bounding box (7x7 at most) fits one word, 8 bits a row, where
    // a flood step is a few shifts.
    int recount_score() const {
        auto window = [&](const Bitboard& b) __attribute__((always_inline)) { return b.window8x8(min_x_, min_y_); };
        const uint64_t crown1 = window(crown_bit0_), crown2 = window(crown_bit1_);
        int total = 0;
        for (int t = 0; t < kLandTerrains; ++t) {
            const uint64_t land = window(terrain_[t]);
            for (uint64_t todo = land & (crown1 | crown2); todo;) {
                uint64_t zone = todo & (~todo + 1), grown = zone;  // its lowest square
                do {
                    zone = grown;
                    grown = (zone | zone << 1 | zone >> 1 | zone << 8 | zone >> 8) & land;
                } while (grown != zone);
                total += __builtin_popcountll(zone) *
                         (__builtin_popcountll(zone & crown1) + 2 * __builtin_popcountll(zone & crown2));
                todo &= ~zone;
            }
        }
        return total;
    }

    // Whether everything kept up to date square by square agrees with the
    // squares themselves: score (by flood fill), territory, crowns, the box
    // within the extent, the window, and the zone labels. For checks after
    // every move in debug builds (Game::apply), and for tests.
    bool is_ok() const { return problem() == nullptr; }
    // What is wrong with the kingdom, nullptr when nothing is.
    const char* problem() const {
        Bitboard land;
        uint64_t ids_in_use = 0;
        int sizes[64] = {}, crowns[64] = {}, crown_total = 0;
        for (int t = 0; t < kLandTerrains; ++t) {
            if ((land & terrain_[t]).any() || terrain_[t].count() != terrain_squares_[t])
                return "terrains overlap or miscounted";
            if (near_[t] != neighbors(terrain_[t])) return "the squares next to a terrain are not its neighbours";
            if (zone_ids_[t] & ids_in_use) return "zone ids shared between terrains";
            ids_in_use |= zone_ids_[t];
            land |= terrain_[t];
            bool labels_ok = true;
            terrain_[t].for_each_square([&](int sq) {
                const int z = zone_at(sq), c = crowns_at(square_x(sq), square_y(sq));
                labels_ok &= ((zone_ids_[t] >> z) & 1) != 0;
                sizes[z] += 1, crowns[z] += c, crown_total += c;
            });
            if (!labels_ok) return "zone labels of another terrain";
        }
        if ((ids_in_use & free_zone_ids_) || (ids_in_use & 1)) return "zone ids both used and free";
        for (int z = 1; z < 64; ++z)
            if (((ids_in_use >> z) & 1) && (sizes[z] != zone_size_[z] || crowns[z] != zone_crowns_[z]))
                return "zone sizes or crowns differ from the labels";
        if (land != occupied_.minus(castle_) || land.count() != land_squares_ || crown_total != crowns_)
            return "land differs from the squares occupied";
        // The box: within the extent, holding every square, touched on every side.
        if (max_x_ - min_x_ >= extent_ || max_y_ - min_y_ >= extent_) return "box wider than the extent";
        if (occupied_.minus(rectangle(min_x_, max_x_, min_y_, max_y_)).any()) return "land outside the box";
        for (const Bitboard& side : {rectangle(min_x_, min_x_, 0, kRowStride - 1), rectangle(max_x_, max_x_, 0, kRowStride - 1),
                                     rectangle(0, kRowStride - 1, min_y_, min_y_), rectangle(0, kRowStride - 1, max_y_, max_y_)})
            if (!(occupied_ & side).any()) return "box not tight";
        if (window_ != window_for(min_x_, max_x_, min_y_, max_y_)) return "window not the box's";
        return score_ == recount_score() ? nullptr : "score differs from the flood fill";
    }
#endif

    // Empty squares inside the window that no tile can ever cover: none of
    // their neighbours is free. The paper's greedy breaks ties on this count.
    KD_INLINE int isolated_holes() const { return isolated_in(window_, occupied_); }
    // The same count after placing a tile at p, without changing the kingdom.
    KD_INLINE int isolated_holes_after(Placement p) const {
        const int x2 = p.x + kRotationDx[p.rotation], y2 = p.y + kRotationDy[p.rotation];
        const int lo_x = min_of(min_x_, min_of(p.x, x2)), hi_x = max_of(max_x_, max_of(p.x, x2));
        const int lo_y = min_of(min_y_, min_of(p.y, y2)), hi_y = max_of(max_y_, max_of(p.y, y2));
        Bitboard occupied = occupied_;
        occupied.set(square_of(p.x, p.y));
        occupied.set(square_of(x2, y2));
        return isolated_in(window_for(lo_x, hi_x, lo_y, hi_y), occupied);
    }

#ifndef KD_UPLOAD  // home only: the referee writes grids
    // Row y as protocol text: two characters per square, e.g. "_0_0c1*0".
    std::string row_text(int y) const {
        std::string row;
        for (int x = 0; x < side_; ++x) {
            row += kTerrainLetters[terrain_at(x, y)];
            row += char('0' + crowns_at(x, y));
        }
        return row;
    }
#endif

  private:
    // Sets one empty square to land, all but the box (place(), put_square()).
    KD_INLINE void add_square(int x, int y, int terrain, int crowns) {
        KD_ASSERT(x >= 0 && y >= 0 && x < side_ && y < side_);
        KD_ASSERT(terrain >= 0 && terrain < kLandTerrains && crowns >= 0 && crowns <= 3);
        const int sq = square_of(x, y);
        KD_ASSERT(!occupied_.test(sq));
        KD_ASSERT(land_squares_ < 63);  // zone ids 1..63
        occupied_.set(sq);
        terrain_[terrain].set(sq);
        const uint64_t* next = kNeighbours.of[sq];
        near_[terrain] |= Bitboard{BoardWords{next[0], next[1], next[2], next[3]}};
        if (crowns & 1) crown_bit0_.set(sq);
        if (crowns & 2) crown_bit1_.set(sq);
        ++land_squares_;
        crowns_ = int16_t(crowns_ + crowns);
        terrain_squares_[terrain]++;
        terrain_crowns_[terrain] = uint8_t(terrain_crowns_[terrain] + crowns);
        update_pick_parts(terrain);
        join_zone(sq, terrain, crowns);
    }
    // The box grown to hold columns x0..x1 and rows y0..y1.
    KD_INLINE void grow_box(int x0, int x1, int y0, int y1) {
        if (x0 < min_x_ || x1 > max_x_ || y0 < min_y_ || y1 > max_y_) {  // the window shrinks only when the box grows
            min_x_ = int8_t(min_of(min_x_, x0)), max_x_ = int8_t(max_of(max_x_, x1));
            min_y_ = int8_t(min_of(min_y_, y0)), max_y_ = int8_t(max_of(max_y_, y1));
            update_window();
        }
    }
    // First squares where a tile with `rotation` fits: both squares free, and
    // the first touching conn1 or the second touching conn2.
    static KD_INLINE Bitboard first_squares(const Options& o, int rotation) {
        return o.free & to_first(o.free, rotation) & (o.conn1 | to_first(o.conn2, rotation));
    }
    // The lowest and highest column (or row) a tile may cover while the
    // kingdom's box reaches `hi` (or starts at `lo`) on that axis.
    KD_INLINE int window_low(int hi) const { return max_of(0, hi - extent_ + 1); }
    KD_INLINE int window_high(int lo) const { return min_of(side_ - 1, lo + extent_ - 1); }
    // Squares a tile may cover while the kingdom spans the given bounding box.
    KD_INLINE Bitboard window_for(int lo_x, int hi_x, int lo_y, int hi_y) const {
        return rectangle(window_low(hi_x), window_high(lo_x), window_low(hi_y), window_high(lo_y));
    }
    KD_INLINE void update_window() { window_ = window_for(min_x_, max_x_, min_y_, max_y_); }
    static KD_INLINE int isolated_in(const Bitboard& window, const Bitboard& occupied) {
        const Bitboard free = window.minus(occupied);
        return free.minus(neighbors(free)).count();
    }

    // pick_part of terrain t for 0..3 crowns: c * (squares + 1) + crowns of t, a
    // byte each (at most 3 * 49 + 48), written as one word.
    KD_INLINE void update_pick_parts(int t) {
        const uint32_t parts = uint32_t(terrain_crowns_[t]) * 0x01010101u + uint32_t(terrain_squares_[t] + 1) * 0x03020100u;
        __builtin_memcpy(pick_parts_ + t * 4, &parts, sizeof parts);
    }

    // Zone labels: zone_[sq + kRowStride] is the zone id of square sq (0: none).
    // The offset and the guard columns let neighbours of edge squares be read without bounds checks.
#ifndef KD_UPLOAD  // home only: the checks
    KD_INLINE int zone_at(int sq) const { return zone_[sq + kRowStride]; }
#endif
    // Bit z set for every zone of `terrain` touching square sq (bit 0, "no zone", is never in a terrain's set).
    KD_INLINE uint64_t adjacent_zones(int sq, int terrain) const {
        const uint8_t* z = zone_ + kRowStride + sq;
        return ((uint64_t(1) << z[1]) | (uint64_t(1) << z[-1]) | (uint64_t(1) << z[kRowStride]) |
                (uint64_t(1) << z[-kRowStride])) &
               zone_ids_[terrain];
    }
    // Adds to e the effect of `size` new squares with `crowns` joining the zones in `zones`.
    KD_INLINE void merge(uint64_t zones, int size, int crowns, Effect& e) const {
        int before = 0, joined = 0;
        for (; zones; zones &= zones - 1) {
            const int z = __builtin_ctzll(zones);
            joined += zone_size_[z];
            crowns += zone_crowns_[z];
            before += zone_size_[z] * zone_crowns_[z];
        }
        e.gain += (size + joined) * crowns - before;
        e.joined += joined;
    }
    // Labels the new square sq, merging the zones it joins, and updates the score.
    KD_INLINE void join_zone(int sq, int terrain, int crowns) {
        uint64_t zones = adjacent_zones(sq, terrain);
        int keep;
        if (!zones) {
            keep = __builtin_ctzll(free_zone_ids_);
            free_zone_ids_ &= free_zone_ids_ - 1;
            zone_ids_[terrain] |= uint64_t(1) << keep;
            zone_size_[keep] = 0;
            zone_crowns_[keep] = 0;
        } else {
            keep = __builtin_ctzll(zones);
            zones &= zones - 1;
        }
        int size = zone_size_[keep] + 1, total_crowns = zone_crowns_[keep] + crowns;
        int before = zone_size_[keep] * zone_crowns_[keep];
        if (zones) {  // the square joins several zones: they become `keep`
            free_zone_ids_ |= zones;
            zone_ids_[terrain] &= ~zones;
            for (uint64_t z = zones; z; z &= z - 1) {
                const int id = __builtin_ctzll(z);
                size += zone_size_[id];
                total_crowns += zone_crowns_[id];
                before += zone_size_[id] * zone_crowns_[id];
            }
            terrain_[terrain].for_each_square([&](int s) __attribute__((always_inline)) {
                if ((zones >> zone_[s + kRowStride]) & 1) zone_[s + kRowStride] = uint8_t(keep);
            });
        }
        zone_size_[keep] = uint8_t(size);
        zone_crowns_[keep] = uint8_t(total_crowns);
        const int gain = size * total_crowns - before;
        score_ = int16_t(score_ + gain);
        terrain_score_[terrain] = int16_t(terrain_score_[terrain] + gain);
        zone_[sq + kRowStride] = uint8_t(keep);
    }

    Bitboard occupied_, castle_, castle_neighbours_, window_;  // occupied: land and castle
    Bitboard terrain_[kLandTerrains];
    Bitboard near_[kLandTerrains];  // neighbors(terrain_[t]), kept as squares arrive
    Bitboard crown_bit0_, crown_bit1_;  // crowns of a square = bit0 + 2 * bit1
    int8_t side_, extent_;
    int8_t min_x_, max_x_, min_y_, max_y_;  // bounding box of castle and land
    int8_t land_squares_ = 0;
    int16_t crowns_ = 0;
    int16_t score_ = 0;
    int16_t terrain_score_[kLandTerrains] = {};
    uint8_t terrain_squares_[kLandTerrains] = {}, terrain_crowns_[kLandTerrains] = {};
    uint8_t pick_parts_[kLandTerrains * 4];  // pick_part(t, c) at t * 4 + c
    // Zone ids 1..63; a grid holds at most 48 land squares (callers cap text input).
    uint64_t free_zone_ids_ = ~uint64_t(1);
    uint64_t zone_ids_[kLandTerrains] = {};  // the zones of each terrain
    uint8_t zone_[kSquareCount + 2 * kRowStride] = {};
    uint8_t zone_size_[64] = {}, zone_crowns_[64] = {};
};

// Per terrain: squares, crowns and points of a kingdom, possibly after a
// placement not yet made.
struct TerrainTotals {
    int squares[kLandTerrains], crowns[kLandTerrains], points[kLandTerrains];

    explicit TerrainTotals(const Kingdom& k) {
        for (int t = 0; t < kLandTerrains; ++t)
            squares[t] = k.terrain_squares(t), crowns[t] = k.terrain_crowns(t), points[t] = k.terrain_score(t);
    }
    // The totals once `tile` is placed with effect e.
    KD_INLINE TerrainTotals after(const Tile& tile, const Kingdom::Effect& e) const {
        TerrainTotals a = *this;
        a.squares[tile.terrain1]++, a.squares[tile.terrain2]++;
        a.crowns[tile.terrain1] += tile.crowns1, a.crowns[tile.terrain2] += tile.crowns2;
        a.points[tile.terrain1] += e.first_terrain_gain;
        if (tile.terrain2 != tile.terrain1) a.points[tile.terrain2] += e.gain - e.first_terrain_gain;
        return a;
    }
    // The most `squares` new squares of terrain t with `crowns` could gain:
    // joining every zone of t. A zone more never lowers a gain, so no placement gains more.
    KD_INLINE int bound(int t, int new_squares, int new_crowns) const {
        return (new_squares + squares[t]) * (new_crowns + crowns[t]) - points[t];
    }
    KD_INLINE int gain_bound(const Tile& tile) const {
        if (tile.terrain1 == tile.terrain2) return bound(tile.terrain1, 2, tile.crowns1 + tile.crowns2);
        return bound(tile.terrain1, 1, tile.crowns1) + bound(tile.terrain2, 1, tile.crowns2);
    }
};

}  // namespace kd
