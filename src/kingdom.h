// One player's kingdom: bitboards of its squares, the placement rules and the score.
//
// The score is kept up to date square by square (zones labelled and merged as
// tiles arrive) so that the search can ask "how much would this placement
// gain?" in a handful of array reads. recount_score() is the independent
// bitboard flood fill used for final results and to check the incremental one.
#pragma once

#include <algorithm>
#include <string>

#include "bitboard.h"
#include "tiles.h"

namespace kd {

// How a new tile must connect (RULES.md, "Placement"):
//  Match    - a square touches the castle or land of its own terrain (the board game);
//  Adjacent - a square touches the castle or any land (the CodinGame statement read literally).
enum class Rule : int8_t { Match, Adjacent };

// A tile's position: its first square and where the second one lies.
struct Placement {
    int8_t x = -1, y = -1, rotation = 0;
    constexpr bool valid() const { return x >= 0; }
    constexpr bool operator==(const Placement& o) const {
        return x == o.x && y == o.y && rotation == o.rotation;
    }
};
// Rotation r puts the second square right (0), below (1), left (2) or above (3) the first.
constexpr int kRotationDx[4] = {1, 0, -1, 0};
constexpr int kRotationDy[4] = {0, 1, 0, -1};
constexpr int kRotationStep[4] = {1, kRowStride, -1, -kRowStride};
// Enough room for every placement of one tile on the largest grid.
constexpr int kMaxPlacements = 4 * kMaxSide * kMaxSide;

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

class Kingdom {
  public:
    Kingdom() : Kingdom(9, 5) {}
    // side: grid width (9 or 13); extent: the largest kingdom width (5 or 7).
    Kingdom(int side, int extent) : side_(int8_t(side)), extent_(int8_t(extent)) {
        int c = side / 2;
        castle_.set(square_of(c, c));
        min_x_ = max_x_ = min_y_ = max_y_ = int8_t(c);
        update_window();
    }

    int side() const { return side_; }
    int extent() const { return extent_; }
    int castle_xy() const { return side_ / 2; }
    // Terrain at (x, y): a land terrain, kCastle or kEmpty (also outside the grid).
    int terrain_at(int x, int y) const {
        if (x < 0 || y < 0 || x >= side_ || y >= side_) return kEmpty;
        int sq = square_of(x, y);
        if (castle_.test(sq)) return kCastle;
        if (!land_.test(sq)) return kEmpty;
        for (int t = 0; t < kLandTerrains; ++t)
            if (terrain_[t].test(sq)) return t;
        return kEmpty;
    }
    int crowns_at(int x, int y) const {
        if (x < 0 || y < 0 || x >= side_ || y >= side_) return 0;
        int sq = square_of(x, y);
        return crown_bit0_.test(sq) + 2 * crown_bit1_.test(sq);
    }
    const Bitboard& land() const { return land_; }
    KD_INLINE const Bitboard& terrain(int t) const { return terrain_[t]; }
    // Squares a new tile may cover without breaking the extent limit, land and castle included.
    const Bitboard& window() const { return window_; }
    const Bitboard& castle() const { return castle_; }
    // Empty squares a tile may still cover.
    KD_INLINE Bitboard free_squares() const { return window_.minus(land_ | castle_); }
    int min_x() const { return min_x_; }
    int max_x() const { return max_x_; }
    int min_y() const { return min_y_; }
    int max_y() const { return max_y_; }

    // Score kept up to date by place() and put_square().
    KD_INLINE int score() const { return score_; }
    // Land squares (the castle does not count).
    KD_INLINE int territory() const { return land_.count(); }
    int crown_count() const { return crowns_on(land_); }
    // Squares and crowns of one terrain, kept up to date by put_square().
    KD_INLINE int terrain_squares(int t) const { return terrain_squares_[t]; }
    KD_INLINE int terrain_crowns(int t) const { return terrain_crowns_[t]; }
    // Crowns on the squares of b.
    KD_INLINE int crowns_on(const Bitboard& b) const { return (b & crown_bit0_).count() + 2 * (b & crown_bit1_).count(); }

