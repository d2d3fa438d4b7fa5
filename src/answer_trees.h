// The players' later answers, searched: open-loop trees, one per player,
// grown as the search's playouts pass through them (src/search.h).
//
// A player's answers change only its own kingdom, and each places a tile it
// already picked: along a line of its own choices, its placements' options
// are the same whatever the deal and the others do. A node is one answer on
// such a line, the tile it places fixed. Its placement edges are the
// policy's own move (with no node below: the kingdom it makes is not known)
// and the placements the policy ranks best, opened one by one as the node is
// visited more (progressive widening), each chosen by UCB. With `picks` its
// pick is searched too: the draft differs from deal to deal, so a pick's
// edge is a tile, chosen among those free in this deal and the policy ranks
// best (widened likewise), by UCB over the visits in which it was free
// (information-set MCTS's availability counts). Each player's value is its
// own share of the leaders' points, as the search's reply is judged: the
// others' trees (`others`) picture them as thinking players, not as the
// policy. My tree hangs under each candidate answer of the search; each
// other player's is shared by all candidates (my answer changes its kingdom
// in nothing: its root is found by its kingdom). At few visits a node plays
// the policy's placement and the pick it values best; with many, a line
// approaches its player's best answers. One node is added per playout and
// tree, from a pool allocated once.
#pragma once

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "policy.h"

namespace kd {

struct TreeOptions {
    int depth = 4;          // my answers searched below a candidate (0: none; 4 won 2p and duel SPRTs)
    int many_depth = 4;     // the same with 3 or 4 players
    int others = 0;         // each other player's answers searched in a tree of its own (0: the policy's)
    int many_others = 0;    // the same with 3 or 4 players
    bool picks = false;     // the trees search the picks too (else the policy picks)
    double explore = 0.03;  // UCB's exploration, in playout values (shares of the leaders' points)
    double duel_explore = 0.03;  // the same in the duel
    double widen = 16;      // a node with n visits may try 1 + sqrt(n / widen) placements
    double pick_widen = 16; // ... and 1 + sqrt(n / pick_widen) of the free tiles, best by the policy first

    // The options for a game of variant v.
    TreeOptions for_variant(const Variant& v) const {
        TreeOptions o = *this;
        if (v.players > 2) o.depth = many_depth, o.others = many_others;
        if (&v == &kDuel) o.explore = duel_explore;
        return o;
    }
    // Answers searched in the tree of `seat` (0: mine).
    int depth_of(int seat) const { return seat == 0 ? depth : others; }
};

// ln x (x >= 1) by +, * and / alone, rounded the same everywhere: std::log
// of glibc and of WebAssembly's libc may differ in the last bit, which
// would flip near ties of UCB and part the page's bot from the upload.
inline double exact_log(double x) {
    static constexpr double kInverseOdd[] = {1.0,      1.0 / 3,  1.0 / 5,  1.0 / 7,  1.0 / 9,  1.0 / 11,
                                             1.0 / 13, 1.0 / 15, 1.0 / 17, 1.0 / 19, 1.0 / 21, 1.0 / 23,
                                             1.0 / 25, 1.0 / 27, 1.0 / 29, 1.0 / 31};
    int exponent;
    const double m = std::frexp(x, &exponent);  // x = m 2^exponent, m in [0.5, 1): exact
    const double z = (m - 1) / (m + 1), z2 = z * z;  // ln m = 2 atanh z, |z| <= 1/3
    double series = kInverseOdd[15];
    for (int k = 14; k >= 0; --k) series = series * z2 + kInverseOdd[k];
    return 2 * z * series + exponent * 0.6931471805599453;
}

class AnswerTrees {
  public:
    static constexpr int kMaxEdges = 8;      // placements: the policy's edge and the 7 it ranks best
    static constexpr int kMaxPickEdges = 8;  // picks: the tiles tried, as they came
    static constexpr int kNoNode = -1;
    static constexpr int kMaxDepth = 24;     // a player's answers in a game at most (duel)

