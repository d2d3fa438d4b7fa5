// The rules of a whole game: variants, drafts, kings and their order, discards,
// elimination and the final ranking (RULES.md, "A game, turn by turn").
//
// A Game always rests where a player must answer, or at the end. Its interface
// follows OpenSpiel: current_player(), legal placements and free picks,
// apply(), is_terminal(), returns(); copying a Game clones it. The referee, the
// baseline bots, the search and the tests all drive this one class.
#pragma once

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "kingdom.h"
#include "random.h"

namespace kd {

struct Variant {
    const char* name;
    int players;
    int draft_size;        // tiles per draft, and kings in play (nbTiles)
    int kings_per_player;
    int turns;
    int tiles_used;        // drafts * draft_size
    int side;              // grid sent: 9 or 13
    int extent;            // largest kingdom width: 5 or 7
    bool init_lines;       // standard variants send nbPlayers and nbTiles first
};

constexpr Variant kVariants[] = {
    {"2p", 2, 4, 2, 7, 24, 9, 5, true},
    {"3p", 3, 3, 1, 13, 36, 9, 5, true},
    {"4p", 4, 4, 1, 13, 48, 9, 5, true},
    {"duel", 2, 4, 2, 13, 48, 13, 7, false},
};

// The variants by name.
inline constexpr const Variant& kTwoPlayers = kVariants[0];
inline constexpr const Variant& kThreePlayers = kVariants[1];
inline constexpr const Variant& kFourPlayers = kVariants[2];
inline constexpr const Variant& kDuel = kVariants[3];

#ifndef KD_UPLOAD  // home only: command lines and state texts
inline const Variant* variant_by_name(const std::string& name) {
    for (const Variant& v : kVariants)
        if (name == v.name) return &v;
    return nullptr;
}
#endif

constexpr int kMaxPlayers = 4;
constexpr int kMaxDraft = 4;

// A tile of a draft and the seat of the king on it (-1: nobody's).
struct Slot {
    int8_t tile = -1;
    int8_t owner = -1;
};

// An answer's choices: where to PUT (invalid: nowhere, or the first turn)
// and which tile to PICK (-1: none, on the last turn).
struct Move {
    Placement put;
    int pick = -1;
};

// What happened to the PUT of an answer.
enum class PutResult : int8_t {
    Placed,
    Ignored,      // first turn: nothing to place
    NoLegalSpot,  // the tile fits nowhere: discarded whatever PUT said
    Illegal,      // PUT named an illegal spot: tile discarded
};

// Something the referee's replay records: a discard or an elimination.
struct GameEvent {
    enum Kind : int8_t { Discard, Eliminated } kind;
    int8_t turn, seat, tile;
    const char* reason;  // "unpicked", "owner_eliminated", "no_legal_spot", "illegal_put", "invalid_pick", ...
};

// Final standings (RULES.md, "Score and ranking").
struct Result {
    int players = 0;
    int score[kMaxPlayers] = {}, adjusted[kMaxPlayers] = {}, territory[kMaxPlayers] = {},
        crowns[kMaxPlayers] = {}, rank[kMaxPlayers] = {};
};

// The two tie-break passes (RULES.md, "Score and ranking"): in each group of
// two or more players tied on score, every one with the group's largest
// territory gets +1, even when the whole group ties on it; then the players
// are grouped again by that score, and in each group of two or more every one
// with the group's most crowns gets +1. The referee's ranking and the search's
// playout values both go through here.
inline void apply_tie_breaks(Result& r) {
    bool scores_tie = false;  // most often no two scores are equal: nothing to break
    for (int i = 0; i < r.players; ++i) {
        r.adjusted[i] = r.score[i];
        for (int j = 0; j < i; ++j) scores_tie |= r.score[j] == r.score[i];
    }
    for (const int* key : {r.territory, r.crowns}) {
        if (!scores_tie) break;
        int before[kMaxPlayers];
        std::memcpy(before, r.adjusted, sizeof before);
        for (int i = 0; i < r.players; ++i) {
            int best = key[i], tied = 0;
            for (int j = 0; j < r.players; ++j) {
                if (before[j] != before[i]) continue;
                ++tied;
                best = std::max(best, key[j]);
            }
            if (tied >= 2 && key[i] == best) ++r.adjusted[i];
        }
    }
    for (int i = 0; i < r.players; ++i) {
        r.rank[i] = 1;
        for (int j = 0; j < r.players; ++j)
            if (r.adjusted[j] > r.adjusted[i]) ++r.rank[i];
    }
}

// A seat's share of the points of the two leaders, itself and the best of the
// others: own / (own + best other's), 0.5 when both have none (the playout
// value of Gedda, Lagerkvist and Butler, used by our search and by mce).
// `points`: each of the `players` seats' points (final scores, or scores
// with points still to come foreseen).
template <typename Points>
inline double leaders_share(const Points* points, int players, int seat) {
    Points best_other = 0;
    for (int p = 0; p < players; ++p)
        if (p != seat) best_other = std::max(best_other, points[p]);
    const Points leaders = points[seat] + best_other;
    return leaders > 0 ? double(points[seat]) / double(leaders) : 0.5;
}
inline double leaders_share(const Result& r, int seat) { return leaders_share(r.score, r.players, seat); }

class Game {
  public:
    // A game before any draw: no deck, turn 0, no draft. deal() or a tracker fills it.
    Game(const Variant& v, Rule rule)
        : variant_(&v), rule_(rule), players_(int8_t(v.players)), last_turn_(int8_t(v.turns - 1)) {
        for (auto& k : kingdoms_) k = Kingdom(v.side, v.extent);
    }

#ifndef KD_UPLOAD  // home only: the referee deals
    // A new game whose deck is a shuffle of the 48 tiles by `seed`; the first draft is revealed.
    static Game deal(const Variant& v, Rule rule, uint64_t seed) {
        Game g(v, rule);
        int8_t ids[kTileCount];
        for (int i = 0; i < kTileCount; ++i) ids[i] = int8_t(i + 1);
        Rng rng(seed);
        shuffle(ids, kTileCount, rng);
        g.set_deck(ids, v.tiles_used);
        g.start();
        return g;
    }
#endif