    // ---- Placement rules: the only place they are written down ----

    // First squares at which `tile` with `rotation` is legal: both squares empty
    // and inside the extent window, and connected as `rule` asks.
    Bitboard legal_first_squares(const Tile& tile, Rule rule, int rotation) const {
        return first_squares(options(tile, rule), rotation);
    }
    bool is_legal(const Tile& tile, Rule rule, Placement p) const {
        if (p.x < 0 || p.y < 0 || p.x >= side_ || p.y >= side_ || p.rotation < 0 || p.rotation > 3) return false;
        return legal_first_squares(tile, rule, p.rotation).test(square_of(p.x, p.y));
    }
    // Writes every legal placement into out (room for kMaxPlacements) and returns
    // how many. A symmetric tile lists rotations 0 and 1 only: 2 and 3 repeat them.
    int legal_placements(const Tile& tile, Rule rule, Placement* out) const {
        Options o = options(tile, rule);
        int n = 0;
        int rotations = tile.symmetric() ? 2 : 4;
        for (int r = 0; r < rotations; ++r) {
            Bitboard b = first_squares(o, r);
            while (b.any()) {
                int sq = b.pop_lowest();
                out[n++] = Placement{int8_t(square_x(sq)), int8_t(square_y(sq)), int8_t(r)};
            }
        }
        return n;
    }
    bool has_legal_placement(const Tile& tile, Rule rule) const {
        Options o = options(tile, rule);
        for (int r = 0; r < 4; ++r)
            if (first_squares(o, r).any()) return true;
        return false;
    }

    // ---- Score ----

    // What placing `tile` at p (p must be legal) would do: the score gained, and
    // how many squares of existing zones of the tile's terrains it joins (zones
    // built now are points later). Reads only the zone labels.
    struct Effect {
        int gain = 0, joined = 0;
    };
    KD_INLINE Effect effect(const Tile& tile, Placement p) const {
        int sq1 = square_of(p.x, p.y);
        int sq2 = sq1 + kRotationStep[p.rotation];
        Effect e;
        if (tile.terrain1 == tile.terrain2) {
            merge(adjacent_zones(sq1, tile.terrain1) | adjacent_zones(sq2, tile.terrain1), 2,
                  tile.crowns1 + tile.crowns2, e);
        } else {
            merge(adjacent_zones(sq1, tile.terrain1), 1, tile.crowns1, e);
            merge(adjacent_zones(sq2, tile.terrain2), 1, tile.crowns2, e);
        }
        return e;
    }
    KD_INLINE int score_gain(const Tile& tile, Placement p) const { return effect(tile, p).gain; }

    // Places `tile` at p. Does not check legality: callers ask is_legal() first.
    void place(const Tile& tile, Placement p) {
        int x2 = p.x + kRotationDx[p.rotation], y2 = p.y + kRotationDy[p.rotation];
        put_square(p.x, p.y, tile.terrain1, tile.crowns1);
        put_square(x2, y2, tile.terrain2, tile.crowns2);
    }

    // Sets one empty square to land (grids read from text, and place()).
    void put_square(int x, int y, int terrain, int crowns) {
        int sq = square_of(x, y);
        land_.set(sq);
        terrain_[terrain].set(sq);
        if (crowns & 1) crown_bit0_.set(sq);
        if (crowns & 2) crown_bit1_.set(sq);
        terrain_squares_[terrain]++;
        terrain_crowns_[terrain] += uint8_t(crowns);
        join_zone(sq, terrain, crowns);
        if (x < min_x_ || x > max_x_ || y < min_y_ || y > max_y_) {  // the window shrinks only when the box grows
            min_x_ = int8_t(std::min<int>(min_x_, x)), max_x_ = int8_t(std::max<int>(max_x_, x));
            min_y_ = int8_t(std::min<int>(min_y_, y)), max_y_ = int8_t(std::max<int>(max_y_, y));
            update_window();
        }
    }

