// The screen's reference: every candidate answer of every position valued
// by a search far stronger than the bot (many times its budget), computed
// once and kept in a file with the command that made it.
//
//   kingdomino-screen-reference 1
//   searcher --budget 64 --set tree_depth=4       the searcher's options
//   positions FILE HASH                           FNV-1a of the positions file's bytes
//   position 0 2p turn 3 candidates 84            then one line per candidate:
//   3 4 0 17 0.51234 12000                        x y rotation pick value playouts
//   position 1 none                               (not a Monte Carlo decision: left out)
#pragma once

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "searcher.h"

namespace kd {

struct ValuedAnswer {
    Placement put;
    int pick = -1;
    double value = 0;
    long playouts = 0;
};

// A position's candidates as the reference valued them (none: left out).
struct Reference {
    std::vector<ValuedAnswer> answers;

    // The best and the worst candidate's value, of a position not left out.
    double best() const { return std::max_element(answers.begin(), answers.end(), by_value)->value; }
    double worst() const { return std::min_element(answers.begin(), answers.end(), by_value)->value; }
    static bool by_value(const ValuedAnswer& a, const ValuedAnswer& b) { return a.value < b.value; }
    // The value of answer (put, pick); false when it is not a candidate.
    bool value_of(Placement put, int pick, double& value) const {
        for (const ValuedAnswer& a : answers)
            if (a.put == put && a.pick == pick) return value = a.value, true;
        return false;
    }
};

// FNV-1a of a file's bytes, in hex: the reference names its positions by content.
inline std::string file_hash(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    uint64_t h = 1469598103934665603ull;
    for (char c; in.get(c);) h = (h ^ uint64_t(uint8_t(c))) * 1099511628211ull;
    char text[20];
    snprintf(text, sizeof text, "%016llx", (unsigned long long)h);
    return text;
}

// The reference of one position: the searcher's every candidate, or none.
inline Reference reference_of(const Searcher& searcher, const SearchPosition& p) {
    const SearchReport rep = searcher.decide(p.request, p.seed);
    Reference ref;
    if (std::string(rep.mode) != "mc") return ref;
    for (const CandidateReport& c : rep.ranked) ref.answers.push_back(ValuedAnswer{c.put, c.pick, c.value, c.playouts});
    return ref;
}

inline std::string reference_text(const Searcher& searcher, const std::string& positions_path,
                                  const std::vector<SearchPosition>& positions, const std::vector<Reference>& refs) {
    std::ostringstream out;
    out << "kingdomino-screen-reference 1\nsearcher " << searcher.text << "\npositions " << positions_path << " "
        << file_hash(positions_path) << "\n";
    char line[96];
    for (size_t i = 0; i < refs.size(); ++i) {
        const Game& g = positions[i].request.game;
        if (refs[i].answers.empty()) {
            out << "position " << i << " none\n";
            continue;
        }
        out << "position " << i << " " << g.variant().name << " turn " << g.turn() << " candidates "
            << refs[i].answers.size() << "\n";
        for (const ValuedAnswer& a : refs[i].answers) {
            snprintf(line, sizeof line, "%d %d %d %d %.6f %ld\n", a.put.x, a.put.y, a.put.rotation, a.pick, a.value,
                     a.playouts);
            out << line;
        }
    }
    return out.str();
}

// Reads a reference file for `positions` (its hash must match); false with the reason in `error`.
inline bool read_reference(const std::string& path, const std::string& positions_path, size_t n_positions,
                           std::vector<Reference>& out, std::string& error) {
    std::ifstream in(path);
    std::string line, word, hash;
    if (!in || !std::getline(in, line) || line != "kingdomino-screen-reference 1")
        return error = path + ": not a screen reference (its first line is not 'kingdomino-screen-reference 1')", false;
    std::getline(in, line);  // the searcher
    std::getline(in, line);
    std::istringstream head(line);
    head >> word >> word >> hash;
    if (hash != file_hash(positions_path))
        return error = path + " was made for other positions than " + positions_path + "'s (hash differs)", false;
    out.assign(n_positions, Reference{});
    Reference* current = nullptr;
    while (std::getline(in, line)) {
        std::istringstream w(line);
        size_t index;
        if (line.rfind("position ", 0) == 0) {
            w >> word >> index;
            if (index >= n_positions) return error = path + ": no position " + std::to_string(index), false;
            current = &out[index];
            continue;
        }
        int x, y, r;
        ValuedAnswer a;
        if (!current || !(w >> x >> y >> r >> a.pick >> a.value >> a.playouts))
            return error = path + ": a line that does not read: '" + line + "'", false;
        a.put = Placement{int8_t(x), int8_t(y), int8_t(r)};
        current->answers.push_back(a);
    }
    return true;
}

}  // namespace kd
