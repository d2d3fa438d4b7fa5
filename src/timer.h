// Time of one answer, from the moment its request's first line arrived.
#pragma once

#include <chrono>

namespace kd {

using Clock = std::chrono::steady_clock;

class Timer {
  public:
    explicit Timer(Clock::time_point start = Clock::now()) : start_(start) {}
    double elapsed_ms() const { return std::chrono::duration<double, std::milli>(Clock::now() - start_).count(); }
    Clock::time_point start() const { return start_; }

  private:
    Clock::time_point start_;
};

}  // namespace kd
