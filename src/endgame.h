// Exact play once the last draft is on the table: from the turn
// whose draft is the last one (turn == turns - 2) no tile is unknown and
// chance is gone, so the rest of the game is solved instead of sampled.
//
// The game that is left: at turn T-2 each king, in ascending id of the tile it
// places, PUTs that tile and PICKs one of the last draft; at turn T-1 each king
// PUTs its picked tile, in ascending id. Placements change only their owner's
// kingdom, so the only interaction is who gets which tile of the draft; a
// player's end of game is then a function of its placements already made and
// of the tiles it ends with. The solver walks the small tree of picks and
// looks up, for each player and each set of tiles it could end with, the best
// end it can reach, found by a branch and bound over its placement sequences
// (tiles in the order the rules impose; one that fits nowhere is discarded).
//
// Objectives (max^n with perfect information):
//  - me (seat 0): EndgameValue below, lexicographic: my share of first place
//    after the tie-breaks, then the opponents I finish ahead of, then my score
//    minus the best other score, then my score;
//  - every other player: its own final score, then its own territory; among
//    answers equal for it, the one worst for me (the safe assumption).
//
// A placement commits its owner before later picks are known, and others'
// later choices see its consequences. The solver enumerates a placement
// (a "commitment") only where that matters, and elsewhere folds it into the
// player's best end for the tiles it ends with:
//  - a placement that another player's action follows before its owner's
//    last action of the turn: enumerated, each a kingdom of its own. For an
//    opponent that is 2p/duel in the order me-O-me-O at my first king (about
//    one such position in a hundred has another value when it is folded);
//  - my placement in 3p and 4p: enumerated (see below);
//  - every other placement is folded: once a player's picks are all made,
//    later players see only its final result for that set of tiles. When my
//    placement now is folded, the answer is the first placement of my best end.
// What a fold keeps of a player's reachable ends (score, territory, crowns):
//  - an opponent: the best by (score, territory), then the most crowns. Its
//    ties on (score, territory) for one set of tiles differ at most in crowns;
//    with one king a tile placed or not is told by the territory, so the
//    crowns are equal too; in 2p and duel more crowns for the opponent are
//    never better for me. (Its ties between picks are resolved by my value.)
//  - me in 2p and duel: the best by (score, territory, crowns) too. With two
//    players the tie-breaks compare (score, territory, crowns) in that order,
//    so that end wins (or draws) whenever any end does, and has the most
//    points: it is my best against any opponent end, so deciding my
//    placements once my picks are all made changes nobody's choice. Hence
//    my placement now is folded too when no opponent acts before my last pick.
//  - me in 3p and 4p: every distinct end. My only placement at T-2 is the
//    answer itself, but the rank objective is not monotone (a point more can
//    put me in a tie-break I lose, a point less in one I win), so my choice
//    at T-1 depends on where the others end.
//
// The solver takes a deadline and a node limit and returns "not solved" when
// it cannot finish: the caller then falls back to the Monte Carlo search.
#pragma once

#include <algorithm>
#include <climits>
#include <unordered_map>
#include <vector>

#include "clock.h"
#include "game.h"

