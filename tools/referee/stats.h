// Statistics the referee uses to judge one bot against another: confidence
// intervals, Elo estimates from game results, and a sequential test (SPRT)
// that says when enough games have been played to accept or reject a change.
#pragma once

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <map>
#include <numeric>
#include <set>
#include <string>
#include <vector>

namespace kd {

struct Interval {
    double low, high;
};

// 95% Wilson score interval of a proportion; `successes` may be fractional
// (a draw counts 0.5). Unlike the plain normal interval it stays inside
// [0, 1] and is not empty at 0/n or n/n. With n <= 0 it is all of [0, 1].
inline Interval wilson_interval(double successes, int n, double z = 1.959963984540054) {
    if (n <= 0) return {0.0, 1.0};
    const double p = successes / n;
    const double z2_over_n = z * z / n;
    const double denominator = 1.0 + z2_over_n;
    const double center = (p + z2_over_n / 2.0) / denominator;
    const double spread = std::sqrt(std::max(0.0, p * (1.0 - p) / n) + z2_over_n / (4.0 * n));
    const double half_width = z * spread / denominator;
    return {std::max(0.0, center - half_width), std::min(1.0, center + half_width)};
}

// Scores are kept this far from 0 and 1 so that Elo stays finite (about +-2400).
constexpr double score_margin = 1e-6;

inline double clamp_score(double score) { return std::clamp(score, score_margin, 1.0 - score_margin); }

// Logistic Elo difference that gives an expected score per game of `score`.
inline double elo_from_score(double score) {
    return -400.0 * std::log10(1.0 / clamp_score(score) - 1.0);
}

// Expected score per game of a player `elo` points stronger than its opponent.
inline double score_from_elo(double elo) {
    return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

// Mean score per game with its 95% interval, in score and in Elo.
// `n` counts games (a pair is two games).
struct EloEstimate {
    double score;
    double elo;
    double low;
    double high;
    int n;
};

constexpr double normal_95 = 1.959963984540054;

// The mean of independent samples with its standard error and 95% normal
// interval (the samples' own spread; with fewer than two samples the interval is the mean).
struct MeanInterval {
    double mean = 0, low = 0, high = 0, error = 0;
    long n = 0;
};

inline MeanInterval mean_interval(const std::vector<double>& samples) {
    MeanInterval m;
    m.n = long(samples.size());
    if (m.n == 0) return m;
    m.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(m.n);
    double squares = 0;
    for (double x : samples) squares += (x - m.mean) * (x - m.mean);
    if (m.n > 1) m.error = std::sqrt(squares / double(m.n - 1) / double(m.n));
    m.low = m.mean - normal_95 * m.error, m.high = m.mean + normal_95 * m.error;
    return m;
}

// Score per game of bot A in a pair where it scored k half-points, k = 0..4.
inline double pair_score(int k) { return k / 4.0; }

// Elo from paired games (same seed, seats swapped). pairs[k] = pairs in which
// bot A scored k/2 points. The variance is taken over pairs, not games, because
// the two games of a pair are correlated; pairing removes the seat advantage.
inline EloEstimate elo_pentanomial(const std::array<long, 5>& pairs) {
    const double total = std::accumulate(pairs.begin(), pairs.end(), 0.0);
    double sum = 0;
    for (int k = 0; k < 5; ++k) sum += pairs[k] * pair_score(k);
    if (total <= 0) return {0.5, 0.0, elo_from_score(0.0), elo_from_score(1.0), 0};
    const double mean = sum / total;
    double variance = 0;
    for (int k = 0; k < 5; ++k) variance += pairs[k] / total * std::pow(pair_score(k) - mean, 2);
    const double standard_error = std::sqrt(std::max(0.0, variance) / total);
    const double low = mean - normal_95 * standard_error, high = mean + normal_95 * standard_error;
    return {mean, elo_from_score(mean), elo_from_score(low), elo_from_score(high), static_cast<int>(2 * total)};
}

// H0: bot A is elo0 stronger; H1: it is elo1 stronger. alpha and beta are the
// accepted chances of a false H1 and a false H0.
struct SprtParams {
    double elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05;
};

// Parses "elo0=0,elo1=10,alpha=0.05,beta=0.05" (any subset, any order, spaces
// allowed); keys left out keep their defaults. On error returns false, sets
// `error` and leaves `out` unchanged.
inline bool parse_sprt(const std::string& text, SprtParams& out, std::string& error) {
    auto trim = [](const std::string& s) {
        const auto first = s.find_first_not_of(" \t");
        return first == std::string::npos ? "" : s.substr(first, s.find_last_not_of(" \t") - first + 1);
    };
    SprtParams p;
    const std::map<std::string, double*> fields{{"elo0", &p.elo0}, {"elo1", &p.elo1}, {"alpha", &p.alpha}, {"beta", &p.beta}};
    std::set<std::string> seen;
    const std::string body = trim(text);
    for (size_t start = 0; !body.empty() && start <= body.size();) {
        const size_t comma = std::min(body.find(',', start), body.size());
        const std::string item = trim(body.substr(start, comma - start));
        start = comma + 1;
        const size_t equals = item.find('=');
        if (equals == std::string::npos) return error = "expected key=value, got '" + item + "'", false;
        const std::string key = trim(item.substr(0, equals)), value = trim(item.substr(equals + 1));
        const auto field = fields.find(key);
        if (field == fields.end()) return error = "unknown key '" + key + "' (expected elo0, elo1, alpha or beta)", false;
        if (!seen.insert(key).second) return error = "key '" + key + "' given twice", false;
        char* end = nullptr;
        errno = 0;
        *field->second = std::strtod(value.c_str(), &end);
        if (value.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(*field->second))
            return error = "bad number '" + value + "' for " + key, false;
    }
    if (!(p.alpha > 0 && p.alpha < 1) || !(p.beta > 0 && p.beta < 1))
        return error = "alpha and beta must lie strictly between 0 and 1", false;
    if (p.alpha + p.beta >= 1) return error = "alpha + beta must be below 1", false;  // otherwise the two bounds cross
    if (p.elo0 >= p.elo1) return error = "elo0 must be below elo1", false;
    out = p;
    return true;
}

enum class SprtDecision { Continue, AcceptH1, AcceptH0 };

struct SprtResult {
    double llr, lower, upper;
    SprtDecision decision;
};

// The distribution closest to `frequencies` (most likely given the observed
// pairs) among those with mean pair score `score`: p_k = f_k / (1 + lambda (x_k - score)).
// Needs frequencies[0] > 0, frequencies[4] > 0 and 0 < score < 1, so that a root exists.
inline std::array<double, 5> pentanomial_mle(const std::array<double, 5>& frequencies, double score) {
    // g(lambda) = sum f_k (x_k - s) / (1 + lambda (x_k - s)) falls strictly from
    // +inf to -inf between the poles of the x = 1 and x = 0 terms: bisect it.
    auto g = [&](double lambda) {
        double sum = 0;
        for (int k = 0; k < 5; ++k) {
            const double d = pair_score(k) - score;
            sum += frequencies[k] * d / (1.0 + lambda * d);
        }
        return sum;
    };
    double low = -1.0 / (1.0 - score), high = 1.0 / score;
    for (int step = 0; step < 2000; ++step) {
        const double middle = 0.5 * (low + high);
        if (middle <= low || middle >= high) break;  // interval is one ulp wide
        (g(middle) > 0 ? low : high) = middle;
    }
    const double lambda = 0.5 * (low + high);
    std::array<double, 5> p{};
    for (int k = 0; k < 5; ++k) p[k] = frequencies[k] / (1.0 + lambda * (pair_score(k) - score));
    return p;
}

// Generalized SPRT on pair results (Van den Bergh, as in fishtest/fastchess)
// with logistic Elo bounds. Empty categories get a count of 1e-3, as fishtest
// does, so every category is possible under both hypotheses. With no pairs the
// LLR is 0 and the test continues.
inline SprtResult sprt_pentanomial(const std::array<long, 5>& pairs, const SprtParams& params) {
    SprtResult result{0.0, std::log(params.beta / (1.0 - params.alpha)),
                      std::log((1.0 - params.beta) / params.alpha), SprtDecision::Continue};
    if (std::accumulate(pairs.begin(), pairs.end(), 0L) <= 0) return result;

    std::array<double, 5> frequencies{};
    for (int k = 0; k < 5; ++k) frequencies[k] = pairs[k] > 0 ? static_cast<double>(pairs[k]) : 1e-3;
    const double total = std::accumulate(frequencies.begin(), frequencies.end(), 0.0);
    for (double& f : frequencies) f /= total;

    const auto p0 = pentanomial_mle(frequencies, clamp_score(score_from_elo(params.elo0)));
    const auto p1 = pentanomial_mle(frequencies, clamp_score(score_from_elo(params.elo1)));
    double llr = 0;
    for (int k = 0; k < 5; ++k) llr += frequencies[k] * std::log(p1[k] / p0[k]);
    llr *= total;
    if (!std::isfinite(llr)) return result;  // numerical breakdown: no verdict

    result.llr = llr;
    if (llr >= result.upper) result.decision = SprtDecision::AcceptH1;
    else if (llr <= result.lower) result.decision = SprtDecision::AcceptH0;
    return result;
}

}  // namespace kd
