// Time of one answer, all of it here: the share of CodinGame's limits our
// players use, the budget of the answer in progress (counted from its
// request's first line), the rule that tells the search when to stop, and the
// phases an answer went through, for the note of a slow one. The clock is
// injectable, so that tests can run the stop rule on a fake one.
#pragma once

#include <algorithm>
#include <cstdio>
#include <string>

#include "clock.h"
#include "codingame.h"

namespace kd {

// Where time is read: the steady clock, or a fake in tests.
class ClockSource {
  public:
    virtual ~ClockSource() = default;
    virtual Clock::time_point now() const = 0;
};
class SteadyClockSource : public ClockSource {
  public:
    Clock::time_point now() const override { return Clock::now(); }
};
inline const ClockSource& steady_clock() {
    static const SteadyClockSource clock;
    return clock;
}

// The time one answer may take, and where it went.
class TimeBudget {
  public:
    TimeBudget(Clock::time_point start, double budget_ms, const ClockSource& clock = steady_clock())
        : clock_(&clock), start_(start), deadline_(start + ms_to_duration(budget_ms)), budget_ms_(budget_ms) {}
    const ClockSource& clock() const { return *clock_; }
    Clock::time_point now() const { return clock_->now(); }
    double budget_ms() const { return budget_ms_; }
    Clock::time_point start() const { return start_; }
    Clock::time_point deadline() const { return deadline_; }
    double elapsed_ms() const { return duration_to_ms(now() - start_); }
    // The point by which work before the playouts should end: 1/divisor of the time left.
    Clock::time_point share_end(int divisor) const {
        const Clock::time_point now = this->now();
        return now + (deadline_ - now) / divisor;
    }

    // Phases of the answer, for the note of a slow one: `phase` ended now.
    void mark(const char* phase) const {
        if (n_marks_ < kMaxMarks) marks_[n_marks_++] = Mark{phase, now()};
    }
    // "reading 0.1 | candidates 0.4 | ..." in ms, each phase from the end of the one before.
    std::string phases_text() const {
        std::string text;
        Clock::time_point since = start_;
        char part[64];
        for (int i = 0; i < n_marks_; ++i) {
            snprintf(part, sizeof part, "%s%s %.2f", i ? " | " : "", marks_[i].phase, duration_to_ms(marks_[i].at - since));
            text += part;
            since = marks_[i].at;
        }
        return text;
    }

  private:
    static constexpr int kMaxMarks = 8;
    struct Mark {
        const char* phase;
        Clock::time_point at;
    };
    const ClockSource* clock_;
    Clock::time_point start_, deadline_;
    double budget_ms_;
    mutable Mark marks_[kMaxMarks];
    mutable int n_marks_ = 0;
};

// When the search stops: before each playout it asks should_stop(), which is
// true when the next playout could end past the deadline. A playout is taken
// to last twice the longest one so far (the machine may take the CPU away
// once during it, and once while the answer is written), or twice the mean,
// or a first guess before any was measured. On a busy machine the longest
// includes the preemptions, and the search stops that much earlier.
class StopRule {
  public:
    static constexpr double kFirstPlayoutGuessMs = 0.02;  // before one is measured
    static constexpr int kLongestAhead = 2, kMeanAhead = 2;

    explicit StopRule(const TimeBudget& budget) : budget_(budget), since_(budget.now()), last_(since_) {}

    // Called before each playout (the previous one, if any, just ended).
    bool should_stop() {
        const Clock::time_point now = budget_.now();
        if (started_) longest_ = std::max(longest_, now - last_);
        last_ = now;
        const Clock::duration ahead =
            started_ ? std::max(kLongestAhead * longest_, kMeanAhead * mean()) : ms_to_duration(kFirstPlayoutGuessMs);
        if (now + ahead >= budget_.deadline()) return true;
        started_ = true;
        ++playouts_;
        return false;
    }
    // Playouts that still fit before the deadline at the mean pace so far.
    double playouts_left() const {
        const Clock::time_point now = budget_.now();
        const double per = playouts_ > 1 ? duration_to_ms(now - since_) / double(playouts_) : kFirstPlayoutGuessMs;
        return std::max(0.0, duration_to_ms(budget_.deadline() - now)) / std::max(per, 1e-6);
    }
    long playouts() const { return playouts_; }

  private:
    Clock::duration mean() const { return playouts_ ? (last_ - since_) / playouts_ : Clock::duration::zero(); }

    const TimeBudget& budget_;
    Clock::time_point since_, last_;
    Clock::duration longest_ = Clock::duration::zero();
    long playouts_ = 0;
    bool started_ = false;
};

// How much of CodinGame's limits our players use. The margins absorb the
// delays CodinGame's servers add and a busy machine's stalls.
struct TimeControl {
    // 30 of the 50 ms: against 40 ms it cost nothing measurable (2p -12.2 Elo
    // [-35.5, +11.0], duel +13.9 [-17.6, +45.7], 4p first 25.5% [21.5, 30.0])
    // and a timeout loses the whole game (docs/experiments.md).
    double later_ms = 30;                    // of codingame::kLaterAnswerMs
    double first_factor = 27;                // the first answer gets this many times more,
    double first_max_ms = 800;               // but no more than this, of codingame::kFirstAnswerMs
    double first_ms = 0;                     // > 0: the first answer's budget exactly (--first-ms: A/B runs of later turns)
    double slow_note_ms = 45;                // an answer this slow writes its phases on stderr

    TimeBudget budget(Clock::time_point start, bool first_answer, const ClockSource& clock = steady_clock()) const {
        const double first = first_ms > 0 ? first_ms : std::min(later_ms * first_factor, first_max_ms);
        return TimeBudget(start, first_answer ? first : later_ms, clock);
    }
};

}  // namespace kd