    // The score by bitboard flood fill: zones are 4-connected squares of one
    // terrain, each worth its size times its crowns. Independent of score().
    int recount_score() const {
        int total = 0;
        Bitboard crowned = crown_bit0_ | crown_bit1_;
        for (int t = 0; t < kLandTerrains; ++t) {
            Bitboard todo = terrain_[t] & crowned;
            while (todo.any()) {
                Bitboard zone = flood(Bitboard::single(todo.lowest()), terrain_[t]);
                total += zone.count() * crowns_on(zone);
                todo = todo.minus(zone);
            }
        }
        return total;
    }

    // Empty squares inside the window that no tile can ever cover: none of
    // their neighbours is free. The paper's greedy breaks ties on this count.
    int isolated_holes() const { return isolated_in(window_, land_ | castle_); }
    // The same count after placing a tile at p, without changing the kingdom.
    int isolated_holes_after(Placement p) const {
        int x2 = p.x + kRotationDx[p.rotation], y2 = p.y + kRotationDy[p.rotation];
        int8_t lo_x = std::min<int8_t>(min_x_, std::min(p.x, int8_t(x2)));
        int8_t hi_x = std::max<int8_t>(max_x_, std::max(p.x, int8_t(x2)));
        int8_t lo_y = std::min<int8_t>(min_y_, std::min(p.y, int8_t(y2)));
        int8_t hi_y = std::max<int8_t>(max_y_, std::max(p.y, int8_t(y2)));
        Bitboard occupied = land_ | castle_;
        occupied.set(square_of(p.x, p.y));
        occupied.set(square_of(x2, y2));
        return isolated_in(window_for(lo_x, hi_x, lo_y, hi_y), occupied);
    }

    // Row y as protocol text: two characters per square, e.g. "_0_0c1*0".
    std::string row_text(int y) const {
        std::string row;
        for (int x = 0; x < side_; ++x) {
            row += kTerrainLetters[terrain_at(x, y)];
            row += char('0' + crowns_at(x, y));
        }
        return row;
    }

    // The squares connected to seed through `within` (seed included).
    static Bitboard flood(Bitboard seed, const Bitboard& within) {
        for (;;) {
            Bitboard grown = (seed | neighbors(seed)) & within;
            if (grown == seed) return seed;
            seed = grown;
        }
    }

  private:
    // What a tile's placements depend on: the free squares, and the squares next
    // to which its first (conn1) and second (conn2) square would connect.
    struct Options {
        Bitboard free, conn1, conn2;
    };
    KD_INLINE Options options(const Tile& tile, Rule rule) const {
        Options o;
        o.free = free_squares();
        o.conn1 = connectors(tile.terrain1, rule);
        o.conn2 = tile.terrain2 == tile.terrain1 ? o.conn1 : connectors(tile.terrain2, rule);
        return o;
    }
    KD_INLINE Bitboard connectors(int terrain, Rule rule) const {
        return neighbors((rule == Rule::Match ? terrain_[terrain] : land_) | castle_);
    }
    // First squares where a tile with `rotation` fits: both squares free, and
    // the first touching conn1 or the second touching conn2.
    static KD_INLINE Bitboard first_squares(const Options& o, int rotation) {
        switch (rotation) {
            case 0: return o.free & shift_west(o.free) & (o.conn1 | shift_west(o.conn2));
            case 1: return o.free & shift_north(o.free) & (o.conn1 | shift_north(o.conn2));
            case 2: return o.free & shift_east(o.free) & (o.conn1 | shift_east(o.conn2));
            default: return o.free & shift_south(o.free) & (o.conn1 | shift_south(o.conn2));
        }
    }
    // Squares a tile may cover while the kingdom spans the given bounding box.
    Bitboard window_for(int lo_x, int hi_x, int lo_y, int hi_y) const {
        return rectangle(std::max(0, hi_x - extent_ + 1), std::min(side_ - 1, lo_x + extent_ - 1),
                         std::max(0, hi_y - extent_ + 1), std::min(side_ - 1, lo_y + extent_ - 1));
    }
    void update_window() { window_ = window_for(min_x_, max_x_, min_y_, max_y_); }
    static int isolated_in(const Bitboard& window, const Bitboard& occupied) {
        Bitboard free = window.minus(occupied);
        return free.minus(neighbors(free)).count();
    }

