"""The command line of tools/league: its subcommands and their options, and
main, which runs one."""
import argparse
import signal

import hosts

from .bots import add, retire
from .common import Terminated, on_sigterm
from .page import page
from .run import run
from .table import table

MIX = """How player counts are mixed: each game of the standard pool draws its
player count uniformly from the --variant list (2p,3p,4p: a third each), as
CodinGame's arena is understood to pick a match's number of players between
the game's minimum and maximum with equal chances (CodinGame does not publish
the rule); name a count twice to weigh it double (2p,2p,3p,4p). With fewer
active bots than a count needs, that count is skipped.

Matchmaking, a round of games at a time (--round, default 4 per slot) from
the ratings at the round's start: the first bot of a game is the one with
the fewest games in flight, then the highest sigma (the least known); the
others are drawn at random weighted by sigma squared times 4 p (1 - p), p
openskill's chance that they beat the first bot (an open game teaches more
than a foregone one); the seats turn from game to game; every game has its
own seed (--seed + the game's id). The
rounds' plans are stored first, so a stopped run, started again, plays the
very games it would have played. Games are written in plan order, the order
they are rated in, one transaction each.

Games run through the referee (--games 1, the bots seated in the order
given): its rules, time limits and faults; --rule, --time-scale,
--no-timeout and --strict-put are passed on. Over hosts (--sshloginfile, as
tools/arena: '4/:' is this machine, 8/user@host another), the referee and
the files named in bot commands are sent once per host, or the source with
--build."""



def parse_args(argv, usage):
    """The options; `usage` is the command's docstring: its first paragraph
    is --help's description, the rest its epilog."""
    p = argparse.ArgumentParser(prog="tools/league", description=usage.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=usage.split("\n\n", 1)[1])
    p.add_argument("--db", required=True, help="the league's SQLite file")
    sub = p.add_subparsers(dest="subcommand", required=True, metavar="{add,run,table,page,retire}")
    for add_subcommand in (add_parser, run_parser, table_parser, page_parser, retire_parser):  # --help's order
        add_subcommand(sub)
    a = p.parse_args(argv)
    if a.subcommand == "table" and a.store and not a.recompute:
        p.error("--store goes with --recompute")
    return a


def add_parser(sub):
    s = sub.add_parser("add", help="a bot joins the league", description="A bot joins the league (created if the "
                       "file is new). A new version takes a new name; the same name and command again bring back "
                       "a retired bot. The command runs under /bin/sh -c, relative to where `run` runs.")
    s.add_argument("name", help="letters, digits, '_', '.', '+', '-'")
    s.add_argument("command", help='the bot\'s command, e.g. "build/bot --seed 1"')


def run_parser(sub):
    s = sub.add_parser("run", help="play games until the pool holds --games of them",
                       formatter_class=argparse.RawDescriptionHelpFormatter,
                       description="Plays games until the pool holds --games games (a target: run again with\n"
                                   "the same to go on, a bigger one to play more). Prints a progress line.",
                       epilog=MIX)
    s.add_argument("--variant", default="2p,3p,4p",
                   help="player counts to mix (2p,3p,4p: the standard pool), or duel (its own pool); default 2p,3p,4p")
    s.add_argument("--games", type=int, required=True, help="the pool's games to reach")
    s.add_argument("--jobs", type=int, default=1, help="games at once on this machine (default 1)")
    s.add_argument("--round", type=int, default=0, help="games planned at once (default 4 per slot)")
    s.add_argument("--seed", type=int, default=1, help="game g plays seed S + g (default 1)")
    s.add_argument("--rule", help="the referee's --rule (match, adjacent)")
    s.add_argument("--time-scale", help="the referee's --time-scale")
    s.add_argument("--no-timeout", action="store_true", help="the referee's --no-timeout")
    s.add_argument("--strict-put", action="store_true", help="the referee's --strict-put")
    s.add_argument("--replay-dir", help="keep each game's replay here (league-GAME-VARIANT-seedS.json); local only")
    s.add_argument("--attempts", type=int, default=4, help="tries per game over hosts before the run stops")
    s.add_argument("--progress", type=float, default=10, help="seconds between progress lines off a terminal")
    hosts.add_host_options(s, required=False)


def table_parser(sub):
    s = sub.add_parser("table", help="the ratings table", description="Per bot, sorted by rating = mu - 3 sigma "
                       "(openskill's ordinal): mu, sigma, games, the share of first places by player count (a "
                       "shared first counts half), faults (timeouts, bad output, illegal puts, invalid picks, "
                       "crashes); then head to head, how often each bot finished ahead of each other in the games "
                       "they shared. (r): a retired bot.")
    s.add_argument("--json", action="store_true", help="the same as JSON on stdout")
    s.add_argument("--pool", choices=("standard", "duel"), help="one pool (default: those with games)")
    s.add_argument("--recompute", action="store_true",
                   help="rate every stored game again from the start, check the result equals the stored ratings "
                        "(exit status 1 if not), and show it")
    s.add_argument("--store", action="store_true", help="with --recompute: store the recomputed ratings")


def page_parser(sub):
    s = sub.add_parser("page", help="one self-contained HTML page", description="Writes one HTML page (no "
                       "external file): per pool the table, each bot's mu over the games (a plot), head to head, "
                       "and the last games with links to their replays when kept (run --replay-dir; the replay's "
                       "page is made by tools/replay-view next to it).")
    s.add_argument("output", help="the page to write, e.g. league.html")
    s.add_argument("--recent", type=int, default=100, help="games listed per pool (default 100)")


def retire_parser(sub):
    s = sub.add_parser("retire", help="a bot plays no more games", description="The bot plays no more games; its "
                       "games and rating stay. `add` with its name and command brings it back.")
    s.add_argument("name")


def main(argv, usage):
    """Runs tools/league; `usage` is the command's docstring, its --help."""
    signal.signal(signal.SIGTERM, on_sigterm)  # the games in flight are ended on the way out
    a = parse_args(argv, usage)
    try:
        return {"add": add, "run": run, "table": table, "page": page, "retire": retire}[a.subcommand](a)
    except Terminated:
        return 143
