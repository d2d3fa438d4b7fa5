// My later placements, searched: an open-loop tree under each candidate
// answer of the search (src/search.h), grown as the candidate gets playouts.
//
// Of all that happens after my answer, only my placements change my kingdom,
// and each places a tile I already picked: along a line of my fixed choices,
// a placement's options are the same whatever the deal and the others do. A
// node is such a decision; its first edge leaves it to the playout policy
// (with no node below: the kingdom it makes is not known), the others are the
// placements the policy ranks best, opened one by one as the node is visited
// more (progressive widening), each chosen by UCB. At few visits a candidate
// plays exactly the flat search's playouts; with many, its later placements
// approach the best of their options. One node is added per playout, from a
// pool allocated once.
#pragma once

#include <cmath>
#include <vector>

#include "policy.h"

namespace kd {

struct TreeOptions {
    int depth = 4;          // my placements searched below a candidate (0: none; 4 won 2p and duel SPRTs)
    int many_depth = 4;     // the same with 3 or 4 players
    double explore = 0.03;  // UCB's exploration, in playout values (shares of the leaders' points)
    double widen = 16;      // a node with n visits may try 1 + sqrt(n / widen) edges

    // The options for a game of `players` players.
    TreeOptions for_players(int players) const {
        TreeOptions o = *this;
        if (players > 2) o.depth = many_depth;
        return o;
    }
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

class PlanTree {
  public:
    static constexpr int kMaxEdges = 8;   // the policy's edge and the 7 placements it ranks best
    static constexpr int kNoNode = -1;
    static constexpr int kMaxDepth = 24;  // my placements in a game at most (duel)

    // Room for `capacity` nodes, reserved now (pages are touched only as nodes are added).
    explicit PlanTree(int capacity) { nodes_.reserve(size_t(capacity)); }

    void clear() { nodes_.clear(); }  // a new decision: every node free again
    // A candidate's root: the node of my next placement, its tile set at its first visit.
    int new_root() { return allocate(); }

    // Plays g to the end (or to turn until_turn) from a candidate's root: my
    // placements by the tree down to its depth, all else by the policy. The
    // path is kept for backup().
    void playout(Game& g, int root, Rng& rng, const PolicyWeights& w, int until_turn, const TreeOptions& o) {
        path_length_ = 0;
        const int depth = std::min(o.depth, kMaxDepth);
        int node = root, edge = -1;
        bool added = false;  // this playout added a node: the tree ends below it
        ::kd::playout(g, rng, w, until_turn, [&](const Game& now) {
            if (node == kNoNode || path_length_ >= depth || now.first_turn() || now.last_turn()) return Move{};
            const int tile = now.current_tile();
            node = edge < 0 ? at_root(node, tile, now, w, added) : below(node, edge, tile, now, w, added);
            if (node == kNoNode) return Move{};
            edge = select(nodes_[node], o);
            path_[path_length_++] = Step{node, edge};
            const Placement put = nodes_[node].edges[edge].put;
            if (added || edge == kPolicyEdge) node = kNoNode;  // the tree ends: at a new node, or the policy's placement
            return Move{put, -1};
        });
    }
    // The last playout's value, for every edge on its path.
    void backup(double value) {
        for (int i = 0; i < path_length_; ++i) {
            Node& n = nodes_[path_[i].node];
            Edge& e = n.edges[path_[i].edge];
            ++n.visits, ++e.visits;
            e.sum += value;
        }
    }

#ifndef KD_UPLOAD  // home only: the tests look inside
    struct EdgeView {
        Placement put;  // invalid: the policy's edge
        int visits;
        double sum;
    };
    int size() const { return int(nodes_.size()); }
    int tile_of(int node) const { return nodes_[size_t(node)].tile; }
    int visits_of(int node) const { return nodes_[size_t(node)].visits; }
    // Node's edges into out (kMaxEdges at most); returns how many.
    int edges_of(int node, EdgeView* out) const {
        const Node& n = nodes_[size_t(node)];
        for (int i = 0; i < n.n_edges; ++i) out[i] = EdgeView{n.edges[i].put, n.edges[i].visits, n.edges[i].sum};
        return n.n_edges;
    }
#endif

  private:
    static constexpr int kPolicyEdge = 0;
    struct Edge {
        Placement put;  // invalid: the policy's placement
        int visits;
        double sum;
        int child;      // the first node below, one per tile I place next (my picks vary), chained by `sibling`
    };
    struct Node {
        int8_t tile = -1;  // the tile this node places (-1: not expanded yet)
        int8_t n_edges = 0;
        int visits = 0;
        int sibling = kNoNode;
        Edge edges[kMaxEdges];
    };
    struct Step {
        int node, edge;
    };

    int allocate() {
        if (nodes_.size() == nodes_.capacity()) return kNoNode;  // full: no allocation in the search
        nodes_.emplace_back();
        return int(nodes_.size()) - 1;
    }
    // Node `id` places `tile` in my kingdom (g's seat 0): the policy's edge,
    // then the placements the policy ranks best.
    void expand(int id, int tile, const Game& g, const PolicyWeights& w) {
        Node& n = nodes_[id];
        n.tile = int8_t(tile);
        Placement best[kMaxEdges - 1];
        const int k = rank_placements(g.kingdom(0), kTiles[tile], g.rule(), w, kMaxEdges - 1, best);
        n.edges[kPolicyEdge] = Edge{Placement{}, 0, 0, kNoNode};
        for (int i = 0; i < k; ++i) n.edges[i + 1] = Edge{best[i], 0, 0, kNoNode};
        n.n_edges = int8_t(k > 1 ? k + 1 : 1);  // a single placement is the policy's too
    }
    // A candidate's root for `tile`: expanded at its first visit; kNoNode when
    // it places another tile (a line the root did not foresee).
    int at_root(int root, int tile, const Game& g, const PolicyWeights& w, bool& added) {
        if (root == kNoNode) return kNoNode;
        if (nodes_[root].tile < 0) expand(root, tile, g, w), added = true;
        return nodes_[root].tile == tile ? root : kNoNode;
    }
    // The node below edge `edge` of `parent` that places `tile`: added (and
    // `added` set) when there is none yet, this playout added none, and the pool has room.
    int below(int parent, int edge, int tile, const Game& g, const PolicyWeights& w, bool& added) {
        for (int c = nodes_[parent].edges[edge].child; c != kNoNode; c = nodes_[c].sibling)
            if (nodes_[c].tile == tile) return c;
        if (added) return kNoNode;
        const int id = allocate();
        if (id == kNoNode) return kNoNode;
        expand(id, tile, g, w);
        added = true;
        int& first = nodes_[parent].edges[edge].child;
        nodes_[id].sibling = first;
        first = id;
        return id;
    }
    // Among the edges open at this many visits, an untried one (in order),
    // else the best by UCB.
    static int select(const Node& n, const TreeOptions& o) {
        const int open = std::min(int(n.n_edges), 1 + int(std::sqrt(n.visits / o.widen)));
        int best = 0;
        double best_score = -1e9;
        const double log_visits = exact_log(double(n.visits) + 1);
        for (int i = 0; i < open; ++i) {
            const Edge& e = n.edges[i];
            if (e.visits == 0) return i;
            const double score = e.sum / e.visits + o.explore * std::sqrt(log_visits / e.visits);
            if (score > best_score) best_score = score, best = i;
        }
        return best;
    }

    std::vector<Node> nodes_;
    Step path_[kMaxDepth];
    int path_length_ = 0;
};

}  // namespace kd
