// The referee's limits, in one place. The first three are RULES.md's ("Output,
// per request" and "Picks, timeouts, elimination"), as is the 40-character cut
// of PICK messages, kMaxMessage in src/protocol.h (the bot cuts its own
// messages with it too). The others are the referee's own.
#pragma once

#include <cstddef>

namespace kd {
namespace limits {

constexpr double kFirstAnswerMs = 1000;  // a player's first answer of the game, times --time-scale
constexpr double kLaterAnswerMs = 50;    // every later answer, times --time-scale
constexpr size_t kMaxLineChars = 4096;   // a longer answer line is bad output

constexpr double kNoTimeoutCapMs = 60000;  // --no-timeout lifts the limits, but nothing may hang
constexpr double kSpinMs = 20;             // with --jobs 1, busy-wait this long before a deadline
constexpr size_t kStderrKeptBytes = 4096;  // the end of a bot's stderr kept per request
constexpr size_t kLineExcerptChars = 200;  // what the replay keeps of a line too long to read

}  // namespace limits
}  // namespace kd
