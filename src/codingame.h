// CodinGame's limits, as RULES.md states them ("Output, per request" and
// "Picks, timeouts, elimination"): the bot keeps inside them and the referee
// enforces them, both from these names.
#pragma once

#include <cstddef>

namespace kd {
namespace codingame {

constexpr double kFirstAnswerMs = 1000;  // a player's first answer of the game
constexpr double kLaterAnswerMs = 50;    // every later answer
constexpr size_t kMaxLineChars = 4096;   // a longer answer line is badly formatted
constexpr size_t kMaxMessageChars = 40;  // what viewers see of a PICK message
constexpr size_t kMaxUploadChars = 100000;  // the one source file pasted into the IDE

}  // namespace codingame
}  // namespace kd
