"""The referee's command line for a run of games, as the hosts' chunks and
the tuner's iterations play them."""

GAMES_PER_SEED = {"2p": 2, "duel": 2, "3p": 3, "4p": 4}  # seats swapped, or one game per rotation


def referee_command(referee, variant, seed, games, bots, jobs=1, rule=None, time_scale=None, no_timeout=False,
                    strict_put=False):
    """The referee's command line (a list) for `games` games from `seed`, in
    the options tools/referee/play_options.h reads; unset ones keep its defaults."""
    args = [referee, "--variant", variant, "--seed", str(seed), "--games", str(games), "--jobs", str(jobs)]
    for bot in bots:
        args += ["--bot", bot]
    if rule:
        args += ["--rule", rule]
    if time_scale is not None:
        args += ["--time-scale", "%g" % float(time_scale)]
    if no_timeout:
        args.append("--no-timeout")
    if strict_put:
        args.append("--strict-put")
    return args
