#!/usr/bin/env python3
"""The referee's command line as other tools use it: the --json summary keys,
seat-swapped pairs, rotation of bots through the seats, SPRT stopping early,
progress lines, the terminal view, --paired comparisons, and clear errors for bad options.
usage: test_referee_cli.py REFEREE GREEDY RANDOM WORK_DIR"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys

referee, greedy, rand, work = sys.argv[1:5]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    print(("ok   " if cond else "FAIL ") + what)


def run(*args, expect=0):
    p = subprocess.run([referee, *args], capture_output=True, text=True, timeout=300)
    if p.returncode != expect:
        failures.append("referee %s exited %d: %s" % (" ".join(args), p.returncode, p.stderr[-500:]))
    return p


# The --json summary has the keys other tools rely on, with counts that add up.
out = os.path.join(work, "cli-summary.json")
replays = os.path.join(work, "cli-replays")
shutil.rmtree(replays, ignore_errors=True)
run("--variant", "2p", "--games", "20", "--seed", "5", "--jobs", "2", "--bot", greedy, "--bot", rand,
    "--json", out, "--replay-dir", replays)
summary = json.load(open(out))
keys = "command games wins draws losses mean_score timeouts bad_output illegal_put invalid_pick crashes p99_ms max_ms".split()
for b in summary["bots"]:
    check(all(k in b for k in keys), "json bot entry has %s" % " ".join(keys))
    check(b["wins"] + b["draws"] + b["losses"] == b["games"] == 20, "wins + draws + losses = games")
check(summary["bots"][0]["wins"] == summary["bots"][1]["losses"], "one bot's wins are the other's losses")
check(sum(summary["pentanomial"]) == 10, "20 games make 10 seat-swapped pairs")

# Seat-swapped pairs: games 2k and 2k+1 share a seed and swap the commands.
games = {}
for f in glob.glob(os.path.join(replays, "*.json")):
    r = json.load(open(f))
    games[r["game"]] = r
check(len(games) == 20, "one replay per game")
check(all(games[2 * k]["seed"] == games[2 * k + 1]["seed"] and games[2 * k]["bots"] == games[2 * k + 1]["bots"][::-1]
          for k in range(10)), "games 2k and 2k+1: same seed, seats swapped")
check(games[0]["drafts"] == games[1]["drafts"] and games[0]["drafts"] != games[2]["drafts"], "same seed, same drafts")

# The replay format is the referee's (it writes them); the viewer (and
# tools/replay-view, which takes it from the viewer) and the format's page
# must name the same version.
source = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
written = {r["format"] for r in games.values()}
viewer = re.findall(r"const FORMAT = '([^']+)';", "".join(
    open(f).read() for f in sorted(glob.glob(os.path.join(source, "tools", "viewer", "*.js")))))
documented = re.findall(r'"format": "([^"]+)"', open(os.path.join(source, "docs", "replay-format.md")).read())
check(len(written) == 1 and [*written] == viewer == documented,
      "replays, the viewer and docs/replay-format.md name one format (%s, %s, %s)" % (written, viewer, documented))

# 3p: the bots rotate through the seats, one game per rotation of a seed.
shutil.rmtree(replays, ignore_errors=True)
run("--variant", "3p", "--games", "6", "--seed", "9", "--bot", greedy, "--bot", rand, "--bot", rand + " --seed 2",
    "--replay-dir", replays)
seats = {}
for f in glob.glob(os.path.join(replays, "*.json")):
    r = json.load(open(f))
    seats.setdefault(r["bots"].index(greedy), []).append(r["seed"])
check(sorted(seats) == [0, 1, 2], "greedy sits in every seat of a 3p rotation")

# SPRT stops early and says which hypothesis it accepted.
p = run("--variant", "2p", "--games", "2000", "--seed", "1", "--jobs", "2", "--bot", greedy, "--bot", rand,
        "--sprt", "elo0=0,elo1=100,alpha=0.05,beta=0.05", "--json", out)
s = json.load(open(out))
check(s["sprt"]["decision"] == "H1" and s["games"] < 2000, "SPRT accepts H1 early (%d games, LLR %.2f)" % (s["games"], s["sprt"]["llr"]))
check("H1 accepted" in p.stdout, "the summary says H1 was accepted")

# --progress: a line on stderr every N games, not on a terminal too (long runs under nohup).
p = run("--variant", "2p", "--games", "2000", "--seed", "1", "--jobs", "2", "--bot", greedy, "--bot", rand,
        "--sprt", "elo0=0,elo1=100", "--progress", "10", "--json", out)
lines = re.findall(r"^referee: (\d+)/2000 games, \d+ s: bot 0 win rate ([\d.]+)% \[[\d.]+, [\d.]+\], "
                   r"Elo [+-][\d.]+ \[[+-][\d.]+, [+-][\d.]+\], LLR (-?[\d.]+)$", p.stderr, re.M)
s = json.load(open(out))
check(len(lines) >= 2 and [int(n) for n, _, _ in lines] == list(range(10, 10 * len(lines) + 1, 10))
      and int(lines[-1][0]) <= s["games"] and float(lines[-1][2]) > 0,
      "--progress 10: a line every 10 games with win rate, Elo and LLR (%d lines, %d games)" % (len(lines), s["games"]))
p = run("--variant", "3p", "--games", "6", "--seed", "3", "--bot", greedy, "--bot", rand, "--progress", "3")
check(re.findall(r"^referee: (\d)/6 games, \d+ s: bot 0 first [\d.]+% \[[\d.]+, [\d.]+\]$", p.stderr, re.M) == ["3", "6"],
      "--progress with three players: first places, no Elo")

# --show prints both kingdoms, plain text when not on a terminal.
p = run("--variant", "2p", "--games", "1", "--seed", "3", "--bot", greedy, "--bot", rand, "--show")
check("[#]" in p.stdout and "\033[" not in p.stdout, "--show prints plain kingdoms with the castle")

# --paired: two runs of the same deals compared game by game. Greedy
# players are deterministic: twice the same three differ in nothing; greedy
# in place of random wins the games random lost, and the comparison names
# the changed command.
pa, pb = os.path.join(work, "cli-paired-a.json"), os.path.join(work, "cli-paired-b.json")


def paired_rows(a, b):
    p = run("--paired", a, b)
    return p, {int(line.split()[0]): line.split() for line in p.stdout.splitlines() if re.match(r"^[0-2] ", line)}


for path in (pa, pb):
    # --no-timeout: a greedy answer held up past the limit by a busy machine would change a game.
    run("--variant", "3p", "--games", "30", "--seed", "40", "--jobs", "2", "--no-timeout", "--bot", greedy,
        "--bot", greedy, "--bot", greedy, "--json", path)
p, rows = paired_rows(pa, pb)
check("30 games of 10 deals" in p.stdout and sorted(rows) == [0, 1, 2], "--paired pairs 30 games of 10 deals, a row per bot")
check(all(r[-1] == "0" and r[4] == "+0.0" and r[10] == "+0.00" for r in rows.values()),
      "the same greedy players on the same deals: no change")
run("--variant", "3p", "--games", "30", "--seed", "40", "--jobs", "2", "--no-timeout", "--bot", greedy,
    "--bot", greedy, "--bot", rand, "--json", pb)
p, rows = paired_rows(pa, pb)
check(float(rows[2][4]) > 0 and int(rows[2][-1]) > 0, "greedy in place of random gains first places on the same deals")
check("bot 2: A " + greedy in p.stdout and "B " + rand in p.stdout, "--paired names the command that changed")
run("--paired", pa, out, expect=1)
run("--paired", pa, expect=2)

# Bad options: one line that says what is wrong, and exit code 2 (a missing value, a number
# that is not one, an unknown option, values that do not go together), in every command.
for args, says in ((["--variant", "5p", "--bot", greedy], "5p not in"), (["--games", "x", "--bot", greedy], "--games = x"),
                   ([], "at least one --bot"), (["--bot", greedy, "--games"], "--games"),
                   (["--bot", greedy, "--frobnicate"], "--frobnicate"),
                   (["--variant", "2p", "--bot", "a", "--bot", "b", "--bot", "c"], "one or two --bot"),
                   (["--sprt", "elo0=5,elo1=1", "--bot", greedy], "elo0 must be below elo1"),
                   (["--progress", "-1", "--bot", greedy], "--progress"), (["--merge", pa, "--frobnicate"], "--frobnicate"),
                   (["--merge"], "FILE is required"), (["--paired", pa, pb, pa], "At Most 2"),
                   (["--check-replay", "--jobs", "2"], "--jobs")):
    p = run(*args, expect=2)
    check(p.returncode == 2 and p.stderr.startswith("referee") and p.stderr.count("\n") == 1 and says in p.stderr,
          "rejects %s in one line that says %r: %r" % (" ".join(args or ["no arguments"]), says, p.stderr))
# --help lists every option of a run; --opt=value reads as --opt value; a later value wins.
p = run("--help")
check(all(o in p.stdout for o in ("--variant", "--games", "--seed", "--jobs", "--rule", "--time-scale", "--no-timeout",
                                  "--bot", "--json", "--replay-dir", "--sprt", "--show", "--strict-put", "--progress",
                                  "--merge", "--paired", "--check-replay")), "--help names every option and command")
p = run("--games=4", "--seed=5", "--no-timeout", "--bot=" + greedy, "--json=" + os.path.join(work, "equals.json"),
        "--games", "2")
equals = json.load(open(os.path.join(work, "equals.json")))
check(equals["seed"] == 5 and equals["games"] == 2, "--opt=value as --opt value, and the later --games wins")

sys.exit(1 if failures else 0)
