// Tests for tools/referee/stats.h: intervals, Elo estimates, SPRT parsing and
// the pentanomial log-likelihood ratio. Expected numbers were computed by hand
// (or by independent code in this file), not by calling the code under test.
#include "stats.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>

namespace {

using kd::SprtDecision;
using kd::SprtParams;

// ---- Wilson interval -------------------------------------------------------

TEST(WilsonInterval, HalfOfHundred) {
    const kd::Interval interval = kd::wilson_interval(50, 100);
    EXPECT_NEAR(interval.low, 0.403832, 1e-4);
    EXPECT_NEAR(interval.high, 0.596168, 1e-4);
}

TEST(WilsonInterval, NoSuccessesIsNotEmpty) {
    const kd::Interval interval = kd::wilson_interval(0, 10);
    EXPECT_NEAR(interval.low, 0.0, 1e-9);
    EXPECT_NEAR(interval.high, 0.277533, 1e-4);
}

TEST(WilsonInterval, AllSuccesses) {
    const kd::Interval interval = kd::wilson_interval(10, 10);
    EXPECT_NEAR(interval.low, 0.722467, 1e-4);
    EXPECT_NEAR(interval.high, 1.0, 1e-9);
}

TEST(WilsonInterval, FractionalSuccessesFromDraws) {
    const kd::Interval interval = kd::wilson_interval(7.5, 20);
    EXPECT_NEAR(interval.low, 0.199771, 1e-4);
    EXPECT_NEAR(interval.high, 0.590510, 1e-4);
}

TEST(WilsonInterval, NoGamesMeansNoInformation) {
    const kd::Interval interval = kd::wilson_interval(0, 0);
    EXPECT_EQ(interval.low, 0.0);
    EXPECT_EQ(interval.high, 1.0);
}

// ---- Elo <-> score -----------------------------------------------------------

TEST(Elo, KnownValues) {
    EXPECT_NEAR(kd::elo_from_score(0.75), 190.8485, 1e-3);
    EXPECT_NEAR(kd::elo_from_score(0.25), -190.8485, 1e-3);
    EXPECT_NEAR(kd::elo_from_score(0.5), 0.0, 1e-12);
    EXPECT_NEAR(kd::score_from_elo(400), 10.0 / 11.0, 1e-12);
}

TEST(Elo, RoundTrip) {
    for (double elo = -800; elo <= 800; elo += 37.5) {
        EXPECT_NEAR(kd::elo_from_score(kd::score_from_elo(elo)), elo, 1e-9);
    }
    for (double score = 0.01; score < 1.0; score += 0.07) {
        EXPECT_NEAR(kd::score_from_elo(kd::elo_from_score(score)), score, 1e-12);
    }
}

TEST(Elo, ExtremeScoresStayFinite) {
    EXPECT_TRUE(std::isfinite(kd::elo_from_score(0.0)));
    EXPECT_TRUE(std::isfinite(kd::elo_from_score(1.0)));
    EXPECT_GT(kd::elo_from_score(1.0), 2000);
    EXPECT_LT(kd::elo_from_score(0.0), -2000);
}

// ---- Elo estimates -----------------------------------------------------------

TEST(EloPentanomial, SymmetricResultIsZeroWithSymmetricInterval) {
    const kd::EloEstimate estimate = kd::elo_pentanomial({10, 20, 40, 20, 10});
    EXPECT_NEAR(estimate.score, 0.5, 1e-12);
    EXPECT_NEAR(estimate.elo, 0.0, 1e-9);
    EXPECT_NEAR(estimate.low, -estimate.high, 1e-9);
    // Pair variance 0.075, standard error sqrt(0.075 / 100), mapped to Elo by hand.
    EXPECT_NEAR(estimate.high, 37.44206, 1e-3);
    EXPECT_EQ(estimate.n, 200);
}

TEST(EloPentanomial, StrongResultHasPositiveLowerBound) {
    const kd::EloEstimate estimate = kd::elo_pentanomial({5, 20, 100, 200, 175});
    EXPECT_NEAR(estimate.score, 0.76, 1e-12);
    EXPECT_NEAR(estimate.elo, 200.24094, 1e-3);
    EXPECT_NEAR(estimate.low, 182.08274, 1e-3);
    EXPECT_NEAR(estimate.high, 219.44391, 1e-3);
    EXPECT_GT(estimate.low, 0.0);
}

TEST(EloPentanomial, DegenerateInputsGiveFiniteNumbers) {
    const kd::EloEstimate none = kd::elo_pentanomial({0, 0, 0, 0, 0});
    EXPECT_EQ(none.n, 0);
    EXPECT_EQ(none.elo, 0.0);
    EXPECT_LT(none.low, 0.0);
    EXPECT_GT(none.high, 0.0);
    const kd::EloEstimate all_wins = kd::elo_pentanomial({0, 0, 0, 0, 30});
    EXPECT_TRUE(std::isfinite(all_wins.elo));
    EXPECT_TRUE(std::isfinite(all_wins.low));
    EXPECT_GT(all_wins.elo, 1000);
}

// ---- parse_sprt --------------------------------------------------------------

TEST(ParseSprt, AcceptsFullAndPartialSpecs) {
    SprtParams params;
    std::string error;
    ASSERT_TRUE(kd::parse_sprt("elo0=0,elo1=10,alpha=0.05,beta=0.05", params, error)) << error;
    EXPECT_EQ(params.elo0, 0.0);
    EXPECT_EQ(params.elo1, 10.0);

    ASSERT_TRUE(kd::parse_sprt("beta=0.1, elo1=5 ,elo0=-2.5", params, error)) << error;
    EXPECT_EQ(params.elo0, -2.5);
    EXPECT_EQ(params.elo1, 5.0);
    EXPECT_EQ(params.alpha, 0.05);
    EXPECT_EQ(params.beta, 0.1);

    ASSERT_TRUE(kd::parse_sprt("", params, error)) << error;
    EXPECT_EQ(params.elo1, 10.0);
    ASSERT_TRUE(kd::parse_sprt("alpha=1e-2", params, error)) << error;
    EXPECT_EQ(params.alpha, 0.01);
}

TEST(ParseSprt, RejectsBadSpecs) {
    const char* bad[] = {
        "elo2=3",               // unknown key
        "elo0=abc",             // not a number
        "elo0=1x",              // trailing junk
        "elo0=",                // empty value
        "elo0",                 // no '='
        "alpha=0",              // alpha must be in (0,1)
        "alpha=1",
        "beta=-0.1",
        "beta=1.5",
        "elo0=10,elo1=10",      // elo0 must be below elo1
        "elo0=5,elo1=0",
        "elo0=1,elo0=2",        // repeated key
        "elo0=0,",              // empty item
        "alpha=0.6,beta=0.6",   // bounds would cross
        "elo1=inf",
        "elo1=nan",
    };
    for (const char* text : bad) {
        SprtParams params;
        params.elo1 = 42;
        std::string error;
        EXPECT_FALSE(kd::parse_sprt(text, params, error)) << text;
        EXPECT_FALSE(error.empty()) << text;
        EXPECT_EQ(params.elo1, 42.0) << "output changed on error: " << text;
    }
}

// ---- SPRT --------------------------------------------------------------------

// Independent LLR: the same regularization, but lambda found by a zooming grid
// search on |g(lambda)| rather than by bisection on its sign.
double brute_force_llr(const std::array<long, 5>& pairs, double elo0, double elo1) {
    std::array<double, 5> f{};
    double total = 0;
    for (int k = 0; k < 5; ++k) {
        f[k] = pairs[k] == 0 ? 1e-3 : static_cast<double>(pairs[k]);
        total += f[k];
    }
    for (double& value : f) value /= total;
    auto log_p = [&](double s, int k, double lambda) {
        return std::log(f[k]) - std::log(1.0 + lambda * (k / 4.0 - s));
    };
    auto best_lambda = [&](double s) {
        double low = -1.0 / (1.0 - s), high = 1.0 / s;
        for (int round = 0; round < 12; ++round) {
            const int steps = 4000;
            double best = 0, best_error = INFINITY;
            for (int i = 1; i < steps; ++i) {
                const double lambda = low + (high - low) * i / steps;
                double g = 0;
                for (int k = 0; k < 5; ++k) {
                    const double d = k / 4.0 - s;
                    g += f[k] * d / (1.0 + lambda * d);
                }
                if (std::fabs(g) < best_error) best_error = std::fabs(g), best = lambda;
            }
            const double width = (high - low) / steps;
            low = std::max(low, best - 2 * width);
            high = std::min(high, best + 2 * width);
        }
        return 0.5 * (low + high);
    };
    const double s0 = 1.0 / (1.0 + std::pow(10.0, -elo0 / 400.0));
    const double s1 = 1.0 / (1.0 + std::pow(10.0, -elo1 / 400.0));
    const double lambda0 = best_lambda(s0), lambda1 = best_lambda(s1);
    double llr = 0;
    for (int k = 0; k < 5; ++k) llr += f[k] * (log_p(s1, k, lambda1) - log_p(s0, k, lambda0));
    return total * llr;
}

// Normal approximation LLR = (s1 - s0)(2 sum_x - N (s0 + s1)) / (2 var), with
// x the per-game score of each pair and var its variance over pairs.
double normal_llr(const std::array<long, 5>& pairs, double elo0, double elo1) {
    double n = 0, sum = 0;
    for (int k = 0; k < 5; ++k) n += pairs[k], sum += pairs[k] * k / 4.0;
    const double mean = sum / n;
    double var = 0;
    for (int k = 0; k < 5; ++k) var += pairs[k] * (k / 4.0 - mean) * (k / 4.0 - mean) / n;
    const double s0 = 1.0 / (1.0 + std::pow(10.0, -elo0 / 400.0));
    const double s1 = 1.0 / (1.0 + std::pow(10.0, -elo1 / 400.0));
    return (s1 - s0) * (2 * sum - n * (s0 + s1)) / (2 * var);
}

SprtParams bounds(double elo0, double elo1) {
    SprtParams params;
    params.elo0 = elo0;
    params.elo1 = elo1;
    return params;
}

TEST(Sprt, BoundsFollowAlphaBeta) {
    const kd::SprtResult result = kd::sprt_pentanomial({1, 1, 1, 1, 1}, bounds(0, 10));
    EXPECT_NEAR(result.lower, std::log(0.05 / 0.95), 1e-12);
    EXPECT_NEAR(result.upper, std::log(0.95 / 0.05), 1e-12);
    EXPECT_NEAR(result.upper, 2.944439, 1e-6);
}

TEST(Sprt, ClearWinAcceptsH1) {
    const kd::SprtResult result = kd::sprt_pentanomial({5, 20, 100, 200, 175}, bounds(0, 10));
    EXPECT_GT(result.llr, result.upper);
    EXPECT_EQ(result.decision, SprtDecision::AcceptH1);
}

TEST(Sprt, ClearLossAcceptsH0) {
    const kd::SprtResult result = kd::sprt_pentanomial({175, 200, 100, 20, 5}, bounds(0, 10));
    EXPECT_LT(result.llr, result.lower);
    EXPECT_EQ(result.decision, SprtDecision::AcceptH0);
}

TEST(Sprt, ZeroEloWithManyPairsAcceptsH0) {
    // Mean exactly 0.5, so p(s0) is the empirical distribution and the LLR is
    // -N * KL, about -N (s1 - s0)^2 / (2 var) = -2000 * 0.01439^2 / 0.1 = -4.1.
    const std::array<long, 5> pairs = {100, 400, 1000, 400, 100};
    const kd::SprtResult result = kd::sprt_pentanomial(pairs, bounds(0, 10));
    EXPECT_LT(result.llr, -3.5);
    EXPECT_GT(result.llr, -4.8);
    EXPECT_EQ(result.decision, SprtDecision::AcceptH0);
}

TEST(Sprt, TinySampleContinues) {
    const kd::SprtResult result = kd::sprt_pentanomial({0, 1, 1, 1, 0}, bounds(0, 10));
    EXPECT_TRUE(std::isfinite(result.llr));
    EXPECT_EQ(result.decision, SprtDecision::Continue);
}

TEST(Sprt, NoPairsContinuesWithZeroLlr) {
    const kd::SprtResult result = kd::sprt_pentanomial({0, 0, 0, 0, 0}, bounds(0, 10));
    EXPECT_EQ(result.llr, 0.0);
    EXPECT_EQ(result.decision, SprtDecision::Continue);
}

TEST(Sprt, IdenticalPairsGiveFiniteSensibleLlr) {
    const kd::SprtResult all_wins = kd::sprt_pentanomial({0, 0, 0, 0, 30}, bounds(0, 10));
    EXPECT_TRUE(std::isfinite(all_wins.llr));
    EXPECT_GT(all_wins.llr, 0.0);
    const kd::SprtResult all_losses = kd::sprt_pentanomial({30, 0, 0, 0, 0}, bounds(0, 10));
    EXPECT_TRUE(std::isfinite(all_losses.llr));
    EXPECT_LT(all_losses.llr, 0.0);
    const kd::SprtResult all_even = kd::sprt_pentanomial({0, 0, 2000, 0, 0}, bounds(0, 10));
    EXPECT_TRUE(std::isfinite(all_even.llr));
    EXPECT_EQ(all_even.decision, SprtDecision::AcceptH0);
    const kd::SprtResult one_pair = kd::sprt_pentanomial({0, 0, 1, 0, 0}, bounds(0, 10));
    EXPECT_TRUE(std::isfinite(one_pair.llr));
    EXPECT_EQ(one_pair.decision, SprtDecision::Continue);
}

TEST(Sprt, MatchesBruteForce) {
    struct Case {
        std::array<long, 5> pairs;
        double elo0, elo1;
    };
    const Case cases[] = {
        {{5, 20, 100, 200, 175}, 0, 10},
        {{30, 80, 120, 70, 25}, 0, 10},
        {{30, 80, 120, 70, 25}, -10, 5},
        {{0, 3, 10, 4, 0}, 0, 20},
        {{12, 0, 40, 0, 9}, -5, 5},
        {{100, 400, 1000, 400, 100}, 0, 10},
    };
    for (const Case& c : cases) {
        const double expected = brute_force_llr(c.pairs, c.elo0, c.elo1);
        const double actual = kd::sprt_pentanomial(c.pairs, bounds(c.elo0, c.elo1)).llr;
        EXPECT_NEAR(actual, expected, 1e-6 + 1e-6 * std::fabs(expected))
            << c.pairs[0] << "," << c.pairs[1] << "," << c.pairs[2] << "," << c.pairs[3] << ","
            << c.pairs[4] << " elo " << c.elo0 << ".." << c.elo1;
    }
}

TEST(Sprt, AgreesWithNormalApproximationOnLargeSample) {
    // About +10 Elo over 20000 pairs, tested between 0 and 5: LLR about +31.
    const std::array<long, 5> pairs = {800, 3800, 10000, 4200, 1200};
    const double expected = normal_llr(pairs, 0, 5);
    const double actual = kd::sprt_pentanomial(pairs, bounds(0, 5)).llr;
    EXPECT_GT(expected, 10.0);
    EXPECT_NEAR(actual, expected, 0.03 * std::fabs(expected));

    const double expected_h0 = normal_llr(pairs, 10, 20);
    const double actual_h0 = kd::sprt_pentanomial(pairs, bounds(10, 20)).llr;
    EXPECT_LT(expected_h0, -10.0);
    EXPECT_NEAR(actual_h0, expected_h0, 0.03 * std::fabs(expected_h0));
}

TEST(Sprt, MirroredRecordNegatesLlr) {
    // Swapping the bots' roles mirrors the record and the hypotheses.
    const std::array<long, 5> pairs = {30, 80, 120, 70, 25};
    const std::array<long, 5> mirrored = {25, 70, 120, 80, 30};
    const double forward = kd::sprt_pentanomial(pairs, bounds(0, 10)).llr;
    const double backward = kd::sprt_pentanomial(mirrored, bounds(-10, 0)).llr;
    EXPECT_NEAR(forward, -backward, 1e-9);
    EXPECT_NE(forward, 0.0);
}

TEST(PentanomialMle, HasRequestedMeanAndIsMostLikely) {
    const std::array<double, 5> frequencies = {0.1, 0.2, 0.35, 0.25, 0.1};
    const double s = 0.56;
    const std::array<double, 5> p = kd::pentanomial_mle(frequencies, s);
    double total = 0, mean = 0;
    for (int k = 0; k < 5; ++k) total += p[k], mean += p[k] * k / 4.0;
    EXPECT_NEAR(total, 1.0, 1e-9);
    EXPECT_NEAR(mean, s, 1e-9);
    // Moving along directions that keep the sum and the mean must not raise the
    // likelihood: checks optimality without using lambda at all.
    auto log_likelihood = [&](const std::array<double, 5>& q) {
        double sum = 0;
        for (int k = 0; k < 5; ++k) sum += frequencies[k] * std::log(q[k]);
        return sum;
    };
    const double best = log_likelihood(p);
    const std::array<std::array<double, 5>, 3> directions = {{
        {1, -2, 1, 0, 0}, {0, 1, -2, 1, 0}, {0, 0, 1, -2, 1}}};
    for (const auto& direction : directions) {
        for (double step : {-0.01, -0.001, 0.001, 0.01}) {
            std::array<double, 5> q = p;
            for (int k = 0; k < 5; ++k) q[k] += step * direction[k];
            EXPECT_LT(log_likelihood(q), best);
        }
    }
}

}  // namespace