    // ---- Reading the state ----
    KD_INLINE const Variant& variant() const { return *variant_; }
    KD_INLINE Rule rule() const { return rule_; }
    KD_INLINE int players() const { return players_; }
    KD_INLINE int turn() const { return turn_; }
    KD_INLINE bool first_turn() const { return turn_ == 0; }
    KD_INLINE bool last_turn() const { return turn_ == last_turn_; }
    KD_INLINE bool is_terminal() const { return over_; }
    // Index of the acting king within this turn's order.
    KD_INLINE int step() const { return step_; }
    KD_INLINE const Kingdom& kingdom(int seat) const {
        KD_ASSERT(seat >= 0 && seat < players());
        return kingdoms_[seat];
    }
    KD_INLINE bool eliminated(int seat) const { return (eliminated_ >> seat) & 1; }
    // This turn's tiles to place, ascending id (none on the first turn).
    KD_INLINE int placing_count() const { return n_placing_; }
    KD_INLINE const Slot& placing(int i) const { return placing_[i]; }
    // This turn's draft, ascending id (none on the last turn).
    KD_INLINE int draft_count() const { return n_draft_; }
    KD_INLINE const Slot& draft(int i) const { return draft_[i]; }
    // Tiles drawn so far and tiles that will still be drawn, in draw order.
    int drawn_count() const { return next_draw_; }
#ifndef KD_UPLOAD  // home only: tools and tests
    int undrawn_count() const { return deck_size_ - next_draw_; }
    int8_t deck_tile(int i) const { return deck_[i]; }
#endif

    // The answers of this turn (kings that place, or that pick on the first turn), and
    // the seat of the step-th of them (-1: a tile nobody picked).
    KD_INLINE int steps_in_turn() const { return turn_ == 0 ? n_draft_ : n_placing_; }
    KD_INLINE int actor_at(int step) const {
        if (turn_ == 0) return (step + first_picker_) % players();
        return placing_[step].owner;
    }

    // Seat that must answer now, or -1 at the end.
    KD_INLINE int current_player() const { return over_ ? -1 : actor_at(step_); }
    // Tile the current answer places, or -1 on the first turn (and at the end).
    KD_INLINE int current_tile() const { return over_ || turn_ == 0 ? -1 : placing_[step_].tile; }

    // ---- Choices of the current player ----