    // Room for `capacity` nodes, reserved now (pages are touched only as nodes are added).
    explicit AnswerTrees(int capacity) { nodes_.reserve(size_t(capacity)); }

    // A new decision: every node free again.
    void clear() {
        nodes_.clear();
        n_roots_ = 0;
    }
    // A new root: a line's first answer, its tile set at its first visit.
    int new_root() { return allocate(); }

    // The shared root of `seat`'s tree for its kingdom k: made at the first
    // call, the same node for every start where its kingdom is k.
    int root_for(int seat, const Kingdom& k) {
        const uint64_t key = kingdom_key(k) * kMaxPlayers + uint64_t(seat);
        for (int i = 0; i < n_roots_; ++i)
            if (roots_[i].key == key) return roots_[i].node;
        const int node = new_root();
        if (node != kNoNode && n_roots_ < kMaxRoots) roots_[n_roots_++] = Root{key, node};
        return node;
    }

    // Plays g to the end (or to turn until_turn): each seat's answers from
    // roots[seat] (kNoNode: none) down its tree, all else by the policy.
    // The paths are kept for backup().
    void playout(Game& g, const int* roots, Rng& rng, const PolicyWeights& w, int until_turn, const TreeOptions& o) {
        Walk walks[kMaxPlayers];
        for (int s = 0; s < g.players(); ++s) walks[s] = Walk{roots[s], -1, false}, path_length_[s] = 0;
        ::kd::playout(g, rng, w, until_turn, [&](const Game& now) {
            const int seat = now.current_player();
            // Most answers are past the tree's end: no call then (CodinGame's build does not inline it).
            return walks[seat].node == kNoNode ? Move{} : answer(now, seat, walks[seat], w, o);
        });
        players_ = g.players();
    }
    // The last playout's value for each seat, for every edge on its path.
    void backup(const double* values) {
        for (int s = 0; s < players_; ++s)
            for (int i = 0; i < path_length_[s]; ++i) {
                const Step& step = path_[s][i];
                Node& n = nodes_[size_t(step.node)];
                PutEdge& e = n.puts[step.put];
                ++n.visits, ++e.visits;
                e.sum += values[s];
                if (step.pick >= 0) {
                    PickEdge& p = n.picks[step.pick];
                    ++p.visits;
                    p.sum += float(values[s]);
                }
            }
    }

#ifndef KD_UPLOAD  // home only: the tests look inside
    struct EdgeView {
        Placement put;  // invalid: the policy's edge
        int visits;
        double sum;
    };
    struct PickView {
        int tile, visits, available;
        double sum;
    };
    int size() const { return int(nodes_.size()); }
    int tile_of(int node) const { return nodes_[size_t(node)].tile; }
    int visits_of(int node) const { return nodes_[size_t(node)].visits; }
    // Node's placement edges into out (kMaxEdges at most); returns how many.
    int edges_of(int node, EdgeView* out) const {
        const Node& n = nodes_[size_t(node)];
        for (int i = 0; i < n.n_puts; ++i) out[i] = EdgeView{n.puts[i].put, n.puts[i].visits, n.puts[i].sum};
        return n.n_puts;
    }
    // Node's pick edges into out (kMaxPickEdges at most); returns how many.
    int picks_of(int node, PickView* out) const {
        const Node& n = nodes_[size_t(node)];
        for (int i = 0; i < n.n_picks; ++i)
            out[i] = PickView{n.picks[i].tile, n.picks[i].visits, n.picks[i].available, n.picks[i].sum};
        return n.n_picks;
    }
    // The node below placement edge `edge` of `node` that places `tile` (kNoNode: none).
    int child_of(int node, int edge, int tile) const {
        for (int c = nodes_[size_t(node)].puts[edge].child; c != kNoNode; c = nodes_[size_t(c)].sibling)
            if (nodes_[size_t(c)].tile == tile) return c;
        return kNoNode;
    }
#endif

