// My later answers, searched: an open-loop tree under each candidate
// answer, grown as the search's playouts pass through it (src/search.h).
//
// My answers change only my kingdom, and each places a tile I already
// picked: along a line of my own choices, my placements' options are the
// same whatever the deal and the others do. A node is one answer on such a
// line, the tile it places fixed. Its placement edges are the policy's own
// move (with no node below: the kingdom it makes is not known) and the
// placements the policy ranks best, opened one by one as the node is
// visited more (progressive widening), each chosen by UCB on my share of
// the leaders' points. My picks, and the others' answers, are the policy's:
// picks searched in the tree, and the others' answers in trees of their
// own, were tried and lost (docs/experiments.md, 2026-11-28). At few visits
// a node plays the policy's placement; with many, a line approaches my best
// answers. One node is added per playout, from a pool allocated once.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "policy.h"

namespace kd {

struct TreeOptions {
    int depth = 4;          // my answers searched below a candidate (0: none; 4 won 2p and duel SPRTs)
    double explore = 0.03;  // UCB's exploration, in playout values (shares of the leaders' points)
    double widen = 16;      // a node with n visits may try 1 + sqrt(n / widen) placements
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
    static constexpr int kNoNode = -1;
    static constexpr int kMaxDepth = 24;     // my answers in a game at most (duel)

    // Room for `capacity` nodes, reserved now (pages are touched only as nodes are added).
    explicit AnswerTrees(int capacity) { nodes_.reserve(size_t(capacity)); }

    // A new decision: every node free again.
    void clear() { nodes_.clear(); }
    // A new root: a line's first answer, its tile set at its first visit.
    int new_root() { return allocate(); }

    // Plays g to the end: my answers from `root`
    // down its tree, all else by the policy. The path is kept for backup().
    // seen(g) is told of every move before it is made.
    template <typename Seen>
    void playout(Game& g, int root, Rng& rng, const PolicyWeights& w, const TreeOptions& o, Seen&& seen) {
        Walk walk{root, -1, false};
        path_length_ = 0;
        ::kd::playout(g, rng, w, [&](const Game& now) {
            seen(now);
            // Most answers are the others' or past the tree's end: no call then (CodinGame's build does not inline it).
            return walk.node == kNoNode || now.current_player() != 0 ? Placement{} : answer(now, walk, w, o);
        });
    }
    // The last playout's value (my share), for every edge on its path.
    void backup(double value) {
        for (int i = 0; i < path_length_; ++i) {
            const Step& step = path_[i];
            Node& n = nodes_[size_t(step.node)];
            ++n.visits, ++n.puts[step.put].visits;
            n.puts[step.put].sum += value;
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
    // Node's placement edges into out (kMaxEdges at most); returns how many.
    int edges_of(int node, EdgeView* out) const {
        const Node& n = nodes_[size_t(node)];
        for (int i = 0; i < n.n_puts; ++i) out[i] = EdgeView{n.puts[i].put, n.puts[i].visits, n.puts[i].sum};
        return n.n_puts;
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
    struct PutEdge {
        Placement put;  // invalid: the policy's placement
        int visits;
        double sum;
        int child;      // the first node below, one per tile placed next (picks vary), chained by `sibling`
    };
    struct Node {
        int8_t tile = -1;  // the tile this answer places (-1: not expanded yet)
        int8_t n_puts = 0;
        int visits = 0;
        int sibling = kNoNode;
        PutEdge puts[kMaxEdges];
    };
    struct Step {
        int node, put;
    };
    // Where my line stands in the playout: the node it reached (kNoNode: the
    // tree ended) and the placement edge it left it by (-1: at its root).
    struct Walk {
        int node, edge;
        bool added;  // this playout added a node: the tree ends below it
    };

    // My placement in `now` by the tree, or the policy's (invalid) where the tree ends.
    Placement answer(const Game& now, Walk& walk, const PolicyWeights& w, const TreeOptions& o) {
        if (path_length_ >= std::min(o.depth, kMaxDepth) || now.first_turn() || now.last_turn()) return Placement{};
        const int tile = now.current_tile();
        const int node = walk.edge < 0 ? at_root(walk.node, tile, now, w, walk.added)
                                       : below(walk.node, walk.edge, tile, now, w, walk.added);
        walk.node = node;
        if (node == kNoNode) return Placement{};
        const int put = select_put(nodes_[size_t(node)], o);
        path_[path_length_++] = Step{node, put};
        walk.edge = put;
        if (walk.added || put == kPolicyEdge) walk.node = kNoNode;  // the tree ends: at a new node, or the policy's placement
        return nodes_[size_t(node)].puts[put].put;
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

    std::vector<Node> nodes_;
    Step path_[kMaxDepth];
    int path_length_ = 0;
};

}  // namespace kd
