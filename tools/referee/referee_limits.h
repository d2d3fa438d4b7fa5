// The referee's own limits, in one place. CodinGame's (the answer times, the
// length of a line and of a PICK message) are src/codingame.h's, which the
// bot keeps inside and the referee enforces.
#pragma once

#include <cstddef>

namespace kd {
namespace limits {

constexpr double kNoTimeoutCapMs = 60000;  // --no-timeout lifts the limits, but nothing may hang
constexpr double kSpinMs = 20;             // with --jobs 1, busy-wait this long before a deadline
constexpr size_t kStderrKeptBytes = 4096;  // the end of a bot's stderr kept per request
constexpr double kNoteWaitMs = 5;          // times --time-scale: the longest wait for a bot to note its answer (match.h)
constexpr size_t kLineExcerptChars = 200;  // what the replay keeps of a line too long to read

}  // namespace limits
}  // namespace kd
