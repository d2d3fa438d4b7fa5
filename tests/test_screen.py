#!/usr/bin/env python3
"""build/screen on a few positions of every variant: positions that read back
and are all Monte Carlo decisions of real games; a reference whose values and
counts are the search's own and that refuses other positions; a run that is
the same twice, where a search at a sixteenth of the reference's playouts
loses more than one at its full number, and the errors of the command line.
usage: test_screen.py SCREEN POSITIONS_OF_THE_PROJECT WORK_DIR"""
import os
import re
import subprocess
import sys

screen, project_positions, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
failures = []
TURNS = {"2p": 7, "3p": 13, "4p": 13, "duel": 13}


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    if not cond:
        failures.append(what)


def run(*args, ok=True):
    r = subprocess.run([screen] + list(args), capture_output=True, text=True, timeout=600)
    if ok and r.returncode != 0:
        print(r.stdout, r.stderr)
        sys.exit("screen %s failed" % " ".join(args))
    return r


positions = os.path.join(work, "positions.txt")
run("positions", "--out", positions, "--per-variant", "4", "--seed", "7", "--jobs", "2")
text = open(positions).read()
heads = re.findall(r"^(2p|3p|4p|duel) match turn (\d+) step \d+ acting (\d+)", text, re.M)
by_variant = {v: sum(1 for h in heads if h[0] == v) for v in TURNS}
check(by_variant == {v: 4 for v in TURNS}, "4 positions of each variant: %s" % by_variant)
check(all(int(turn) < TURNS[v] - 2 for v, turn, _ in heads), "every position before the exactly solved last two turns")
check(all(acting == "0" for _, _, acting in heads), "every position is a request: the player to answer is seat 0")

reference = os.path.join(work, "reference.txt")
run("reference", "--positions", positions, "--out", reference, "--search", "--playouts 1600", "--jobs", "2")
lines = open(reference).read().splitlines()
check(lines[0] == "kingdomino-screen-reference 1" and lines[1] == "searcher --playouts 1600",
      "the reference names its format and its searcher")
blocks = [l for l in lines if l.startswith("position ")]
check(len(blocks) == 16, "a block per position (%d)" % len(blocks))
rows = [l.split() for l in lines[3:] if not l.startswith("position ")]
counts = {}
index = -1
for l in lines[3:]:
    if l.startswith("position "):
        index += 1
        counts[index] = 0
    else:
        counts[index] += int(l.split()[5])
# The search stops once 1,600 playouts ran, at the end of a candidate's deal
# (one playout per searched reply: up to 3).
check(all(1600 <= c < 1603 for c in counts.values()), "each position's candidates share 1,600 playouts: %s"
      % sorted(set(counts.values())))
check(all(0 <= float(r[4]) <= 1 for r in rows), "values are shares of the leaders' points, in [0, 1]")

table = run("run", "--positions", positions, "--reference", reference, "--search", "--playouts 1600",
            "--search", "--playouts 100", "--seeds", "2", "--jobs", "2").stdout
again = run("run", "--positions", positions, "--reference", reference, "--search", "--playouts 1600",
            "--search", "--playouts 100", "--seeds", "2", "--jobs", "2").stdout
check(table == again, "a run is the same twice")
alls = re.findall(r"^(--playouts \d+)\s+all\s+(\d+)\s+([\d.]+) \(", table, re.M)
loss = {name: float(l) for name, _, l in alls}
check(len(alls) == 2 and all(int(n) == 16 for _, n, _ in alls), "both searches judged on the 16 positions")
check(loss.get("--playouts 100", 0) > loss.get("--playouts 1600", 1), "a sixteenth of the playouts loses more: %s" % loss)

other = os.path.join(work, "other.txt")
run("positions", "--out", other, "--per-variant", "1", "--seed", "8", "--jobs", "2")
r = run("run", "--positions", other, "--reference", reference, "--search", "--playouts 100", ok=False)
check(r.returncode != 0 and "other positions" in r.stderr, "a reference of other positions is refused: " + r.stderr.strip())
r = run("run", "--positions", positions, "--reference", positions, "--search", "--playouts 100", ok=False)
check(r.returncode != 0 and "not a screen reference" in r.stderr, "a file that is no reference is refused")
r = run("run", "--positions", positions, "--reference", reference, "--search", "--set nonsense=1", ok=False)
check(r.returncode == 2 and "unknown setting 'nonsense=1'" in r.stderr, "an unknown setting is refused")
r = run("frobnicate", ok=False)
check(r.returncode == 2 and r.stderr.count("\n") == 1 and "(screen --help)" in r.stderr,
      "an unknown command: one line that points to --help: " + r.stderr.strip())
r = run("run", "--positions", project_positions, "--reference", reference, "--search", "--playouts 1", ok=False)
check(r.returncode != 0, "the project's positions and this reference do not go together")

sys.exit(1 if failures else 0)