namespace kd {

// A player's end of game as the ranking sees it (RULES.md, "Score and ranking").
struct FinalTally {
    int score = -1, territory = -1, crowns = -1;
    bool operator==(const FinalTally& o) const {
        return score == o.score && territory == o.territory && crowns == o.crowns;
    }
    // Lexicographic on (score, territory, crowns).
    bool better_than(const FinalTally& o) const {
        if (score != o.score) return score > o.score;
        if (territory != o.territory) return territory > o.territory;
        return crowns > o.crowns;
    }
};

inline FinalTally tally_of(const Kingdom& k) { return FinalTally{k.score(), k.territory(), k.crown_count()}; }

// Seat 0's value of a finished game, compared lexicographically.
struct EndgameValue {
    int first = 0;   // share of first place after the tie-breaks, in twelfths: 12 alone, 12/k in a k-way tie
    int ahead = 0;   // opponents finished ahead of, in halves: 2 each beaten, 1 each tied
    int margin = 0;  // my score minus the best other score (before tie-breaks)
    int score = 0;   // my score
    bool operator<(const EndgameValue& o) const {
        if (first != o.first) return first < o.first;
        if (ahead != o.ahead) return ahead < o.ahead;
        if (margin != o.margin) return margin < o.margin;
        return score < o.score;
    }
    bool operator==(const EndgameValue& o) const { return !(*this < o) && !(o < *this); }
};

// The value for seat 0 of the final tallies of all players (tie-breaks by apply_tie_breaks).
inline EndgameValue endgame_value(const FinalTally* t, int players) {
    Result r;
    r.players = players;
    for (int p = 0; p < players; ++p) r.score[p] = t[p].score, r.territory[p] = t[p].territory, r.crowns[p] = t[p].crowns;
    apply_tie_breaks(r);
    EndgameValue v;
    int tied_first = 1, best_other = INT_MIN;
    bool top = true;
    for (int p = 1; p < players; ++p) {
        if (r.adjusted[p] > r.adjusted[0]) top = false;
        tied_first += r.adjusted[p] == r.adjusted[0];
        v.ahead += r.adjusted[0] > r.adjusted[p] ? 2 : r.adjusted[0] == r.adjusted[p] ? 1 : 0;
        best_other = std::max(best_other, r.score[p]);
    }
    v.first = top ? 12 / tied_first : 0;
    v.margin = r.score[0] - best_other;
    v.score = r.score[0];
    return v;
}

// Whether another player prefers ending with `a` (my value then: mine_a) to
// ending with `b`: by its (score, territory), and when they are equal, the
// end worse for me (the safe assumption). Mine: an EndgameValue, or a sum of them.
template <typename Mine>
KD_INLINE bool other_prefers(const FinalTally& a, const Mine& mine_a, const FinalTally& b, const Mine& mine_b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.territory != b.territory) return a.territory > b.territory;
    return mine_a < mine_b;
}

struct EndgameSolution {
    bool solved = false;  // false: out of time or nodes (or not an endgame): use the search
    Placement put;        // my answer (invalid placement: none fits)
    int pick = -1;        // -1 on the last turn
    double first = 0;     // my first-place share in the solved line
    int my_score = 0, best_other_score = 0;  // final scores in the solved line
    EndgameValue value;   // the solved line's value for me
    FinalTally tally[kMaxPlayers];  // every player's end in the solved line
    long nodes = 0;       // work done, for the stderr note
};

namespace endgame_detail {

class Solver {
  public:
    Solver(const Game& g, Clock::time_point deadline, long node_limit)
        : g_(g), n_(g.players()), rule_(g.rule()), deadline_(deadline), node_limit_(node_limit) {}