  private:
    static constexpr int kPolicyEdge = 0;
    static constexpr int kMaxRoots = 256;  // the others' roots of one decision: a seat's kingdoms after this turn
    struct PutEdge {
        Placement put;  // invalid: the policy's placement
        int visits;
        double sum;
        int child;      // the first node below, one per tile placed next (picks vary), chained by `sibling`
    };
    struct PickEdge {
        int8_t tile;
        int visits, available;  // chosen, and free and open when its node chose a pick
        float sum;
    };
    struct Node {
        int8_t tile = -1;  // the tile this answer places (-1: not expanded yet)
        int8_t n_puts = 0, n_picks = 0;
        int visits = 0;
        int sibling = kNoNode;
        PutEdge puts[kMaxEdges];
        PickEdge picks[kMaxPickEdges];
    };
    struct Step {
        int node, put, pick;  // pick -1: not searched
    };
    // Where a seat's line stands in the playout: the node it reached
    // (kNoNode: its tree ended) and the placement edge it left it by (-1: at its root).
    struct Walk {
        int node, edge;
        bool added;  // this playout added a node to the seat's tree: the tree ends below it
    };
    struct Root {
        uint64_t key;
        int node;
    };

    // The answer of `seat` in `now` by its tree, or the policy's (an invalid
    // put, pick -1) where the tree ends.
    Move answer(const Game& now, int seat, Walk& walk, const PolicyWeights& w, const TreeOptions& o) {
        if (walk.node == kNoNode || path_length_[seat] >= std::min(o.depth_of(seat), kMaxDepth) || now.first_turn() ||
            now.last_turn())
            return Move{};
        const int tile = now.current_tile();
        const int node = walk.edge < 0 ? at_root(walk.node, tile, now, w, walk.added)
                                       : below(walk.node, walk.edge, tile, now, w, walk.added);
        walk.node = node;
        if (node == kNoNode) return Move{};
        const int put = select_put(nodes_[size_t(node)], o);
        Move move{nodes_[size_t(node)].puts[put].put, -1};
        const int pick = o.picks ? select_pick(nodes_[size_t(node)], now, w, o, &move.pick) : -1;
        path_[seat][path_length_[seat]++] = Step{node, put, pick};
        walk.edge = put;
        if (walk.added || put == kPolicyEdge) walk.node = kNoNode;  // the tree ends: at a new node, or the policy's placement
        return move;
    }

