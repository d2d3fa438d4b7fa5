"""The command line of tools/tune: its options, and a run from start to
stop (Ctrl-C, SIGTERM) or to its end."""
import argparse
import signal
import sys

import hosts

from .runners import open_runner
from .tune_run import TuneRun, log


def parse_args(argv, usage):
    p = argparse.ArgumentParser(prog="tools/tune", description=usage.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=usage)
    p.add_argument("--params", required=True, help="the parameter file")
    p.add_argument("--log", required=True, help="JSONL log; an existing one is resumed")
    n = p.add_mutually_exclusive_group(required=True)
    n.add_argument("--games", type=int, help="games in the whole run (fishtest's num_games)")
    n.add_argument("--iterations", type=int)
    p.add_argument("--pairs", type=int, default=1, help="seeds an iteration plays (2p: seat-swapped pairs)")
    p.add_argument("--bot", default="build/bot", help="the bot's command, without the parameters")
    budget = p.add_mutually_exclusive_group()
    budget.add_argument("--playouts", type=int, help="a fixed number of playouts per answer (reproducible)")
    budget.add_argument("--time-ms", type=float, help="the bot's time per answer")
    p.add_argument("--variant", default="2p", choices=sorted(hosts.GAMES_PER_SEED))
    p.add_argument("--seed", type=int, default=1, help="the first game seed; iteration i plays the next --pairs")
    p.add_argument("--jobs", type=int, default=2, help="games a referee plays at once")
    p.add_argument("--time-scale", type=float, default=1.0)
    p.add_argument("--no-timeout", action="store_true")
    p.add_argument("--alpha", type=float, default=0.602)
    p.add_argument("--gamma", type=float, default=0.101)
    p.add_argument("--a-ratio", type=float, default=0.1, help="A as a share of the run's seeds")
    hosts.add_host_options(p, required=False)
    p.add_argument("--concurrency", type=int, help="iterations a round plays at once (default: the hosts' slots, or 1)")
    p.add_argument("--plot", help="the SVG to write at the end (default: the log with .svg)")
    p.add_argument("--quiet", action="store_true", help="progress every 10 s instead of every second")
    return p.parse_args(argv)



def main(argv, usage):
    """Runs tools/tune; `usage` is the command's docstring, its --help."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # log stays whole; hosts are cleaned up
    a = parse_args(argv, usage)
    run = TuneRun(a)
    runner, referee, bot, concurrency = open_runner(a, log)
    try:
        run.play(runner, referee, bot, concurrency)
    except KeyboardInterrupt:
        log("tune: stopped; run the same command again to go on from iteration %d" % run.next_iter)
        return 130
    finally:
        runner.close()
    run.finish()
    return 0
