// Time of one answer: CodinGame's limits, the share of them our players use,
// and the budget of the answer in progress, counted from its request's first line.
#pragma once

#include <algorithm>

#include "clock.h"
#include "codingame.h"

namespace kd {

// The time one answer may take.
class TimeBudget {
  public:
    TimeBudget(Clock::time_point start, double budget_ms)
        : start_(start), deadline_(start + ms_to_duration(budget_ms)), budget_ms_(budget_ms) {}
    double budget_ms() const { return budget_ms_; }
    Clock::time_point start() const { return start_; }
    Clock::time_point deadline() const { return deadline_; }
    double elapsed_ms() const { return duration_to_ms(Clock::now() - start_); }
    // True when work expected to take `cost`, started now, would end past the deadline.
    bool would_overrun(Clock::duration cost) const { return Clock::now() + cost >= deadline_; }

  private:
    Clock::time_point start_, deadline_;
    double budget_ms_;
};

// How much of CodinGame's limits our players use. The margins absorb the
// delays CodinGame's servers add and a busy machine's stalls.
struct TimeControl {
    double later_ms = 40;       // of 50
    double first_factor = 20;   // the first answer gets this many times more,
    double first_max_ms = 800;  // but no more than this, of 1000

    TimeBudget budget(Clock::time_point start, bool first_answer) const {
        return TimeBudget(start, first_answer ? std::min(later_ms * first_factor, first_max_ms) : later_ms);
    }
};

}  // namespace kd