    // mine_to_act false: another player may act first (its value only, and the line's tallies).
    EndgameSolution solve(bool mine_to_act = true) {
        EndgameSolution out;
        const Variant& v = g_.variant();
        if (g_.is_terminal() || (mine_to_act && g_.current_player() != 0) || g_.current_player() < 0 ||
            g_.first_turn() || g_.turn() < v.turns - 2)
            return out;
        const bool last = g_.last_turn();
        nd_ = last ? 0 : g_.draft_count();
        int8_t owner[kMaxDraft];
        bool any_free = false;
        for (int i = 0; i < nd_; ++i) {
            draft_[i] = g_.draft(i).tile;
            owner[i] = g_.draft(i).owner;
            any_free |= owner[i] < 0;
        }
        if (!last && !any_free) return out;  // a pick is due and none is possible: not a position we solve

        // The actions left this turn; the others' kings that cannot act are skipped (their tiles are discarded).
        const int s = g_.step();
        for (int i = s; i < g_.placing_count(); ++i) {
            const int o = i == s ? g_.current_player() : g_.placing(i).owner;
            if (o < 0 || g_.eliminated(o)) continue;
            steps_[n_steps_++] = Step{int8_t(o), g_.placing(i).tile, false};
        }
        // Which placements are enumerated (see the header comment): at T-2 a
        // player's that comes before another player's action and its own last
        // one, and mine now, unless in 2p and duel it may be folded too: no
        // opponent acts between it and my last action (or it is the last turn);
        // then my answer is the first placement of my best end.
        for (int k = 0; k < n_steps_ && !last; ++k)
            for (int j = k + 1; j < n_steps_; ++j)
                if (steps_[j].actor != steps_[k].actor)
                    for (int l = j + 1; l < n_steps_; ++l) steps_[k].enumerate |= steps_[l].actor == steps_[k].actor;
        for (int k = 0; k < n_steps_; ++k) steps_[k].enumerate |= n_ > 2 && steps_[k].actor == 0;
        for (int p = 0; p < n_; ++p) {
            kingdoms_[p].assign(1, g_.kingdom(p));
            deferred_[p].clear();
        }
        for (int k = 0; k < n_steps_; ++k)
            if (!steps_[k].enumerate) deferred_[steps_[k].actor].push_back(steps_[k].tile);

        int state[kMaxPlayers] = {};
        Line line = node(0, state, owner);
        out.nodes = nodes_;
        if (aborted_) return out;
        out.solved = true;
        out.put = steps_[0].enumerate ? answer_put_ : my_memo_[long(0) * 16 + line.my_mask].first;
        out.pick = answer_pick_;
        out.value = line.mine;
        out.first = line.mine.first / 12.0;
        for (int p = 0; p < n_; ++p) out.tally[p] = line.tally[p];
        out.my_score = line.tally[0].score;
        out.best_other_score = line.tally[0].score - line.mine.margin;
        return out;
    }

  private:
    struct Step {
        int8_t actor, tile;
        bool enumerate;  // the placement is a choice of this node; otherwise folded into the end
    };
    // A solved line: my value and every player's end.
    struct Line {
        EndgameValue mine;
        FinalTally tally[kMaxPlayers];
        int my_mask = 0;  // the draft tiles I end with
    };

    static constexpr int kCheckEvery = 256;  // nodes between two looks at the clock
    bool tick() {
        ++nodes_;
        if ((nodes_ & (kCheckEvery - 1)) == 0 &&
            ((node_limit_ > 0 && nodes_ > node_limit_) || Clock::now() >= deadline_))
            aborted_ = true;
        return !aborted_;
    }

    // The best line from action k on; state[p]: index of p's kingdom in kingdoms_[p];
    // owner: the draft's owners so far.
    Line node(int k, int* state, int8_t* owner) {
        if (k == n_steps_) return leaf(state, owner);
        const Step& st = steps_[k];
        const int x = st.actor;
        PlacementList spots;
        int n_spots = 1;
        spots[0] = Placement{};
        if (st.enumerate) {
            n_spots = kingdoms_[x][state[x]].legal_placements(kTiles[st.tile], rule_, spots);
            if (n_spots == 0) spots[n_spots++] = Placement{};  // fits nowhere: discarded
        }
        Line best;
        bool have = false;
        const int parent = state[x];
        // The picks: every free draft tile; none on the last turn (or, never in a real game, when none is free).
        int picks[kMaxDraft], n_picks = 0;
        for (int d = 0; d < nd_; ++d)
            if (owner[d] < 0) picks[n_picks++] = d;
        if (n_picks == 0) picks[n_picks++] = -1;
        for (int i = 0; i < n_spots; ++i) {
            if (st.enumerate) state[x] = child_state(x, parent, st.tile, spots[i], i);
            for (int j = 0; j < n_picks; ++j) {
                const int d = picks[j];
                if (d >= 0) owner[d] = int8_t(x);
                Line c = node(k + 1, state, owner);
                if (d >= 0) owner[d] = -1;
                if (aborted_) return c;
                if (!have || prefers(x, c, best)) {
                    best = c;
                    have = true;
                    if (k == 0) answer_put_ = spots[i], answer_pick_ = d >= 0 ? draft_[d] : -1;
                }
            }
        }
        state[x] = parent;
        return best;
    }