    int allocate() {
        if (nodes_.size() == nodes_.capacity()) return kNoNode;  // full: no allocation in the search
        nodes_.emplace_back();
        return int(nodes_.size()) - 1;
    }
    // Node `id` places `tile` in the kingdom of g's player to act: the
    // policy's edge, then the placements the policy ranks best.
    void expand(int id, int tile, const Game& g, const PolicyWeights& w) {
        Node& n = nodes_[size_t(id)];
        n.tile = int8_t(tile);
        Placement best[kMaxEdges - 1];
        const int k = rank_placements(g.kingdom(g.current_player()), kTiles[tile], g.rule(), w, kMaxEdges - 1, best);
        n.puts[kPolicyEdge] = PutEdge{Placement{}, 0, 0, kNoNode};
        for (int i = 0; i < k; ++i) n.puts[i + 1] = PutEdge{best[i], 0, 0, kNoNode};
        n.n_puts = int8_t(k > 1 ? k + 1 : 1);  // a single placement is the policy's too
    }
    // A root for `tile`: expanded at its first visit; kNoNode when it places
    // another tile (a line the root did not foresee).
    int at_root(int root, int tile, const Game& g, const PolicyWeights& w, bool& added) {
        if (nodes_[size_t(root)].tile < 0) expand(root, tile, g, w), added = true;
        return nodes_[size_t(root)].tile == tile ? root : kNoNode;
    }
    // The node below edge `edge` of `parent` that places `tile`: added (and
    // `added` set) when there is none yet, this playout added none to this tree, and the pool has room.
    int below(int parent, int edge, int tile, const Game& g, const PolicyWeights& w, bool& added) {
        for (int c = nodes_[size_t(parent)].puts[edge].child; c != kNoNode; c = nodes_[size_t(c)].sibling)
            if (nodes_[size_t(c)].tile == tile) return c;
        if (added) return kNoNode;
        const int id = allocate();
        if (id == kNoNode) return kNoNode;
        expand(id, tile, g, w);
        added = true;
        int& first = nodes_[size_t(parent)].puts[edge].child;
        nodes_[size_t(id)].sibling = first;
        first = id;
        return id;
    }
    // Among the placements open at this many visits, an untried one (in
    // order), else the best by UCB.
    static int select_put(const Node& n, const TreeOptions& o) {
        const int open = std::min(int(n.n_puts), 1 + int(std::sqrt(n.visits / o.widen)));
        int best = 0;
        double best_score = -1e9;
        const double log_visits = exact_log(double(n.visits) + 1);
        for (int i = 0; i < open; ++i) {
            const PutEdge& e = n.puts[i];
            if (e.visits == 0) return i;
            const double score = e.sum / e.visits + o.explore * std::sqrt(log_visits / e.visits);
            if (score > best_score) best_score = score, best = i;
        }
        return best;
    }
    // The pick of the player to act in `now` at node n: among the free
    // tiles the policy values best (1 + sqrt(visits / pick_widen) of them),
    // an untried one, else the best by UCB over the visits in which each was
    // open. Sets *pick; returns its edge (-1: a tile with no room for its
    // edge, or the only one free).
    static int select_pick(Node& n, const Game& now, const PolicyWeights& w, const TreeOptions& o, int* pick) {
        int ids[kMaxDraft], values[kMaxDraft];
        const int free = pick_values(now, w, ids, values);
        if (free == 0) return -1;
        int order[kMaxDraft] = {};  // free tiles by value, draft order among equals
        for (int i = 0; i < free; ++i) {
            order[i] = i;
            for (int j = i; j > 0 && values[order[j - 1]] < values[order[j]]; --j) std::swap(order[j], order[j - 1]);
        }
        *pick = ids[order[0]];
        if (free == 1) return -1;
        const int open = std::min(free, 1 + int(std::sqrt(n.visits / o.pick_widen)));
        int edges[kMaxDraft], n_edges = 0;
        for (int r = 0; r < open; ++r) {
            int e = 0;
            while (e < n.n_picks && n.picks[e].tile != ids[order[r]]) ++e;
            if (e == n.n_picks) {
                if (n.n_picks == kMaxPickEdges) continue;  // no room: the tile is not tried
                n.picks[n.n_picks++] = PickEdge{int8_t(ids[order[r]]), 0, 0, 0};
            }
            ++n.picks[e].available;
            edges[n_edges++] = e;
        }
        if (n_edges == 0) return -1;
        int best = -1;
        double best_score = -1e9;
        for (int i = 0; i < n_edges; ++i) {
            const PickEdge& e = n.picks[edges[i]];
            if (e.visits == 0) {
                best = edges[i];
                break;
            }
            const double score = e.sum / e.visits + o.explore * std::sqrt(exact_log(double(e.available)) / e.visits);
            if (score > best_score) best_score = score, best = edges[i];
        }
        *pick = n.picks[best].tile;
        return best;
    }
    // A key of a kingdom's squares: two kingdoms with the same key are taken for the same.
    static uint64_t kingdom_key(const Kingdom& k) {
        uint64_t key = 0x9E3779B97F4A7C15ull;
        for (int t = 0; t < kLandTerrains; ++t)
            for (int i = 0; i < 4; ++i) key = (key ^ k.terrain(t).w[i]) * 0xFF51AFD7ED558CCDull + uint64_t(t);
        return key ^ (key >> 29);
    }

    std::vector<Node> nodes_;
    Step path_[kMaxPlayers][kMaxDepth];
    int path_length_[kMaxPlayers] = {};
    int players_ = 0;
    Root roots_[kMaxRoots];
    int n_roots_ = 0;
};

}  // namespace kd