    // Legal placements of the current tile (none on the first turn or when it fits nowhere).
    int legal_placements(Placement* out) const {
        if (over_ || turn_ == 0) return 0;
        const Slot& s = placing_[step_];
        return kingdoms_[s.owner & 3].legal_placements(kTiles[s.tile], rule_, out);
    }
    // Calls visit(draft index, tile id) for every draft tile still free, in draft order.
    template <typename Visit>
    KD_INLINE void for_each_free_pick(Visit&& visit) const {
        for (int i = 0; i < n_draft_; ++i)
            if (draft_[i].owner < 0) visit(i, int(draft_[i].tile));
    }
    // Ids of the draft tiles still free (none on the last turn).
    KD_INLINE int free_picks(int* out) const {
        int n = 0;
        for_each_free_pick([&](int, int tile) __attribute__((always_inline)) { out[n++] = tile; });
        return n;
    }

    // The same, for listing answers: never empty, with an invalid placement
    // standing for "none" (first turn, or the tile fits nowhere) and pick -1
    // for "none" (last turn).
    int answer_placements(Placement* out) const {
        int n = legal_placements(out);
        if (n == 0) out[n++] = Placement{};
        return n;
    }
    int answer_picks(int* out) const {
        int n = free_picks(out);
        if (n == 0) out[n++] = -1;
        return n;
    }

    struct Outcome {
        PutResult put;
        bool pick_ok;
    };
    // Applies the current player's answer: PUT, then PICK. An illegal PUT discards
    // the tile; a PICK that is not a free draft tile ends the player's game (it is
    // ignored on the last turn). The game then moves on to the next answer due.
    // `trusted`: the search vouches that put came from legal_placements(), or is
    // invalid because there was none; the legality checks are skipped.
    KD_PLAYOUT_INLINE Outcome apply(Placement put, int pick, bool trusted = false) {
        Outcome out{PutResult::Ignored, true};
        if (over_) return out;
        int seat = current_player();
        if (turn_ > 0) {
            const Tile& tile = kTiles[placing_[step_].tile];
            Kingdom& k = kingdoms_[seat];
            // What the trusted path takes on faith: a legal put, or none when nothing fits.
            KD_ASSERT(!trusted || (put.valid() ? k.is_legal(tile, rule_, put) : !k.has_legal_placement(tile, rule_)));
            if (trusted ? !put.valid() : !k.has_legal_placement(tile, rule_)) {
                out.put = PutResult::NoLegalSpot;
                log(GameEvent::Discard, seat, tile.id, "no_legal_spot");
            } else if (trusted || k.is_legal(tile, rule_, put)) {
                k.place(tile, put);
                out.put = PutResult::Placed;
            } else {
                out.put = PutResult::Illegal;
                log(GameEvent::Discard, seat, tile.id, "illegal_put");
            }
        }
        if (!last_turn()) {
            out.pick_ok = false;
            for (int i = 0; i < n_draft_; ++i)
                if (draft_[i].tile == pick) {  // a draft holds a tile once
                    if (draft_[i].owner < 0) draft_[i].owner = int8_t(seat), out.pick_ok = true;
                    break;
                }
        }
        if (!out.pick_ok) {
            eliminated_ |= uint8_t(1 << seat);
            log(GameEvent::Eliminated, seat, -1, "invalid_pick");
        }
        ++step_;
        settle();
        KD_ASSERT(is_ok());
        return out;
    }

#ifndef KD_UPLOAD  // home only: the referee ends a faulty player's game
    // Ends a player's game (timeout, bad output, crash...). If it is the one
    // acting, its answer is abandoned: the tile in play is discarded, no pick.
    void eliminate(int seat, const char* reason) {
        if (over_ || eliminated(seat)) return;
        bool acting = current_player() == seat;
        eliminated_ |= uint8_t(1 << seat);
        log(GameEvent::Eliminated, seat, -1, reason);
        if (acting) {
            if (turn_ > 0) log(GameEvent::Discard, seat, placing_[step_].tile, "owner_eliminated");
            ++step_;
            settle();
        }
    }
#endif

    // ---- The end ----

