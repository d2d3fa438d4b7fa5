// The kit's command lines through CLI11 (Debian's libcli11-dev): one
// declaration per option gives its parsing, its line in --help and the error
// for a bad value. Here only how every command of the kit ends on a bad one.
#pragma once

#include <cstdlib>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "game.h"

namespace kd {

// Says what is wrong in one line, "NAME: MESSAGE (NAME --help)", and exits with 2.
[[noreturn]] inline void command_line_error(const CLI::App& app, const std::string& message) {
    std::cerr << app.get_name() << ": " << message << " (" << app.get_name() << " --help)\n";
    std::exit(2);
}

// A later value of an option replaces an earlier one, as before CLI11: scripts
// put their defaults first and the caller's after (CLI11 would refuse the second).
// Positional arguments keep their count: one file too many is an error.
inline void last_value_wins(CLI::App& app) {
    for (CLI::Option* option : app.get_options())
        if (!option->get_positional() && option->get_multi_option_policy() == CLI::MultiOptionPolicy::Throw)
            option->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) last_value_wins(*command);
}

// Parses argv into `app`'s options: --help prints the help and exits with 0,
// a bad command line (an unknown option, a missing value, a number that is
// not one) gets command_line_error.
inline void parse_command_line(CLI::App& app, int argc, const char* const* argv) {
    last_value_wins(app);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        std::exit(0);
    } catch (const CLI::ParseError& e) {
        command_line_error(app, e.what());
    }
}

// --variant 2p|3p|4p|duel into `variant`.
inline CLI::Option* add_variant_option(CLI::App& app, const Variant*& variant) {
    std::vector<std::string> names;
    for (const Variant& v : kVariants) names.push_back(v.name);
    return app
        .add_option_function<std::string>("--variant", [&variant](const std::string& v) { variant = variant_by_name(v); },
                                          "the game: 2p, 3p, 4p, or the 13x13 duel")
        ->check(CLI::IsMember(names))
        ->default_str(variant->name);
}

// --rule match|adjacent into `rule`.
inline CLI::Option* add_rule_option(CLI::App& app, Rule& rule) {
    return app.add_option_function<std::string>("--rule", [&rule](const std::string& r) { rule_by_name(r, rule); },
                                                "the placement rule: match or adjacent")
        ->check(CLI::IsMember({"match", "adjacent"}))
        ->default_str(rule_name(rule));
}

}  // namespace kd
