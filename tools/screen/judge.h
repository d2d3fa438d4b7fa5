// Judging searches on the screen's positions: each search answers every
// position (a few times, with other seeds), and an answer loses what the
// reference says it is worth less than the reference's best candidate.
// Searches are compared position by position (the same positions and
// seeds), which cancels most of the positions' spread.
#pragma once

#include <atomic>
#include <cstdio>
#include <thread>
#include <vector>

#include "reference.h"
#include "stats.h"

namespace kd {

// What one search lost on one position, over its seeds.
struct PositionLoss {
    double loss = 0;     // mean over the seeds, in playout value (share of the leaders' points)
    double agrees = 0;   // share of the seeds whose answer is the reference's best
    int outside = 0;     // answers that are no candidate of the reference (valued as its worst)
};

inline PositionLoss judge_position(const Searcher& s, const SearchPosition& p, const Reference& ref, int seeds) {
    PositionLoss out;
    const double best = ref.best();
    for (int k = 0; k < seeds; ++k) {
        const Answer a = s.decide(p.request, p.seed * 1000003ull + uint64_t(k)).answer;
        double v;
        if (!ref.value_of(a.put, a.pick, v)) v = ref.worst(), ++out.outside;
        out.loss += (best - v) / seeds;
        out.agrees += (v == best ? 1.0 : 0.0) / seeds;
    }
    return out;
}

// Calls work(i) for i in [0, n) on `jobs` threads.
template <typename Work>
void parallel_for(size_t n, int jobs, Work&& work) {
    std::atomic<size_t> next{0};
    std::vector<std::thread> threads;
    for (int j = 0; j < std::max(1, jobs); ++j)
        threads.emplace_back([&] {
            for (size_t i; (i = next++) < n;) work(i);
        });
    for (std::thread& t : threads) t.join();
}

// The losses of one search on every position with a reference (empty: left out).
inline std::vector<PositionLoss> judge(const Searcher& s, const std::vector<SearchPosition>& positions,
                                       const std::vector<Reference>& refs, int seeds, int jobs) {
    std::vector<PositionLoss> out(positions.size());
    parallel_for(positions.size(), jobs, [&](size_t i) {
        if (!refs[i].answers.empty()) out[i] = judge_position(s, positions[i], refs[i], seeds);
    });
    return out;
}

// The table: per search and variant (then all), the mean loss in thousandths
// of playout value with its standard error, the share of the reference's best
// answers, and the difference to the first search position by position.
inline void print_judgement(const std::vector<Searcher>& searches, const std::vector<std::vector<PositionLoss>>& losses,
                            const std::vector<SearchPosition>& positions, const std::vector<Reference>& refs) {
    printf("%-44s %-5s %5s %16s %7s %18s %5s\n", "search", "var", "pos", "loss x1000 (se)", "best%", "vs first (se)",
           "out");
    for (size_t s = 0; s < searches.size(); ++s)
        for (int v = 0; v <= int(std::size(kVariants)); ++v) {
            std::vector<double> loss, diff;
            double agrees = 0;
            int outside = 0;
            for (size_t i = 0; i < positions.size(); ++i) {
                const Variant& pv = positions[i].request.game.variant();
                if (refs[i].answers.empty() || (v < int(std::size(kVariants)) && &pv != &kVariants[v])) continue;
                loss.push_back(1000 * losses[s][i].loss);
                diff.push_back(1000 * (losses[s][i].loss - losses[0][i].loss));
                agrees += losses[s][i].agrees, outside += losses[s][i].outside;
            }
            if (loss.empty()) continue;
            const MeanInterval l = mean_interval(loss), d = mean_interval(diff);
            char vs[40] = "";
            if (s > 0) snprintf(vs, sizeof vs, "%+8.2f (%5.2f)", d.mean, d.error);
            printf("%-44.44s %-5s %5ld %8.2f (%5.2f) %6.1f%% %18s %5d\n", searches[s].text.c_str(),
                   v < int(std::size(kVariants)) ? kVariants[v].name : "all", l.n, l.mean, l.error,
                   100 * agrees / double(l.n), vs, outside);
        }
}

}  // namespace kd