    // Scores, tie-breaks and ranks; meaningful at any time. The scores come from
    // the flood fill, or from the incremental count when `recount` is false (search).
    Result result([[maybe_unused]] bool recount = true) const {
        Result r;
        r.players = players();
        for (int i = 0; i < r.players; ++i) {
            r.score[i] = kingdoms_[i].score();
#ifndef KD_UPLOAD  // home only: the referee's scores by flood fill
            if (recount) r.score[i] = kingdoms_[i].recount_score();
#endif
            r.territory[i] = kingdoms_[i].territory();
            r.crowns[i] = kingdoms_[i].crown_count();
        }
        apply_tie_breaks(r);
        return r;
    }
#ifndef KD_UPLOAD  // home only: tests
    // Per seat: the share of opponents it beats, a tie counting half (1 = alone
    // first, 0 = last; in two-player games win 1, draw 0.5, loss 0).
    void returns(double* out) const {
        Result r = result();
        for (int i = 0; i < r.players; ++i) {
            double v = 0;
            for (int j = 0; j < r.players; ++j)
                if (j != i) v += r.adjusted[i] > r.adjusted[j] ? 1 : r.adjusted[i] == r.adjusted[j] ? 0.5 : 0;
            out[i] = v / (r.players - 1);
        }
    }
#endif

#ifndef KD_UPLOAD  // home only: the checks of debug builds and tests
    // Whether the state holds together: every kingdom (Kingdom::is_ok), each
    // tile at most once among this turn's tiles, the draft and the draws to
    // come, drafts in ascending id, owners that are seats, the step within
    // the turn. Asserted after every move in debug builds (apply), and in tests.
    bool is_ok() const { return problem() == nullptr; }
    // What is wrong with the state, nullptr when nothing is.
    const char* problem() const {
        for (int p = 0; p < players(); ++p)
            if (const char* why = kingdoms_[p].problem()) return why;
        uint64_t tiles = 0;
        auto once = [&](int tile) {
            if (!valid_tile_id(tile) || ((tiles >> tile) & 1)) return false;
            tiles |= uint64_t(1) << tile;
            return true;
        };
        auto slots_ok = [&](const Slot* slots, int n) {
            for (int i = 0; i < n; ++i) {
                if (!once(slots[i].tile) || slots[i].owner < -1 || slots[i].owner >= players()) return false;
                if (i && slots[i - 1].tile >= slots[i].tile) return false;
            }
            return true;
        };
        if (!slots_ok(placing_, n_placing_) || !slots_ok(draft_, n_draft_))
            return "this turn's tiles: repeated, out of order, or an owner that is no seat";
        for (int i = next_draw_; i < deck_size_; ++i)
            if (!once(deck_[i])) return "a draw to come is a tile already in play";
        if (deck_size_ > variant_->tiles_used || next_draw_ > deck_size_) return "more draws than the variant has";
        if (!over_ && (step_ < 0 || step_ >= steps_in_turn() || turn_ >= variant_->turns)) return "no answer due";
        return nullptr;
    }
#endif

    // ---- Setting up a position (deal(), and trackers rebuilding a game from text) ----

    // The tiles still to be drawn: the deck becomes the tiles already drawn, then these.
    void set_undrawn(const int8_t* tiles, int count) {
        KD_ASSERT(count >= 0 && next_draw_ + count <= kTileCount);
        deck_size_ = int8_t(next_draw_ + count);
        std::memcpy(deck_ + next_draw_, tiles, size_t(count));
    }
#ifndef KD_UPLOAD  // home only: deal() and state texts
    void set_deck(const int8_t* tiles, int count) {
        next_draw_ = 0;
        set_undrawn(tiles, count);
    }
    // Reveals the first draft and moves to the first answer due.
    void start() {
        turn_ = 0;
        step_ = 0;
        n_placing_ = 0;
        reveal_draft();
        settle();
    }
#endif
    // A position in the middle of a game, as a player sees it: `first_picker`
    // is the seat that picked first on turn 0 (relative seats start elsewhere).
    void set_position(int turn, int step, const Slot* placing, int n_placing, const Slot* draft, int n_draft,
                      int drawn, uint8_t eliminated_mask, int first_picker) {
        KD_ASSERT(n_placing >= 0 && n_placing <= kMaxDraft && n_draft >= 0 && n_draft <= kMaxDraft);
        KD_ASSERT(turn >= 0 && turn < variant_->turns && drawn >= 0 && drawn <= kTileCount);
        turn_ = int8_t(turn);
        step_ = int8_t(step);
        n_placing_ = int8_t(n_placing);
        n_draft_ = int8_t(n_draft);
        for (int i = 0; i < n_placing; ++i) placing_[i] = placing[i];
        for (int i = 0; i < n_draft; ++i) draft_[i] = draft[i];
        next_draw_ = int8_t(drawn);
        if (deck_size_ < next_draw_) deck_size_ = next_draw_;
        eliminated_ = eliminated_mask;
        first_picker_ = int8_t(first_picker);
        over_ = false;
        settle();
    }
    // Every draw from `first_draw` on becomes `tiles` (count of them). A draft
    // already revealed from those draws (a search played on into the next
    // turn, where nobody has picked yet) is revealed again from the new ones.
    void redeal(const int8_t* tiles, int count, int first_draw) {
        KD_ASSERT(first_draw >= 0 && first_draw <= next_draw_ && first_draw + count <= kTileCount);
        const bool revealed = next_draw_ > first_draw;
        KD_ASSERT(!revealed || next_draw_ - first_draw == n_draft_);
        std::memcpy(deck_ + first_draw, tiles, size_t(count));
        deck_size_ = int8_t(first_draw + count);
        if (revealed) {
            for (int i = 0; i < n_draft_; ++i) KD_ASSERT(draft_[i].owner < 0);
            next_draw_ = int8_t(first_draw);
            reveal_draft();
        }
    }
    Kingdom& kingdom_mut(int seat) {
        KD_ASSERT(seat >= 0 && seat < players());
        return kingdoms_[seat];
    }
#ifndef KD_UPLOAD  // home only: the referee's replays
    // Where replays record discards and eliminations; the search leaves it null.
    void set_log(std::vector<GameEvent>* log) { log_ = log; }
#endif