    // Zone labels: zone_[sq + kRowStride] is the zone id of square sq (0: none).
    // The offset and the guard columns let neighbours of edge squares be read without bounds checks.
    KD_INLINE int zone_at(int sq) const { return zone_[sq + kRowStride]; }
    // Bit z set for every zone of `terrain` touching square sq.
    KD_INLINE uint64_t adjacent_zones(int sq, int terrain) const {
        uint64_t zones = 0;
        int z;
        if ((z = zone_at(sq + 1)) && zone_terrain_[z] == terrain) zones |= uint64_t(1) << z;
        if ((z = zone_at(sq - 1)) && zone_terrain_[z] == terrain) zones |= uint64_t(1) << z;
        if ((z = zone_at(sq + kRowStride)) && zone_terrain_[z] == terrain) zones |= uint64_t(1) << z;
        if ((z = zone_at(sq - kRowStride)) && zone_terrain_[z] == terrain) zones |= uint64_t(1) << z;
        return zones;
    }
    // Adds to e the effect of `size` new squares with `crowns` joining the zones in `zones`.
    KD_INLINE void merge(uint64_t zones, int size, int crowns, Effect& e) const {
        int before = 0, joined = 0;
        while (zones) {
            int z = __builtin_ctzll(zones);
            zones &= zones - 1;
            joined += zone_size_[z];
            crowns += zone_crowns_[z];
            before += zone_size_[z] * zone_crowns_[z];
        }
        e.gain += (size + joined) * crowns - before;
        e.joined += joined;
    }
    // Labels the new square sq, merging the zones it joins, and updates the score.
    void join_zone(int sq, int terrain, int crowns) {
        uint64_t zones = adjacent_zones(sq, terrain);
        int keep;
        if (!zones) {
            keep = __builtin_ctzll(free_zone_ids_);
            free_zone_ids_ &= free_zone_ids_ - 1;
            zone_size_[keep] = 0;
            zone_crowns_[keep] = 0;
            zone_terrain_[keep] = int8_t(terrain);
        } else {
            keep = __builtin_ctzll(zones);
            zones &= zones - 1;
        }
        int size = zone_size_[keep] + 1, total_crowns = zone_crowns_[keep] + crowns;
        score_ -= zone_size_[keep] * zone_crowns_[keep];
        if (zones) {
            free_zone_ids_ |= zones;
            for (uint64_t z = zones; z; z &= z - 1) {
                int id = __builtin_ctzll(z);
                size += zone_size_[id];
                total_crowns += zone_crowns_[id];
                score_ -= zone_size_[id] * zone_crowns_[id];
            }
            for (Bitboard b = terrain_[terrain]; b.any();) {
                int s = b.pop_lowest();
                if ((zones >> zone_[s + kRowStride]) & 1) zone_[s + kRowStride] = uint8_t(keep);
            }
        }
        zone_size_[keep] = uint8_t(size);
        zone_crowns_[keep] = uint8_t(total_crowns);
        score_ += size * total_crowns;
        zone_[sq + kRowStride] = uint8_t(keep);
    }

    Bitboard land_, castle_, window_;
    Bitboard terrain_[kLandTerrains];
    Bitboard crown_bit0_, crown_bit1_;  // crowns of a square = bit0 + 2 * bit1
    int8_t side_, extent_;
    int8_t min_x_, max_x_, min_y_, max_y_;  // bounding box of castle and land
    int16_t score_ = 0;
    uint8_t terrain_squares_[kLandTerrains] = {}, terrain_crowns_[kLandTerrains] = {};
    // Zone ids 1..63; a grid holds at most 48 land squares (callers cap text input).
    uint64_t free_zone_ids_ = ~uint64_t(1);
    uint8_t zone_[kSquareCount + 2 * kRowStride] = {};
    uint8_t zone_size_[64] = {}, zone_crowns_[64] = {};
    int8_t zone_terrain_[64] = {};
};

}  // namespace kd