    // Whether player x prefers line a to line b: me by my value, another player as other_prefers says.
    static bool prefers(int x, const Line& a, const Line& b) {
        return x == 0 ? b.mine < a.mine : other_prefers(a.tally[x], a.mine, b.tally[x], b.mine);
    }

    // The kingdom of player x after placing `tile` at p in its kingdom `parent` (shared
    // by every line that makes that placement there).
    int child_state(int x, int parent, int tile, Placement p, int index) {
        const long key = (long(parent) * kMaxPlacements + index) * 64 + tile;
        auto found = children_[x].find(key);
        if (found != children_[x].end()) return found->second;
        Kingdom k = kingdoms_[x][parent];
        if (p.valid()) k.place(kTiles[tile], p);
        kingdoms_[x].push_back(k);
        const int id = int(kingdoms_[x].size()) - 1;
        children_[x].emplace(key, id);
        return id;
    }

    // The tiles p still places once the picks are made: its folded T-2 tiles, then its draft tiles.
    int tiles_of(int p, const int8_t* owner, int8_t* out, int* mask) const {
        int n = 0;
        for (int8_t t : deferred_[p]) out[n++] = t;
        *mask = 0;
        for (int d = 0; d < nd_; ++d)
            if (owner[d] == p) out[n++] = draft_[d], *mask |= 1 << d;
        return n;
    }

    Line leaf(const int* state, const int8_t* owner) {
        Line line;
        int8_t tiles[kTileCount];  // 2 * kMaxDraft at most; GCC cannot see that deferred_ holds no more
        int mask;
        for (int p = 1; p < n_; ++p) {
            if (g_.eliminated(p)) {
                line.tally[p] = tally_of(g_.kingdom(p));
                continue;
            }
            const int n = tiles_of(p, owner, tiles, &mask);
            FinalTally& memo = best_memo_[p][long(state[p]) * 16 + mask];
            if (memo.score < 0) {
                std::vector<FinalTally> best;
                search_ends(kingdoms_[p][state[p]], tiles, n, Ends::Best, best);
                if (aborted_) return line;
                memo = best[0];
            }
            line.tally[p] = memo;
        }
        const int n = tiles_of(0, owner, tiles, &mask);
        line.my_mask = mask;
        auto found = my_memo_.find(long(state[0]) * 16 + mask);
        if (found == my_memo_.end()) {
            MyEnds mine;
            search_ends(kingdoms_[0][state[0]], tiles, n, n_ == 2 ? Ends::Best : Ends::All, mine.ends, &mine.first);
            if (aborted_) return line;
            found = my_memo_.emplace(long(state[0]) * 16 + mask, std::move(mine)).first;
        }
        bool have = false;
        FinalTally mine;
        for (const FinalTally& t : found->second.ends) {
            line.tally[0] = t;
            const EndgameValue v = endgame_value(line.tally, n_);
            if (!have || line.mine < v) line.mine = v, have = true, mine = t;
        }
        line.tally[0] = mine;
        tick();
        return line;
    }

    // What a fold keeps of a player's ends (see the top of the file): the
    // best by (score, territory, crowns), or every distinct one (me in 3p and 4p).
    enum class Ends : int8_t { Best, All };

    // Whether an end within `bound` could still enter `ends`.
    static bool hopeless(const FinalTally& bound, Ends mode, const std::vector<FinalTally>& ends) {
        return mode == Ends::Best && !ends.empty() && !bound.better_than(ends[0]);
    }
    // Adds t to `ends`; true if it entered.
    static bool add_end(const FinalTally& t, Ends mode, std::vector<FinalTally>& ends) {
        if (mode == Ends::Best) {
            if (!ends.empty() && !t.better_than(ends[0])) return false;
            ends.assign(1, t);
            return true;
        }
        for (const FinalTally& e : ends)
            if (e == t) return false;
        ends.push_back(t);
        return true;
    }

