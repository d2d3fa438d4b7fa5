// The command line of a run (referee [options]): what it plays and reports,
// and who sits where in each game.
#pragma once

#include <string>

#include "command_line.h"
#include "game.h"
#include "run_record.h"
#include "usage.h"

namespace kd {

// What the run's summary says of it (RunInfo: the game, the bots, the limits,
// the SPRT), and how many games it plays and what it shows and writes.
struct PlayOptions : RunInfo {
    long games = 2;
    bool show = false;
    std::string json_path, replay_dir;
    long progress = 0;  // > 0: a line on stderr every this many games
};

// What the options cannot mean together ("" when nothing); a single bot in a
// two-player variant plays itself.
inline std::string check_play_options(PlayOptions& o) {
    if (o.bots.empty()) return "give at least one --bot";
    if (o.games < 1) return "--games must be at least 1";
    if (o.jobs < 1) o.jobs = 1;
    if (o.time_scale <= 0) return "--time-scale must be positive";
    if (o.variant->players == 2) {
        if (o.bots.size() > 2) return "a two-player variant takes one or two --bot";
        if (o.bots.size() == 1) o.bots.push_back(o.bots[0]);  // self-play: two entrants, one command
    }
    if (o.sprt && o.variant->players != 2) return "--sprt needs a two-player variant";
    if (o.progress < 0) return "--progress must be at least 0";
    return "";
}

// The options of a run; --help prints them and exits, a bad command line exits with 2.
inline PlayOptions parse_play_options(int argc, char** argv) {
    PlayOptions o;
    CLI::App app{"", "referee"};
    describe_referee_command(app, "Plays Kingdomino games between bot commands over stdin/stdout as RULES.md says, "
                                  "and judges the bots with honest statistics.");
    add_variant_option(app, o.variant);
    app.add_option("--games", o.games, "games to play")->capture_default_str();
    app.add_option("--seed", o.seed, "the first deal's seed; the next deals count up from it")->capture_default_str();
    app.add_option("--jobs", o.jobs, "games played at once")->capture_default_str();
    add_rule_option(app, o.rule);
    app.add_option("--time-scale", o.time_scale, "the time limits of RULES.md times this")->capture_default_str();
    app.add_flag("--no-timeout", o.no_timeout, "no time limit (a 60 s cap remains, so that nothing hangs)");
    app.add_option("--bot", o.bots, "a bot's command, run by /bin/sh -c; one per entrant ({seed} in it: the game's seed)")->type_name("\"CMD\"")
        ->expected(1)->take_all();
    app.add_option("--json", o.json_path, "writes the summary and every game's record to this file");
    app.add_option("--replay-dir", o.replay_dir, "writes each game's replay into this folder");
    add_sprt_option(app, o.sprt_params, o.sprt);
    app.add_flag("--show", o.show, "prints each game's kingdoms");
    app.add_flag("--strict-put", o.strict_put, "an illegal PUT ends the player's game");
    app.add_option("--progress", o.progress,
                   "a line on stderr every N games: bot 0's result so far (with two players its Elo and the LLR)");
    parse_command_line(app, argc, argv);
    const std::string error = check_play_options(o);
    if (!error.empty()) command_line_error(app, error);
    return o;
}

}  // namespace kd
