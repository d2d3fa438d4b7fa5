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

        Slot placing[kMaxDraft], draft[kMaxDraft];
        int n_placing = 0, n_draft = 0, step = -1, picked = 0;
        uint64_t draft_set = 0;
        bool free_tile = false;
        for (int i = 0; i < obs.draft_size; ++i) {
            const TileLine& t = obs.placed[i];
            if (t.tile < 0) continue;
            seen_ |= bit(t.tile);
            if (t.current && step < 0) step = n_placing;
            placing[n_placing++] = Slot{int8_t(t.tile), int8_t(t.owner >= 0 && t.owner < v.players ? t.owner : -1)};
        }
        for (int i = 0; i < obs.draft_size; ++i) {
            const TileLine& t = obs.draft[i];
            if (t.tile < 0) continue;
            seen_ |= bit(t.tile);
            draft_set |= bit(t.tile);
            bool free = t.owner < 0 || t.owner >= v.players;
            free_tile |= free;
            picked += !free;
            draft[n_draft++] = Slot{int8_t(t.tile), int8_t(free ? -1 : t.owner)};
        }
        if (draft_set && draft_set != last_draft_) {
            ++drafts_seen_;
            last_draft_ = draft_set;
        }

        // RULES.md: the first turn has no tile of mine to place, the last no free draft tile.
        const bool first = step < 0;
        const bool last = !free_tile;
        int turn;
        if (first) {
            turn = 0;
            n_placing = 0;
            if (last) warnings.push_back("neither a tile to place nor a free tile to pick");
        } else if (last) {
            turn = v.turns - 1;
            n_draft = 0;
        } else {
            turn = drafts_seen_ - 1;
            if (turn < 1) {  // requests were missed: estimate from the tiles on the grids
                int land = 0;
                for (int p = 0; p < v.players; ++p) land += g.kingdom(p).territory();
                turn = 1 + land / 2 / v.draft_size;
                warnings.push_back("turn unknown from memory; estimated " + std::to_string(turn));
            }
            if (turn > v.turns - 2) turn = v.turns - 2;
        }
        if (!first) placing[step].owner = 0;
        int drawn = last ? v.tiles_used : (turn + 1) * v.draft_size;
        int first_picker = (v.players - picked % v.players) % v.players;
        g.set_position(turn, first ? picked : step, placing, n_placing, draft, n_draft, drawn, 0, first_picker);

        int8_t unseen[kTileCount];
        int n = unseen_tiles(unseen);
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

    // Rebuilds a kingdom from its grid. Extra land beyond a full kingdom is
    // ignored so that a malformed grid cannot overflow the zone labels, and so
    // are squares outside the kingdom's grid (13-wide grids with 3 or 4 players).
    static void read_kingdom(const Observation& obs, int seat, Kingdom& k, std::vector<std::string>& warnings) {
        const int most = k.extent() * k.extent() - 1;
        const int side = std::min(obs.side, k.side());
        int land = 0;
        for (int y = 0; y < side; ++y)
            for (int x = 0; x < side; ++x) {
                int t = obs.terrain[seat][y][x];
                if (t >= kLandTerrains || k.terrain_at(x, y) == kCastle) continue;
                if (land == most) {
                    warnings.push_back("grid of player " + std::to_string(seat) + " has too much land; ignoring some");
                    return;
                }
                k.put_square(x, y, t, obs.crowns[seat][y][x]);
                ++land;
            }
    }

    uint64_t seen_ = 0;
    uint64_t last_draft_ = 0;
    int drafts_seen_ = 0;
};

}  // namespace kd