    // A bound of what the later tiles (all of `tiles` but the first, which the
    // caller places first in k) can add, in two parts:
    //  - a terrain that only one later tile has, and not the first: that tile's
    //    points on it do not depend on the other tiles, which only take squares,
    //    so they are at most its best on any two free squares of k's window
    //    (the window only shrinks) - `exclusive`, the same for every placement
    //    of the first tile;
    //  - every other terrain: all its squares in one zone with all its crowns
    //    (TerrainTotals::bound), from the totals after the first tile -
    //    `shared`, whose squares and crowns are returned for shared_bound().
    struct LaterBound {
        int exclusive = 0;
        int squares[kLandTerrains] = {}, crowns[kLandTerrains] = {};
        int shared_bound(const TerrainTotals& after_first) const {
            int bound = exclusive;
            for (int t = 0; t < kLandTerrains; ++t)
                if (squares[t]) bound += after_first.bound(t, squares[t], crowns[t]);
            return bound;
        }
    };
    static LaterBound later_bound(const Kingdom& k, const int8_t* tiles, int n) {
        LaterBound b;
        int holders[kLandTerrains] = {};  // how many of the tiles have each terrain (the first counts twice)
        for (int i = 0; i < n; ++i) {
            const Tile& t = kTiles[tiles[i]];
            holders[t.terrain1] += i ? 1 : 2;
            if (t.terrain2 != t.terrain1) holders[t.terrain2] += i ? 1 : 2;
        }
        const Bitboard free = k.free_squares();
        const Bitboard firsts[4] = {free & shift_west(free), free & shift_north(free), free & shift_east(free),
                                    free & shift_south(free)};
        for (int i = 1; i < n; ++i) {
            const Tile& t = kTiles[tiles[i]];
            const bool own1 = holders[t.terrain1] == 1, own2 = holders[t.terrain2] == 1;
            if (!own1) b.squares[t.terrain1]++, b.crowns[t.terrain1] += t.crowns1;
            if (!own2) b.squares[t.terrain2]++, b.crowns[t.terrain2] += t.crowns2;
            if (!own1 && !own2) continue;
            int most = 0;
            for (int r = 0; r < (t.symmetric() ? 2 : 4); ++r)
                firsts[r].for_each_square([&](int sq) {
                    const Kingdom::Effect e = k.effect(t, Placement{int8_t(square_x(sq)), int8_t(square_y(sq)), int8_t(r)});
                    const int part = (own1 ? e.first_terrain_gain : 0) + (own2 ? e.gain - e.first_terrain_gain : 0);
                    most = max_of(most, t.terrain1 == t.terrain2 ? e.gain : part);
                });
            b.exclusive += most;
        }
        return b;
    }

    // Adds to `ends` what placing `tiles` in order in k can reach (a tile that
    // fits nowhere is discarded). `first`: where given, set to the first
    // tile's placement in the best end (invalid if the tile fits nowhere).
    void search_ends(const Kingdom& k, const int8_t* tiles, int n, Ends mode, std::vector<FinalTally>& ends,
                     Placement* first = nullptr) {
        first_out_ = first;
        first_now_ = Placement{};
        top_n_ = n;
        extend(k, tiles, n, mode, ends);
    }