  private:
    void reveal_draft() {
        n_draft_ = 0;
        for (int i = 0; i < variant_->draft_size && next_draw_ < deck_size_; ++i)
            draft_[n_draft_++] = Slot{deck_[next_draw_++], -1};
        for (int i = 1; i < n_draft_; ++i)  // ascending id; four tiles at most
            for (int j = i; j > 0 && draft_[j - 1].tile > draft_[j].tile; --j) {
                const Slot moved = draft_[j];
                draft_[j] = draft_[j - 1], draft_[j - 1] = moved;
            }
    }
    // Moves past actions nobody can take (discarding their tiles) and into the
    // next turn when this one is done, until someone must answer or the game ends.
    KD_PLAYOUT_INLINE void settle() {
        for (;;) {
            if (step_ < steps_in_turn()) {
                int seat = actor_at(step_);
                if (seat >= 0 && !eliminated(seat)) return;
                if (turn_ > 0)
                    log(GameEvent::Discard, seat, placing_[step_].tile, seat < 0 ? "unpicked" : "owner_eliminated");
                ++step_;
                continue;
            }
            if (last_turn()) {
                over_ = true;
                return;
            }
            ++turn_;
            step_ = 0;
            n_placing_ = n_draft_;
            for (int i = 0; i < n_draft_; ++i) placing_[i] = draft_[i];
            if (last_turn())
                n_draft_ = 0;
            else
                reveal_draft();
        }
    }
#ifndef KD_UPLOAD
    void log(GameEvent::Kind kind, int seat, int tile, const char* reason) {
        if (log_) log_->push_back(GameEvent{kind, int8_t(turn_), int8_t(seat), int8_t(tile), reason});
    }
#else
    template <typename... Ignored> void log(Ignored...) const {}  // the upload records nothing
#endif

    const Variant* variant_;
    Rule rule_;
    int8_t players_, last_turn_;  // the variant's, kept here: the playouts ask at every move
    int8_t turn_ = 0, step_ = 0;
    int8_t n_placing_ = 0, n_draft_ = 0;
    int8_t next_draw_ = 0, deck_size_ = 0;
    int8_t first_picker_ = 0;
    uint8_t eliminated_ = 0;
    bool over_ = false;
    Slot placing_[kMaxDraft], draft_[kMaxDraft];
    int8_t deck_[kTileCount] = {};
#ifndef KD_UPLOAD
    std::vector<GameEvent>* log_ = nullptr;
#endif
    Kingdom kingdoms_[kMaxPlayers];
};

// Deals what a seat has not seen: every draw from `first_draw` on (the draws
// the seat had seen when it was asked) becomes a random order of `unseen`
// tiles, all of them in 4p and duel, a random subset in 2p and 3p. A draft a
// search revealed since from its own guess of those draws is dealt again.
inline void resample_draws(Game& g, const int8_t* unseen, int n_unseen, int first_draw, Rng& rng) {
    int8_t pool[kTileCount];
    for (int i = 0; i < n_unseen; ++i) pool[i] = unseen[i];
    int need = g.variant().tiles_used - first_draw;
    if (need > n_unseen) need = n_unseen;
    for (int i = 0; i < need; ++i) {  // partial Fisher-Yates: only the draws needed
        int j = i + int(rng.below(uint32_t(n_unseen - i)));
        int8_t t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
    }
    g.redeal(pool, need, first_draw);
}

}  // namespace kd
