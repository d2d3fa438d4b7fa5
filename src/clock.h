// The one clock every part of the project reads (the bot's time manager, the
// referee's deadlines, the tests), and conversions to and from milliseconds.
#pragma once

#include <chrono>

namespace kd {

using Clock = std::chrono::steady_clock;

inline Clock::duration ms_to_duration(double ms) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms));
}
inline double duration_to_ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

}  // namespace kd
