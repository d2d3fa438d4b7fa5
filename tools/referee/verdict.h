// One request written and its answer read (Exchange), and what the answer is
// worth before the game plays it (Verdict: its fault, or what it parsed to).
#pragma once

#include <string>

#include "bot_process.h"
#include "clock.h"
#include "codingame.h"
#include "game.h"
#include "referee_protocol.h"
#include "utf8.h"

namespace kd {

namespace match_detail {

inline const char* put_result_name(PutResult r) {
    switch (r) {
        case PutResult::Placed: return "placed";
        case PutResult::Ignored: return "ignored";
        case PutResult::NoLegalSpot: return "no_legal_spot";
        case PutResult::Illegal: return "illegal";
    }
    return "none";
}

// Why an answer failed; every fault but IllegalPut ends the player's game.
enum class Fault { None, Timeout, Crash, BadOutput, IllegalPut, InvalidPick };
inline const char* fault_name(Fault f) {
    static const char* const names[] = {"", "timeout", "crash", "bad_output", "illegal_put", "invalid_pick"};
    return names[int(f)];
}

// One request written and its answer read: the text both ways and the times.
struct Exchange {
    std::string input;                // the exact text sent
    std::string raw;                  // the exact text read
    std::string put_line, pick_line;  // the answer's two lines, when read
    BotProcess::Io io = BotProcess::Io::Ok;
    bool input_refused = false;       // the request itself could not be written
    double limit_ms = 0, answer_ms = 0;
    Clock::time_point start, written, read;
};

// What an answer comes to: its fault, if any, and what it said.
struct Verdict {
    Fault fault = Fault::None;
    std::string detail;           // why, for the replay
    Placement put;
    int pick = -1;
    std::string message;
    bool put_parsed = false;      // a PUT to record (none on the first turn)
    bool applied = false;         // the game took the answer (its PICK was judged)
    bool pick_made = false;       // and its PICK took a tile of the draft
    const char* put_result = "none";
};

// What the answer read in `ex` is worth, before the game judges its PUT and PICK.
inline Verdict judge(const Exchange& ex, int turn) {
    Verdict v;
    switch (ex.io) {
        case BotProcess::Io::Timeout:
            v.fault = Fault::Timeout;
            v.detail = "no answer within " + std::to_string(int(ex.limit_ms)) + " ms";
            break;
        case BotProcess::Io::Closed:
            v.fault = Fault::Crash;
            v.detail = ex.input_refused ? "closed its input or exited"
                       : ex.raw.empty() ? "exited or closed its output"
                                        : "output ended in the middle of an answer";
            break;
        case BotProcess::Io::TooLong:
            v.fault = Fault::BadOutput;
            v.detail = "a line longer than " + std::to_string(codingame::kMaxLineChars) + " characters";
            break;
        case BotProcess::Io::Ok:
            if (!parse_put(ex.put_line, v.put, v.detail) || !parse_pick(ex.pick_line, v.pick, v.message, v.detail))
                v.fault = Fault::BadOutput;
            else
                v.put_parsed = turn > 0;
            v.message = utf8_prefix(v.message, codingame::kMaxMessageChars);
            break;
    }
    return v;
}

}  // namespace match_detail

}  // namespace kd