    // search_ends() below the top. Branch and bound: each placement's bound is
    // its gain now plus the most the later tiles could gain after it; the
    // placements are tried by that bound, highest first, until none can enter `ends`.
    void extend(const Kingdom& k, const int8_t* tiles, int n, Ends mode, std::vector<FinalTally>& ends) {
        if (!tick()) return;
        if (n == 0) {
            if (add_end(tally_of(k), mode, ends) && first_out_) *first_out_ = first_now_;
            return;
        }
        const Tile& tile = kTiles[tiles[0]];
        PlacementList spots;
        const int m = k.legal_placements(tile, rule_, spots);
        if (m == 0) return extend(k, tiles + 1, n - 1, mode, ends);  // discarded (first_now_ stays invalid at the top)
        const TerrainTotals totals(k);
        const int territory = k.territory() + 2 * n;
        int crowns = k.crown_count();
        for (int i = 0; i < n; ++i) crowns += kTiles[tiles[i]].crowns();
        if (n == 1) {  // the last tile: its best spot (every spot's end for Ends::All)
            const int most = totals.gain_bound(tile);
            int best = -1, at = 0;
            for (int i = 0; i < m && (mode == Ends::All || best < most); ++i) {
                const int gain = k.score_gain(tile, spots[i]);
                if (mode == Ends::All) add_end(FinalTally{k.score() + gain, territory, crowns}, mode, ends);
                if (gain > best) best = gain, at = i;
            }
            if (mode != Ends::All && add_end(FinalTally{k.score() + best, territory, crowns}, mode, ends) && first_out_)
                *first_out_ = n == top_n_ ? spots[at] : first_now_;
            return;
        }
        struct Option {
            int bound, index;
        };
        Option options[kMaxPlacements];
        const LaterBound later = later_bound(k, tiles, n);
        for (int i = 0; i < m; ++i) {
            const Kingdom::Effect e = k.effect(tile, spots[i]);
            options[i] = Option{k.score() + e.gain + later.shared_bound(totals.after(tile, e)), i};
        }
        std::sort(options, options + m, [](const Option& a, const Option& b) { return a.bound > b.bound; });
        for (int i = 0; i < m && !aborted_; ++i) {
            if (hopeless(FinalTally{options[i].bound, territory, crowns}, mode, ends)) break;  // nor the later ones
            if (n == top_n_) first_now_ = spots[options[i].index];
            Kingdom next = k;
            next.place(tile, spots[options[i].index]);
            extend(next, tiles + 1, n - 1, mode, ends);
        }
    }

    const Game& g_;
    const int n_;
    const Rule rule_;
    const Clock::time_point deadline_;
    const long node_limit_;
    long nodes_ = 0;
    bool aborted_ = false;

    int nd_ = 0;
    int8_t draft_[kMaxDraft] = {};
    Step steps_[2 * kMaxDraft];
    int n_steps_ = 0;
    std::vector<Kingdom> kingdoms_[kMaxPlayers];  // each player's kingdoms after enumerated placements; [0]: now
    std::unordered_map<long, int> children_[kMaxPlayers];
    std::vector<int8_t> deferred_[kMaxPlayers];   // T-2 tiles whose placement is folded into the end
    std::unordered_map<long, FinalTally> best_memo_[kMaxPlayers];
    struct MyEnds {
        std::vector<FinalTally> ends;
        Placement first;  // the first placement of the best end (a folded answer)
    };
    std::unordered_map<long, MyEnds> my_memo_;
    Placement* first_out_ = nullptr;  // search_ends()'s `first`
    Placement first_now_;             // the first placement of the line extend() is on
    int top_n_ = 0;                   // search_ends()'s n
    Placement answer_put_;
    int answer_pick_ = -1;
};

}  // namespace endgame_detail

// Solves the game from g to its end for seat 0, which must be to act, from the
// turn of the last draft (g.turn() >= turns - 2) on. Gives up, solved = false,
// at the deadline or after node_limit nodes (0: no limit).
inline EndgameSolution solve_endgame(const Game& g, Clock::time_point deadline, long node_limit = 0) {
    return endgame_detail::Solver(g, deadline, node_limit).solve();
}
// The same from a position where any player may be to act (the start of
// the turn of the last draft): the value and the tallies of the solved
// line, not an answer.
inline EndgameSolution solve_endgame_value(const Game& g, Clock::time_point deadline, long node_limit = 0) {
    return endgame_detail::Solver(g, deadline, node_limit).solve(false);
}

}  // namespace kd
