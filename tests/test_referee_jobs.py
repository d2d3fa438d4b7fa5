#!/usr/bin/env python3
"""The referee's games played in parallel (--jobs > 1): worker threads take
games, record them under a lock, write replays, stop for an SPRT, and an
interrupt thread kills every bot while they run. Checks: the records of a
run with --jobs 4 are those of the same run one game at a time; the SPRT
stops it early; an interrupt ends it by its signal, after writing the games
of the seeds finished from the first on, which a run of the rest completes. Built with KD_TSAN
(build-tsan, as .ci/run does), every run is also watched by ThreadSanitizer:
any report on its stderr fails the test.

usage: test_referee_jobs.py REFEREE BOT WORK_DIR"""
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import time

referee, bot, work = sys.argv[1:4]
failures = []
RACE = "ThreadSanitizer"


def check(cond, what):
    if not cond:
        failures.append(what)
    print(("ok   " if cond else "FAIL ") + what, flush=True)


def run(*args):
    """Runs the referee without time limits (a sanitized build is slow); checks no race was reported."""
    start = time.time()
    p = subprocess.run([referee, "--no-timeout", *args], capture_output=True, text=True, timeout=240)
    check(RACE not in p.stderr, "no race reported by %s (%.1f s)%s" % (
        " ".join(args[:6]), time.time() - start, "" if RACE not in p.stderr else ":\n" + p.stderr[-6000:]))
    return p


def outcomes(path):
    """Each game's seed and seats without the times: what must not depend on --jobs."""
    with open(path) as f:
        results = json.load(f)["results"]
    return {r["game"]: (r["seed"], [(s["entrant"], s["points"], s["score"], s["fault"]) for s in r["seats"]])
            for r in results}


shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
one, four, replays = (os.path.join(work, name) for name in ("jobs1.json", "jobs4.json", "replays"))
common = ["--variant", "2p", "--games", "12", "--seed", "3", "--bot", bot, "--bot", bot]
p1 = run(*common, "--jobs", "1", "--json", one)
p4 = run(*common, "--jobs", "4", "--json", four, "--replay-dir", replays)
check(p1.returncode == 0 and p4.returncode == 0, "both runs end well (exit %d and %d)" % (p1.returncode, p4.returncode))
if p1.returncode == 0 and p4.returncode == 0:
    check(outcomes(one) == outcomes(four) and len(outcomes(four)) == 12,
          "12 games with --jobs 4 are recorded as with --jobs 1")
    check(len(glob.glob(os.path.join(replays, "*.json"))) == 12, "a replay per game")

p = run("--variant", "4p", "--games", "8", "--seed", "5", "--jobs", "3", "--show", "--bot", bot)
check(p.returncode == 0 and p.stdout.count("game ") >= 8, "4p, three at a time, each game shown")

# Self-play is far from 400 Elo: the test accepts H0 within a few pairs, and the workers stop.
sprt = os.path.join(work, "sprt.json")
p = run("--variant", "2p", "--games", "400", "--seed", "7", "--jobs", "4", "--bot", bot, "--bot", bot,
        "--sprt", "elo0=400,elo1=800", "--json", sprt)
if p.returncode == 0:
    with open(sprt) as f:
        s = json.load(f)
    check(s["sprt"]["decision"] == "H0" and s["games"] < 400, "the SPRT stops the run (%d games)" % s["games"])
else:
    check(False, "the SPRT run ends well (exit %d): %s" % (p.returncode, p.stderr[-500:]))

# An interrupt while four games run: the interrupt thread kills every bot, reports the seeds finished from
# the first on (the games it killed are not recorded), and the referee dies of the signal.
under_way, partial, rest = (os.path.join(work, name) for name in ("interrupted", "partial.json", "rest.json"))
proc = subprocess.Popen([referee, "--no-timeout", "--variant", "2p", "--games", "2000", "--seed", "9", "--jobs", "4",
                         "--bot", bot, "--bot", bot, "--replay-dir", under_way, "--json", partial],
                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
deadline = time.time() + 120
while len(glob.glob(os.path.join(under_way, "*.json"))) < 8 and proc.poll() is None and time.time() < deadline:
    time.sleep(0.05)  # until games have finished and others are under way
proc.send_signal(signal.SIGTERM)
err = proc.communicate(timeout=120)[1]
check(proc.returncode == -signal.SIGTERM, "an interrupted run ends by SIGTERM (status %d)" % proc.returncode)
check(RACE not in err, "no race reported while interrupted" + ("" if RACE not in err else ":\n" + err[-6000:]))
kept = outcomes(partial) if os.path.exists(partial) else {}
seeds = sorted(seed for seed, _ in kept.values())
check(len(kept) % 2 == 0 and seeds == sorted(list(range(9, 9 + len(kept) // 2)) * 2),
      "the interrupted run's file holds both games of each seed from the first on (%d games)" % len(kept))
check(all(fault == "" for _, seats in kept.values() for *_, fault in seats), "none of its games was ended by the kill")
resume = "--seed %d --games %d" % (9 + len(kept) // 2, 2000 - len(kept))
check(resume in err, "stderr says how to play the rest (%s)" % resume)
p = run("--variant", "2p", "--games", "4", "--seed", str(9 + len(kept) // 2), "--jobs", "2", "--bot", bot, "--bot", bot,
        "--json", rest)
merged = subprocess.run([referee, "--merge", partial, rest], capture_output=True, text=True)
check(merged.returncode == 0 and "%d games (%d seeds from 9)" % (len(kept) + 4, len(kept) // 2 + 2) in merged.stdout,
      "it merges with a run of the next seeds" + ("" if merged.returncode == 0 else ": " + merged.stderr))

print("%d failure(s)" % len(failures))
sys.exit(1 if failures else 0)
