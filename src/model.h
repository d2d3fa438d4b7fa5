// The learned models, as the bot evaluates them: per variant the value
// network (a kingdom's points still to come, from src/model_features.h's
// value features), the value of a whole position (a seat's final share of
// the leaders' points, from its position features) and the playout policy's
// learnt weights. Their numbers are in src/model_weights.h and
// src/position_weights.h, which tools/train writes: each tensor quantized to
// 12-bit integers, two characters a weight (ASCII counts the same in bytes,
// code points and UTF-16 units, however CodinGame counts), with its scale.
#pragma once

#include <cmath>
#include <vector>

#include "model_features.h"
#ifndef KD_UPLOAD  // home only: the value of one kingdom, and the learnt policies (they lost by time)
#include "model_weights.h"
#endif
#include "position_weights.h"

namespace kd {

// A network as the generated headers spell it: inputs, normalised, ->
// hidden (ReLU) -> 1. Its numbers, in this order: per input an integer mean
// and the exponent of a power-of-two spread (x' = (x - mean) / 2^exponent,
// exact), then the tensors, each times its scale: first layer weights
// (hidden rows of inputs), its biases, the output weights, the output bias.
class QuantizedNet {
  public:
    QuantizedNet() = default;
    // shape: inputs and hidden units; none (absent) when `text` is null or the inputs are not `inputs`.
    QuantizedNet(const int* shape, const float* scales, const char* text, int inputs)
        : inputs_(shape[0]), hidden_(shape[1]) {
        const char* at = text;
        if (!at || hidden_ > kMaxHidden || inputs_ != inputs) return;
        for (int i = 0; i < inputs_; ++i, at += 2) mean_.push_back(float(decode(at)));
        for (int i = 0; i < inputs_; ++i, at += 2) inverse_spread_.push_back(std::ldexp(1.f, -decode(at)));
        const int sizes[4] = {hidden_ * inputs_, hidden_, hidden_, 1};
        std::vector<float>* tensors[4] = {&w1_, &b1_, &w2_, &b2_};
        for (int t = 0; t < 4; ++t)
            for (int i = 0; i < sizes[t]; ++i, at += 2) tensors[t]->push_back(scales[t] * float(decode(at)));
        // Kept input by input (hidden values side by side): the sums over the
        // hidden units vectorise.
        std::vector<float> by_input(w1_.size());
        for (int h = 0; h < hidden_; ++h)
            for (int i = 0; i < inputs_; ++i) by_input[size_t(i * hidden_ + h)] = w1_[size_t(h * inputs_ + i)];
        w1_.swap(by_input);
    }
    bool present() const { return !b2_.empty(); }
    int inputs() const { return inputs_; }

    float operator()(const float* x) const {
        float sums[kMaxHidden];
        for (int h = 0; h < hidden_; ++h) sums[h] = b1_[h];
        for (int i = 0; i < inputs_; ++i) {
            const float* w = &w1_[size_t(i * hidden_)];
            const float normal = (x[i] - mean_[i]) * inverse_spread_[i];
            for (int h = 0; h < hidden_; ++h) sums[h] += w[h] * normal;
        }
        float out = b2_[0];
        for (int h = 0; h < hidden_; ++h) out += w2_[h] * (sums[h] > 0 ? sums[h] : 0);
        return out;
    }
    static constexpr int kMaxHidden = 64;

    // Two characters of the alphabet below: a 12-bit integer, stored plus 2048.
    static int decode(const char* two) { return (digit(two[0]) << 6 | digit(two[1])) - 2048; }

  private:
    static int digit(char c) {
        return c >= 'A' && c <= 'Z' ? c - 'A' : c >= 'a' && c <= 'z' ? c - 'a' + 26 : c >= '0' && c <= '9' ? c - '0' + 52
               : c == '+' ? 62 : 63;
    }
    int inputs_ = 0, hidden_ = 0;
    std::vector<float> mean_, inverse_spread_, w1_, b1_, w2_, b2_;
};

// Every variant's models, decoded once.
class Models {
  public:
    static const Models& get() {
        static const Models models;
        return models;
    }
    const QuantizedNet& position(const Variant& v) const { return position_[&v - kVariants]; }
#ifndef KD_UPLOAD
    const QuantizedNet& value(const Variant& v) const { return value_[&v - kVariants]; }

    // The points seat's kingdom in g should still make (0 without a model for the variant).
    float points_to_come(const Game& g, int seat) const {
        const QuantizedNet& net = value(g.variant());
        if (!net.present()) return 0;
        float x[kValueFeatures];
        value_features(g, seat, x);
        return net(x);
    }
#endif
    // Seat's final share of the two leaders' points in g, foreseen (-1 without a model for the variant).
    float position_value(const Game& g, int seat) const {
        const QuantizedNet& net = position(g.variant());
        if (!net.present()) return -1;
        float x[kPositionFeatures];
        position_features(g, seat, x);
        return 1 / (1 + std::exp(-net(x)));
    }

  private:
    Models() {
        for (int v = 0; v < 4; ++v) {
            position_[v] = QuantizedNet(kPositionShapes[v], kPositionScales[v], kPositionWeights[v], kPositionFeatures);
#ifndef KD_UPLOAD
            value_[v] = QuantizedNet(kValueShapes[v], kValueScales[v], kValueWeights[v], kValueFeatures);
#endif
        }
    }
    QuantizedNet position_[4];
#ifndef KD_UPLOAD
    QuantizedNet value_[4];
#endif
};

}  // namespace kd
