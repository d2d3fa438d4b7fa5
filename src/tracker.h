// What a bot remembers across requests, and the game it rebuilds from each
// one: kingdoms from the grids, the turn from the drafts seen so far, the
// tiles that can still come ("card counting"). Seats are relative: 0 is me.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "game.h"
#include "bot_protocol.h"

namespace kd {

inline const Variant& variant_for(int players, int side) {
    if (players == 3) return kThreePlayers;
    if (players == 4) return kFourPlayers;
    return side == 13 ? kDuel : kTwoPlayers;
}

class Tracker {
  public:
    // The game as the receiver of `obs` sees it, with current_player() == 0.
    // Undrawn tiles are the unseen ones in id order: a search shuffles them
    // with resample_draws(). Oddities go to `warnings`.
    Game build(const Observation& obs, Rule rule, std::vector<std::string>& warnings) {
        const Variant& v = variant_for(obs.players, obs.side);
        Game g(v, rule);
        for (int p = 0; p < v.players; ++p) read_kingdom(obs, p, g.kingdom_mut(p), warnings);
        Tiles t = read_tiles(obs, v.players);
        // RULES.md: the first turn has no tile of mine to place, the last no free draft tile.
        const bool first = t.step < 0, last = !t.free_tile;
        const int turn = turn_of(g, first, last, warnings);
        if (first) t.n_placing = 0;
        if (last) t.n_draft = 0;
        if (!first) t.placing[t.step].owner = 0;
        const int drawn = last ? v.tiles_used : (turn + 1) * v.draft_size;
        const int first_picker = (v.players - t.picked % v.players) % v.players;
        g.set_position(turn, first ? t.picked : t.step, t.placing, t.n_placing, t.draft, t.n_draft, drawn, 0,
                       first_picker);
        int8_t unseen[kTileCount];
        const int n = unseen_tiles(unseen);
        int undrawn = v.tiles_used - drawn;
        if (undrawn > n) {
            warnings.push_back("fewer unseen tiles than draws left");
            undrawn = n;
        }
        g.set_undrawn(unseen, undrawn);
        return g;
    }

    // Tiles not seen in any request so far, ascending: the possible future draws.
    int unseen_tiles(int8_t* out) const {
        int n = 0;
        for (int id = 1; id <= kTileCount; ++id)
            if (!(seen_ & bit(id))) out[n++] = int8_t(id);
        return n;
    }

  private:
    static uint64_t bit(int tile) { return uint64_t(1) << tile; }

    // This turn's tiles as a request shows them.
    struct Tiles {
        Slot placing[kMaxDraft], draft[kMaxDraft];
        int n_placing = 0, n_draft = 0;
        int step = -1;           // the tile this request places, in `placing` (-1: none, the first turn)
        int picked = 0;          // draft tiles already picked
        bool free_tile = false;  // a draft tile still free (else: the last turn)
    };
    // Reads the placed-tiles and draft blocks, noting every tile seen and a draft seen anew.
    Tiles read_tiles(const Observation& obs, int players) {
        Tiles t;
        uint64_t draft_set = 0, in_request = 0;
        // A tile named twice in one request is read once.
        auto first_time = [&](int tile) {
            const bool first = !(in_request & bit(tile));
            in_request |= bit(tile);
            return first;
        };
        for (int i = 0; i < obs.draft_size; ++i) {
            const TileLine& line = obs.placed[i];
            if (line.tile < 0 || !first_time(line.tile)) continue;
            seen_ |= bit(line.tile);
            if (line.current && t.step < 0) t.step = t.n_placing;
            const int owner = line.owner >= 0 && line.owner < players ? line.owner : -1;
            t.placing[t.n_placing++] = Slot{int8_t(line.tile), int8_t(owner)};
        }
        for (int i = 0; i < obs.draft_size; ++i) {
            const TileLine& line = obs.draft[i];
            if (line.tile < 0 || !first_time(line.tile)) continue;
            seen_ |= bit(line.tile);
            draft_set |= bit(line.tile);
            const bool free = line.owner < 0 || line.owner >= players;
            t.free_tile |= free;
            t.picked += !free;
            t.draft[t.n_draft++] = Slot{int8_t(line.tile), int8_t(free ? -1 : line.owner)};
        }
        if (draft_set && draft_set != last_draft_) {
            ++drafts_seen_;
            last_draft_ = draft_set;
        }
        sort_by_id(t.placing, t.n_placing, &t.step);  // the protocol sends them so; a game needs them so
        sort_by_id(t.draft, t.n_draft, nullptr);
        return t;
    }
    // Ascending tile id, following the slot at *index along.
    static void sort_by_id(Slot* slots, int n, int* index) {
        for (int i = 1; i < n; ++i)
            for (int j = i; j > 0 && slots[j - 1].tile > slots[j].tile; --j) {
                const Slot moved = slots[j];
                slots[j] = slots[j - 1], slots[j - 1] = moved;
                if (index && *index == j) *index = j - 1;
                else if (index && *index == j - 1) *index = j;
            }
    }
    // The turn: first and last from the data, the others from the drafts seen
    // (or, when requests were missed, estimated from the land on the grids).
    int turn_of(const Game& g, bool first, bool last, std::vector<std::string>& warnings) const {
        const Variant& v = g.variant();
        if (first) {
            if (last) warnings.push_back("neither a tile to place nor a free tile to pick");
            return 0;
        }
        if (last) return v.turns - 1;
        int turn = drafts_seen_ - 1;
        if (turn < 1) {
            int land = 0;
            for (int p = 0; p < v.players; ++p) land += g.kingdom(p).territory();
            turn = 1 + land / 2 / v.draft_size;
            warnings.push_back("turn unknown from memory; estimated " + std::to_string(turn));
        }
        return turn > v.turns - 2 ? v.turns - 2 : turn;
    }

    // Rebuilds a kingdom from its grid. Land the rules could not have put there
    // is ignored: beyond a full kingdom (the zone labels would overflow), or
    // making the kingdom wider than the extent (a misread grid, a 13-wide grid
    // with 3 or 4 players): the game the search plays must hold together.
    static void read_kingdom(const Observation& obs, int seat, Kingdom& k, std::vector<std::string>& warnings) {
        const int most = k.extent() * k.extent() - 1;
        const int side = std::min(obs.side, k.side());
        int land = 0;
        bool too_wide = false;
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) {
                int t = obs.terrain[seat][y][x];
                if (t >= kLandTerrains || k.terrain_at(x, y) == kCastle) continue;
                if (land == most) {
                    warnings.push_back("grid of player " + std::to_string(seat) + " has too much land; ignoring some");
                    return;
                }
                const int width = max_of(k.max_x(), x) - min_of(k.min_x(), x) + 1;
                const int height = max_of(k.max_y(), y) - min_of(k.min_y(), y) + 1;
                if (width > k.extent() || height > k.extent()) {
                    too_wide = true;
                    continue;
                }
                k.put_square(x, y, t, obs.crowns[seat][y][x]);
                ++land;
            }
        if (too_wide)
            warnings.push_back("grid of player " + std::to_string(seat) + " is wider than a kingdom; ignoring some land");
    }

    uint64_t seen_ = 0;
    uint64_t last_draft_ = 0;
    int drafts_seen_ = 0;
};

}  // namespace kd
