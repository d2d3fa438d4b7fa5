// Our bot in one seat of a game at the table page, kept from one answer to
// the next as the upload keeps itself under CodinGame: it reads each request
// once (its PlayerMemory) and learns of the others as the game goes (its
// Search's OpponentModel, 3p and 4p), so that an answer searches its own
// request only, for its own budget. Each call brings the seat's whole input
// so far: requests not read yet before the last one are decided first, as
// the bot would have decided them (after a reload, or in the hint's seat,
// which the page follows as its person plays), and only the last one is
// timed. A worker keeps one bot per seat (SeatBots).
#pragma once

#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "analysis.h"
#include "json_report.h"
#include "position.h"

namespace kd {

class SeatBot {
  public:
    explicit SeatBot(const PlayerOptions& o) : options_(o), search_(search_options(o)) {}

    // Whether this bot goes on with `inputs` under `o`: the same bot (its time
    // aside), and what it read so far the start of `inputs`.
    bool follows(const PlayerOptions& o, const std::string& inputs) const {
        return o.seed == options_.seed && o.playouts == options_.playouts && o.rule == options_.rule &&
               o.settings == options_.settings && inputs.compare(0, read_.size(), read_) == 0;
    }

    // Reads the requests of `inputs` after those read before, each earlier one
    // decided as the bot did (analysis::decide_earlier) under `time`; the last
    // one searched into `out` when `answer_last` (again when none is new: a
    // hint asked anew), else decided as an earlier one. `ms`: reading and
    // searching the last one, the answer's own time.
    bool read(const std::string& inputs, const TimeControl& time, bool answer_last, analysis::Analysis& out,
              double& ms, std::string& error) {
        std::istringstream in(inputs.substr(read_.size()));
        bool pending = false;  // out.request read, not decided yet
        Clock::time_point start = Clock::now();
        for (std::string first; std::getline(in, first);) {
            if (pending) analysis::decide_earlier(search_, time, out.request);
            start = Clock::now();
            bool complete;
            std::vector<std::string> warnings;
            out.request = memory_.read(first, in, reading_rule(options_.rule), complete, warnings);
            out.warnings.insert(out.warnings.end(), warnings.begin(), warnings.end());
            if (!complete) return error = "the last request's text ends early", false;
            pending = true;
        }
        out.requests = memory_.requests_read();
        if (!pending && out.requests == 0) return error = "no request in the input", false;
        if (pending) last_ = out.request;
        out.request = last_;
        read_ = inputs;
        if (!answer_last) {
            if (pending) analysis::decide_earlier(search_, time, out.request);
            return true;
        }
        PlayerOptions now = options_;
        now.time = time;
        const bool searched = analysis::search_request(now, search_, out, error);
        ms = duration_to_ms(Clock::now() - start);
        return searched;
    }

  private:
    static SearchOptions search_options(const PlayerOptions& o) {
        std::vector<std::string> unknown;  // said by the report's warnings (SeatBots::answer)
        return search_options_for(o.seed, o.playouts, o.settings, unknown);
    }

    const PlayerOptions options_;
    Search search_;
    PlayerMemory memory_;
    std::string read_;  // the seat's input read so far
    Request last_{Game(kTwoPlayers, Rule::Match)};  // its last request
};

// Our bot's answer to the last request of a seat's input: the search
// (analysis.h) and its report, as the analysis tool writes it.
struct BotAnswer {
    analysis::Source source;  // the bot's options, from the words after "bot"
    PlayerOptions options;
    std::vector<std::string> notes;
    analysis::Analysis analysis;
    double ms = 0;      // the answer's own time: reading and searching its request
    std::string error;  // "" when it answered
    Json report_json() const { return analysis::report_json(analysis::Args{}, source, options, analysis, notes); }
};

// The bots of one worker, one per key (a seat of the game at the page): each
// goes on from where its last call left it while its game goes on, and a bot
// of another game, or other options, starts again from the seat's first request.
class SeatBots {
  public:
    // Our bot (its options the words after "bot") at the last request of
    // `inputs`: answered when `answer_last`, else only learnt from.
    BotAnswer answer(const std::string& key, const std::vector<std::string>& words, const std::string& inputs,
                     bool answer_last = true) {
        BotAnswer a;
        a.source.bot_options = words;
        a.options = analysis::player_options(a.source, analysis::Args{}, a.notes);
        std::vector<std::string> unknown;
        search_options_for(a.options.seed, a.options.playouts, a.options.settings, unknown);
        for (const std::string& setting : unknown) a.analysis.warnings.push_back("unknown setting '" + setting + "'");
        std::unique_ptr<SeatBot>& bot = bots_[key];
        if (!bot || !bot->follows(a.options, inputs)) {
            bot.reset();  // its search's memory freed before the next one takes its own
            bot.reset(new SeatBot(a.options));
        }
        if (!bot->read(inputs, a.options.time, answer_last, a.analysis, a.ms, a.error)) bot.reset();
        return a;
    }

  private:
    std::map<std::string, std::unique_ptr<SeatBot>> bots_;
};

}  // namespace kd
