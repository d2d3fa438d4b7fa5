// The 48 tiles of Kingdomino and the text form of a square ("c0", "*0", "_0").
// tiles.csv at the project root is the source of truth; Tiles.TableMatchesTilesCsv
// (tests/test_kingdom.cpp) checks this table against it.
#pragma once

#include <cstdint>

namespace kd {

// Terrain of a square. The six land terrains come first so they can index arrays.
enum Terrain : int8_t { kCorn = 0, kForest, kGrass, kLake, kWetland, kMine, kCastle, kEmpty };
constexpr int kLandTerrains = 6;
constexpr char kTerrainLetters[] = "cfglwm*_";

constexpr int kTileCount = 48;

struct Tile {
    int8_t id;
    int8_t terrain1, crowns1;  // first square
    int8_t terrain2, crowns2;  // second square
    // Both halves alike: rotations 2 and 3 repeat rotations 0 and 1.
    __attribute__((always_inline)) constexpr bool symmetric() const {
        return terrain1 == terrain2 && crowns1 == crowns2;
    }
    __attribute__((always_inline)) constexpr int crowns() const { return crowns1 + crowns2; }
};

// Indexed by tile id; entry 0 is unused.
constexpr Tile kTiles[kTileCount + 1] = {
    {0, 0, 0, 0, 0},
    {1, kCorn, 0, kCorn, 0},       {2, kCorn, 0, kCorn, 0},       {3, kForest, 0, kForest, 0},
    {4, kForest, 0, kForest, 0},   {5, kForest, 0, kForest, 0},   {6, kForest, 0, kForest, 0},
    {7, kLake, 0, kLake, 0},       {8, kLake, 0, kLake, 0},       {9, kLake, 0, kLake, 0},
    {10, kGrass, 0, kGrass, 0},    {11, kGrass, 0, kGrass, 0},    {12, kWetland, 0, kWetland, 0},
    {13, kCorn, 0, kForest, 0},    {14, kCorn, 0, kLake, 0},      {15, kCorn, 0, kGrass, 0},
    {16, kCorn, 0, kWetland, 0},   {17, kForest, 0, kLake, 0},    {18, kForest, 0, kGrass, 0},
    {19, kCorn, 1, kForest, 0},    {20, kCorn, 1, kLake, 0},      {21, kCorn, 1, kGrass, 0},
    {22, kCorn, 1, kWetland, 0},   {23, kCorn, 1, kMine, 0},      {24, kForest, 1, kCorn, 0},
    {25, kForest, 1, kCorn, 0},    {26, kForest, 1, kCorn, 0},    {27, kForest, 1, kCorn, 0},
    {28, kForest, 1, kLake, 0},    {29, kForest, 1, kGrass, 0},   {30, kLake, 1, kCorn, 0},
    {31, kLake, 1, kCorn, 0},      {32, kLake, 1, kForest, 0},    {33, kLake, 1, kForest, 0},
    {34, kLake, 1, kForest, 0},    {35, kLake, 1, kForest, 0},    {36, kCorn, 0, kGrass, 1},
    {37, kLake, 0, kGrass, 1},     {38, kCorn, 0, kWetland, 1},   {39, kGrass, 0, kWetland, 1},
    {40, kMine, 1, kCorn, 0},      {41, kCorn, 0, kGrass, 2},     {42, kLake, 0, kGrass, 2},
    {43, kCorn, 0, kWetland, 2},   {44, kGrass, 0, kWetland, 2},  {45, kMine, 2, kCorn, 0},
    {46, kWetland, 0, kMine, 2},   {47, kWetland, 0, kMine, 2},   {48, kCorn, 0, kMine, 3},
};

constexpr bool valid_tile_id(int id) { return id >= 1 && id <= kTileCount; }

#ifndef KD_UPLOAD  // home only: checked by every build but the upload
// Every tile of one terrain has both halves alike (no crowns): the policy
// values such a tile in rotations 0 and 1 alone.
constexpr bool one_terrain_tiles_symmetric() {
    for (const Tile& t : kTiles)
        if (t.terrain1 == t.terrain2 && !t.symmetric()) return false;
    return true;
}
#endif

// Terrain of a square letter, or -1 for an unknown letter.
inline int terrain_from_letter(char c) {
    for (int t = 0; t < 8; ++t)
        if (kTerrainLetters[t] == c) return t;
    return -1;
}

}  // namespace kd
